/*
 * run_stats.h - what a run did, per task, summed over the task's threads
 * (forks included): the numbers behind the text summary and the JSON one.
 */
#ifndef MIMIC_RUN_STATS_H
#define MIMIC_RUN_STATS_H

#include "lib/hist.h"
#include "lib/kstat.h"
#include "model/workload.h"
#include "record/e2e.h"
#include "record/lock_stats.h"
#include "record/result.h"

#include <stdbool.h>
#include <stdint.h>

struct run_task_stats {
	int threads;
	uint64_t rows, overruns, sent, received;
	uint64_t sent_bytes, received_bytes; /* of those messages */
	uint64_t dropped, damaged, attr_failures;
	const char *attr_msg;     /* the first refused phase change */
	struct hist wake[WAKE_PATHS]; /* wake-up latency, µs */
	struct hist message[WAKE_PATHS]; /* message latency, µs */
	struct shist err;         /* run error, 0.01 % */
	struct shist slack_us;    /* one per row with a timer */
	struct hist run_us;       /* one per row with run/runtime */
	bool has_e2e;             /* its threads recorded end-to-end */
	struct e2e_stats e2e;     /* chain origin -> iteration end */
	bool has_requests, has_rate; /* its events: request, rate */
	uint64_t requests;        /* request events done */
	struct hist request_us;   /* last wake-up -> request event, µs */
	struct hist rate;         /* rate samples and each thread's last
				   interval to the end (as schbench), 1/s */
	struct kstat kernel;      /* summed; a field only if every thread has it */
	int kernel_missing;       /* threads without any kernel value */
};

/* Fills s (large: allocate it) with task's numbers. */
void run_stats_task(const struct run_result *r, const struct task *task,
		    struct run_task_stats *s);

/*
 * The budget of task's phases that have one: 0 when none has, -1 when
 * they differ.
 */
int64_t run_stats_budget(const struct task *task);

/*
 * The kernel's values of thread t (kstat.h), as the reports show them:
 * .have 0 (missing) for a thread that never came home, whatever it wrote.
 */
void run_stats_thread_kernel(const struct run_thread *t, struct kstat *k);

/*
 * Lock statistics (record/lock_stats.h) merged over the run's threads:
 * of one mutex (resource index), or of every mutex task's threads took.
 * Return false when no thread kept any for it (s is zeroed then).
 */
bool run_stats_any_locks(const struct run_result *r);
bool run_stats_mutex_locks(const struct run_result *r, int resource,
			   struct lock_stats *s);
bool run_stats_task_locks(const struct run_result *r, const struct task *task,
			  struct lock_stats *s);

#endif
