/*
 * event_ctx.h - all an event's exec sees of the thread running it: the
 * stop flag, the clock's anchors, the run's resources, its own per-thread
 * state, and the recording of wake-ups and of the phase iteration. The
 * engine implements it (engine/event_ctx.c); events include this header,
 * never the engine's.
 */
#ifndef MIMIC_EVENT_CTX_H
#define MIMIC_EVENT_CTX_H

#include "lib/rhist.h"
#include "model/workload.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct live_resource;
struct rng;
struct thread;

/*
 * What an exec is handed. The engine fills it before time zero
 * (engine/event_ctx.c) and sets state before each exec; events read it
 * through the accessors below, never by its fields. Those an iteration
 * reads on its way between two syscalls are here and inline: a call
 * each into the engine cost more than the load it made.
 */
struct event_ctx {
	struct thread *thread;    /* the engine's, behind the other calls */
	void *state;              /* the running event's kind's, or NULL */
	struct rng *rng;
	const struct resource *resources; /* the workload's */
	struct live_resource *live; /* the run's, one per resource */
	const atomic_bool *stop;  /* the run's stop flag */
	double ns_per_loop;       /* the calibration */
	/* The thread's counters (enum event_count, in its order), which
	 * a send or recv adds to inline. */
	uint64_t *counts;
	int64_t woke_ns;          /* when a wait last returned, 0: never */
	/* When the running waiting event began, if the engine read the
	 * clock for it (the iteration's start, for its first event); 0:
	 * not read. */
	int64_t began_ns;
	/* The chain (record/e2e.h): the thread's own trigger, the expiry of
	 * the timer it last passed, else its iteration's start; the earliest
	 * origin the iteration received, 0: none. */
	int64_t trigger_ns;
	int64_t chain_ns;
	/* The running phase's iteration, from 0 in each pass over the
	 * phases (send's and futex_wake's "every"). */
	uint64_t phase_iter;
};

/* A timer's next deadline; shared timers are advanced by every user. */
struct timer_state {
	_Atomic int64_t next_ns;
	atomic_bool started;
};

/* Counters of the thread's statistics that events bump (event_ctx_count):
 * in the order of their fields in struct thread_stats (record/stats.h). */
enum event_count {
	EVENT_COUNT_SENT,         /* messages sent */
	EVENT_COUNT_RECEIVED,     /* messages received */
	EVENT_COUNT_SENT_BYTES,   /* their bytes (no length header) */
	EVENT_COUNT_RECEIVED_BYTES,
	EVENT_COUNT_DAMAGED,      /* received with a broken pattern */
};

/* The thread's generator, seeded from global.seed: every draw of a
 * distribution (model/dist.h) comes from it. */
static inline struct rng *event_ctx_rng(struct event_ctx *c)
{
	return c->rng;
}

/* When the running waiting event (event_kind.waits) began, if the engine
 * read the clock then (the iteration's start, for its first event); else
 * 0, and an event that needs it reads the clock itself. */
static inline int64_t event_ctx_wait_began(const struct event_ctx *c)
{
	return c->began_ns;
}

/* The run is stopping: a blocking event must return soon. */
static inline bool event_ctx_stopping(const struct event_ctx *c)
{
	return atomic_load_explicit(c->stop, memory_order_relaxed);
}

static inline const atomic_bool *event_ctx_stop_flag(const struct event_ctx *c)
{
	return c->stop;
}

/* Whether an event with "every": n (send, futex_wake) skips the running
 * phase iteration (phase_iter, 0 for its first in each pass over the
 * task's phases): it acts in the phase's n-th, 2n-th, ... only. */
static inline bool event_ctx_every_skips(const struct event_ctx *c,
					 int64_t every)
{
	return every > 1 && (c->phase_iter + 1) % (uint64_t)every;
}

/* The running event's kind's per-thread state (event.h), or NULL. */
static inline void *event_ctx_state(const struct event_ctx *c)
{
	return c->state;
}

const struct workload *event_ctx_workload(const struct event_ctx *c);
const struct task *event_ctx_task(const struct event_ctx *c);
static inline const struct resource *event_ctx_resource(
	const struct event_ctx *c, int index)
{
	return &c->resources[index];
}
struct live_resource *event_ctx_live(const struct event_ctx *c, int index);
struct timer_state *event_ctx_timer(struct event_ctx *c,
				    const struct resource *r);
/* The descriptor of global.io_device, shared by every thread. */
int event_ctx_io_fd(const struct event_ctx *c);

/* Time zero, and the timers' anchor (time zero + the task's delay), ns. */
int64_t event_ctx_t_zero(const struct event_ctx *c);
int64_t event_ctx_t_first(const struct event_ctx *c);

/* The calibration, and n work loops (until the stop if stoppable). */
static inline double event_ctx_ns_per_loop(const struct event_ctx *c)
{
	return c->ns_per_loop;
}
uint64_t event_ctx_work(const struct event_ctx *c, uint64_t n,
			bool stoppable);

/* Starts one more thread of task index task (a fork event). */
void event_ctx_fork(struct event_ctx *c, int task);

/*
 * Mutexes held, in lock order; released for the thread when it ends.
 * hold: mutex was just taken (one acquisition in the lock statistics;
 * waited_since_ns: when a first try found it held, or -1 if that try took
 * it); release: let go of it now (one hold), false if not held.
 */
void event_ctx_hold(struct event_ctx *c, int mutex, int64_t waited_since_ns);
bool event_ctx_release(struct event_ctx *c, int mutex);
bool event_ctx_holds(const struct event_ctx *c, int mutex);

/* ---- chains (record/e2e.h) ---- */

/*
 * The origin a message sent now carries: the earliest origin the thread
 * received in this iteration, else its own trigger (the expiry of the
 * timer it last passed, when that was in this iteration or ended the
 * last one; else the iteration's start).
 */
static inline int64_t event_ctx_chain_origin(const struct event_ctx *c)
{
	return c->chain_ns ? c->chain_ns : c->trigger_ns;
}
/* A message received with origin_ns (0: none known, ignored). */
static inline void event_ctx_chain_received(struct event_ctx *c,
					    int64_t origin_ns)
{
	if (origin_ns > 0 && (!c->chain_ns || origin_ns < c->chain_ns))
		c->chain_ns = origin_ns;
}
/* A timer event's expiry, which becomes the thread's trigger. */
static inline void event_ctx_chain_timer(struct event_ctx *c,
					 int64_t expiry_ns)
{
	c->trigger_ns = expiry_ns;
}

/* ---- recording ---- */

/*
 * A wake-up on path: the thread slept in its wait and a waker ended it;
 * ns = now, the thread's time running after the wait, - the waker's stamp,
 * taken just before its wake-up syscall (or the timer's deadline). Notes
 * the wake; only a timer's goes to the log's wu_lat (rt-app's meaning).
 */
void event_ctx_record_wake(struct event_ctx *c, enum wake_path path,
			   int64_t ns, int64_t now);
/*
 * A message taken at now on a path that carries them (pipe, socket,
 * futex post), slept for or found waiting: ns = now - the sender's stamp,
 * queueing included. Notes the wake (now). Also kept, when the workload's
 * report style asks (globals.us_clock_messages), as the µs difference of
 * two µs clock readings (time_us_clock_delta), the tool's rule.
 */
void event_ctx_record_message(struct event_ctx *c, enum wake_path path,
			      int64_t ns, int64_t now);
/* What event_ctx_record_received leaves to a call: the wake-up (slept),
 * the µs clock histogram, the samples. */
void event_ctx_record_received_rest(struct event_ctx *c, enum wake_path path,
				    int64_t ns, int64_t now, bool slept);
/* Where a receiver's messages on one path are recorded: looked up once
 * per execution (event_ctx_received_on), not once per message. */
struct event_ctx_received {
	struct rhist *hist;       /* the message histogram, or NULL */
	enum wake_path path;
	bool rest;                /* samples or the µs clock histogram */
};

struct event_ctx_received event_ctx_received_on(const struct event_ctx *c,
					       enum wake_path path);

/*
 * A message taken at now on r's path, as event_ctx_record_message; slept:
 * the thread slept for it, also a wake-up (event_ctx_record_wake, first).
 * Inline, the message histogram's add: a receiver's path between two
 * reads, every message; the rest, when the thread has any, in one call.
 */
static inline void event_ctx_record_received(struct event_ctx *c,
					     const struct event_ctx_received *r,
					     int64_t ns, int64_t now, bool slept)
{
	if (slept || r->rest)
		event_ctx_record_received_rest(c, r->path, ns, now, slept);
	else
		c->woke_ns = now;
	if (r->hist)
		rhist_add(r->hist, ns > 0 ? (uint64_t)ns / 1000 : 0);
}

/*
 * Lock statistics of a mutex the thread keeps its own account of
 * (percpu_lock): one acquisition at the returned now (waited_since_ns as
 * for event_ctx_hold), and one hold from held_since_ns to now.
 */
int64_t event_ctx_record_lock(struct event_ctx *c, int mutex,
			      int64_t waited_since_ns);
void event_ctx_record_hold(struct event_ctx *c, int mutex,
			   int64_t held_since_ns);
/* A wait returned at now without a latency sample; when the last did. */
void event_ctx_woken(struct event_ctx *c, int64_t now);
int64_t event_ctx_woken_ns(const struct event_ctx *c);
/*
 * Work done: loops, wall time, the time asked for (the log's run, perf
 * and c_duration columns); complete: a run that did all its loops, whose
 * error against the request is recorded.
 */
void event_ctx_add_work(struct event_ctx *c, uint64_t loops, int64_t wall_ns,
			int64_t asked_ns, bool complete);
/* A timer's period and slack (summed with global.cumulative_slack); an
 * overrun has no wake-up latency. */
void event_ctx_add_timer(struct event_ctx *c, int64_t period_ns,
			 int64_t slack_ns, bool overrun);
/* The iteration's one stamp for batch wakes (taken at the first). */
int64_t event_ctx_batch_stamp(struct event_ctx *c);
/* A plain add to one of the thread's counters. */
static inline void event_ctx_count(struct event_ctx *c, enum event_count what,
				   uint64_t n)
{
	c->counts[what] += n;
}
/* A request done at now: counted, its latency since the last wake-up. */
void event_ctx_request(struct event_ctx *c, int64_t now);
/* The requests done so far by every thread of the run. */
uint64_t event_ctx_requests(const struct event_ctx *c);
/* A rate sample (requests per second); the last sample's count and time,
 * kept with the thread's statistics for the report's last interval. */
void event_ctx_rate_add(struct event_ctx *c, uint64_t per_s);
void event_ctx_rate_last(const struct event_ctx *c, uint64_t *done,
			 int64_t *at_ns);
void event_ctx_rate_mark(struct event_ctx *c, uint64_t done, int64_t at_ns);

#endif
