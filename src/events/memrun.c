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
#include "parse/parse.h"
#include "resources/membuf.h"
#include "engine/thread.h"

#include <json-c/json.h>
#include <string.h>

static int memrun_int(struct parser *p, const char *path,
		      const struct jnode *m, int64_t min, int64_t *out)
{
	if (m->type != J_INT || m->i < min) {
		parser_error(p, m, path, "expected an integer >= %lld",
			     (long long)min);
		return -1;
	}
	*out = m->i;
	return 0;
}

static int memrun_parse(struct parser *p, const char *path,
			const struct jnode *v, struct event *ev)
{
	const char *type = NULL, *ref = NULL, *pattern = "random";
	int64_t size = 0, count = -1, stride = 64;
	int errs = 0;

	if (v->type != J_OBJECT) {
		parser_error(p, v, path, "expected an object, got %s",
			     jtype_name(v->type));
		return -1;
	}
	for (size_t k = 0; k < v->n; k++) {
		const struct jnode *m = v->kids[k];
		const char *mp = parser_path(p, path, m->key);

		if (!strcmp(m->key, "type"))
			errs += !(type = parser_name(p, mp, m, "read, write or chase"));
		else if (!strcmp(m->key, "ref"))
			errs += !(ref = parser_name(p, mp, m, "a buffer name"));
		else if (!strcmp(m->key, "pattern"))
			errs += !(pattern = parser_name(p, mp, m, "random or sequential"));
		else if (!strcmp(m->key, "size"))
			errs += memrun_int(p, mp, m, 1, &size) ? 1 : 0;
		else if (!strcmp(m->key, "count"))
			errs += memrun_int(p, mp, m, 0, &count) ? 1 : 0;
		else if (!strcmp(m->key, "stride"))
			errs += memrun_int(p, mp, m, 8, &stride) ? 1 : 0;
		else {
			parser_error(p, m, mp, "unknown key (expected type, size, "
				     "count, stride, pattern, ref)");
			errs++;
		}
	}
	if (errs)
		return -1;
	if (!type || !size || count < 0) {
		parser_error(p, v, path, "needs \"type\", \"size\" and \"count\"");
		return -1;
	}
	if (!strcmp(type, "read"))
		ev->memrun.type = MEMRUN_READ;
	else if (!strcmp(type, "write"))
		ev->memrun.type = MEMRUN_WRITE;
	else if (!strcmp(type, "chase"))
		ev->memrun.type = MEMRUN_CHASE;
	else {
		parser_error(p, jtree_get(v, "type"), parser_path(p, path, "type"),
			     "expected \"read\", \"write\" or \"chase\"");
		return -1;
	}
	if (strcmp(pattern, "random") && strcmp(pattern, "sequential")) {
		parser_error(p, jtree_get(v, "pattern"),
			     parser_path(p, path, "pattern"),
			     "expected \"random\" or \"sequential\"");
		return -1;
	}
	if (ev->memrun.type == MEMRUN_CHASE && size < 2 * stride) {
		parser_error(p, v, path,
			     "a chase needs size >= 2 * stride (%lld < %lld)",
			     (long long)size, (long long)(2 * stride));
		return -1;
	}
	ev->memrun.count = count;
	ev->memrun.size = size;
	ev->memrun.stride = stride;
	ev->memrun.sequential = !strcmp(pattern, "sequential");

	const char *name = ref ? ref
			       : arena_printf(p->a, "memrun:%s:%s#%zu",
					      p->task->name, ev->key,
					      p->w->n_resources);
	size_t before = p->w->n_resources;
	int r = parser_resource(p, name, RES_MEMBUF, false);
	struct resource *res = &p->w->resources[r];

	if (p->w->n_resources > before) {
		res->size = size;
		res->stride = stride;
		res->sequential = ev->memrun.sequential;
	} else if (res->size != size || res->stride != stride ||
		   res->sequential != ev->memrun.sequential) {
		parser_error(p, v, path,
			     "memrun buffer \"%s\" is used with another size, "
			     "stride or pattern elsewhere", name);
		return -1;
	}
	ev->memrun.resource = r;
	ev->desc = arena_strdup(p->a, name);
	return 0;
}

static void memrun_exec(struct thread *t, const struct event *ev)
{
	unsigned char *buf = membuf_live(thread_live(t, ev->memrun.resource));
	int64_t size = ev->memrun.size, n = ev->memrun.count;
	volatile unsigned char *vb = buf;
	unsigned sum = 0;

	switch (ev->memrun.type) {
	/* The stop flag is looked at every 64 Ki accesses. */
	case MEMRUN_READ:
		for (int64_t k = 0; k < n; k++) {
			sum += vb[k % size];
			if (!(k & 0xffff) && thread_should_stop(t))
				break;
		}
		break;
	case MEMRUN_WRITE:
		for (int64_t k = 0; k < n; k++) {
			vb[k % size] = (unsigned char)k;
			if (!(k & 0xffff) && thread_should_stop(t))
				break;
		}
		break;
	case MEMRUN_CHASE: {
		void *volatile *at = (void *volatile *)buf;

		for (int64_t k = 0; k < n; k++) {
			at = (void *volatile *)*at;
			if (!(k & 0xffff) && thread_should_stop(t))
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
	static const char *const types[] = { "read", "write", "chase" };

	json_object_object_add(out, "type",
			       json_object_new_string(types[ev->memrun.type]));
	json_object_object_add(out, "size", json_object_new_int64(ev->memrun.size));
	json_object_object_add(out, "count",
			       json_object_new_int64(ev->memrun.count));
	json_object_object_add(out, "stride",
			       json_object_new_int64(ev->memrun.stride));
	json_object_object_add(out, "pattern",
			       json_object_new_string(ev->memrun.sequential
							      ? "sequential"
							      : "random"));
	json_object_object_add(
		out, "ref",
		json_object_new_string(w->resources[ev->memrun.resource].name));
}

const struct event_kind event_memrun = {
	.key = "memrun", .ftrace_type = RTAPP_TYPE_MEMRUN, .parse = memrun_parse,
	.exec = memrun_exec, .dump = memrun_dump,
};
