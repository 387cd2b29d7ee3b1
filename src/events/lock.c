/*
 * lock.c - "lock" and "unlock": a named pthread mutex, shared by every
 * thread that names it (priority inheritance with global.pi_enabled).
 * Mutexes still held when a thread stops are released for it. Each
 * acquisition and hold goes to the thread's lock statistics.
 */
#define _GNU_SOURCE
#include "lib/arena.h"
#include "model/dump_value.h"
#include "event.h"
#include "parse/parser.h"
#include "resources/mutex.h"
#include "event_ctx.h"
#include "lib/timeutil.h"

#include <json-c/json.h>

static int mutex_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev)
{
	return parser_named_resource(p, path, v, RES_MUTEX, "a mutex name", ev);
}

/*
 * Uncontended it is one pthread_mutex_trylock. Contended (the lock
 * statistics count it, and its wait from the failed try), the wait is cut
 * into 10 ms slices so that a stopping run is not held up by a lock that
 * will never be released (a lock-order deadlock in the workload).
 */
static void lock_exec(struct event_ctx *ctx, const struct event *ev)
{
	pthread_mutex_t *m = mutex_live(event_ctx_live(ctx, ev->resource));
	int64_t waited_since = -1;

	if (pthread_mutex_trylock(m)) {
		waited_since = time_now_ns();
		for (;;) {
			struct timespec until = time_ts(time_now_ns() +
							10 * 1000 * 1000);

			if (!pthread_mutex_clocklock(m, CLOCK_MONOTONIC, &until))
				break;
			if (event_ctx_stopping(ctx))
				return; /* not taken: nothing to release */
		}
	}
	event_ctx_hold(ctx, ev->resource, waited_since);
}

static void unlock_exec(struct event_ctx *ctx, const struct event *ev)
{
	/* Unlocking a mutex this thread does not hold is undefined: skip.
	 * The hold is recorded before the unlock, so it ends as it does. */
	if (event_ctx_release(ctx, ev->resource))
		pthread_mutex_unlock(mutex_live(event_ctx_live(ctx, ev->resource)));
}

/* The wiring checks' view: one use of the mutex. */
static size_t mutex_use(const struct event *ev, struct event_use *out,
			size_t max, enum event_role role)
{
	if (max)
		out[0] = (struct event_use){ .resource = ev->resource,
					     .role = role };
	return 1;
}

static size_t lock_uses(const struct event *ev, struct event_use *out,
			size_t max)
{
	return mutex_use(ev, out, max, ROLE_LOCK);
}

static size_t unlock_uses(const struct event *ev, struct event_use *out,
			  size_t max)
{
	return mutex_use(ev, out, max, ROLE_UNLOCK);
}

static void mutex_dump(const struct workload *w, const struct event *ev,
		       struct json_object *out)
{
	dump_resource(out, "mutex", w, ev->resource);
}

const struct event_kind event_lock = {
	.key = "lock",
	.help = "a mutex name: take it",
	.ftrace_type = RTAPP_TYPE_LOCK,
	.parse = mutex_parse,
	.exec = lock_exec,
	.dump = mutex_dump,
	.uses = lock_uses,
	.waits = true,
};

const struct event_kind event_unlock = {
	.key = "unlock",
	.help = "a mutex name: release it",
	.ftrace_type = RTAPP_TYPE_UNLOCK,
	.parse = mutex_parse,
	.exec = unlock_exec,
	.dump = mutex_dump,
	.uses = unlock_uses,
};
