/*
 * rate.c - "rate": "requests" samples the rate of requests of a
 * server-like workload (schbench's RPS table): the request events done by
 * all threads since this thread's previous rate event (or time zero), per
 * second, added to its rate histogram. schbench's main thread samples once
 * a second; a task looping on "rate" and a 1 s "sleep" is that.
 */
#include "event.h"
#include "parse/jtree.h"
#include "parse/parser.h"
#include "event_ctx.h"
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
	p->task->records |= 1u << RECORD_RATE;
	return 0;
}

static void rate_exec(struct event_ctx *ctx, const struct event *ev)
{
	uint64_t done = event_ctx_requests(ctx), last_done;
	int64_t now = time_now_ns(), last;
	int64_t us;
	double rps;

	(void)ev;
	event_ctx_rate_last(ctx, &last_done, &last);
	if (!last)
		last = event_ctx_t_zero(ctx);
	us = now / 1000 - last / 1000;
	rps = (double)((done - last_done) * 1000000) / (double)us;
	/* The first sample, at time zero, is 0 (0/0 in schbench). */
	event_ctx_rate_add(ctx, isfinite(rps) ? (uint64_t)rps : 0);
	event_ctx_rate_mark(ctx, done, now);
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
	.help = "\"requests\": sample the request rate",
	.exec = rate_exec, .dump = rate_dump,
};
