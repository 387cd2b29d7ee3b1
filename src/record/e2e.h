/*
 * e2e.h - end-to-end latency of a thread's iterations: from the origin
 * of the chain the iteration belongs to (the timer expiry or first send
 * that started it, carried by every message) to the iteration's end, and
 * the iterations that missed their phase's "budget". Written by its
 * thread only, read by the reports after the join.
 */
#ifndef MIMIC_RECORD_E2E_H
#define MIMIC_RECORD_E2E_H

#include "lib/hist.h"
#include "model/workload.h"

#include <stdbool.h>
#include <stdint.h>

struct e2e_stats {
	struct hist latency_us;   /* origin -> iteration end, µs truncated */
	uint64_t chained;         /* iterations that received an origin */
	uint64_t budgeted;        /* iterations with a budget in force */
	uint64_t misses;          /* ... whose latency was over it */
};

/*
 * One iteration that ended at end_ns, of the chain that started at
 * origin_ns; budget_ns 0: none. A miss is a latency strictly over the
 * budget, compared in ns. Returns whether it missed.
 */
bool e2e_add(struct e2e_stats *s, int64_t origin_ns, int64_t end_ns,
	     int64_t budget_ns, bool chained);

/* Whether task's threads record it: a budget, or a path that carries
 * messages (and so chains) into it. */
bool e2e_wanted(const struct task *task);

void e2e_merge(struct e2e_stats *dst, const struct e2e_stats *src);

#endif
