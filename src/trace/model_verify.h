/*
 * model_verify.h - `mimic model --verify TRACE MODEL.json`: runs the
 * model under --record and compares it, thread by thread, with the
 * recording it was inferred from (doc/model.md).
 */
#ifndef MIMIC_TRACE_MODEL_VERIFY_H
#define MIMIC_TRACE_MODEL_VERIFY_H

#include "trace/model_infer.h"

/* The exit status: 0 compared, 1 the model's run or recording failed. */
int model_verify(const struct model *orig, const char *trace,
		 const char *model_json, const char *keep);

#endif
