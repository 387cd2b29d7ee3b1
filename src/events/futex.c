/*
 * futex.c - "futex_wait" and "futex_wake" on a named 32-bit futex word
 * that counts posted wake-ups (schbench's wake path).
 *   "futex_wait": name, or {"ref": name}
 *   "futex_wake": name, or {"ref": name, "count": 1 (0: every waiter),
 *                           "if_blocked": true}
 * A wait consumes one post, sleeping in FUTEX_WAIT while there is none.
 * A wake posts count wake-ups (for count 0, one per thread then waiting)
 * and calls FUTEX_WAKE; with if_blocked, only when someone is waiting, as
 * schbench skips the syscall for a wakee that is not blocked. The waiter
 * records latency = its time after waking - the waker's stamp.
 */
#include "../arena.h"
#include "../dump.h"
#include "../event.h"
#include "../jtree.h"
#include "../parse.h"
#include "../resource.h"
#include "../thread.h"
#include "../timeutil.h"

#include <json-c/json.h>
#include <limits.h>
#include <linux/futex.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int futex_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev, bool wake)
{
	const char *name = NULL;

	ev->futex.count = 1;
	ev->futex.if_blocked = true;
	if (v->type == J_STRING) {
		name = parser_name(p, path, v, "a futex name");
	} else if (v->type == J_OBJECT) {
		for (size_t k = 0; k < v->n; k++) {
			const struct jnode *m = v->kids[k];
			const char *mp = parser_path(p, path, m->key);

			if (!strcmp(m->key, "ref")) {
				name = parser_name(p, mp, m, "a futex name");
			} else if (wake && !strcmp(m->key, "count") &&
				   m->type == J_INT && m->i >= 0 &&
				   m->i <= INT_MAX) {
				ev->futex.count = (int)m->i;
			} else if (wake && !strcmp(m->key, "if_blocked") &&
				   m->type == J_BOOL) {
				ev->futex.if_blocked = m->b;
			} else {
				parser_error(p, m, mp, wake
					? "expected ref (name), count (integer >= 0) "
					  "or if_blocked (boolean)"
					: "unknown key (expected ref)");
				return -1;
			}
		}
	} else {
		parser_error(p, v, path, "expected a futex name or an object, "
			     "got %s", jtype_name(v->type));
		return -1;
	}
	if (!name) {
		if (v->type == J_OBJECT)
			parser_error(p, v, path, "missing \"ref\"");
		return -1;
	}
	ev->futex.resource = parser_resource(p, name, RES_FUTEX, false);
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, name);
	if (!wake)
		p->task->wake_paths |= 1u << WAKE_FUTEX;
	return 0;
}

static int futex_wait_parse(struct parser *p, const char *path,
			    const struct jnode *v, struct event *ev)
{
	return futex_parse(p, path, v, ev, false);
}

static int futex_wake_parse(struct parser *p, const char *path,
			    const struct jnode *v, struct event *ev)
{
	return futex_parse(p, path, v, ev, true);
}

static void futex_wait_exec(struct thread *t, const struct event *ev)
{
	struct live_resource *l = thread_live(t, ev->futex.resource);
	struct live_futex *f = &l->futex;

	for (;;) {
		uint32_t v = atomic_load(&f->word);

		if (v > 0) {
			if (atomic_compare_exchange_weak(&f->word, &v, v - 1))
				break;
			continue;
		}
		if (thread_should_stop(t))
			return;
		/* Count ourselves first, then look again: a waker that
		 * missed us has already posted. */
		atomic_fetch_add(&f->waiters, 1);
		if (atomic_load(&f->word) == 0)
			resource_futex(l, FUTEX_WAIT, 0);
		atomic_fetch_sub(&f->waiters, 1);
	}
	thread_record_wake(t, WAKE_FUTEX, time_now_ns() - atomic_load(&f->stamp));
}

static void futex_wake_exec(struct thread *t, const struct event *ev)
{
	struct live_resource *l = thread_live(t, ev->futex.resource);
	struct live_futex *f = &l->futex;
	int waiters = atomic_load(&f->waiters);
	int n = ev->futex.count ? ev->futex.count : waiters;

	if (n <= 0)
		return;
	atomic_store(&f->stamp, time_now_ns());
	atomic_fetch_add(&f->word, (uint32_t)n);
	if (!ev->futex.if_blocked || atomic_load(&f->waiters) > 0)
		resource_futex(l, FUTEX_WAKE, (uint32_t)n);
}

static void futex_dump(const struct workload *w, const struct event *ev,
		       struct json_object *out)
{
	dump_resource(out, "ref", w, ev->futex.resource);
	if (ev->kind->parse == futex_wake_parse) {
		json_object_object_add(out, "count",
				       json_object_new_int(ev->futex.count));
		json_object_object_add(out, "if_blocked",
				       json_object_new_boolean(ev->futex.if_blocked));
	}
}

const struct event_kind event_futex_wait = {
	.key = "futex_wait", .ftrace_type = 0, .parse = futex_wait_parse,
	.exec = futex_wait_exec, .dump = futex_dump,
};
const struct event_kind event_futex_wake = {
	.key = "futex_wake", .ftrace_type = 0, .parse = futex_wake_parse,
	.exec = futex_wake_exec, .dump = futex_dump,
};
