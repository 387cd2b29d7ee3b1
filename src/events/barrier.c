/*
 * barrier.c - "barrier": every thread that uses the name waits until all
 * of them have arrived, then all are released together. As in rt-app, the
 * count is each task's instances times the times the task names it.
 */
#include "lib/arena.h"
#include "event.h"
#include "parse/parser.h"
#include "resources/barrier.h"
#include "event_ctx.h"

#include <json-c/json.h>

static int barrier_parse(struct parser *p, const char *path,
			 const struct jnode *v, struct event *ev)
{
	return parser_named_resource(p, path, v, RES_BARRIER, "a barrier name",
				     ev);
}

static int barrier_finalize(struct parser *p, const struct task *t,
			    struct event *ev)
{
	p->w->resources[ev->resource].participants += t->instance;
	return 0;
}

static void barrier_exec(struct event_ctx *ctx, const struct event *ev)
{
	struct live_barrier *b = barrier_live(event_ctx_live(ctx, ev->resource));
	int need = event_ctx_resource(ctx, ev->resource)->participants;

	pthread_mutex_lock(&b->lock);
	if (++b->arrived >= need) {
		b->arrived = 0;
		b->generation++;
		pthread_cond_broadcast(&b->cond);
	} else {
		uint64_t gen = b->generation;

		while (gen == b->generation && !event_ctx_stopping(ctx))
			pthread_cond_wait(&b->cond, &b->lock);
	}
	pthread_mutex_unlock(&b->lock);
}

static size_t barrier_uses(const struct event *ev, struct event_use *out,
			   size_t max)
{
	if (max)
		out[0] = (struct event_use){ .resource = ev->resource,
					     .role = ROLE_ARRIVE };
	return 1;
}

static void barrier_dump(const struct workload *w, const struct event *ev,
			 struct json_object *out)
{
	const struct resource *r = &w->resources[ev->resource];

	json_object_object_add(out, "barrier", json_object_new_string(r->name));
	json_object_object_add(out, "participants",
			       json_object_new_int(r->participants));
}

const struct event_kind event_barrier = {
	.key = "barrier",
	.help = "a barrier name: wait for every user",
	.ftrace_type = RTAPP_TYPE_BARRIER,
	.parse = barrier_parse,
	.finalize = barrier_finalize,
	.exec = barrier_exec,
	.dump = barrier_dump,
	.uses = barrier_uses,
	.waits = true,
};
