/*
 * engine.h - instantiates a workload (threads, logs, timers), releases all
 * threads together at time zero, and stops them at the duration, at the
 * end of their loops or on a signal, losing no log row.
 */
#ifndef MIMIC_ENGINE_H
#define MIMIC_ENGINE_H

#include "thread.h"
#include "workload.h"

#include <pthread.h>
#include <stdatomic.h>

struct engine_options {
	bool quiet;
	bool no_progress;         /* no progress line even on a terminal */
	const char *summary_path; /* --summary: JSON written after the run */
};

struct engine {
	const struct workload *w;
	const struct engine_options *opt;
	double ns_per_loop;
	atomic_bool stop;
	int64_t t_zero_ns;
	struct timer_state *shared_timers;
	struct live_resource *res; /* one per model resource */
	int io_fd;                /* global.io_device, for iorun */
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
	pthread_t main_thread;
	_Atomic int64_t t_last_ns; /* when the last thread finished */
	int64_t t_end_ns;
	bool write_failed;
};

#define ENGINE_MAX_FORKS 1024 /* per task, as rt-app */

/* Starts one more thread of task (the fork event); -1 if it cannot. */
int engine_fork(struct engine *e, const struct task *task);

/* A thread has finished: the last one wakes main. */
void engine_thread_done(struct engine *e);

/* Runs w to its end; returns a MIMIC_EXIT_* status. */
int engine_run(const struct workload *w, double ns_per_loop,
	       const struct engine_options *opt);

#endif
