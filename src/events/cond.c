/*
 * cond.c - condition variables: "wait" and "sync" ({"ref": cond,
 * "mutex": mutex}, or just a name, which is then both), "signal" and
 * "broad" (a cond name). As in rt-app there is no predicate: a signal with
 * no waiter is lost. A wait whose thread does not hold the mutex takes it
 * around the wait, rather than calling pthread_cond_wait undefined.
 * A waiter woken by a signal or broadcast made after it began waiting (so
 * it slept in pthread_cond_wait) records wake-up latency = its time after
 * the wait returned, mutex retaken - the stamp the signaller took just
 * before pthread_cond_signal/broadcast, kept beside the condition. A cond
 * carries no message: it has no message latency.
 */
#include "lib/arena.h"
#include "model/dump_value.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parser.h"
#include "resources/cond.h"
#include "resources/mutex.h"
#include "event_ctx.h"
#include "lib/timeutil.h"

#include <json-c/json.h>
#include <stddef.h>

struct cond_args {
	const char *ref;          /* the condition */
	const char *mutex;        /* wait, sync: the mutex to hold */
	int mutex_index;          /* wait, sync: its resource, else -1 */
};

static const struct key wait_keys[] = {
	{ .name = "ref", .type = KEY_NAME,
	  .offset = offsetof(struct cond_args, ref),
	  .help = "a condition name" },
	{ .name = "mutex", .type = KEY_NAME,
	  .offset = offsetof(struct cond_args, mutex),
	  .help = "a mutex name" },
	{ NULL }
};

static int signal_parse(struct parser *p, const char *path,
			const struct jnode *v, struct event *ev)
{
	struct cond_args *a = ev->args;

	a->mutex_index = -1;
	return parser_named_resource(p, path, v, RES_COND, "a condition name",
				     ev);
}

static int wait_parse(struct parser *p, const char *path,
		      const struct jnode *v, struct event *ev)
{
	struct cond_args *a = ev->args;

	if (v->type == J_STRING) {
		a->ref = a->mutex = parser_name(p, path, v, "a condition name");
		/* rt-app reads "ref" and "mutex" of a string: none, so it
		 * binds its defaults (get_string_value_from). */
		if (a->ref)
			parser_warn(p, v, path,
				    "a name as the value: rt-app would bind "
				    "condition \"unknown\" and mutex "
				    "\"unknown\" (it reads \"ref\" and "
				    "\"mutex\" of an object only); mimic "
				    "binds condition \"%s\" and mutex "
				    "\"%s\"", a->ref, a->mutex);
	} else if (v->type == J_OBJECT) {
		if (keys_walk(p, path, v, wait_keys, a))
			return -1;
		if (!a->ref || !a->mutex) {
			parser_error(p, v, path, "needs \"ref\" and \"mutex\"");
			return -1;
		}
	} else {
		parser_error(p, v, path,
			     "expected {\"ref\": cond, \"mutex\": mutex} or a "
			     "name, got %s", jtype_name(v->type));
		return -1;
	}
	if (!a->ref || !a->mutex)
		return -1;
	ev->resource = parser_resource(p, a->ref, RES_COND, false);
	a->mutex_index = parser_resource(p, a->mutex, RES_MUTEX, false);
	ev->desc = arena_printf(p->a, "%s:%s:%s", ev->key, a->ref, a->mutex);
	p->task->wake_paths |= 1u << WAKE_COND;
	return 0;
}

static void cond_wait(struct event_ctx *ctx, const struct event *ev)
{
	const struct cond_args *a = ev->args;
	pthread_mutex_t *m = mutex_live(event_ctx_live(ctx, a->mutex_index));
	struct live_cond *c = cond_live(event_ctx_live(ctx, ev->resource));
	bool held = event_ctx_holds(ctx, a->mutex_index);
	int64_t since, stamp;

	if (!held)
		pthread_mutex_lock(m);
	since = time_now_ns();
	if (!event_ctx_stopping(ctx))
		pthread_cond_wait(&c->cond, m);
	stamp = atomic_load(&c->stamp);
	if (stamp >= since && !event_ctx_stopping(ctx)) {
		int64_t now = time_now_ns();

		event_ctx_record_wake(ctx, WAKE_COND, now - stamp, now);
	}
	if (!held)
		pthread_mutex_unlock(m);
}

static void wait_exec(struct event_ctx *ctx, const struct event *ev)
{
	cond_wait(ctx, ev);
}

static void cond_signal(struct event_ctx *ctx, const struct event *ev, bool all)
{
	struct live_cond *c = cond_live(event_ctx_live(ctx, ev->resource));

	atomic_store(&c->stamp, time_now_ns());
	if (all)
		pthread_cond_broadcast(&c->cond);
	else
		pthread_cond_signal(&c->cond);
}

static void sync_exec(struct event_ctx *ctx, const struct event *ev)
{
	cond_signal(ctx, ev, false);
	cond_wait(ctx, ev);
}

static void signal_exec(struct event_ctx *ctx, const struct event *ev)
{
	cond_signal(ctx, ev, false);
}

static void broad_exec(struct event_ctx *ctx, const struct event *ev)
{
	cond_signal(ctx, ev, true);
}

/* The wiring checks' view. The mutex of a wait is taken and given back
 * around it when not held: no change to what the thread holds. */
static size_t wait_uses(const struct event *ev, struct event_use *out,
			size_t max)
{
	if (max)
		out[0] = (struct event_use){ .resource = ev->resource,
					     .role = ROLE_WAIT };
	return 1;
}

static size_t sync_uses(const struct event *ev, struct event_use *out,
			size_t max)
{
	if (max > 1) {
		out[0] = (struct event_use){ .resource = ev->resource,
					     .role = ROLE_SIGNAL };
		out[1] = (struct event_use){ .resource = ev->resource,
					     .role = ROLE_WAIT };
	}
	return 2;
}

static size_t signal_uses(const struct event *ev, struct event_use *out,
			  size_t max)
{
	if (max)
		out[0] = (struct event_use){ .resource = ev->resource,
					     .role = ROLE_SIGNAL };
	return 1;
}

static void cond_dump(const struct workload *w, const struct event *ev,
		      struct json_object *out)
{
	const struct cond_args *a = ev->args;

	dump_resource(out, "ref", w, ev->resource);
	if (a->mutex_index >= 0)
		dump_resource(out, "mutex", w, a->mutex_index);
}

const struct event_kind event_wait = {
	.key = "wait",
	.help = "a condition name (with the mutex of that name), or an object",
	.args_size = sizeof(struct cond_args),
	.keys = wait_keys,
	.ftrace_type = RTAPP_TYPE_WAIT, .parse = wait_parse,
	.exec = wait_exec, .dump = cond_dump,
	.uses = wait_uses, .waits = true,
};
const struct event_kind event_sync = {
	.key = "sync",
	.help = "signal, then wait: a name or an object as wait",
	.args_size = sizeof(struct cond_args),
	.keys = wait_keys,
	.ftrace_type = 7, .parse = wait_parse,
	.exec = sync_exec, .dump = cond_dump,
	.uses = sync_uses, .waits = true,
};
const struct event_kind event_signal = {
	.key = "signal",
	.help = "a condition name: wake one waiter",
	.args_size = sizeof(struct cond_args),
	.ftrace_type = 3, .parse = signal_parse,
	.exec = signal_exec, .dump = cond_dump,
	.uses = signal_uses,
};
const struct event_kind event_broad = {
	.key = "broad",
	.help = "a condition name: wake every waiter",
	.args_size = sizeof(struct cond_args),
	.ftrace_type = 4, .parse = signal_parse,
	.exec = broad_exec, .dump = cond_dump,
	.uses = signal_uses,
};
