/* yield.c - "yield": sched_yield() (its value is ignored, as in rt-app). */
#include "event.h"
#include "event_ctx.h"

#include <sched.h>

static int yield_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev)
{
	(void)p;
	(void)path;
	(void)v;
	(void)ev;
	return 0;
}

static void yield_exec(struct event_ctx *ctx, const struct event *ev)
{
	(void)ctx;
	(void)ev;
	sched_yield();
}

static void yield_dump(const struct workload *w, const struct event *ev,
		       struct json_object *out)
{
	(void)w;
	(void)ev;
	(void)out;
}

const struct event_kind event_yield = {
	.key = "yield", .ftrace_type = RTAPP_TYPE_YIELD, .parse = yield_parse,
	.help = "any value: sched_yield()",
	.exec = yield_exec, .dump = yield_dump,
};
