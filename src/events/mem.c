/*
 * mem.c - "mem": N bytes of memset over the task's buffer (global
 * mem_buffer_size bytes, one per task definition as in rt-app), in passes
 * of at most the buffer's size.
 */
#include "lib/arena.h"
#include "event.h"
#include "events/membuf.h"
#include "parse/jtree.h"
#include "parse/parse.h"
#include "resources/membuf.h"
#include "engine/thread.h"

#include <json-c/json.h>
#include <string.h>


int mem_parse_bytes(struct parser *p, const char *path, const struct jnode *v,
		    struct event *ev)
{
	if (v->type != J_INT || v->i < 0) {
		parser_error(p, v, path, "expected a number of bytes >= 0");
		return -1;
	}
	ev->mem.bytes = v->i;
	ev->mem.resource = parser_resource(
		p, arena_printf(p->a, "mem:%s", p->task->name), RES_MEMBUF,
		false);
	return 0;
}

/* The size is known only once "global" is parsed, wherever it is. */
int mem_finalize(struct parser *p, const struct task *t, struct event *ev)
{
	(void)t;
	p->w->resources[ev->mem.resource].size = p->w->g.mem_buffer_size;
	return 0;
}

static void mem_exec(struct thread *t, const struct event *ev)
{
	const struct live_resource *l = thread_live(t, ev->mem.resource);
	int64_t size = l->r->size, left = ev->mem.bytes;

	while (left > 0 && !thread_should_stop(t)) {
		int64_t n = left < size ? left : size;

		memset(membuf_live(l), 0, (size_t)n);
		__asm__ volatile("" : : "r"(membuf_live(l)) : "memory");
		left -= n;
	}
}

void mem_dump(const struct workload *w, const struct event *ev,
	      struct json_object *out)
{
	(void)w;
	json_object_object_add(out, "bytes",
			       json_object_new_int64(ev->mem.bytes));
}

const struct event_kind event_mem = {
	.key = "mem", .ftrace_type = RTAPP_TYPE_MEM, .parse = mem_parse_bytes,
	.finalize = mem_finalize, .exec = mem_exec, .dump = mem_dump,
};
