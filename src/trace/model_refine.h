/*
 * model_refine.h - `mimic model --refine[=N]`: the inferred model run N
 * times under --record, each task's runs corrected after each run by the
 * CPU it took more or less than the original's thread (doc/model.md).
 */
#ifndef MIMIC_TRACE_MODEL_REFINE_H
#define MIMIC_TRACE_MODEL_REFINE_H

#include "trace/model_tasks.h"

#define MODEL_REFINE_MAX 5

struct refine_opts {
	const char *trace;          /* the recording, for the description */
	const char *what;           /* its recorded command line */
	const char *json;           /* where each round's model is written */
	int rounds;                 /* 1..MODEL_REFINE_MAX */
};

/* 0, or -1 (said why): m is corrected by the rounds that ran. */
int model_refine(struct model *m, const struct refine_opts *o);

#endif
