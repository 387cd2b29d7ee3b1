/*
 * futex.c - "futex_wait", "futex_wake" and "futex_reset" on a named
 * 32-bit futex word that counts posted wake-ups (schbench's wake path).
 *   "futex_wait": name, or {"ref": name, "post": name, "record": true}
 *   "futex_wake": name, or {"ref": name, "count": 1 (0: every waiter),
 *                           "if_blocked": true, "batch": false}
 *   "futex_reset": name, or {"ref": name}
 * A wait consumes one post, sleeping in FUTEX_WAIT while there is none.
 * A wake posts count wake-ups (for count 0, one per thread then waiting
 * that no post is already pending for) and calls FUTEX_WAKE; with
 * if_blocked, only when someone is waiting, as schbench skips the syscall
 * for a wakee that is not blocked. The waiter records latency = its time
 * after waking - the waker's stamp; with batch, every batch wake of one
 * phase iteration stamps the same time, as schbench's message thread
 * stamps a whole list of wakees once. A wait with post counts itself as
 * waiting before it posts one wake-up to that other word, so a thread
 * that answers the post always finds it waiting (schbench's worker is on
 * the list before it wakes the message thread). A reset drops the posts
 * pending (schbench's message thread marking itself blocked).
 */
#include "lib/arena.h"
#include "report/dump.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/parse.h"
#include "resources/futex.h"
#include "engine/thread.h"
#include "lib/timeutil.h"

#include <json-c/json.h>
#include <limits.h>
#include <linux/futex.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int futex_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev, bool wake)
{
	const char *name = NULL, *post = NULL;

	ev->futex.count = 1;
	ev->futex.if_blocked = true;
	ev->futex.record = true;
	ev->futex.post = -1;
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
			} else if (wake && !strcmp(m->key, "batch") &&
				   m->type == J_BOOL) {
				ev->futex.batch = m->b;
			} else if (!wake && !strcmp(m->key, "post") &&
				   m->type == J_STRING) {
				if (!(post = parser_name(p, mp, m, "a futex name")))
					return -1;
			} else if (!wake && !strcmp(m->key, "record") &&
				   m->type == J_BOOL) {
				ev->futex.record = m->b;
			} else {
				parser_error(p, m, mp, wake
					? "expected ref (name), count (integer >= 0), "
					  "if_blocked or batch (boolean)"
					: "expected ref, post (names) or record "
					  "(boolean)");
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
	if (post)
		ev->futex.post = parser_resource(p, post, RES_FUTEX, false);
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, name);
	if (!wake && ev->futex.record)
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

static int futex_reset_parse(struct parser *p, const char *path,
			     const struct jnode *v, struct event *ev)
{
	if (v->type == J_OBJECT && v->n == 1 && !strcmp(v->kids[0]->key, "ref"))
		v = v->kids[0];
	if (v->type != J_STRING) {
		parser_error(p, v, path, "expected a futex name or {\"ref\": name}");
		return -1;
	}
	if (!parser_name(p, path, v, "a futex name"))
		return -1;
	ev->futex.resource = parser_resource(p, v->s, RES_FUTEX, false);
	ev->futex.post = -1;
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, v->s);
	return 0;
}

/*
 * Posts n wake-ups stamped at stamp_ns (n 0: one per waiter without a
 * pending post) and wakes that many waiters.
 */
static void futex_post(struct live_resource *l, int n, bool if_blocked,
		       int64_t stamp_ns)
{
	struct live_futex *f = futex_live(l);

	if (!n) {
		/* A waiter woken but not yet running still counts: skip it. */
		int pending = (int)atomic_load(&f->word);

		n = atomic_load(&f->waiters) - pending;
	}
	if (n <= 0)
		return;
	atomic_store(&f->stamp, stamp_ns);
	atomic_fetch_add(&f->word, (uint32_t)n);
	if (!if_blocked || atomic_load(&f->waiters) > 0)
		futex_syscall(l, FUTEX_WAKE, (uint32_t)n);
}

static void futex_wait_exec(struct thread *t, const struct event *ev)
{
	struct live_resource *l = thread_live(t, ev->futex.resource);
	struct live_futex *f = futex_live(l);
	bool counted = false;
	int64_t now;

	if (ev->futex.post >= 0) {
		/* Waiting before the post: whoever answers it finds us. */
		atomic_fetch_add(&f->waiters, 1);
		counted = true;
		futex_post(thread_live(t, ev->futex.post), 1, true,
			   time_now_ns());
	}
	for (;;) {
		uint32_t v = atomic_load(&f->word);

		if (v > 0) {
			if (counted)
				atomic_fetch_sub(&f->waiters, 1);
			counted = false;
			if (atomic_compare_exchange_weak(&f->word, &v, v - 1))
				break;
			continue;
		}
		if (thread_should_stop(t)) {
			if (counted)
				atomic_fetch_sub(&f->waiters, 1);
			return;
		}
		/* Count ourselves first, then look again: a waker that
		 * missed us has already posted. */
		if (!counted)
			atomic_fetch_add(&f->waiters, 1);
		if (atomic_load(&f->word) == 0)
			futex_syscall(l, FUTEX_WAIT, 0);
		atomic_fetch_sub(&f->waiters, 1);
		counted = false;
	}
	now = time_now_ns();
	if (ev->futex.record)
		thread_record_wake(t, WAKE_FUTEX, now - atomic_load(&f->stamp));
	else
		t->woke_ns = now;
}

static void futex_wake_exec(struct thread *t, const struct event *ev)
{
	struct live_resource *l = thread_live(t, ev->futex.resource);
	int64_t stamp;

	if (ev->futex.batch) {
		if (!t->it.batch_ns)
			t->it.batch_ns = time_now_ns();
		stamp = t->it.batch_ns;
	} else {
		stamp = time_now_ns();
	}
	futex_post(l, ev->futex.count, ev->futex.if_blocked, stamp);
}

static void futex_reset_exec(struct thread *t, const struct event *ev)
{
	atomic_store(&futex_live(thread_live(t, ev->futex.resource))->word, 0);
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
		json_object_object_add(out, "batch",
				       json_object_new_boolean(ev->futex.batch));
	} else if (ev->kind->parse == futex_wait_parse) {
		if (ev->futex.post >= 0)
			dump_resource(out, "post", w, ev->futex.post);
		json_object_object_add(out, "record",
				       json_object_new_boolean(ev->futex.record));
	}
}

const struct event_kind event_futex_wait = {
	.key = "futex_wait", .ftrace_type = RTAPP_TYPE_NONE, .parse = futex_wait_parse,
	.exec = futex_wait_exec, .dump = futex_dump,
};
const struct event_kind event_futex_wake = {
	.key = "futex_wake", .ftrace_type = RTAPP_TYPE_NONE, .parse = futex_wake_parse,
	.exec = futex_wake_exec, .dump = futex_dump,
};
const struct event_kind event_futex_reset = {
	.key = "futex_reset", .ftrace_type = RTAPP_TYPE_NONE, .parse = futex_reset_parse,
	.exec = futex_reset_exec, .dump = futex_dump,
};
