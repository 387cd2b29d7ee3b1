/*
 * thread.h - one running instance of a task: walks phases x loops x events
 * and accumulates one log row per phase iteration.
 */
#ifndef MIMIC_THREAD_H
#define MIMIC_THREAD_H

#include "event_ctx.h"
#include "lib/hist.h"
#include "lib/rng.h"
#include "record/ring.h"
#include "record/stats.h"
#include "model/workload.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/types.h>

struct engine;
struct live_resource;
struct lock_stats;
struct trace_ring;

#define THREAD_MAX_HELD WORKLOAD_MAX_HELD /* checked by parse/counts.c */

/* What the events of the current phase iteration add up to. */
struct iter_acc {
	uint64_t loops;           /* work loops done by run/runtime */
	int64_t run_ns;           /* wall time inside run/runtime */
	int64_t slack_ns;
	int64_t c_duration_ns;    /* requested run/runtime */
	int64_t c_period_ns;      /* timer periods */
	int64_t wu_lat_ns;        /* timer wake-up latencies */
	int64_t batch_ns;         /* futex_wake "batch": the iteration's stamp */
	int64_t own_ns;           /* trigger at its first non-timer event */
};

struct thread {
	/*
	 * What every iteration and every message touch, first and together
	 * (with stats' first fields, record/stats.h): a handful of lines
	 * to fetch back after each sleep, not one per field.
	 */
	/* Handed to every exec; its stop flag is the thread's too. */
	_Alignas(64) struct event_ctx ctx;
	struct engine *eng;
	const struct task *task;
	void **states;            /* per event_state_slot(): kinds' state;
				   * states[-1] is NULL (slot -1) */
	struct timer_state *unique_timers;
	struct trace_ring *trace; /* --trace-json: slices, or NULL */
	struct iter_acc it;
	/* --break-us: a wake-up latency of this many ns or more stops the
	 * run (µs truncated over the limit); INT64_MAX: no limit. */
	int64_t break_at_ns;
	size_t cur_phase;         /* index of the phase running, for samples */
	const struct phase *entered_phase; /* the last phase entered */
	/*
	 * The waiting event (event_kind.waits) it is in: its phase and index,
	 * and when it began (0: in none). Written (relaxed) before the event
	 * and cleared after; left set when the run stops it there, for the
	 * "blocked at stop" report.
	 */
	_Atomic int64_t wait_since_ns;
	_Atomic int wait_phase, wait_event;
	bool after_timer;         /* the last event it ran was a timer */
	bool cumulative_slack;    /* global.cumulative_slack, kept at hand */
	struct log_ring ring;     /* .rows NULL: no log */
	struct thread_stats stats;

	/* Set up before time zero, read after the run. */
	int idx;
	char name[32];
	pthread_t pthread;        /* valid in the home process only */
	_Atomic pid_t tid;
	_Atomic pid_t pid;        /* the process it runs in */
	pid_t home;               /* the process that set it up and joins it */
	bool own_process;         /* a process of its own (mode "process") */
	bool reaped;              /* own_process: waited for */
	bool joined;              /* a thread: joined by its home process */
	bool created;
	bool forked;              /* started by a fork event */
	int fork_no;              /* forked: its number among the task's */
	int64_t t_first_ns;       /* timers' anchor: time zero + delay */
	struct rng rng;           /* every draw: global.seed and idx */

	FILE *log;
	char *log_path;

	int held[THREAD_MAX_HELD]; /* mutex resources held, in lock order */
	int64_t held_ns[THREAD_MAX_HELD]; /* when each was taken */
	int n_held;

	struct sched_attrs cur_sched;
	const struct phase *attrs_phase; /* the last phase whose attributes
					  * rt-app would have set, or NULL */
	const struct cpu_set_list *cur_cpus;
	const char *cur_group;    /* taskgroup joined, NULL: never moved */
	struct cpu_set_list initial_cpus;

	char attr_msg[256];       /* the first refused phase change */
	const struct node_list *cur_nodes;
	int setup_error;          /* -errno from before time zero, or 0 */
	char setup_msg[256];
	bool loops_done;          /* its loops ended before any stop */
	atomic_bool finished;
	atomic_bool kernel_read;  /* main has read its /proc (engine_read_kernel) */
};

/*
 * The distinct mutexes task's lock events (lock, percpu_lock) take, which
 * each of its threads keeps lock statistics for (0: none); init fills
 * ls[0 .. count) with them, zeroed.
 */
size_t thread_locks_count(const struct task *task);

/*
 * The histograms task's threads keep (rhist.h): plain ones, and signed
 * ones (rshist, two halves each); only what its events record.
 * clock_messages: globals.us_clock_messages (one more per message path).
 */
void thread_hist_counts(const struct task *task, bool clock_messages,
			unsigned *plain, unsigned *sign);
void thread_locks_init(struct lock_stats *ls, const struct task *task);

void *thread_main(void *arg);

bool thread_should_stop(const struct thread *t);

/*
 * The per-thread state of every kind the task's events use (event.h):
 * allocated and initialised before time zero, 0 or -1 out of memory;
 * stopped in the thread at its end; released after the join.
 */
int thread_states_init(struct thread *t);
void thread_states_stop(struct thread *t);
void thread_states_release(struct thread *t);

#endif
