/*
 * model_json.h - writing an inferred model (model_infer.h) as a mimic
 * workload: tasks named after the threads, a description saying where
 * it came from, a `scale` parameter for the run's length.
 */
#ifndef MIMIC_TRACE_MODEL_JSON_H
#define MIMIC_TRACE_MODEL_JSON_H

#include <stdio.h>

#include "trace/model_infer.h"

/* source: the recording's file; what: its mimic_record line (or ""). */
void model_json_write(FILE *f, const struct model *m, const char *source,
		      const char *what);

#endif
