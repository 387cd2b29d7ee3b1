/*
 * model_infer.h - from per-thread timelines (model_timeline.h) to a
 * workload: each thread's loop of (CPU burst, blocking), its blockings
 * turned into sleeps, timers, channels or futex pairs with the threads
 * that woke it, and warnings for what the model leaves out.
 */
#ifndef MIMIC_TRACE_MODEL_INFER_H
#define MIMIC_TRACE_MODEL_INFER_H

#include "trace/model_tasks.h"
#include "trace/model_timeline.h"

/* costs: the machine's own (--costs), or NULL: the constants alone.
 * 0, or -1 when out of memory. */
int model_infer(struct model *m, const struct timeline *tl,
		const struct md_costs *costs);
/* Whether mt's kernel part of a blocking (kern_us) was measured on
 * enough blockings to stand for mimic's (else a constant does). */
bool md_kern_measured(const struct md_task *mt);
/* mt's runs corrected by excess_us, the CPU its model's run took more
 * (or, < 0, less) than the original's thread (model_refine.c): what could
 * not be taken off, µs (its runs at their floor). */
double md_correct_runs(struct md_task *mt, double excess_us);

#endif
