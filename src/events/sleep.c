/*
 * sleep.c - "sleep": a relative clock_nanosleep, with the default timer
 * slack, as the benchmarks that mimic models do.
 *   "sleep": us, or {"time": us, "jitter": us}
 * With jitter, each sleep is time + a uniform random part below jitter
 * (classic schbench's message thread sleeps sleeptime + rand % (s / 4)).
 */
#define _GNU_SOURCE
#include "model/dump_value.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/parser.h"
#include "event_ctx.h"
#include "lib/timeutil.h"
#include "parse/keys.h"

#include <errno.h>
#include <json-c/json.h>
#include <stddef.h>
#include <unistd.h>

struct sleep_args {
	int64_t ns;
	int64_t jitter_ns;        /* plus uniform [0, jitter) */
};

static const struct key sleep_keys[] = {
	{ .name = "time", .type = KEY_DURATION_US,
	  .offset = offsetof(struct sleep_args, ns),
	  .max = KEY_DURATION_MAX_US, .unit = "us", .flags = KEYF_REQUIRED,
	  .help = "us to sleep" },
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

	if (v->type != J_OBJECT)
		return parser_time_us(p, path, v, &a->ns);
	return keys_walk(p, path, v, sleep_keys, a) ? -1 : 0;
}

/* A per-thread xorshift: cheap, and no lock as rand() would take. */
static int64_t sleep_jitter(int64_t below)
{
	static __thread uint64_t state;

	if (!state)
		state = (uint64_t)gettid() * 0x9e3779b97f4a7c15u | 1;
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (int64_t)(state % (uint64_t)below);
}

static void sleep_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct sleep_args *a = ev->args;
	int64_t ns = a->ns;
	struct timespec left;

	if (a->jitter_ns > 0)
		ns += sleep_jitter(a->jitter_ns);
	left = time_ts(ns);
	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &left, &left) == EINTR &&
	       !event_ctx_stopping(ctx))
		;
}

static void sleep_dump(const struct workload *w, const struct event *ev,
		       struct json_object *out)
{
	const struct sleep_args *a = ev->args;

	(void)w;
	json_object_object_add(out, "duration_us", dump_us(a->ns));
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
