/*
 * model_verify.h - `mimic model --verify TRACE [MODEL.json]`: runs the
 * model under --record and compares it, task by task, with the recording
 * it was inferred from; `--compare-trace ORIG OTHER`: the same comparison
 * between two recordings, running nothing (doc/model.md).
 */
#ifndef MIMIC_TRACE_MODEL_VERIFY_H
#define MIMIC_TRACE_MODEL_VERIFY_H

#include "trace/model_infer.h"

/* What is compared with what, and where the summary goes. */
struct verify_opts {
	const char *trace;          /* the original recording */
	unsigned long long trace_end; /* its last event (ns) */
	const char *summary;        /* --summary FILE, or NULL */
};

/* Exit status: 0 compared (faithful or not), 1 the model's run or its
 * recording failed, or the summary cannot be written. */
int model_verify(const struct model *orig, const struct verify_opts *o,
		 const char *model_json);

/* Exit status: 0 compared, 1 other cannot be read or the summary
 * cannot be written. */
int model_compare_trace(const struct model *orig,
			const struct verify_opts *o, const char *other);

/* Runs `mimic -q --record rec model_json` for option what (a child
 * mimic, this binary): 0, or -1 (said why). */
int model_run_recorded(const char *what, const char *rec,
		       const char *model_json);
/* Runs model_json under --record (for --refine) and gives each task's
 * CPU in that run, ms, in cpu_ms[task] (-1: none of its threads ran).
 * 0, or -1 (said why). */
int model_run_cpu(const struct model *orig, const char *model_json,
		  double *cpu_ms);

#endif
