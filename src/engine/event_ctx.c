/*
 * event_ctx.c - the engine's side of event_ctx.h: what an event's exec may
 * see and record of the thread running it, and the per-thread state of
 * event kinds (event.h), which the thread holds as opaque pointers.
 */
#include "event_ctx.h"

#include "engine/engine_ctx.h"
#include "engine/latency_break.h"
#include "engine/thread.h"
#include "engine/work.h"
#include "event.h"
#include "lib/hist.h"
#include "lib/hot.h"
#include "lib/timeutil.h"
#include "record/lock_stats.h"
#include "record/samples.h"
#include "resource.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static struct thread *ctx_thread(const struct event_ctx *c)
{
	return c->thread;
}

const struct workload *event_ctx_workload(const struct event_ctx *c)
{
	return ctx_thread(c)->eng->w;
}

const struct task *event_ctx_task(const struct event_ctx *c)
{
	return ctx_thread(c)->task;
}

HOT struct live_resource *event_ctx_live(const struct event_ctx *c, int index)
{
	return &c->live[index];
}

HOT struct timer_state *event_ctx_timer(struct event_ctx *c,
				    const struct resource *r)
{
	struct thread *t = ctx_thread(c);

	return r->unique ? &t->unique_timers[r->slot]
			 : &t->eng->shared_timers[r->slot];
}

int event_ctx_io_fd(const struct event_ctx *c)
{
	return ctx_thread(c)->eng->io_fd;
}

int64_t event_ctx_t_zero(const struct event_ctx *c)
{
	return ctx_thread(c)->eng->t_zero_ns;
}

int64_t event_ctx_t_first(const struct event_ctx *c)
{
	return ctx_thread(c)->t_first_ns;
}

HOT uint64_t event_ctx_work(const struct event_ctx *c, uint64_t n, bool stoppable)
{
	return work_loops(n, stoppable ? event_ctx_stop_flag(c) : NULL);
}

void event_ctx_fork(struct event_ctx *c, int task)
{
	struct thread *t = ctx_thread(c);

	engine_fork(t->eng, &t->eng->w->tasks[task]);
}

void event_ctx_hold(struct event_ctx *c, int mutex, int64_t waited_since_ns)
{
	struct thread *t = ctx_thread(c);
	int64_t now = event_ctx_record_lock(c, mutex, waited_since_ns);

	if (t->n_held < THREAD_MAX_HELD) {
		t->held_ns[t->n_held] = now;
		t->held[t->n_held++] = mutex;
	}
}

bool event_ctx_holds(const struct event_ctx *c, int mutex)
{
	const struct thread *t = ctx_thread(c);

	for (int k = 0; k < t->n_held; k++)
		if (t->held[k] == mutex)
			return true;
	return false;
}

bool event_ctx_release(struct event_ctx *c, int mutex)
{
	struct thread *t = ctx_thread(c);

	for (int k = t->n_held - 1; k >= 0; k--) {
		if (t->held[k] != mutex)
			continue;
		event_ctx_record_hold(c, mutex, t->held_ns[k]);
		memmove(&t->held[k], &t->held[k + 1],
			(size_t)(t->n_held - k - 1) * sizeof(int));
		memmove(&t->held_ns[k], &t->held_ns[k + 1],
			(size_t)(t->n_held - k - 1) * sizeof(int64_t));
		t->n_held--;
		return true;
	}
	return false;
}

/* ---- recording ---- */

/* event_ctx_record_wake's body, inline in the message's rest too: a
 * receiver's wake-up is one call, not two. */
static inline void ctx_record_wake(struct event_ctx *c, enum wake_path path,
				   int64_t ns, int64_t now)
{
	struct thread *t = ctx_thread(c);
	struct rhist *h = t->stats.wake_us[path];

	c->woke_ns = now;
	/* The log's wu_lat is rt-app's: timer wake-ups only. */
	if (path == WAKE_TIMER)
		t->it.wu_lat_ns += ns > 0 ? ns : 0;
	if (h)
		rhist_add(h, ns > 0 ? (uint64_t)ns / 1000 : 0);
	if (t->stats.samples)
		samples_add(t->stats.samples, t->cur_phase, path,
			    SAMPLE_WAKE_UP, now - ns, now);
	/* --break-us: one compare per wake-up (INT64_MAX without). */
	if (ns >= t->break_at_ns)
		latency_break_hit(t, path, ns);
}

HOT void event_ctx_record_wake(struct event_ctx *c, enum wake_path path,
			   int64_t ns, int64_t now)
{
	ctx_record_wake(c, path, ns, now);
}

HOT struct event_ctx_received event_ctx_received_on(const struct event_ctx *c,
						   enum wake_path path)
{
	const struct thread_stats *s = &ctx_thread(c)->stats;

	return (struct event_ctx_received){
		.hist = s->message_us[path], .path = path,
		.rest = s->samples || s->message_clock_us[path] };
}

HOT void event_ctx_record_received_rest(struct event_ctx *c,
					enum wake_path path, int64_t ns,
					int64_t now, bool slept)
{
	struct thread *t = ctx_thread(c);

	if (slept)
		ctx_record_wake(c, path, ns, now);
	c->woke_ns = now;
	if (t->stats.message_clock_us[path])
		rhist_add(t->stats.message_clock_us[path],
			  time_us_clock_delta(now - ns, now));
	if (t->stats.samples)
		samples_add(t->stats.samples, t->cur_phase, path,
			    SAMPLE_MESSAGE, now - ns, now);
}

void event_ctx_record_message(struct event_ctx *c, enum wake_path path,
			      int64_t ns, int64_t now)
{
	struct rhist *h = ctx_thread(c)->stats.message_us[path];

	event_ctx_record_received_rest(c, path, ns, now, false);
	if (h)
		rhist_add(h, ns > 0 ? (uint64_t)ns / 1000 : 0);
}

int64_t event_ctx_record_lock(struct event_ctx *c, int mutex,
			      int64_t waited_since_ns)
{
	struct thread_stats *st = &ctx_thread(c)->stats;
	struct lock_stats *s = lock_stats_find(st->locks, st->n_locks, mutex);
	int64_t now = time_now_ns();

	if (s)
		lock_stats_acquired(s, waited_since_ns < 0
					       ? -1 : now - waited_since_ns);
	return now;
}

void event_ctx_record_hold(struct event_ctx *c, int mutex,
			   int64_t held_since_ns)
{
	struct thread_stats *st = &ctx_thread(c)->stats;
	struct lock_stats *s = lock_stats_find(st->locks, st->n_locks, mutex);

	if (s)
		lock_stats_released(s, time_now_ns() - held_since_ns);
}

void event_ctx_woken(struct event_ctx *c, int64_t now)
{
	c->woke_ns = now;
}

int64_t event_ctx_woken_ns(const struct event_ctx *c)
{
	return c->woke_ns;
}

HOT void event_ctx_add_work(struct event_ctx *c, uint64_t loops, int64_t wall_ns,
			int64_t asked_ns, bool complete)
{
	struct thread *t = ctx_thread(c);

	t->it.loops += loops;
	t->it.run_ns += wall_ns;
	t->it.c_duration_ns += asked_ns;
	if (complete && asked_ns > 0 && t->stats.run_err_bp)
		rshist_add(t->stats.run_err_bp,
			  (wall_ns - asked_ns) * 10000 / asked_ns);
}

HOT void event_ctx_add_timer(struct event_ctx *c, int64_t period_ns,
			 int64_t slack_ns, bool overrun)
{
	struct thread *t = ctx_thread(c);

	t->it.c_period_ns += period_ns;
	/* The thread's copy: the workload's globals are a line of their
	 * own, cold after every sleep. */
	if (t->cumulative_slack)
		t->it.slack_ns += slack_ns;
	else
		t->it.slack_ns = slack_ns;
	if (overrun) {
		t->it.wu_lat_ns = 0;
		t->stats.timer_overruns++;
	}
}

int64_t event_ctx_batch_stamp(struct event_ctx *c)
{
	struct thread *t = ctx_thread(c);

	if (!t->it.batch_ns)
		t->it.batch_ns = time_now_ns();
	return t->it.batch_ns;
}

void event_ctx_request(struct event_ctx *c, int64_t now)
{
	struct thread *t = ctx_thread(c);

	/* µs as schbench's gettimeofday differences give them. */
	if (c->woke_ns && t->stats.request_us)
		rhist_add(t->stats.request_us,
			 (uint64_t)(now / 1000 - c->woke_ns / 1000));
	atomic_fetch_add_explicit(&t->stats.requests, 1, memory_order_relaxed);
}

uint64_t event_ctx_requests(const struct event_ctx *c)
{
	const struct engine *e = ctx_thread(c)->eng;
	int n = atomic_load_explicit(&e->n_threads, memory_order_acquire);
	uint64_t sum = 0;

	for (int k = 0; k < n; k++)
		sum += atomic_load_explicit(&e->threads[k].stats.requests,
					    memory_order_relaxed);
	return sum;
}

void event_ctx_rate_add(struct event_ctx *c, uint64_t per_s)
{
	struct thread *t = ctx_thread(c);

	if (t->stats.rate)
		rhist_add(t->stats.rate, per_s);
}

void event_ctx_rate_last(const struct event_ctx *c, uint64_t *done,
			 int64_t *at_ns)
{
	const struct thread *t = ctx_thread(c);

	*done = t->stats.rate_last;
	*at_ns = t->stats.rate_last_ns;
}

void event_ctx_rate_mark(struct event_ctx *c, uint64_t done, int64_t at_ns)
{
	struct thread *t = ctx_thread(c);

	t->stats.rate_last = done;
	t->stats.rate_last_ns = at_ns;
}

/* ---- lock statistics: which mutexes ---- */

/* A lock event (lock, percpu_lock) and the mutex it takes, or -1. */
static int thread_locks_mutex(const struct event *ev)
{
	return ev->kind->ftrace_type == RTAPP_TYPE_LOCK ? ev->resource : -1;
}

/*
 * The distinct mutexes task's lock events take, in order of first use:
 * counted with a bitmap over the resources (before time zero, no fixed
 * bound on a task's events), listed into ls checking the entries so far.
 */
size_t thread_locks_count(const struct task *task)
{
	int max = -1;
	size_t n = 0;
	bool *seen;

	for (size_t p = 0; p < task->n_phases; p++)
		for (size_t e = 0; e < task->phases[p].n_events; e++) {
			int m = thread_locks_mutex(&task->phases[p].events[e]);

			if (m > max)
				max = m;
		}
	if (max < 0 || !(seen = calloc((size_t)max + 1, sizeof(*seen))))
		return 0; /* out of memory: no statistics */
	for (size_t p = 0; p < task->n_phases; p++)
		for (size_t e = 0; e < task->phases[p].n_events; e++) {
			int m = thread_locks_mutex(&task->phases[p].events[e]);

			if (m >= 0 && !seen[m]) {
				seen[m] = true;
				n++;
			}
		}
	free(seen);
	return n;
}

void thread_locks_init(struct lock_stats *ls, const struct task *task)
{
	size_t n = 0;

	for (size_t p = 0; p < task->n_phases; p++)
		for (size_t e = 0; e < task->phases[p].n_events; e++) {
			int m = thread_locks_mutex(&task->phases[p].events[e]);

			if (m < 0 || lock_stats_find(ls, n, m))
				continue;
			memset(&ls[n], 0, sizeof(ls[n]));
			ls[n++].resource = m;
		}
}

/* ---- kinds' per-thread state ---- */

/* event_ctx_count adds to the counters as an array from stats.sent. */
#define COUNT_AT(field, what)                                              \
	_Static_assert(offsetof(struct thread_stats, field) -               \
			       offsetof(struct thread_stats, sent) ==       \
		       (what) * sizeof(uint64_t),                           \
		       #field " is not counter " #what)
COUNT_AT(received, EVENT_COUNT_RECEIVED);
COUNT_AT(sent_bytes, EVENT_COUNT_SENT_BYTES);
COUNT_AT(received_bytes, EVENT_COUNT_RECEIVED_BYTES);
COUNT_AT(damaged, EVENT_COUNT_DAMAGED);

int thread_states_init(struct thread *t)
{
	const struct task *task = t->task;
	size_t n = event_state_slots();

	t->ctx = (struct event_ctx){ .thread = t, .rng = &t->rng,
				     .resources = t->eng->w->resources,
				     .stop = &t->eng->stop,
				     .ns_per_loop = t->eng->ns_per_loop,
				     .counts = &t->stats.sent };
	/* One slot more, first: states[-1] is NULL, what an event of a kind
	 * without state (state_slot -1) is handed, without a test. */
	t->states = calloc(n + 1, sizeof(*t->states));
	if (!t->states)
		return -1;
	t->states++;
	for (size_t p = 0; p < task->n_phases; p++)
		for (size_t e = 0; e < task->phases[p].n_events; e++) {
			const struct event *ev = &task->phases[p].events[e];
			const struct event_state *s = ev->kind->state;
			int slot = ev->state_slot;

			if (slot < 0 || t->states[slot])
				continue;
			if (!(t->states[slot] = calloc(1, s->size)))
				return -1;
			if (s->init && s->init(t->states[slot], t->eng->w, task)) {
				free(t->states[slot]);
				t->states[slot] = NULL;
				return -1;
			}
		}
	return 0;
}

void thread_states_stop(struct thread *t)
{
	for (size_t k = 0, n = event_state_slots(); t->states && k < n; k++)
		if (t->states[k] && event_kinds[k]->state->stop)
			event_kinds[k]->state->stop(t->states[k]);
}

void thread_states_release(struct thread *t)
{
	for (size_t k = 0, n = event_state_slots(); t->states && k < n; k++) {
		if (!t->states[k])
			continue;
		if (event_kinds[k]->state->release)
			event_kinds[k]->state->release(t->states[k], t->task);
		free(t->states[k]);
	}
	if (t->states)
		free(t->states - 1);
	t->states = NULL;
}
