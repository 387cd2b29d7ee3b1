/*
 * futex.c - "futex_wait", "futex_wake" and "futex_reset" on a named
 * 32-bit futex word that counts posted wake-ups (schbench's wake path).
 *   "futex_wait": name, or {"ref": name, "post": name, "record": true}
 *   "futex_wake": name, or {"ref": name, "count": 1 (0: every waiter),
 *                           "if_blocked": true, "batch": false,
 *                           "every": 1}
 *   "futex_reset": name, or {"ref": name}
 * A wait consumes one post, sleeping in FUTEX_WAIT while there is none.
 * A wake posts count wake-ups (for count 0, one per thread then waiting
 * that no post is already pending for) and calls FUTEX_WAKE; with
 * if_blocked, only when someone is waiting, as schbench skips the syscall
 * for a wakee that is not blocked. The waiter records, per post taken, a
 * message latency = its time after the wait - the waker's stamp (with
 * batch, every batch wake of one phase iteration stamps the same time, as
 * schbench's message thread stamps a whole list of wakees once); and,
 * only when it slept (a FUTEX_WAIT returned 0: woken, not EAGAIN), a
 * wake-up latency = the same time - the stamp the waker took just before
 * its FUTEX_WAKE. A wait with post counts itself as
 * waiting before it posts one wake-up to that other word, so a thread
 * that answers the post always finds it waiting (schbench's worker is on
 * the list before it wakes the message thread). A reset drops the posts
 * pending (schbench's message thread marking itself blocked).
 * A post carries the waker's chain origin (record/e2e.h) beside the word,
 * as its stamp: the last post's, which each waiter takes.
 *   "futex_wake_list": name, or {"ref": name, "order": "lifo"}
 * answers the threads that posted a word: a futex_wait with post of a
 * word some futex_wake_list names puts its own word on that word's list
 * before it posts (schbench's xlist_add); the list wake takes the whole
 * list, stamps it once, and posts each word on it one wake-up, the most
 * recent poster first (lifo, schbench's xlist_wake_all) or in the order
 * they posted (fifo). Which wakee runs first decides, on a small machine,
 * who gets the idle CPU and who preempts the waker.
 */
#include "lib/arena.h"
#include "model/dump_value.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parser.h"
#include "resources/futex.h"
#include "event_ctx.h"
#include "lib/timeutil.h"

#include <json-c/json.h>
#include <limits.h>
#include <linux/futex.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

struct futex_args {
	const char *ref;
	const char *post;         /* wait: a futex posted first, or NULL */
	int post_index;           /* its resource, or -1 */
	int count;                /* wake: waiters to wake; 0: all */
	bool if_blocked;          /* wake: no syscall when nobody waits */
	bool batch;               /* wake: the iteration's one stamp */
	bool record;              /* wait: add a latency sample */
	int order;                /* wake_list: FUTEX_ORDER_* */
	int64_t every;            /* wake: in every n-th phase iteration */
};

enum { FUTEX_ORDER_LIFO, FUTEX_ORDER_FIFO };

static const char *const futex_orders[] = { "lifo", "fifo", NULL };

#define FUTEX_REF_KEY                                                        \
	{ .name = "ref", .type = KEY_NAME,                                   \
	  .offset = offsetof(struct futex_args, ref), .flags = KEYF_REQUIRED, \
	  .help = "a futex name" }

static const struct key futex_wait_keys[] = {
	FUTEX_REF_KEY,
	{ .name = "post", .type = KEY_NAME,
	  .offset = offsetof(struct futex_args, post),
	  .help = "a futex name: post one wake-up to it once waiting" },
	{ .name = "record", .type = KEY_BOOL,
	  .offset = offsetof(struct futex_args, record), .def = true,
	  .help = "add the wake-up latency to the futex histogram (true)" },
	{ NULL }
};

static const struct key futex_wake_keys[] = {
	FUTEX_REF_KEY,
	{ .name = "count", .type = KEY_INT,
	  .offset = offsetof(struct futex_args, count), .min = 0,
	  .max = INT_MAX, .def = 1,
	  .help = "wake-ups to post, 0: one per waiter (1)" },
	{ .name = "if_blocked", .type = KEY_BOOL,
	  .offset = offsetof(struct futex_args, if_blocked), .def = true,
	  .help = "no FUTEX_WAKE when nobody waits (true)" },
	{ .name = "batch", .type = KEY_BOOL,
	  .offset = offsetof(struct futex_args, batch), .def = false,
	  .help = "one stamp for every batch wake of an iteration (false)" },
	{ .name = "every", .type = KEY_COUNT,
	  .offset = offsetof(struct futex_args, every), .min = 1,
	  .max = INT64_MAX, .def = 1,
	  .help = "wakes in the phase's n-th, 2n-th, ... iteration only (1: "
		  "each)" },
	{ NULL }
};

static const struct key futex_wake_list_keys[] = {
	FUTEX_REF_KEY,
	{ .name = "order", .type = KEY_ENUM,
	  .offset = offsetof(struct futex_args, order), .values = futex_orders,
	  .def = FUTEX_ORDER_LIFO,
	  .help = "lifo: the most recent poster first, as schbench; fifo "
		  "(lifo)" },
	{ NULL }
};

static const struct key futex_reset_keys[] = {
	FUTEX_REF_KEY,
	{ NULL }
};

static int futex_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev,
		       const struct key *keys)
{
	struct futex_args *a = ev->args;

	a->post_index = -1;
	if (v->type == J_STRING) {
		if (!(a->ref = parser_name(p, path, v, "a futex name")))
			return -1;
	} else if (v->type == J_OBJECT) {
		if (keys_walk(p, path, v, keys, a))
			return -1;
	} else {
		parser_error(p, v, path, "expected a futex name or an object, "
			     "got %s", jtype_name(v->type));
		return -1;
	}
	ev->resource = parser_resource(p, a->ref, RES_FUTEX, false);
	if (a->post)
		a->post_index = parser_resource(p, a->post, RES_FUTEX, false);
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, a->ref);
	if (keys == futex_wait_keys && a->record)
		p->task->wake_paths |= 1u << WAKE_FUTEX;
	return 0;
}

static int futex_wait_parse(struct parser *p, const char *path,
			    const struct jnode *v, struct event *ev)
{
	return futex_parse(p, path, v, ev, futex_wait_keys);
}

static int futex_wake_parse(struct parser *p, const char *path,
			    const struct jnode *v, struct event *ev)
{
	return futex_parse(p, path, v, ev, futex_wake_keys);
}

static int futex_wake_list_parse(struct parser *p, const char *path,
				 const struct jnode *v, struct event *ev)
{
	if (futex_parse(p, path, v, ev, futex_wake_list_keys))
		return -1;
	/* Its posters must list themselves, wherever they are parsed. */
	p->w->resources[ev->resource].wake_list = true;
	return 0;
}

static int futex_reset_parse(struct parser *p, const char *path,
			     const struct jnode *v, struct event *ev)
{
	return futex_parse(p, path, v, ev, futex_reset_keys);
}

/*
 * Posts n wake-ups stamped at stamp_ns (n 0: one per waiter without a
 * pending post) and wakes that many waiters.
 */
static void futex_post(struct live_resource *l, int n, bool if_blocked,
		       int64_t stamp_ns, int64_t origin_ns)
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
	atomic_store(&f->origin, origin_ns);
	atomic_fetch_add(&f->word, (uint32_t)n);
	if (!if_blocked || atomic_load(&f->waiters) > 0) {
		atomic_store(&f->wake_stamp, time_now_ns());
		futex_syscall(l, FUTEX_WAKE, (uint32_t)n);
	}
}

static void futex_wait_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct futex_args *a = ev->args;
	struct live_resource *l = event_ctx_live(ctx, ev->resource);
	struct live_futex *f = futex_live(l);
	bool counted = false, slept = false;
	int64_t now;

	if (a->post_index >= 0) {
		struct live_resource *pl = event_ctx_live(ctx, a->post_index);

		/* Waiting before the post: whoever answers it finds us. */
		atomic_fetch_add(&f->waiters, 1);
		counted = true;
		if (event_ctx_resource(ctx, a->post_index)->wake_list)
			futex_list_push(futex_live(pl), f, ev->resource);
		futex_post(pl, 1, true, time_now_ns(),
			   event_ctx_chain_origin(ctx));
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
		if (event_ctx_stopping(ctx)) {
			if (counted)
				atomic_fetch_sub(&f->waiters, 1);
			return;
		}
		/* Count ourselves first, then look again: a waker that
		 * missed us has already posted. */
		if (!counted)
			atomic_fetch_add(&f->waiters, 1);
		/* 0: slept and was woken; EAGAIN: a post came first. */
		if (atomic_load(&f->word) == 0 &&
		    futex_syscall(l, FUTEX_WAIT, 0) == 0)
			slept = true;
		atomic_fetch_sub(&f->waiters, 1);
		counted = false;
	}
	now = time_now_ns();
	event_ctx_chain_received(ctx, atomic_load(&f->origin));
	if (!a->record) {
		event_ctx_woken(ctx, now);
		return;
	}
	if (slept)
		event_ctx_record_wake(ctx, WAKE_FUTEX,
				      now - atomic_load(&f->wake_stamp), now);
	event_ctx_record_message(ctx, WAKE_FUTEX, now - atomic_load(&f->stamp),
				 now);
}

static void futex_wake_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct futex_args *a = ev->args;
	struct live_resource *l = event_ctx_live(ctx, ev->resource);
	int64_t stamp;

	/* A thread woken now and then by a busy one (mimic model's sparse
	 * futex pairs), as send's every. */
	if (event_ctx_every_skips(ctx, a->every))
		return;
	stamp = a->batch ? event_ctx_batch_stamp(ctx) : time_now_ns();
	futex_post(l, a->count, a->if_blocked, stamp,
		   event_ctx_chain_origin(ctx));
}

/* A listed word's state, by resource index, for futex_list_take. */
static struct live_futex *futex_word_at(void *ctx, int index)
{
	return futex_live(event_ctx_live(ctx, index));
}

static void futex_wake_list_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct futex_args *a = ev->args;
	struct live_futex *f = futex_live(event_ctx_live(ctx, ev->resource));
	int k = futex_list_take(f, a->order == FUTEX_ORDER_FIFO,
				futex_word_at, ctx);
	int64_t stamp = time_now_ns(), origin = event_ctx_chain_origin(ctx);

	while (k >= 0) {
		struct live_resource *wl = event_ctx_live(ctx, k);
		struct live_futex *wf = futex_live(wl);

		k = wf->list_next;
		/* Off the list before the post: the wakee may list again. */
		atomic_store(&wf->listed, false);
		futex_post(wl, 1, true, stamp, origin);
	}
}

static void futex_reset_exec(struct event_ctx *ctx, const struct event *ev)
{
	atomic_store(&futex_live(event_ctx_live(ctx, ev->resource))->word, 0);
}

static void futex_dump(const struct workload *w, const struct event *ev,
		       struct json_object *out)
{
	const struct futex_args *a = ev->args;

	dump_resource(out, "ref", w, ev->resource);
	if (ev->kind->keys == futex_wake_keys) {
		json_object_object_add(out, "count",
				       json_object_new_int(a->count));
		json_object_object_add(out, "if_blocked",
				       json_object_new_boolean(a->if_blocked));
		json_object_object_add(out, "batch",
				       json_object_new_boolean(a->batch));
		if (a->every > 1)
			json_object_object_add(out, "every",
					       json_object_new_int64(a->every));
	} else if (ev->kind->keys == futex_wake_list_keys) {
		json_object_object_add(out, "order", json_object_new_string(
				       futex_orders[a->order]));
	} else if (ev->kind->keys == futex_wait_keys) {
		if (a->post_index >= 0)
			dump_resource(out, "post", w, a->post_index);
		json_object_object_add(out, "record",
				       json_object_new_boolean(a->record));
	}
}

/* A post carries the poster's chain origin: a wait's post, a wake's. */
static bool futex_wait_reads_origin(const struct workload *w,
				    const struct event *ev)
{
	const struct futex_args *a = ev->args;

	(void)w;
	return a->post_index >= 0;
}

static bool futex_posts(const struct workload *w, const struct event *ev)
{
	(void)w;
	(void)ev;
	return true;
}

const struct event_kind event_futex_wait = {
	.key = "futex_wait", .ftrace_type = RTAPP_TYPE_NONE,
	.help = "a futex name, or an object: wait for a post",
	.keys = futex_wait_keys, .args_size = sizeof(struct futex_args),
	 .parse = futex_wait_parse,
	.exec = futex_wait_exec, .dump = futex_dump, .waits = true,
	.reads_origin = futex_wait_reads_origin,
};
const struct event_kind event_futex_wake = {
	.key = "futex_wake", .ftrace_type = RTAPP_TYPE_NONE,
	.help = "a futex name, or an object: post wake-ups",
	.keys = futex_wake_keys, .args_size = sizeof(struct futex_args),
	 .parse = futex_wake_parse,
	.exec = futex_wake_exec, .dump = futex_dump,
	.reads_origin = futex_posts,
};
const struct event_kind event_futex_wake_list = {
	.key = "futex_wake_list", .ftrace_type = RTAPP_TYPE_NONE,
	.help = "a futex name, or an object: post every thread waiting for "
		"its answer",
	.keys = futex_wake_list_keys, .args_size = sizeof(struct futex_args),
	.parse = futex_wake_list_parse,
	.exec = futex_wake_list_exec, .dump = futex_dump,
	.reads_origin = futex_posts,
};
const struct event_kind event_futex_reset = {
	.key = "futex_reset", .ftrace_type = RTAPP_TYPE_NONE,
	.help = "a futex name, or {\"ref\": name}: drop pending posts",
	.keys = futex_reset_keys, .args_size = sizeof(struct futex_args),
	 .parse = futex_reset_parse,
	.exec = futex_reset_exec, .dump = futex_dump,
};
