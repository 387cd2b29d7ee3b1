/*
 * mem.c - "mem": N bytes of memset over the task's buffer (global
 * mem_buffer_size bytes, one per task definition as in rt-app), in passes
 * of at most the buffer's size.
 */
#include "lib/arena.h"
#include "event.h"
#include "events/membuf.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parser.h"
#include "resources/membuf.h"
#include "event_ctx.h"

#include <json-c/json.h>
#include <stddef.h>
#include <string.h>


/* The value of mem and iorun: bytes, a JSON integer. */
static const struct key mem_value =
	{ .name = "bytes", .type = KEY_COUNT,
	  .offset = offsetof(struct mem_args, bytes), .min = 0,
	  .max = INT64_MAX };

int mem_parse_bytes(struct parser *p, const char *path, const struct jnode *v,
		    struct event *ev)
{
	if (keys_apply(p, path, &mem_value, v, ev->args))
		return -1;
	ev->resource = parser_resource(
		p, arena_printf(p->a, "mem:%s", p->task->name), RES_MEMBUF,
		false);
	/* rt-app's desc for mem and iorun alike: its per-task buffer's. */
	ev->desc = arena_printf(p->a, "mem%lx", parser_task_tag(p));
	return 0;
}

/* The size is known only once "global" is parsed, wherever it is. */
int mem_finalize(struct parser *p, const struct task *t, struct event *ev)
{
	(void)t;
	p->w->resources[ev->resource].size = p->w->g.mem_buffer_size;
	return 0;
}

static void mem_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct mem_args *a = ev->args;
	const struct live_resource *l = event_ctx_live(ctx, ev->resource);
	int64_t size = l->r->size, left = a->bytes;

	while (left > 0 && !event_ctx_stopping(ctx)) {
		int64_t n = left < size ? left : size;

		memset(membuf_live(l), 0, (size_t)n);
		__asm__ volatile("" : : "r"(membuf_live(l)) : "memory");
		left -= n;
	}
}

void mem_dump(const struct workload *w, const struct event *ev,
	      struct json_object *out)
{
	const struct mem_args *a = ev->args;

	(void)w;
	json_object_object_add(out, "bytes", json_object_new_int64(a->bytes));
}

const struct event_kind event_mem = {
	.key = "mem", .ftrace_type = RTAPP_TYPE_MEM,
	.help = "bytes to memset over the task's buffer",
	.args_size = sizeof(struct mem_args), .parse = mem_parse_bytes,
	.finalize = mem_finalize, .exec = mem_exec, .dump = mem_dump,
};
