/*
 * engine_ctx.h - the live engine as what runs under it sees it: its
 * threads (thread.c), events' context (event_ctx.c), the progress line,
 * the interval blocks and the latency break read the shared flags, the
 * start gate and the thread table, and call back into engine.c through
 * the functions below. main and the rest of the tree see engine.h only.
 */
#ifndef MIMIC_ENGINE_CTX_H
#define MIMIC_ENGINE_CTX_H

#include "engine/engine_options.h"
#include "engine/start_gate.h"
#include "lib/shm.h"
#include "lib/stack_pool.h"
#include "model/workload.h"
#include "record/result.h"

#include <pthread.h>
#include <stdatomic.h>
#include <sys/types.h>

struct live_resource;
struct thread;
struct timer_state;

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
	struct stack_pool stacks; /* thread idx's stack: slot idx, or none */
	bool lock_all;            /* lock_pages in a real-time workload */

	/* The start gate: threads check in, main releases them at once;
	 * abort is set before it opens if anything failed before time zero. */
	struct start_gate gate;
	bool abort;
	/* Finished threads park here until main has read their /proc. */
	struct open_gate finish;
	atomic_int live;

	struct cpu_set_list initial_cpus; /* main's affinity at start */
	int stop_signal;          /* the signal that stopped the run, or 0 */
	int stop_signals;         /* stop signals received */
	int force_signal;         /* the second: waiting cut short, or 0 */
	bool stopped_by_error;    /* a process instance died mid-run */
	bool stopped_by_break;    /* main stopped the run for a break */
	/* --break-us (latency_break.c): the first thread over the limit
	 * claims the break (its index; -1: none), fills brk, then sets
	 * break_seen (release) and wakes main. */
	_Atomic int break_idx;
	atomic_bool break_seen;
	struct run_break brk;
	bool abandoned;           /* threads still running after the grace */
	pid_t main_pid;           /* mimic itself: drains logs, reports */
	_Atomic int64_t t_last_ns; /* when the last thread finished */
	int64_t t_end_ns;
	bool write_failed;
	bool child_failed;        /* a process instance died abnormally */
};

/* Starts one more thread of task (the fork event), in the calling
 * process; -1 if it cannot. */
int engine_fork(struct engine *e, const struct task *task);

/* A thread has finished: the last one wakes main. */
void engine_thread_done(struct engine *e);

/* Wakes main out of its wait now (a break), from any thread or process. */
void engine_wake_main(struct engine *e);

#endif
