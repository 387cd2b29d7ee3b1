/*
 * result.h - what a run leaves for the reports: the engine fills it once
 * its threads are joined and hands it to main, which gives it, const, to
 * every reporter and decides the exit status from it. The statistics,
 * samples and trace rings it points at stay in the engine's shared region
 * until main calls engine_release().
 */
#ifndef MIMIC_RESULT_H
#define MIMIC_RESULT_H

#include "model/workload.h"
#include "record/stats.h"
#include "record/trace_ring.h"

#include <stdbool.h>
#include <stdint.h>

struct run_meta;

/* Why the run ended, as the summaries name it. */
enum run_stop {
	RUN_STOP_DURATION,        /* the duration was reached */
	RUN_STOP_LOOPS,           /* every thread finished its loops */
	RUN_STOP_SIGNAL,          /* a stop signal */
	RUN_STOP_ERROR,           /* a process instance died */
};

/* One thread (initial or forked), in index order. */
struct run_thread {
	const struct task *task;
	int idx;
	const char *name;         /* its comm: "<task>-<idx>" */
	const char *log_path;     /* NULL: no log */
	int pid, tid;             /* 0: never started */
	bool created;
	bool came_home;           /* false: left running after a 2nd signal */
	int policy, priority;     /* its scheduling attributes at the end */
	const char *attr_msg;     /* the first refused phase change */
	uint64_t log_rows_dropped; /* rows lost: its ring was full */
	const struct thread_stats *stats;
	const struct trace_ring *trace; /* --trace-json, or NULL */
};

struct run_result {
	const struct workload *w;
	double ns_per_loop;       /* the calibration the run used */
	const char *calibration_source; /* "file", "stored" or "measured" */
	double calibration_spread; /* trials' spread when measured, else 0 */
	bool calibration_unsteady; /* the spread was over the warning bound */
	bool started;             /* time zero was reached */
	enum run_stop stop;
	int stop_signal;          /* the first stop signal, or 0 */
	int stop_signals;         /* stop signals received by the engine */
	int force_signal;         /* the second one (waiting cut short), or 0 */
	int64_t t_zero_ns, t_end_ns; /* CLOCK_MONOTONIC */
	int n_threads;
	const struct run_thread *threads;
	uint64_t log_rows_dropped; /* over every thread */
	bool write_failed;        /* a log could not be created or written */
	bool child_failed;        /* a process instance died abnormally */
	int logdir_fd;            /* global.logdir, where the reports create
				   files too (.plot); -1: none; closed by
				   engine_release() */
	void *engine;             /* the engine's, for engine_release() */
	const struct run_meta *meta; /* main's, set after the run: what the
				   run was (report/run_meta.h), or NULL */
};

/* Seconds from time zero to the end of the run. */
static inline double run_result_seconds(const struct run_result *r)
{
	return (double)(r->t_end_ns - r->t_zero_ns) / 1e9;
}

#endif
