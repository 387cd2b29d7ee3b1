/*
 * timer.c - "timer": sleep until the timer's next absolute deadline.
 *
 * rt-app's semantics: the first use anchors the timer at time zero plus
 * the task's delay; each use advances it by the period; an overrun (the
 * deadline already passed) re-anchors a relative timer at now and leaves
 * an absolute one behind, to catch up. A timer named "unique..." is one per
 * thread; any other name is shared, and every user advances it.
 *
 * A period given as a distribution makes the timer an arrival process:
 * each use draws the gap to the next deadline ({"exponential": m} is a
 * Poisson process of rate 1/m). Overruns follow the same rules: a
 * relative timer re-anchors at now (the late arrival is taken now and
 * the next gap is drawn from there); an absolute one keeps the drawn
 * arrival times and catches up, running back-to-back until it is in
 * step again (doc/grammar.md, "timer").
 */
#include "lib/arena.h"
#include "model/dist.h"
#include "model/dump_value.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parser.h"
#include "event_ctx.h"
#include "lib/clock_sleep.h"
#include "lib/hot.h"
#include "lib/timeutil.h"

#include <errno.h>
#include <json-c/json.h>
#include <stddef.h>
#include <string.h>

struct timer_args {
	const char *ref;
	struct dist_value period_ns; /* fixed, or drawn at each use */
	int mode;                 /* TIMER_RELATIVE or TIMER_ABSOLUTE */
};

enum { TIMER_RELATIVE, TIMER_ABSOLUTE };

static const char *const timer_modes[] = { "relative", "absolute", NULL };

static const struct key timer_keys[] = {
	{ .name = "ref", .type = KEY_STRING,
	  .offset = offsetof(struct timer_args, ref), .def_str = "unknown",
	  .help = "timer name; \"unique...\": one per thread (\"unknown\")" },
	{ .name = "period", .type = KEY_DURATION_US,
	  .offset = offsetof(struct timer_args, period_ns),
	  .max = KEY_DURATION_MAX_US, .unit = "us",
	  .flags = KEYF_REQUIRED | KEYF_DIST,
	  .help = "us between deadlines, or a distribution (drawn at each "
		  "use)" },
	{ .name = "mode", .type = KEY_ENUM,
	  .offset = offsetof(struct timer_args, mode), .values = timer_modes,
	  .def = TIMER_RELATIVE,
	  .help = "\"relative\" (re-anchor after an overrun) or \"absolute\"" },
	{ NULL }
};

static int timer_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev)
{
	struct timer_args *a = ev->args;

	if (v->type != J_OBJECT) {
		parser_error(p, v, path,
			     "expected {\"ref\": name, \"period\": us, "
			     "\"mode\": \"relative\"|\"absolute\"}, got %s",
			     jtype_name(v->type));
		return -1;
	}
	if (keys_walk(p, path, v, timer_keys, a))
		return -1;
	bool unique = !strncmp(a->ref, "unique", 6);

	ev->resource = parser_resource(p, a->ref, RES_TIMER, unique);
	if (a->mode == TIMER_ABSOLUTE)
		p->w->resources[ev->resource].absolute = true;
	/* rt-app: a unique timer is its own type, its name tagged. */
	if (unique) {
		ev->ftrace_type = RTAPP_TYPE_TIMER_UNIQUE;
		ev->desc = arena_printf(p->a, "%s:%s%lx", ev->key, a->ref,
					parser_task_tag(p));
	} else {
		ev->desc = arena_printf(p->a, "%s:%s", ev->key, a->ref);
	}
	ev->period_ns = a->period_ns.fixed; /* cyclictest's interval */
	p->task->wake_paths |= 1u << WAKE_TIMER;
	return 0;
}

/* A shared timer's next deadline: every user advances it. Anchored once:
 * a plain load spares every later use the compare-and-swap. */
static int64_t timer_advance_shared(struct event_ctx *ctx,
				    struct timer_state *ts, int64_t period)
{
	bool expect = false;

	if (!atomic_load_explicit(&ts->started, memory_order_acquire) &&
	    atomic_compare_exchange_strong(&ts->started, &expect, true))
		atomic_store(&ts->next_ns, event_ctx_t_first(ctx));
	return atomic_fetch_add(&ts->next_ns, period) + period;
}

/* A unique timer's: only its thread touches it, so plain (relaxed) loads
 * and stores, no locked instruction on the way to every sleep. */
static int64_t timer_advance_own(struct event_ctx *ctx,
				 struct timer_state *ts, int64_t period)
{
	int64_t next;

	if (!atomic_load_explicit(&ts->started, memory_order_relaxed)) {
		atomic_store_explicit(&ts->started, true, memory_order_relaxed);
		next = event_ctx_t_first(ctx);
	} else {
		next = atomic_load_explicit(&ts->next_ns, memory_order_relaxed);
	}
	next += period;
	atomic_store_explicit(&ts->next_ns, next, memory_order_relaxed);
	return next;
}

HOT static void timer_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct timer_args *a = ev->args;
	const struct resource *r = event_ctx_resource(ctx, ev->resource);
	struct timer_state *ts = event_ctx_timer(ctx, r);
	int64_t period = dist_get(&a->period_ns, event_ctx_rng(ctx));
	int64_t next, now, lat;

	next = r->unique ? timer_advance_own(ctx, ts, period)
			 : timer_advance_shared(ctx, ts, period);
	now = time_now_ns();
	/* The expiry starts a chain (an overrun's too: its lateness counts). */
	event_ctx_chain_timer(ctx, next);
	/* Overrun: no sleep, and no latency to speak of. */
	event_ctx_add_timer(ctx, period, next - now, now >= next);
	if (now >= next) {
		if (!r->absolute)
			atomic_store(&ts->next_ns, now);
		return;
	}
	struct timespec when = time_ts(next);
	int rc;
	while ((rc = clock_sleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &when,
				 NULL)) == EINTR &&
	       !event_ctx_stopping(ctx))
		;
	if (rc)
		return; /* stopped: the iteration is discarded anyway */
	now = time_now_ns();
	lat = now - next;
	event_ctx_record_wake(ctx, WAKE_TIMER, lat, now);
}

static size_t timer_uses(const struct event *ev, struct event_use *out,
			 size_t max)
{
	const struct timer_args *a = ev->args;

	if (max)
		out[0] = (struct event_use){ .resource = ev->resource,
					     .role = ROLE_TICK,
					     /* drawn: no one period */
					     .amount = a->period_ns.dist
							? -1 : a->period_ns.fixed };
	return 1;
}

static void timer_dump(const struct workload *w, const struct event *ev,
		       struct json_object *out)
{
	const struct timer_args *a = ev->args;
	const struct resource *r = &w->resources[ev->resource];

	json_object_object_add(out, "ref", json_object_new_string(r->name));
	json_object_object_add(out, "period_us", dump_dist_us(&a->period_ns));
	json_object_object_add(out, "mode",
			       json_object_new_string(r->absolute ? "absolute"
								  : "relative"));
	json_object_object_add(out, "unique", json_object_new_boolean(r->unique));
}

const struct event_kind event_timer = {
	.key = "timer",
	.ftrace_type = RTAPP_TYPE_TIMER,
	.help = "an object: sleep until the timer's next deadline",
	.keys = timer_keys,
	.args_size = sizeof(struct timer_args),
	.parse = timer_parse,
	.exec = timer_exec,
	.dump = timer_dump,
	.uses = timer_uses,
};
