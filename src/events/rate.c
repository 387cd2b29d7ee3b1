/*
 * rate.c - "rate": "requests" samples the rate of requests of a
 * server-like workload (schbench's RPS table): the request events done by
 * all threads since this thread's previous rate event (or time zero), per
 * second, added to its rate histogram. schbench's main thread samples once
 * a second; a task looping on "rate" and a 1 s "sleep" is that.
 */
#include "engine/engine.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/parse.h"
#include "engine/thread.h"
#include "engine/thread_extra.h"
#include "lib/timeutil.h"

#include <json-c/json.h>
#include <math.h>
#include <string.h>

static int rate_parse(struct parser *p, const char *path,
		      const struct jnode *v, struct event *ev)
{
	(void)ev;
	if (v->type != J_STRING || strcmp(v->s, "requests")) {
		parser_error(p, v, path, "expected \"requests\"");
		return -1;
	}
	p->task->rate_hist = true;
	return 0;
}

static void rate_exec(struct thread *t, const struct event *ev)
{
	uint64_t done = thread_extra_requests(t->eng);
	int64_t now = time_now_ns();
	int64_t last = t->stats.rate_last_ns ? t->stats.rate_last_ns
					     : t->eng->t_zero_ns;
	int64_t us = now / 1000 - last / 1000;
	double rps = (double)((done - t->stats.rate_last) * 1000000) / (double)us;

	(void)ev;
	/* The first sample, at time zero, is 0 (0/0 in schbench). */
	if (t->stats.rate)
		hist_add(t->stats.rate, isfinite(rps) ? (uint64_t)rps : 0);
	t->stats.rate_last = done;
	t->stats.rate_last_ns = now;
}

static void rate_dump(const struct workload *w, const struct event *ev,
		      struct json_object *out)
{
	(void)w;
	(void)ev;
	json_object_object_add(out, "of", json_object_new_string("requests"));
}

const struct event_kind event_rate = {
	.key = "rate", .ftrace_type = RTAPP_TYPE_NONE, .parse = rate_parse,
	.exec = rate_exec, .dump = rate_dump,
};
