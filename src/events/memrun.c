/*
 * memrun.c - "memrun": memory traffic with a chosen shape.
 * {"type": "read"|"write"|"chase", "size": bytes, "count": n,
 *  "stride": bytes (64), "pattern": "random"|"sequential", "ref": name}
 * read/write touch count bytes one at a time, wrapping over size; chase
 * follows count pointers through stride-spaced slots (bit-reversed order
 * when random). Without "ref" the buffer belongs to the task definition;
 * with it, every user of the name shares one and must agree on its shape.
 */
#include "lib/arena.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parser.h"
#include "resources/membuf.h"
#include "event_ctx.h"

#include <json-c/json.h>
#include <stddef.h>

#define MEMRUN_MAX_BYTES (INT64_C(1) << 40)

enum memrun_type { MEMRUN_READ, MEMRUN_WRITE, MEMRUN_CHASE };
enum memrun_pattern { MEMRUN_RANDOM, MEMRUN_SEQUENTIAL };

struct memrun_args {
	int type;                 /* MEMRUN_* */
	int64_t size;             /* bytes */
	int64_t count;            /* bytes (read, write) or hops */
	int64_t stride;           /* bytes */
	int pattern;              /* MEMRUN_RANDOM or MEMRUN_SEQUENTIAL */
	const char *ref;          /* a shared buffer, or NULL: the task's */
};

static const char *const memrun_types[] = { "read", "write", "chase", NULL };
static const char *const memrun_patterns[] = { "random", "sequential",
					       NULL };

static const struct key memrun_keys[] = {
	{ .name = "type", .type = KEY_ENUM,
	  .offset = offsetof(struct memrun_args, type), .values = memrun_types,
	  .help = "\"read\", \"write\" or \"chase\"" },
	{ .name = "size", .type = KEY_COUNT,
	  .offset = offsetof(struct memrun_args, size), .min = 1,
	  .max = MEMRUN_MAX_BYTES, .unit = "bytes", .flags = KEYF_NO_DEFAULT,
	  .help = "bytes of the buffer" },
	{ .name = "count", .type = KEY_COUNT,
	  .offset = offsetof(struct memrun_args, count), .min = 0,
	  .max = INT64_MAX,
	  .help = "bytes read or written, or pointers followed" },
	{ .name = "stride", .type = KEY_COUNT,
	  .offset = offsetof(struct memrun_args, stride), .min = 8,
	  .max = MEMRUN_MAX_BYTES, .def = 64, .unit = "bytes",
	  .help = "bytes between a chase's slots (64)" },
	{ .name = "pattern", .type = KEY_ENUM,
	  .offset = offsetof(struct memrun_args, pattern),
	  .values = memrun_patterns, .def = MEMRUN_RANDOM,
	  .help = "chase order: \"random\" or \"sequential\"" },
	{ .name = "ref", .type = KEY_NAME,
	  .offset = offsetof(struct memrun_args, ref),
	  .help = "a buffer name" },
	{ NULL }
};

/*
 * rt-app's type and desc: the ref as given, else the name rt-app gives the
 * task's buffer of that shape (memrun_read_<size>, memrun_write_<size>,
 * memrun_<r|s>_<stride>_<size>) tagged with the task.
 */
static void memrun_rtapp_marker(struct parser *p, const struct memrun_args *a,
				struct event *ev)
{
	static const int types[] = {
		[MEMRUN_READ] = RTAPP_TYPE_MEM_READ,
		[MEMRUN_WRITE] = RTAPP_TYPE_MEM_WRITE,
		[MEMRUN_CHASE] = RTAPP_TYPE_MEM_CHASE,
	};
	unsigned long tag = parser_task_tag(p);

	ev->ftrace_type = types[a->type];
	if (a->ref)
		ev->desc = a->ref;
	else if (a->type == MEMRUN_CHASE)
		ev->desc = arena_printf(p->a, "memrun_%c_%lld_%lld%lx",
					a->pattern == MEMRUN_SEQUENTIAL ? 's'
									: 'r',
					(long long)a->stride,
					(long long)a->size, tag);
	else
		ev->desc = arena_printf(p->a, "memrun_%s_%lld%lx",
					a->type == MEMRUN_READ ? "read"
							       : "write",
					(long long)a->size, tag);
}

static int memrun_parse(struct parser *p, const char *path,
			const struct jnode *v, struct event *ev)
{
	struct memrun_args *a = ev->args;

	if (v->type != J_OBJECT) {
		parser_error(p, v, path, "expected an object, got %s",
			     jtype_name(v->type));
		return -1;
	}
	if (keys_walk(p, path, v, memrun_keys, a))
		return -1;
	if (!jtree_get(v, "type") || !jtree_get(v, "size") ||
	    !jtree_get(v, "count")) {
		parser_error(p, v, path, "needs \"type\", \"size\" and \"count\"");
		return -1;
	}
	if (a->type == MEMRUN_CHASE && a->size < 2 * a->stride) {
		parser_error(p, v, path,
			     "a chase needs size >= 2 * stride (%lld < %lld)",
			     (long long)a->size, (long long)(2 * a->stride));
		return -1;
	}

	const char *name = a->ref ? a->ref
				  : arena_printf(p->a, "memrun:%s:%s#%zu",
						 p->task->name, ev->key,
						 p->w->n_resources);
	bool sequential = a->pattern == MEMRUN_SEQUENTIAL;
	size_t before = p->w->n_resources;
	int r = parser_resource(p, name, RES_MEMBUF, false);
	struct resource *res = &p->w->resources[r];

	if (p->w->n_resources > before) {
		res->size = a->size;
		res->stride = a->stride;
		res->sequential = sequential;
	} else if (res->size != a->size || res->stride != a->stride ||
		   res->sequential != sequential) {
		parser_error(p, v, path,
			     "memrun buffer \"%s\" is used with another size, "
			     "stride or pattern elsewhere", name);
		return -1;
	}
	ev->resource = r;
	memrun_rtapp_marker(p, a, ev);
	return 0;
}

static void memrun_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct memrun_args *a = ev->args;
	unsigned char *buf = membuf_live(event_ctx_live(ctx, ev->resource));
	int64_t size = a->size, n = a->count;
	volatile unsigned char *vb = buf;
	unsigned sum = 0;

	switch (a->type) {
	/* The stop flag is looked at every 64 Ki accesses. */
	case MEMRUN_READ:
		for (int64_t k = 0; k < n; k++) {
			sum += vb[k % size];
			if (!(k & 0xffff) && event_ctx_stopping(ctx))
				break;
		}
		break;
	case MEMRUN_WRITE:
		for (int64_t k = 0; k < n; k++) {
			vb[k % size] = (unsigned char)k;
			if (!(k & 0xffff) && event_ctx_stopping(ctx))
				break;
		}
		break;
	case MEMRUN_CHASE: {
		void *volatile *at = (void *volatile *)buf;

		for (int64_t k = 0; k < n; k++) {
			at = (void *volatile *)*at;
			if (!(k & 0xffff) && event_ctx_stopping(ctx))
				break;
		}
		sum = (unsigned)(uintptr_t)at;
		break;
	}
	}
	__asm__ volatile("" : : "r"(sum));
}

static void memrun_dump(const struct workload *w, const struct event *ev,
			struct json_object *out)
{
	const struct memrun_args *a = ev->args;

	json_object_object_add(out, "type",
			       json_object_new_string(memrun_types[a->type]));
	json_object_object_add(out, "size", json_object_new_int64(a->size));
	json_object_object_add(out, "count", json_object_new_int64(a->count));
	json_object_object_add(out, "stride", json_object_new_int64(a->stride));
	json_object_object_add(out, "pattern", json_object_new_string(
				       memrun_patterns[a->pattern]));
	json_object_object_add(
		out, "ref",
		json_object_new_string(w->resources[ev->resource].name));
}

const struct event_kind event_memrun = {
	.key = "memrun", .ftrace_type = RTAPP_TYPE_MEM_READ,
	.help = "an object: memory traffic of a chosen shape",
	.keys = memrun_keys, .args_size = sizeof(struct memrun_args),
	.parse = memrun_parse,
	.exec = memrun_exec, .dump = memrun_dump,
};
