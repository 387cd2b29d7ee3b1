/*
 * lock_stats.c - recording lock statistics (hot path: no allocation, no
 * stdio) and merging them after the join.
 */
#include "record/lock_stats.h"

#include "lib/timeutil.h"


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
