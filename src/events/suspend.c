/*
 * suspend.c - "suspend": "X" blocks the thread until "resume": "X" wakes
 * it (every thread suspended on X). A suspend without a name waits on its
 * own task's name (rt-app since 2025 ignores the value; the published
 * workloads were written for the named meaning, kept here). Unlike rt-app,
 * a resume that comes before the suspend is remembered, not lost, so
 * ping-pong workloads cannot deadlock on a race.
 */
#include "lib/arena.h"
#include "model/dump_value.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/parser.h"
#include "resources/wakeup.h"
#include "event_ctx.h"

#include <json-c/json.h>
#include <stdlib.h>

static int suspend_parse(struct parser *p, const char *path,
			 const struct jnode *v, struct event *ev)
{
	const char *name = p->task->name;

	if (v->type == J_STRING && *v->s)
		name = v->s;
	else if (v->type != J_NULL && v->type != J_STRING)
		parser_warn(p, v, path, "value ignored: waits on \"%s\"", name);
	ev->resource = parser_resource(p, name, RES_WAKEUP, false);
	ev->desc = arena_printf(p->a, "%s:%s:%s", ev->key, name, name);
	return 0;
}

static int resume_parse(struct parser *p, const char *path,
			const struct jnode *v, struct event *ev)
{
	const char *name = parser_name(p, path, v, "a task name");

	if (!name)
		return -1;
	ev->resource = parser_resource(p, name, RES_WAKEUP, false);
	ev->desc = arena_printf(p->a, "%s:%s:%s", ev->key, name, name);
	return 0;
}

/* Per thread: the generation of each wake-up resource last seen. */
struct suspend_state {
	uint64_t *seen;
};

static int suspend_state_init(void *state, const struct workload *w,
			      const struct task *task)
{
	struct suspend_state *s = state;

	(void)task;
	s->seen = calloc(w->n_resources + 1, sizeof(*s->seen));
	return s->seen ? 0 : -1;
}

static void suspend_state_release(void *state, const struct task *task)
{
	struct suspend_state *s = state;

	(void)task;
	free(s->seen);
}

static const struct event_state suspend_state = {
	.size = sizeof(struct suspend_state),
	.init = suspend_state_init,
	.release = suspend_state_release,
};

static void suspend_exec(struct event_ctx *ctx, const struct event *ev)
{
	struct live_wakeup *w = wakeup_live(event_ctx_live(ctx, ev->resource));

	pthread_mutex_lock(&w->lock);
	uint64_t *seen = &((struct suspend_state *)event_ctx_state(ctx))
				  ->seen[ev->resource];

	while (*seen == w->generation && !event_ctx_stopping(ctx))
		pthread_cond_wait(&w->cond, &w->lock);
	*seen = w->generation;
	pthread_mutex_unlock(&w->lock);
}

static void resume_exec(struct event_ctx *ctx, const struct event *ev)
{
	struct live_wakeup *w = wakeup_live(event_ctx_live(ctx, ev->resource));

	pthread_mutex_lock(&w->lock);
	w->generation++;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
}

static void wakeup_dump(const struct workload *w, const struct event *ev,
			struct json_object *out)
{
	dump_resource(out, "name", w, ev->resource);
}

const struct event_kind event_suspend = {
	.key = "suspend", .ftrace_type = RTAPP_TYPE_SUSPEND, .parse = suspend_parse,
	.state = &suspend_state,
	.help = "a name (its own task's if empty): wait for a resume",
	.exec = suspend_exec, .dump = wakeup_dump, .waits = true,
};
const struct event_kind event_resume = {
	.key = "resume", .ftrace_type = 13, .parse = resume_parse,
	.help = "a task name: wake its suspended threads",
.exec = resume_exec, .dump = wakeup_dump,
};
