/*
 * lock_stats.c - which mutexes a task's threads keep lock statistics for,
 * and the recording itself (hot path: no allocation, no stdio).
 */
#include "record/lock_stats.h"

#include "event.h"
#include "lib/timeutil.h"

#include <string.h>

/* A lock event (lock, percpu_lock) and the mutex it takes, or -1. */
static int lock_stats_mutex(const struct event *ev)
{
	return ev->kind->ftrace_type == RTAPP_TYPE_LOCK ? ev->resource : -1;
}

/* Counts the distinct mutexes task's lock events take, in order of first
 * use; with ls, fills an entry for each. */
static size_t lock_stats_walk(const struct task *task, struct lock_stats *ls)
{
	size_t n = 0;

	for (size_t p = 0; p < task->n_phases; p++) {
		const struct phase *ph = &task->phases[p];

		for (size_t e = 0; e < ph->n_events; e++) {
			int m = lock_stats_mutex(&ph->events[e]);
			bool seen = false;

			if (m < 0)
				continue;
			/* Before time zero, over a task's few lock events. */
			for (size_t q = 0; q <= p && !seen; q++) {
				const struct phase *qh = &task->phases[q];
				size_t end = q == p ? e : qh->n_events;

				for (size_t f = 0; f < end && !seen; f++)
					seen = lock_stats_mutex(
						       &qh->events[f]) == m;
			}
			if (seen)
				continue;
			if (ls) {
				memset(&ls[n], 0, sizeof(ls[n]));
				ls[n].resource = m;
			}
			n++;
		}
	}
	return n;
}

size_t lock_stats_count(const struct task *task)
{
	return lock_stats_walk(task, NULL);
}

void lock_stats_init(struct lock_stats *ls, const struct task *task)
{
	lock_stats_walk(task, ls);
}

void lock_stats_acquired(struct lock_stats *s, int64_t waited_ns)
{
	s->acquisitions++;
	if (waited_ns < 0)
		return;
	s->contended++;
	hist_add(&s->wait_us, (uint64_t)time_ns_to_us(waited_ns));
}

void lock_stats_released(struct lock_stats *s, int64_t held_ns)
{
	hist_add(&s->hold_us, held_ns > 0 ? (uint64_t)time_ns_to_us(held_ns)
					   : 0);
}

void lock_stats_merge(struct lock_stats *dst, const struct lock_stats *src)
{
	dst->acquisitions += src->acquisitions;
	dst->contended += src->contended;
	hist_merge(&dst->wait_us, &src->wait_us);
	hist_merge(&dst->hold_us, &src->hold_us);
}
