/*
 * sem.c - "sem_post" and "sem_wait" on a named POSIX semaphore that starts
 * at 0: posts are remembered, each wait takes one.
 */
#include "lib/arena.h"
#include "model/dump_value.h"
#include "event.h"
#include "parse/parser.h"
#include "resources/sem.h"
#include "event_ctx.h"

#include <errno.h>
#include <json-c/json.h>

static int sem_parse(struct parser *p, const char *path,
		     const struct jnode *v, struct event *ev)
{
	return parser_named_resource(p, path, v, RES_SEM, "a semaphore name",
				     ev);
}

static void sem_post_exec(struct event_ctx *ctx, const struct event *ev)
{
	sem_post(sem_live(event_ctx_live(ctx, ev->resource)));
}

static void sem_wait_exec(struct event_ctx *ctx, const struct event *ev)
{
	sem_t *s = sem_live(event_ctx_live(ctx, ev->resource));

	while (sem_wait(s) && errno == EINTR && !event_ctx_stopping(ctx))
		;
}

static void sem_dump(const struct workload *w, const struct event *ev,
		     struct json_object *out)
{
	dump_resource(out, "semaphore", w, ev->resource);
}

const struct event_kind event_sem_post = {
	.key = "sem_post", .ftrace_type = RTAPP_TYPE_SEM_POST, .parse = sem_parse,
	.help = "a semaphore name: post it",
	.exec = sem_post_exec, .dump = sem_dump,
};
const struct event_kind event_sem_wait = {
	.key = "sem_wait", .ftrace_type = 23, .parse = sem_parse,
	.help = "a semaphore name: wait for a post",
	.exec = sem_wait_exec, .dump = sem_dump, .waits = true,
};
