/* policy.c - scheduling policy names and the merge of phase attributes. */
#define _GNU_SOURCE
#include "model/policy.h"

#include <sched.h>
#include <string.h>

static const struct {
	const char *name;
	int policy;
} policies[] = {
	{ "SCHED_OTHER", SCHED_OTHER }, { "SCHED_BATCH", SCHED_BATCH },
	{ "SCHED_IDLE", SCHED_IDLE },   { "SCHED_FIFO", SCHED_FIFO },
	{ "SCHED_RR", SCHED_RR },       { "SCHED_DEADLINE", SCHED_DEADLINE },
};

int policy_from_name(const char *name)
{
	for (size_t k = 0; k < sizeof(policies) / sizeof(policies[0]); k++)
		if (!strcmp(policies[k].name, name))
			return policies[k].policy;
	return -1;
}

const char *policy_name(int policy)
{
	for (size_t k = 0; k < sizeof(policies) / sizeof(policies[0]); k++)
		if (policies[k].policy == policy)
			return policies[k].name;
	return "unset";
}

bool policy_is_rt(int policy)
{
	return policy == SCHED_FIFO || policy == SCHED_RR;
}

void policy_merge(struct sched_attrs *cur, const struct sched_attrs *ph)
{
	if (ph->policy != MIMIC_UNSET && ph->policy != cur->policy) {
		cur->policy = ph->policy;
		cur->priority = policy_is_rt(ph->policy) ? 10 : 0;
	}
	if (ph->priority != MIMIC_UNSET)
		cur->priority = ph->priority;
	if (ph->dl_runtime_ns)
		cur->dl_runtime_ns = ph->dl_runtime_ns;
	if (ph->dl_period_ns)
		cur->dl_period_ns = ph->dl_period_ns;
	if (ph->dl_deadline_ns)
		cur->dl_deadline_ns = ph->dl_deadline_ns;
	if (ph->util_min != -1)
		cur->util_min = ph->util_min;
	if (ph->util_max != -1)
		cur->util_max = ph->util_max;
}
