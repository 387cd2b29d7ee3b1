/*
 * request.c - "request": "wake" marks one request of a server-like
 * workload done (schbench's Request Latencies): counts it for "rate", and
 * adds now - the thread's last wake-up (the return of a futex_wait,
 * timer, recv, wait...), in µs, to its request histogram.
 */
#include "event.h"
#include "parse/jtree.h"
#include "parse/parser.h"
#include "event_ctx.h"
#include "lib/timeutil.h"

#include <json-c/json.h>
#include <string.h>

static int request_parse(struct parser *p, const char *path,
			 const struct jnode *v, struct event *ev)
{
	(void)ev;
	if (v->type != J_STRING || strcmp(v->s, "wake")) {
		parser_error(p, v, path, "expected \"wake\"");
		return -1;
	}
	p->task->records |= 1u << RECORD_REQUESTS;
	return 0;
}

static void request_exec(struct event_ctx *ctx, const struct event *ev)
{
	int64_t now = time_now_ns();

	(void)ev;
	event_ctx_request(ctx, now);
}

static void request_dump(const struct workload *w, const struct event *ev,
			 struct json_object *out)
{
	(void)w;
	(void)ev;
	json_object_object_add(out, "since", json_object_new_string("wake"));
}

const struct event_kind event_request = {
	.key = "request", .ftrace_type = RTAPP_TYPE_NONE, .parse = request_parse,
	.help = "\"wake\": one request done, latency since the last wake-up",
	.exec = request_exec, .dump = request_dump,
};
