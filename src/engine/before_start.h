/*
 * before_start.h - the one stage between a parsed workload and the
 * engine: everything mimic checks about this machine before time zero,
 * in one order, with the user's overrides passed in. See doc/limits.md.
 */
#ifndef MIMIC_BEFORE_START_H
#define MIMIC_BEFORE_START_H

#include <stdbool.h>
#include <stdint.h>

struct diag;
struct workload;

struct before_start_opts {
	bool check_only;          /* --check, --dump: change nothing */
	bool quiet;               /* no warnings */
	bool allow_unthrottled;   /* RT tasks with RT throttling off */
	bool allow_missing;       /* no uclamp: run without it */
	bool allow_overcommit;    /* more memory than the machine has */
	uint64_t per_thread_extra; /* bytes per thread the options add
				    * (--trace-json's ring) */
	bool rtapp;               /* rt-app mode: exit 1 after stage 1a */
};

/*
 * In this order, stopping at the first stage that fails:
 *   1. host: (a) the CPUs and NUMA nodes named exist, (b) the logdir,
 *      calibration CPU and io_device (hostcheck.c)
 *   2. limits: threads (RLIMIT_NPROC, threads-max, pid_max, pids cgroup),
 *      stack size, memory mappings, file descriptors (hostlimits.c), then
 *      memory (mem_estimate.c)
 *   3. RT safety: real-time tasks need RT throttling on (rt_watchdog.c)
 *   4. probe: the taskgroups are created, then every distinct set of
 *      scheduling attributes, affinity and group is tried in a probe
 *      thread (taskgroup.c, preflight.c)
 * check_only runs 1 and the memory part of 2 (beyond what this machine
 * has at all). Returns MIMIC_EXIT_OK, MIMIC_EXIT_BADINPUT (errors about
 * the input, through d) or MIMIC_EXIT_FAILURE (this machine refuses; the
 * message names the limit). With rtapp and without check_only, every
 * stage after 1a fails with MIMIC_EXIT_FAILURE, as rt-app exits 1 when
 * it meets them (doc/rtapp-mode.md). On success without check_only the groups of
 * stage 4 exist: taskgroup_cleanup() removes them (the engine does).
 */
int before_start(const struct workload *w, const struct before_start_opts *o,
		 struct diag *d);

#endif
