/*
 * rt_watchdog.c - refuses a real-time workload while the kernel's RT
 * throttling is off. With throttling on (the default: 950000 us of every
 * 1000000 us), a SCHED_FIFO 99 busy loop on every CPU still leaves the
 * rest of the machine, mimic's own main thread included, 5 % of each CPU:
 * the run stops at its duration or on ^C. With it off, nothing else runs
 * until the workload lets go, and a workload that never does (a typo in a
 * "run", a lock-order deadlock spinning) needs the power button. A
 * watchdog thread could not help: at FIFO 99 it queues behind a FIFO 99
 * hog on its CPU. So the check is made before time zero, and the user who
 * disabled throttling on purpose says --allow-unthrottled.
 */
#define _GNU_SOURCE
#include "engine/rt_watchdog.h"

#include "engine/hostlimits.h"
#include "model/policy.h"
#include "model/workload.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

bool rt_watchdog_policy_is_rt(int policy)
{
	return policy == SCHED_FIFO || policy == SCHED_RR ||
	       policy == SCHED_DEADLINE;
}

const struct task *rt_watchdog_find_rt(const struct workload *w,
				       int *policy)
{
	for (size_t t = 0; t < w->n_tasks; t++) {
		const struct task *task = &w->tasks[t];

		*policy = task->sched.policy;
		if (rt_watchdog_policy_is_rt(*policy))
			return task;
		for (size_t p = 0; p < task->n_phases; p++) {
			*policy = task->phases[p].sched.policy;
			if (task->phases[p].has_sched &&
			    rt_watchdog_policy_is_rt(*policy))
				return task;
		}
	}
	return NULL;
}

int rt_watchdog_check(const struct workload *w, bool allow_unthrottled,
		      bool quiet)
{
	long long runtime = hostlimits_proc_ll("sys/kernel/sched_rt_runtime_us");
	long long period = hostlimits_proc_ll("sys/kernel/sched_rt_period_us");
	const struct task *task;
	int policy;

	/* -1 reads as -1; an unreadable file (no such kernel) as -1 too, but
	 * then the period is unreadable as well: nothing to say. */
	if (period <= 0 || (runtime >= 0 && runtime < period))
		return 0;
	task = rt_watchdog_find_rt(w, &policy);
	if (!task)
		return 0;
	if (allow_unthrottled) {
		if (!quiet)
			fprintf(stderr, "mimic: warning: RT throttling is off "
				"(kernel.sched_rt_runtime_us %lld): a runaway "
				"real-time task can starve the machine "
				"(--allow-unthrottled)\n", runtime);
		return 0;
	}
	fprintf(stderr, "%s: error: tasks.%s: policy %s while the kernel's RT "
		"throttling is off (kernel.sched_rt_runtime_us is %lld, period "
		"%lld): a runaway task could lock the machine; turn it on "
		"(sysctl -w kernel.sched_rt_runtime_us=950000) or pass "
		"--allow-unthrottled\n", w->file, task->name,
		policy_name(policy), runtime, period);
	return 1;
}
