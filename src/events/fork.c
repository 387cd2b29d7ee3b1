/*
 * fork.c - "fork": "X" starts one more thread of task X (usually a task
 * with "instance": 0) at that moment. It is named <X>-<index>-<NNNN> and
 * logged like any thread; at most 1024 forks per task, as in rt-app.
 */
#include "lib/arena.h"
#include "engine/engine.h"
#include "event.h"
#include "parse/parse.h"
#include "engine/thread.h"

#include <json-c/json.h>

static int fork_parse(struct parser *p, const char *path,
		      const struct jnode *v, struct event *ev)
{
	const char *name = parser_name(p, path, v, "a task name");

	if (!name)
		return -1;
	/* The target may be defined later in the file: resolved below. */
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, name);
	ev->fork.task = -1;
	ev->fork.name = name;
	return 0;
}

static int fork_finalize(struct parser *p, const struct task *t,
			 struct event *ev)
{
	int target = parser_find_task(p, ev->fork.name);

	if (target < 0) {
		parser_event_error(p, t, ev, "no task named \"%s\" to fork",
				   ev->fork.name);
		return 1;
	}
	ev->fork.task = target;
	p->w->tasks[target].forked = true; /* slots: parse/counts.c */
	return 0;
}

static void fork_exec(struct thread *t, const struct event *ev)
{
	engine_fork(t->eng, &t->eng->w->tasks[ev->fork.task]);
}

static void fork_dump(const struct workload *w, const struct event *ev,
		      struct json_object *out)
{
	(void)w;
	json_object_object_add(out, "task", json_object_new_string(ev->fork.name));
}

const struct event_kind event_fork = {
	.key = "fork", .ftrace_type = RTAPP_TYPE_FORK, .parse = fork_parse,
	.finalize = fork_finalize, .exec = fork_exec, .dump = fork_dump,
};
