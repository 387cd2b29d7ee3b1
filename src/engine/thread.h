/*
 * thread.h - one running instance of a task: walks phases x loops x events
 * and accumulates one log row per phase iteration.
 */
#ifndef MIMIC_THREAD_H
#define MIMIC_THREAD_H

#include "lib/hist.h"
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
struct trace_ring;

#define THREAD_MAX_HELD WORKLOAD_MAX_HELD /* checked by parse/counts.c */

/* A timer's next deadline; shared timers are advanced by every user. */
struct timer_state {
	_Atomic int64_t next_ns;
	atomic_bool started;
};

/* What the events of the current phase iteration add up to. */
struct iter_acc {
	uint64_t loops;           /* work loops done by run/runtime */
	int64_t run_ns;           /* wall time inside run/runtime */
	int64_t slack_ns;
	int64_t c_duration_ns;    /* requested run/runtime */
	int64_t c_period_ns;      /* timer periods */
	int64_t wu_lat_ns;        /* timer wake-up latencies */
	int64_t batch_ns;         /* futex_wake "batch": the iteration's stamp */
};

struct thread {
	struct engine *eng;
	const struct task *task;
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

	struct timer_state *unique_timers;
	int64_t t_first_ns;       /* timers' anchor: time zero + delay */
	double loop_carry;        /* fraction of a work loop owed */
	struct iter_acc it;
	size_t cur_phase;         /* index of the phase running, for samples */
	struct thread_stats stats;

	unsigned char *msg;       /* send, then recv buffer, msg_bytes_max each */
	bool msg_ready;           /* the send buffer holds the pattern */
	int poll_next;            /* recv from several: the last one served */
	unsigned long *matmul;    /* matmul: three matrices of matmul_n_max^2 */
	int64_t woke_ns;          /* when a wait last returned, 0: never */
	pthread_mutex_t *percpu_held; /* percpu_lock: the CPU's mutex taken */

	struct log_ring ring;
	struct trace_ring *trace; /* --trace-json: slices, or NULL */
	FILE *log;
	char *log_path;

	int held[THREAD_MAX_HELD]; /* mutex resources held, in lock order */
	int n_held;
	uint64_t *wake_seen;      /* per resource: last resume seen */

	struct sched_attrs cur_sched;
	const struct cpu_set_list *cur_cpus;
	const char *cur_group;    /* taskgroup joined, NULL: never moved */
	struct cpu_set_list initial_cpus;

	char attr_msg[256];       /* the first refused phase change */
	const struct node_list *cur_nodes;
	int setup_error;          /* -errno from before time zero, or 0 */
	char setup_msg[256];
	atomic_bool finished;
};

void *thread_main(void *arg);

/* Event helpers: the stop flag, and the engine's calibration. */
bool thread_should_stop(const struct thread *t);
const atomic_bool *thread_stop_flag(const struct thread *t);
double thread_ns_per_loop(const struct thread *t);
bool thread_cumulative_slack(const struct thread *t);
struct timer_state *thread_timer(struct thread *t, const struct resource *r);
const struct resource *thread_resource(const struct thread *t, int index);
struct live_resource *thread_live(const struct thread *t, int index);
/* Adds one wake-up latency (now - the waker's stamp) to path's histogram. */
void thread_record_wake(struct thread *t, enum wake_path path, int64_t ns);
int thread_io_fd(const struct thread *t);
/* Remembers a mutex taken; releases them all when the thread ends. */
void thread_hold(struct thread *t, int mutex);
bool thread_release(struct thread *t, int mutex);
bool thread_holds(const struct thread *t, int mutex);

#endif
