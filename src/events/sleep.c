/*
 * sleep.c - "sleep": a relative clock_nanosleep, with the default timer
 * slack, as the benchmarks that mimic models do.
 *   "sleep": us, or {"time": us, "jitter": us}
 * With jitter, each sleep is time + a uniform random part below jitter
 * (classic schbench's message thread sleeps sleeptime + rand % (s / 4)).
 * The time may be a distribution (model/dist.h), drawn at each sleep; the
 * jitter comes from the same per-thread generator.
 */
#include "lib/rng.h"
#include "model/dist.h"
#include "model/dump_value.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/parser.h"
#include "event_ctx.h"
#include "lib/clock_sleep.h"
#include "lib/timeutil.h"
#include "parse/keys.h"

#include <errno.h>
#include <json-c/json.h>
#include <stddef.h>
#include <unistd.h>

struct sleep_args {
	struct dist_value ns;     /* fixed, or drawn at each sleep */
	int64_t jitter_ns;        /* plus uniform [0, jitter) */
};

static const struct key sleep_keys[] = {
	{ .name = "time", .type = KEY_DURATION_US,
	  .offset = offsetof(struct sleep_args, ns),
	  .max = KEY_DURATION_MAX_US, .unit = "us",
	  .flags = KEYF_REQUIRED | KEYF_DIST,
	  .help = "us to sleep, or a distribution" },
	{ .name = "jitter", .type = KEY_DURATION_US,
	  .offset = offsetof(struct sleep_args, jitter_ns),
	  .max = KEY_DURATION_MAX_US, .unit = "us",
	  .help = "plus a uniform random part below this many us (0)" },
	{ NULL }
};

static int sleep_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev)
{
	struct sleep_args *a = ev->args;

	/* A distribution is an object too: one key, not one of sleep's. */
	if (v->type != J_OBJECT ||
	    (v->n == 1 && !keys_find(sleep_keys, v->kids[0]->key)))
		return parser_time_dist_us(p, path, v, &a->ns);
	if (keys_walk(p, path, v, sleep_keys, a))
		return -1;
	if (a->jitter_ns)
		p->w->draws = true;
	return 0;
}

static void sleep_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct sleep_args *a = ev->args;
	struct rng *r = event_ctx_rng(ctx);
	int64_t ns = dist_get(&a->ns, r);
	struct timespec left;

	if (a->jitter_ns > 0)
		ns += (int64_t)rng_below(r, (uint64_t)a->jitter_ns);
	left = time_ts(ns);
	while (clock_sleep(CLOCK_MONOTONIC, 0, &left, &left) == EINTR &&
	       !event_ctx_stopping(ctx))
		;
}

static void sleep_dump(const struct workload *w, const struct event *ev,
		       struct json_object *out)
{
	const struct sleep_args *a = ev->args;

	(void)w;
	json_object_object_add(out, "duration_us", dump_dist_us(&a->ns));
	if (a->jitter_ns)
		json_object_object_add(out, "jitter_us", dump_us(a->jitter_ns));
}

const struct event_kind event_sleep = {
	.key = "sleep",
	.ftrace_type = RTAPP_TYPE_SLEEP,
	.help = "us to sleep, or an object",
	.keys = sleep_keys,
	.args_size = sizeof(struct sleep_args),
	.parse = sleep_parse,
	.exec = sleep_exec,
	.dump = sleep_dump,
};
