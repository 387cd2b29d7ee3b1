/*
 * fork.c - "fork": "X" starts one more thread of task X (usually a task
 * with "instance": 0) at that moment. It is named <X>-<index>-<NNNN> and
 * logged like any thread; at most 1024 forks per task, as in rt-app.
 */
#include "lib/arena.h"
#include "event.h"
#include "parse/parser.h"
#include "event_ctx.h"
#include "event_ctx.h"

#include <json-c/json.h>

struct fork_args {
	const char *name;
	int task;                 /* index of the task to start */
};

static int fork_parse(struct parser *p, const char *path,
		      const struct jnode *v, struct event *ev)
{
	struct fork_args *a = ev->args;
	const char *name = parser_name(p, path, v, "a task name");

	if (!name)
		return -1;
	/* The target may be defined later in the file: resolved below. */
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, name);
	a->task = -1;
	a->name = name;
	return 0;
}

static int fork_finalize(struct parser *p, const struct task *t,
			 struct event *ev)
{
	struct fork_args *a = ev->args;
	int target = parser_find_task(p, a->name);

	if (target < 0) {
		parser_event_error(p, t, ev, "no task named \"%s\" to fork",
				   a->name);
		return 1;
	}
	a->task = target;
	p->w->tasks[target].forked = true; /* slots: parse/counts.c */
	return 0;
}

static void fork_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct fork_args *a = ev->args;

	event_ctx_fork(ctx, a->task);
}

static void fork_dump(const struct workload *w, const struct event *ev,
		      struct json_object *out)
{
	const struct fork_args *a = ev->args;

	(void)w;
	json_object_object_add(out, "task", json_object_new_string(a->name));
}

static int fork_starts_task(const struct event *ev)
{
	return ((const struct fork_args *)ev->args)->task;
}

const struct event_kind event_fork = {
	.key = "fork", .ftrace_type = RTAPP_TYPE_FORK,
	.help = "a task name: start one more thread of it",
	.args_size = sizeof(struct fork_args), .parse = fork_parse,
	.finalize = fork_finalize, .exec = fork_exec, .dump = fork_dump,
	.starts_task = fork_starts_task,
};
