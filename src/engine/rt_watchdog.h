/*
 * rt_watchdog.h - a runaway real-time workload must not lock the machine:
 * before any thread starts, a workload with SCHED_FIFO, SCHED_RR or
 * SCHED_DEADLINE tasks is refused while the kernel's RT throttling is off
 * (kernel.sched_rt_runtime_us -1, or >= the period), unless the user said
 * --allow-unthrottled. See doc/limits.md.
 */
#ifndef MIMIC_RT_WATCHDOG_H
#define MIMIC_RT_WATCHDOG_H

#include <stdbool.h>

struct task;
struct workload;

bool rt_watchdog_policy_is_rt(int policy);
/* The first task with a real-time policy, its own or a phase's (*policy
 * says which policy); NULL if none. */
const struct task *rt_watchdog_find_rt(const struct workload *w,
				       int *policy);

/*
 * Reads sched_rt_runtime_us and sched_rt_period_us under $MIMIC_PROC_DIR
 * (a test hook, see hostlimits.h) or /proc. Prints one message naming the
 * first real-time task and returns 1 if the run must be refused; 0 if
 * throttling is on, the workload is not real-time, or allow_unthrottled
 * (--allow-unthrottled: run anyway, with a warning unless quiet).
 */
int rt_watchdog_check(const struct workload *w, bool allow_unthrottled,
		      bool quiet);

#endif
