/*
 * sem.c - "sem_post" and "sem_wait" on a named POSIX semaphore that starts
 * at 0: posts are remembered, each wait takes one.
 */
#include "../arena.h"
#include "../event.h"
#include "../parse.h"
#include "../resource.h"
#include "../thread.h"

#include <errno.h>
#include <json-c/json.h>

static int sem_parse(struct parser *p, const char *path,
		     const struct jnode *v, struct event *ev)
{
	const char *name = parser_name(p, path, v, "a semaphore name");

	if (!name)
		return -1;
	ev->sync.resource = parser_resource(p, name, RES_SEM, false);
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, name);
	return 0;
}

static void sem_post_exec(struct thread *t, const struct event *ev)
{
	sem_post(&thread_live(t, ev->sync.resource)->sem);
}

static void sem_wait_exec(struct thread *t, const struct event *ev)
{
	sem_t *s = &thread_live(t, ev->sync.resource)->sem;

	while (sem_wait(s) && errno == EINTR && !thread_should_stop(t))
		;
}

static void sem_dump(const struct workload *w, const struct event *ev,
		     struct json_object *out)
{
	json_object_object_add(
		out, "semaphore",
		json_object_new_string(w->resources[ev->sync.resource].name));
}

const struct event_kind event_sem_post = {
	.key = "sem_post", .ftrace_type = 24, .parse = sem_parse,
	.exec = sem_post_exec, .dump = sem_dump,
};
const struct event_kind event_sem_wait = {
	.key = "sem_wait", .ftrace_type = 23, .parse = sem_parse,
	.exec = sem_wait_exec, .dump = sem_dump,
};
