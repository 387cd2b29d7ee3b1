/*
 * sleep.c - "sleep": a relative clock_nanosleep, with the default timer
 * slack, as the benchmarks that mimic models do.
 *   "sleep": us, or {"time": us, "jitter": us}
 * With jitter, each sleep is time + a uniform random part below jitter
 * (classic schbench's message thread sleeps sleeptime + rand % (s / 4)).
 */
#define _GNU_SOURCE
#include "report/dump.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/parse.h"
#include "engine/thread.h"
#include "lib/timeutil.h"
#include "events/duration.h"

#include <errno.h>
#include <json-c/json.h>
#include <string.h>
#include <unistd.h>

static int sleep_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev)
{
	bool has_time = false;

	ev->sleep.jitter_ns = 0;
	if (v->type != J_OBJECT)
		return duration_parse(p, path, v, ev);
	for (size_t k = 0; k < v->n; k++) {
		const struct jnode *m = v->kids[k];
		const char *mp = parser_path(p, path, m->key);

		if (!strcmp(m->key, "time")) {
			if (parser_time_us(p, mp, m, &ev->sleep.ns))
				return -1;
			has_time = true;
		} else if (!strcmp(m->key, "jitter")) {
			if (parser_time_us(p, mp, m, &ev->sleep.jitter_ns))
				return -1;
		} else {
			parser_error(p, m, mp, "unknown key (expected time, jitter)");
			return -1;
		}
	}
	if (!has_time) {
		parser_error(p, v, path, "missing \"time\"");
		return -1;
	}
	return 0;
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

static void sleep_exec(struct thread *t, const struct event *ev)
{
	int64_t ns = ev->sleep.ns;
	struct timespec left;

	if (ev->sleep.jitter_ns > 0)
		ns += sleep_jitter(ev->sleep.jitter_ns);
	left = time_ts(ns);
	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &left, &left) == EINTR &&
	       !thread_should_stop(t))
		;
}

static void sleep_dump(const struct workload *w, const struct event *ev,
		       struct json_object *out)
{
	duration_dump(w, ev, out);
	if (ev->sleep.jitter_ns)
		json_object_object_add(out, "jitter_us",
				       dump_us(ev->sleep.jitter_ns));
}

const struct event_kind event_sleep = {
	.key = "sleep",
	.ftrace_type = RTAPP_TYPE_SLEEP,
	.parse = sleep_parse,
	.exec = sleep_exec,
	.dump = sleep_dump,
};
