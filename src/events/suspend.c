/*
 * suspend.c - "suspend": "X" blocks the thread until "resume": "X" wakes
 * it (every thread suspended on X). A suspend without a name waits on its
 * own task's name (rt-app since 2025 ignores the value; the published
 * workloads were written for the named meaning, kept here). Unlike rt-app,
 * a resume that comes before the suspend is remembered, not lost, so
 * ping-pong workloads cannot deadlock on a race.
 */
#include "lib/arena.h"
#include "report/dump.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/parse.h"
#include "resources/wakeup.h"
#include "engine/thread.h"

#include <json-c/json.h>

static int suspend_parse(struct parser *p, const char *path,
			 const struct jnode *v, struct event *ev)
{
	const char *name = p->task->name;

	if (v->type == J_STRING && *v->s)
		name = v->s;
	else if (v->type != J_NULL && v->type != J_STRING)
		parser_warn(p, v, path, "value ignored: waits on \"%s\"", name);
	ev->sync.resource = parser_resource(p, name, RES_WAKEUP, false);
	ev->desc = arena_printf(p->a, "%s:%s:%s", ev->key, name, name);
	return 0;
}

static int resume_parse(struct parser *p, const char *path,
			const struct jnode *v, struct event *ev)
{
	const char *name = parser_name(p, path, v, "a task name");

	if (!name)
		return -1;
	ev->sync.resource = parser_resource(p, name, RES_WAKEUP, false);
	ev->desc = arena_printf(p->a, "%s:%s:%s", ev->key, name, name);
	return 0;
}

static void suspend_exec(struct thread *t, const struct event *ev)
{
	struct live_wakeup *w = wakeup_live(thread_live(t, ev->sync.resource));

	pthread_mutex_lock(&w->lock);
	uint64_t *seen = &t->wake_seen[ev->sync.resource];

	while (*seen == w->generation && !thread_should_stop(t))
		pthread_cond_wait(&w->cond, &w->lock);
	*seen = w->generation;
	pthread_mutex_unlock(&w->lock);
}

static void resume_exec(struct thread *t, const struct event *ev)
{
	struct live_wakeup *w = wakeup_live(thread_live(t, ev->sync.resource));

	pthread_mutex_lock(&w->lock);
	w->generation++;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
}

static void wakeup_dump(const struct workload *w, const struct event *ev,
			struct json_object *out)
{
	dump_resource(out, "name", w, ev->sync.resource);
}

const struct event_kind event_suspend = {
	.key = "suspend", .ftrace_type = RTAPP_TYPE_SUSPEND, .parse = suspend_parse,
	.exec = suspend_exec, .dump = wakeup_dump,
};
const struct event_kind event_resume = {
	.key = "resume", .ftrace_type = RTAPP_TYPE_RESUME, .parse = resume_parse,
.exec = resume_exec, .dump = wakeup_dump,
};
