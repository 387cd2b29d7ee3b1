/*
 * lock_stats.h - lock statistics of one thread for one mutex (lock and
 * percpu_lock): acquisitions, contended ones, wait and hold times. A
 * thread has one per mutex its task's events take, in the engine's shared
 * region (process instances too); the reports merge them per mutex and
 * per task after the join.
 */
#ifndef MIMIC_LOCK_STATS_H
#define MIMIC_LOCK_STATS_H

#include "lib/hist.h"
#include "model/workload.h"

#include <stddef.h>
#include <stdint.h>

struct lock_stats {
	int resource;             /* the mutex: RES_MUTEX or RES_CPU_MUTEX */
	uint64_t acquisitions;
	uint64_t contended;       /* the first try found it held */
	struct hist wait_us;      /* contended only: failed try -> holding */
	struct hist hold_us;      /* acquisition -> release */
};

/* The entry of mutex among n, or NULL. */
static inline struct lock_stats *lock_stats_find(struct lock_stats *ls,
						 size_t n, int mutex)
{
	for (size_t k = 0; k < n; k++)
		if (ls[k].resource == mutex)
			return &ls[k];
	return NULL;
}

/* One acquisition; waited_ns < 0: uncontended (the first try took it). */
void lock_stats_acquired(struct lock_stats *s, int64_t waited_ns);
/* One hold of held_ns. */
void lock_stats_released(struct lock_stats *s, int64_t held_ns);

/* Adds src's counts and histograms to dst (resource left as is). */
void lock_stats_merge(struct lock_stats *dst, const struct lock_stats *src);

#endif
