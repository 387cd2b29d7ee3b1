/*
 * sem.c - "sem_post" and "sem_wait" on a named POSIX semaphore that starts
 * at 0: posts are remembered, each wait takes one.
 */
#include "lib/arena.h"
#include "report/dump.h"
#include "event.h"
#include "parse/parse.h"
#include "resources/sem.h"
#include "engine/thread.h"

#include <errno.h>
#include <json-c/json.h>

static int sem_parse(struct parser *p, const char *path,
		     const struct jnode *v, struct event *ev)
{
	return parser_named_resource(p, path, v, RES_SEM, "a semaphore name",
				     ev);
}

static void sem_post_exec(struct thread *t, const struct event *ev)
{
	sem_post(sem_live(thread_live(t, ev->sync.resource)));
}

static void sem_wait_exec(struct thread *t, const struct event *ev)
{
	sem_t *s = sem_live(thread_live(t, ev->sync.resource));

	while (sem_wait(s) && errno == EINTR && !thread_should_stop(t))
		;
}

static void sem_dump(const struct workload *w, const struct event *ev,
		     struct json_object *out)
{
	dump_resource(out, "semaphore", w, ev->sync.resource);
}

const struct event_kind event_sem_post = {
	.key = "sem_post", .ftrace_type = RTAPP_TYPE_SEM_POST, .parse = sem_parse,
	.exec = sem_post_exec, .dump = sem_dump,
};
const struct event_kind event_sem_wait = {
	.key = "sem_wait", .ftrace_type = RTAPP_TYPE_SEM_WAIT, .parse = sem_parse,
	.exec = sem_wait_exec, .dump = sem_dump,
};
