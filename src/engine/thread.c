/*
 * thread.c - the body of every task instance: set up, wait at the start
 * gate, then walk the task's phases, one log row per phase iteration.
 */
#define _GNU_SOURCE
#include "engine/thread.h"

#include "engine/engine_ctx.h"
#include "model/policy.h"
#include "event.h"
#include "record/e2e.h"
#include "record/ftrace.h"
#include "resources/mutex.h"
#include "record/samples.h"
#include "engine/sched_attr.h"
#include "engine/taskgroup.h"
#include "lib/kstat.h"
#include "lib/madv.h"
#include "lib/clock_sleep.h"
#include "lib/hot.h"
#include "lib/timeutil.h"
#include "record/trace_ring.h"

#include <errno.h>
#include <numa.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

HOT bool thread_should_stop(const struct thread *t)
{
	return event_ctx_stopping(&t->ctx);
}

/* A thread that stops while holding mutexes must not leave waiters stuck. */
static void thread_release_all(struct thread *t)
{
	while (t->n_held > 0)
		pthread_mutex_unlock(
			mutex_live(event_ctx_live(&t->ctx,
						  t->held[--t->n_held])));
	thread_states_stop(t);
}

static void thread_membind(const struct node_list *l)
{
	struct bitmask *mask = numa_allocate_nodemask();

	for (size_t k = 0; k < l->n; k++)
		numa_bitmask_setbit(mask, (unsigned)l->nodes[k]);
	numa_set_membind(mask);
	numa_bitmask_free(mask);
}

/* The histograms a task's events record (an rshist counts as its two
 * halves): a slack only with a timer, a run error and wall time only with
 * run, runtime or cputime; the others by wake path and event. */
void thread_hist_counts(const struct task *task, bool clock_messages,
			unsigned *plain, unsigned *sign)
{
	*plain = *sign = 0;
	for (int w = 0; w < WAKE_PATHS; w++)
		if (task->wake_paths & (1u << w))
			*plain += 1 + (wake_path_has_messages((enum wake_path)w)
				       ? 1 + clock_messages : 0);
	*plain += !!(task->records & (1u << RECORD_REQUESTS)) +
		  !!(task->records & (1u << RECORD_RATE)) +
		  !!(task->records & (1u << RECORD_WORK)); /* run_us */
	*sign = !!(task->records & (1u << RECORD_WORK)) + /* run error */
		!!(task->wake_paths & (1u << WAKE_TIMER)); /* slack */
}

/* Widens [*lo, *hi) to hold [p, p + len). */
static void thread_span(const void *p, size_t len, uintptr_t *lo,
			uintptr_t *hi)
{
	uintptr_t a = (uintptr_t)p;

	if (!p)
		return;
	if (!*lo || a < *lo)
		*lo = a;
	if (a + len > *hi)
		*hi = a + len;
}

/*
 * Makes resident now what t's first iteration writes (best effort): its
 * log ring's home row, the headers of the histograms the task records
 * and the first chunks of their pool (one per histogram, as a signed
 * value goes to one of its two sides, and one more). No more: on a guest
 * with shadow page tables a page costs 8 us more at its first write
 * however it was made resident (doc/limits.md). These are adjacent, from
 * the start of a page (engine_place_stats): one range. Each thread as it
 * sets itself up, while main creates the others, so that they are not
 * faulted in by every thread at once as the gate opens. plain and sign:
 * how many histograms of each kind (thread_hist_counts).
 */
static void thread_prefault_stats(struct thread *t, unsigned plain,
				  unsigned sign)
{
	const struct thread_stats *s = &t->stats;
	uintptr_t lo = 0, hi = 0;

	if (t->ring.rows)
		thread_span(ring_home(&t->ring), sizeof(struct log_row), &lo,
			    &hi);
	thread_span(s->request_us, sizeof(struct rhist), &lo, &hi);
	thread_span(s->rate, sizeof(struct rhist), &lo, &hi);
	thread_span(s->run_us, sizeof(struct rhist), &lo, &hi);
	thread_span(s->run_err_bp, sizeof(struct rshist), &lo, &hi);
	thread_span(s->slack_us, sizeof(struct rshist), &lo, &hi);
	for (int w = 0; w < WAKE_PATHS; w++) {
		thread_span(s->wake_us[w], sizeof(struct rhist), &lo, &hi);
		thread_span(s->message_us[w], sizeof(struct rhist), &lo, &hi);
		thread_span(s->message_clock_us[w], sizeof(struct rhist), &lo,
			    &hi);
	}
	thread_span(s->hists, rhist_pool_head_bytes(plain + sign + 1), &lo,
		    &hi);
	madv_populate((const void *)lo, hi - lo);
}

static void thread_init_rhist(struct rhist *h, struct rhist_pool *pool)
{
	if (h)
		rhist_init(h, pool);
}

/* The headers of the histograms main placed (engine.c), each pointed at
 * by t's statistics; zero until now. plain and sign: how many of each
 * kind (thread_hist_counts). */
static void thread_init_stats(struct thread *t, unsigned plain,
			      unsigned sign)
{
	struct thread_stats *s = &t->stats;

	if (!s->hists)
		return;
	rhist_pool_init(s->hists, plain + 2 * sign);
	for (int w = 0; w < WAKE_PATHS; w++) {
		thread_init_rhist(s->wake_us[w], s->hists);
		thread_init_rhist(s->message_us[w], s->hists);
		thread_init_rhist(s->message_clock_us[w], s->hists);
	}
	thread_init_rhist(s->request_us, s->hists);
	thread_init_rhist(s->rate, s->hists);
	thread_init_rhist(s->run_us, s->hists);
	if (s->run_err_bp)
		rshist_init(s->run_err_bp, s->hists);
	if (s->slack_us)
		rshist_init(s->slack_us, s->hists);
}

/* Everything that can fail before time zero, so the run can be refused. */
static void thread_setup(struct thread *t)
{
	const struct task *task = t->task;
	unsigned plain, sign;

	/* Its statistics on its nodes, if it is bound to some: resident
	 * before time zero (not faulted in by every thread at once as the
	 * gate opens), then their headers written. */
	if (task->nodes.n) {
		thread_membind(&task->nodes);
		t->cur_nodes = &task->nodes;
	}
	thread_hist_counts(task, t->eng->w->g.us_clock_messages, &plain,
			   &sign);
	thread_prefault_stats(t, plain, sign);
	thread_init_stats(t, plain, sign);
	prctl(PR_SET_NAME, t->name, 0, 0, 0);
	/* The live resources exist by now (made after the threads' set-up
	 * in main, and before any thread starts). */
	t->ctx.live = t->eng->res;
	/* A thread runs in the process that made it; a process instance
	 * in its own (getpid(), a system call, only there). */
	atomic_store(&t->pid, t->own_process ? getpid() : t->home);
	atomic_store(&t->tid, gettid());
	t->cur_sched = task->sched;
	t->setup_error = sched_attr_apply(&t->cur_sched,
					  t->eng->opt->allow_missing,
					  t->setup_msg, sizeof(t->setup_msg));
	if (!t->setup_error && task->cpus.n) {
		t->setup_error = sched_affinity_apply(&task->cpus, t->setup_msg,
						      sizeof(t->setup_msg));
		t->cur_cpus = &task->cpus;
	}
	if (!t->setup_error && task->taskgroup) {
		t->setup_error = taskgroup_join(task->taskgroup, t->tid,
						t->setup_msg,
						sizeof(t->setup_msg));
		t->cur_group = task->taskgroup;
	}
}

/* Waits at the gate; false if the run was aborted before time zero. */
static bool thread_wait_gate(struct thread *t)
{
	struct engine *e = t->eng;

	start_gate_arrive(&e->gate);
	start_gate_wait_open(&e->gate);
	start_gate_leave(&e->gate);
	return !e->abort;
}

/* rt-app's order: c_period before c_run, low 32 bits as signed. */
static void thread_trace_stats(const struct thread *t, int64_t period_ns)
{
	if (!ftrace_on(FTRACE_STATS))
		return;
	ftrace_stats((int)time_ns_to_us(period_ns),
		     (int)time_ns_to_us(t->it.run_ns),
		     (int)time_ns_to_us(t->it.wu_lat_ns),
		     (int)time_ns_to_us(t->it.slack_ns),
		     (int)time_ns_to_us(t->it.c_period_ns),
		     (int)time_ns_to_us(t->it.c_duration_ns));
}

/*
 * rt-app's rtapp_attrs lines for setting attributes: own are the keys
 * given where they are set (the task, or a phase: MIMIC_UNSET and -1 for
 * those not given), eff what is in force after. SCHED_DEADLINE: one line,
 * of own's values with rt-app's defaults. Otherwise, when a policy or
 * priority is given: for OTHER and BATCH a "nice runtime" line (runtime:
 * dl-runtime in ns, the fair slice), then "policy prio"; then one uclamp
 * line for each of util_min, util_max given.
 */
static void thread_trace_attrs(const struct sched_attrs *own,
			       const struct sched_attrs *eff)
{
	if (!ftrace_on(FTRACE_ATTRS))
		return;
	if (eff->policy == SCHED_DEADLINE) {
		int64_t period = own->dl_period_ns ? own->dl_period_ns
						   : own->dl_runtime_ns;

		ftrace_attrs_dl((long long)own->dl_runtime_ns,
				(long long)(own->dl_deadline_ns
						? own->dl_deadline_ns
						: period),
				(long long)period);
		return;
	}
	if (own->policy != MIMIC_UNSET || own->priority != MIMIC_UNSET) {
		if (eff->policy == SCHED_OTHER || eff->policy == SCHED_BATCH)
			ftrace_attrs_fair(policy_name(eff->policy),
					  eff->priority,
					  (long long)own->dl_runtime_ns);
		ftrace_attrs_policy(policy_name(eff->policy), eff->priority);
	}
	if (own->util_min != -1)
		ftrace_attrs_uclamp("util_min", own->util_min);
	if (own->util_max != -1)
		ftrace_attrs_uclamp("util_max", own->util_max);
}

/* Attributes at entry to another phase, applied only when they change
 * (as rt-app). */
static void thread_enter_other_phase(struct thread *t, const struct phase *ph)
{
	const struct cpu_set_list *cpus = ph->cpus.n	     ? &ph->cpus
					  : t->task->cpus.n ? &t->task->cpus
							    : &t->initial_cpus;
	char err[256];

	int rc = 0;

	if (cpus != t->cur_cpus && cpus->n) {
		rc |= sched_affinity_apply(cpus, err, sizeof(err));
		t->cur_cpus = cpus;
	}
	if (ph->taskgroup && (!t->cur_group ||
			      strcmp(ph->taskgroup, t->cur_group))) {
		rc |= taskgroup_join(ph->taskgroup, t->tid, err, sizeof(err));
		t->cur_group = ph->taskgroup;
	}
	if (ph->nodes.n && &ph->nodes != t->cur_nodes) {
		thread_membind(&ph->nodes);
		t->cur_nodes = &ph->nodes;
	}
	if (ph->has_sched) {
		struct sched_attrs want = t->cur_sched;

		policy_merge(&want, &ph->sched);
		if (memcmp(&want, &t->cur_sched, sizeof(want))) {
			rc |= sched_attr_apply(&want, t->eng->opt->allow_missing,
					       err, sizeof(err));
			t->cur_sched = want;
		}
	}
	/* rt-app sets (and traces) a phase's attributes each time it enters
	 * it from another with attributes, equal or not. */
	if (ph->has_sched && ph != t->attrs_phase) {
		t->attrs_phase = ph;
		thread_trace_attrs(&ph->sched, &t->cur_sched);
	}
	/* Preflight tried these; one refused now is counted and reported. */
	if (rc && !t->stats.attr_failures++)
		snprintf(t->attr_msg, sizeof(t->attr_msg), "phase %.40s: %.200s",
			 ph->name, err);
}

/* Attributes at phase entry, applied only when they change (as rt-app). */
static void thread_enter_phase(struct thread *t, const struct phase *ph)
{
	/* Entering the phase it just left: nothing to change or trace. */
	if (ph == t->entered_phase)
		return;
	t->entered_phase = ph;
	thread_enter_other_phase(t, ph);
}

/*
 * The iteration's end-to-end latency (record/e2e.h), when it received a
 * chain or its phase has a budget (thread_end_iteration): from the
 * earliest origin it received, else from its own trigger, to end_ns.
 */
static void thread_end_chain(struct thread *t, const struct phase *ph,
			     int64_t end_ns, uint64_t tl, uint64_t pl)
{
	int64_t origin = t->ctx.chain_ns ? t->ctx.chain_ns
			 : t->it.own_ns ? t->it.own_ns : t->ctx.trigger_ns;
	bool late;

	late = e2e_add(t->stats.e2e, origin, end_ns, ph->budget_ns,
		       t->ctx.chain_ns != 0);
	if (t->trace)
		trace_record_e2e(t->trace, origin, end_ns, tl, pl,
				 t->cur_phase, late);
}

/*
 * Logs the iteration; returns its period, if want_period. The clock is
 * read only for what asks for the iteration's end: its log row, its
 * end-to-end latency, the period (rtapp_stats); a sender of messages
 * whose logs are off reads it for nothing else, once per iteration.
 */
static int64_t thread_end_iteration(struct thread *t, const struct phase *ph,
				    int64_t start_ns, uint64_t tl, uint64_t pl,
				    bool want_period)
{
	bool e2e = t->stats.e2e && (t->ctx.chain_ns || ph->budget_ns);
	int64_t end_ns;

	t->stats.rows++;
	/* In the log's µs, so the summary and the rows agree. */
	if (t->it.c_period_ns && t->stats.slack_us)
		rshist_add(t->stats.slack_us, time_ns_to_us(t->it.slack_ns));
	if (t->it.c_duration_ns && t->stats.run_us)
		rhist_add(t->stats.run_us, (uint64_t)time_ns_to_us(t->it.run_ns));
	if (!e2e && !t->ring.rows && !want_period)
		return 0;
	end_ns = time_now_ns();
	if (e2e)
		thread_end_chain(t, ph, end_ns, tl, pl);
	if (t->ring.rows) {
		struct log_row row = {
			.perf = t->it.loops / 1000,
			.run_ns = t->it.run_ns,
			.start_ns = start_ns,
			.end_ns = end_ns,
			.slack_ns = t->it.slack_ns,
			.c_duration_ns = t->it.c_duration_ns,
			.c_period_ns = t->it.c_period_ns,
			.wu_lat_ns = t->it.wu_lat_ns,
		};

		ring_push(&t->ring, &row);
	}
	return end_ns - start_ns;
}

static void thread_sleep_until(struct thread *t, int64_t when_ns)
{
	struct timespec ts = time_ts(when_ns);

	while (clock_sleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR &&
	       !thread_should_stop(t))
		;
}

/* Where the thread waits, since now, for the "blocked at stop" report:
 * relaxed, read by others only after the run (or of a thread left
 * running). */
static void thread_wait_begin(struct thread *t, size_t p, size_t e,
			      int64_t now)
{
	atomic_store_explicit(&t->wait_phase, (int)p, memory_order_relaxed);
	atomic_store_explicit(&t->wait_event, (int)e, memory_order_relaxed);
	atomic_store_explicit(&t->wait_since_ns, now, memory_order_relaxed);
}

/* Whether something of the task reads its chain origin, by default the
 * iteration's start (event_kind.reads_origin), or ends a budget there. */
static bool thread_reads_origin(const struct thread *t)
{
	const struct task *task = t->task;

	for (size_t p = 0; p < task->n_phases; p++) {
		const struct phase *ph = &task->phases[p];

		if (ph->budget_ns)
			return true;
		for (size_t e = 0; e < ph->n_events; e++) {
			const struct event *ev = &ph->events[e];

			if (ev->kind->reads_origin &&
			    ev->kind->reads_origin(t->eng->w, ev))
				return true;
		}
	}
	return false;
}

/*
 * One iteration of phase p's events, one by one (start_ns: the
 * iteration's start, or 0 if not read); true if the run stops. A stopped
 * iteration is not logged: its numbers would be wrong.
 */
static bool thread_run_events(struct thread *t, size_t p, uint64_t tl,
			      uint64_t pl, int64_t start_ns, bool event_marks)
{
	const struct phase *ph = &t->task->phases[p];
	const struct event *const events = ph->events;
	const size_t n_events = ph->n_events;
	int64_t mark = start_ns; /* --trace-json */

	for (size_t e = 0; e < n_events; e++) {
		const struct event *ev = &events[e];
		const struct event_kind *kind = ev->kind;

		if (event_marks)
			ftrace_event((int)e, ev->ftrace_type, ev->desc);
		/* states[-1] is NULL: a kind without. */
		t->ctx.state = t->states[ev->state_slot];
		if (!t->it.own_ns && kind->ftrace_type != RTAPP_TYPE_TIMER)
			t->it.own_ns = t->ctx.trigger_ns;
		if (!kind->waits) {
			kind->exec(&t->ctx, ev);
		} else {
			/* The first event begins with the iteration: no
			 * clock read more; else the report's grain, the
			 * tick's, will do. */
			t->ctx.began_ns = e ? 0 : start_ns;
			thread_wait_begin(t, p, e,
					  t->ctx.began_ns ? t->ctx.began_ns
							  : time_coarse_ns());
			kind->exec(&t->ctx, ev);
		}
		if (t->trace)
			mark = trace_record(t->trace, mark, tl, pl, p, e);
		if (thread_should_stop(t))
			return true;
		if (kind->waits)
			atomic_store_explicit(&t->wait_since_ns, 0,
					      memory_order_relaxed);
	}
	return false;
}

/*
 * The same for a straight phase (struct phase) without marks or trace:
 * nothing waits, and no timer changes the trigger, so it.own_ns may stay
 * 0 (thread_end_chain then takes the trigger). A message's way from the
 * loop to its kernel call: each instruction of hackbench's senders here
 * (20 sends an iteration) moves how often their receivers run dry and
 * sleep.
 */
static bool thread_run_straight(struct thread *t, const struct phase *ph)
{
	/* Held in registers across the calls, not loaded after each. */
	void *const *const states = t->states;
	const atomic_bool *const stop = event_ctx_stop_flag(&t->ctx);
	const struct event *const end = ph->events + ph->n_events;

	for (const struct event *ev = ph->events; ev < end; ev++) {
		t->ctx.state = states[ev->state_slot];
		ev->kind->exec(&t->ctx, ev);
		if (atomic_load_explicit(stop, memory_order_relaxed))
			return true;
	}
	return false;
}

/* Runs the phases; returns when the loops end or the run is stopped. */
static void thread_run(struct thread *t)
{
	const struct task *task = t->task;
	/* The markers asked for are fixed before time zero: looked up once,
	 * not once per event. */
	const bool loop_marks = ftrace_on(FTRACE_LOOP);
	const bool event_marks = ftrace_on(FTRACE_EVENT);
	const bool stats_marks = ftrace_on(FTRACE_STATS);
	/* What always asks for an iteration's start: its log row, its
	 * --trace-json slices, its period (rtapp_stats). */
	const bool want_start = t->ring.rows || t->trace || stats_marks;
	/* The iteration's start as a chain's origin (without a timer) */
	const bool want_origin = thread_reads_origin(t);
	int64_t delay;

	rng_seed(&t->rng, t->eng->w->g.seed, (uint64_t)t->idx);
	/* A random delay is the thread's first draw. */
	delay = dist_get(&task->delay_ns, &t->rng);
	/* A fork's timers start from its own birth, not the past. */
	t->t_first_ns = (t->forked ? time_now_ns() : t->eng->t_zero_ns) +
			delay;
	if (delay)
		thread_sleep_until(t, t->t_first_ns);

	for (uint64_t tl = 0; task->loop < 0 || tl < (uint64_t)task->loop;
	     tl++) {
		for (size_t p = 0; p < task->n_phases; p++) {
			const struct phase *ph = &task->phases[p];

			for (uint64_t pl = 0;
			     ph->loop <= 0 || pl < (uint64_t)ph->loop; pl++) {
				int64_t start_ns;

				if (thread_should_stop(t))
					return;
				thread_enter_phase(t, ph);
				t->cur_phase = p;
				if (loop_marks)
					ftrace_loop("start", (int)(tl & INT32_MAX),
						    (int)p, (int)(pl & INT32_MAX));
				memset(&t->it, 0, sizeof(t->it));
				t->ctx.chain_ns = 0;
				t->ctx.phase_iter = pl;
				/* A timer ending the last iteration is this
				 * one's trigger (rt-app puts it last); else
				 * its start, read only if something asks for
				 * it (a ping-pong of unstamped messages
				 * without a log reads no exact clock in its
				 * loop: 2.80 us a round trip on one CPU, 2.88
				 * with). 0: not read. */
				start_ns = want_start || (!t->after_timer &&
							  want_origin)
						   ? time_now_ns() : 0;
				if (!t->after_timer)
					t->ctx.trigger_ns = start_ns;
				const struct event *const events = ph->events;
				const size_t n_events = ph->n_events;

				bool stopped = ph->straight && !event_marks &&
							       !t->trace
					? thread_run_straight(t, ph)
					: thread_run_events(t, p, tl, pl,
							    start_ns,
							    event_marks);

				if (stopped)
					return;
				/* The next iteration's trigger is this one's
				 * last timer, when it ends the phase. */
				if (n_events)
					t->after_timer =
						events[n_events - 1].kind->ftrace_type ==
						RTAPP_TYPE_TIMER;
				int64_t period = thread_end_iteration(
					t, ph, start_ns, tl, pl, stats_marks);

				if (loop_marks)
					ftrace_loop("end", (int)(tl & INT32_MAX),
						    (int)p, (int)(pl & INT32_MAX));
				if (stats_marks)
					thread_trace_stats(t, period);
			}
		}
	}
}

/*
 * The kernel's accounting of this thread (kstat.h) as it ends, however it
 * ends (loops done, duration, signal): its CPU time and switches from
 * system calls now, stored before it says it finished; the rest, from
 * /proc, main reads while it is parked after the run (engine_read_kernel), or
 * it reads itself once released if main did not (it finished after main
 * looked). A process instance does not park: it exits as it ends, and
 * main reads it as a zombie. A thread that never gets here (left running
 * after a second signal, or whose process died) keeps .have 0: missing.
 */
static void thread_end_kernel(struct thread *t)
{
	struct kstat k;

	kstat_self_end(&k);
	t->stats.kernel = k;
}

HOT void *thread_main(void *arg)
{
	struct thread *t = arg;

	thread_setup(t);
	if (thread_wait_gate(t)) {
		ftrace_task("start");
		/* The task's keys, with its defaults: rt-app's at the task
		 * level, where a priority is always given. */
		thread_trace_attrs(&t->task->sched, &t->cur_sched);
		thread_run(t);
		/* Stopped (duration, signal): rt-app cancels its threads,
		 * which write nothing more. */
		t->loops_done = !thread_should_stop(t);
		if (t->loops_done)
			ftrace_task("end");
	}
	thread_release_all(t);
	if (t->cur_group && strcmp(t->cur_group, "/"))
		taskgroup_join("/", t->tid, t->setup_msg, sizeof(t->setup_msg));
	thread_end_kernel(t);
	atomic_store(&t->finished, true);
	engine_thread_done(t->eng);
	/* A process instance ends now: main reads its /proc as a zombie,
	 * before it reaps it. */
	if (t->own_process)
		return NULL;
	open_gate_wait(&t->eng->finish);
	if (!atomic_load(&t->kernel_read))
		kstat_read_waits("/proc/thread-self", &t->stats.kernel);
	return NULL;
}
