/*
 * engine.h - instantiates a workload (threads, logs, timers), releases all
 * threads together at time zero, and stops them at the duration, at the
 * end of their loops or on a signal, losing no log row; what the run did
 * comes back as a struct run_result (record/result.h) for the reports.
 */
#ifndef MIMIC_ENGINE_H
#define MIMIC_ENGINE_H

#include "lib/shm.h"
#include "engine/thread.h"
#include "model/workload.h"
#include "record/result.h"

#include <pthread.h>
#include <stdatomic.h>

struct engine_options {
	bool quiet;
	const char *trace_json;   /* --trace-json FILE, or NULL */
	uint64_t trace_slices;    /* slices kept per thread; 0: default */
	bool no_progress;         /* no progress line even on a terminal */
	bool allow_missing;       /* --allow-missing: see sched_attr_apply() */
	/* Called once everything is set up, just before the threads start
	 * (main prints the workload's print_start lines there), or NULL. */
	void (*before_start)(void *arg);
	void *arg;
};

/* Lives in its own shared region: processes see its flags and counters. */
struct engine {
	struct shm shm;
	const struct workload *w;
	const struct engine_options *opt;
	double ns_per_loop;
	atomic_bool stop;
	int64_t t_zero_ns;
	struct timer_state *shared_timers;
	struct live_resource *res; /* one per model resource */
	int io_fd;                /* global.io_device, for iorun */
	int logdir_fd;            /* global.logdir: logs are created in it */
	int dma_fd;               /* /dev/cpu_dma_latency, held while running */
	struct thread *threads;   /* initial threads, then forks */
	_Atomic int n_threads;    /* published: slots in use */
	int cap_threads;
	pthread_mutex_t fork_lock;
	int *forks;               /* forks so far, per task */

	/* The start gate: threads check in, main releases them at once. */
	pthread_mutex_t gate_lock;
	pthread_cond_t gate_cond;
	int gate_ready;
	bool gate_open, abort;
	atomic_int live;

	struct cpu_set_list initial_cpus; /* main's affinity at start */
	int stop_signal;          /* the signal that stopped the run, or 0 */
	int stop_signals;         /* stop signals received */
	int force_signal;         /* the second: waiting cut short, or 0 */
	bool stopped_by_error;    /* a process instance died mid-run */
	bool abandoned;           /* threads still running after the grace */
	pid_t main_pid;           /* mimic itself: drains logs, reports */
	_Atomic int64_t t_last_ns; /* when the last thread finished */
	int64_t t_end_ns;
	bool write_failed;
	bool child_failed;        /* a process instance died abnormally */
};

#define ENGINE_MAX_FORKS WORKLOAD_MAX_FORKS /* per task, as rt-app */

/* Bytes of one thread's log ring (global "log_size"). */
size_t engine_ring_bytes(const struct globals *g);

/* Shared memory for what a thread or process reports to main (zeroed);
 * NULL and a message when the region is full. */
void *engine_shm_alloc(struct engine *e, size_t bytes);

/* Starts one more thread of task (the fork event), in the calling
 * process; -1 if it cannot. */
int engine_fork(struct engine *e, const struct task *task);

/* A thread has finished: the last one wakes main. */
void engine_thread_done(struct engine *e);

/*
 * Runs w to its end and fills r (r->started false: refused before time
 * zero, the reason printed). What r points at stays valid until
 * engine_release(r).
 */
void engine_run(const struct workload *w, double ns_per_loop,
		const struct engine_options *opt, struct run_result *r);
void engine_release(struct run_result *r);

#endif
