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
	RUN_STOP_BREAK,           /* a wake-up later than --break-us */
};

/* --break-us: the first wake-up over the limit, which stopped the run. */
struct run_break {
	bool hit;
	int thread;               /* its index in run_result.threads */
	int tid;
	enum wake_path path;
	uint64_t latency_us;      /* the wake-up latency, µs truncated */
	uint64_t limit_us;        /* N of --break-us: latency_us > N */
	uint64_t iteration;       /* the thread's phase iteration, from 0 */
	int64_t at_ns;            /* when it woke, CLOCK_MONOTONIC */
	bool trace_frozen;        /* 0 was written into tracing_on */
	const char *trace_dir;    /* that tracefs directory, or NULL */
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
	bool loops_done;          /* it ended its loops (not stopped) */
	int policy, priority;     /* its scheduling attributes at the end */
	const char *attr_msg;     /* the first refused phase change */
	uint64_t log_rows_dropped; /* rows lost: its ring was full */
	const struct thread_stats *stats;
	const struct trace_ring *trace; /* --trace-json, or NULL */
	/* Blocked at stop: in a waiting event (lock, wait, recv, barrier,
	 * ...) when the run ended; the event and since when. */
	bool blocked;
	const struct phase *blocked_phase;
	const struct event *blocked_event;
	int64_t blocked_since_ns; /* CLOCK_MONOTONIC */
};

struct run_result {
	const struct workload *w;
	double ns_per_loop;       /* the calibration the run used */
	const char *calibration_source; /* "file", "stored" or "measured" */
	double calibration_spread; /* trials' spread when measured, else 0 */
	bool calibration_unsteady; /* the spread was over the warning bound */
	double ns_per_loop_end;    /* estimated after the run; 0: not */
	bool started;             /* time zero was reached */
	enum run_stop stop;
	int stop_signal;          /* the first stop signal, or 0 */
	int stop_signals;         /* stop signals received by the engine */
	int force_signal;         /* the second one (waiting cut short), or 0 */
	struct run_break brk;     /* --break-us: .hit when one was seen */
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

/* How far the speed after the run was from the calibration, in %; false
 * when it was not estimated (ns_per_loop_end 0). */
static inline bool run_result_drift_pct(const struct run_result *r,
					double *pct)
{
	if (r->ns_per_loop_end <= 0 || r->ns_per_loop <= 0)
		return false;
	*pct = (r->ns_per_loop_end / r->ns_per_loop - 1) * 100;
	return true;
}

/* Seconds from time zero to the end of the run. */
static inline double run_result_seconds(const struct run_result *r)
{
	return (double)(r->t_end_ns - r->t_zero_ns) / 1e9;
}

#endif
