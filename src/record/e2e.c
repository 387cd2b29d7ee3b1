/*
 * e2e.c - end-to-end latency and budget misses per thread (e2e.h).
 */
#include "record/e2e.h"

bool e2e_add(struct e2e_stats *s, int64_t origin_ns, int64_t end_ns,
	     int64_t budget_ns, bool chained)
{
	int64_t ns = end_ns - origin_ns;
	bool miss = budget_ns > 0 && ns > budget_ns;

	hist_add(&s->latency_us, ns > 0 ? (uint64_t)ns / 1000 : 0);
	if (chained)
		s->chained++;
	if (budget_ns > 0)
		s->budgeted++;
	if (miss)
		s->misses++;
	return miss;
}

bool e2e_wanted(const struct task *task)
{
	for (size_t p = 0; p < task->n_phases; p++)
		if (task->phases[p].budget_ns)
			return true;
	for (int w = 0; w < WAKE_PATHS; w++)
		if (task->wake_paths & (1u << w) &&
		    wake_path_has_messages((enum wake_path)w))
			return true;
	return false;
}

void e2e_merge(struct e2e_stats *dst, const struct e2e_stats *src)
{
	hist_merge(&dst->latency_us, &src->latency_us);
	dst->chained += src->chained;
	dst->budgeted += src->budgeted;
	dst->misses += src->misses;
}
