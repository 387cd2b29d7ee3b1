/*
 * percpu_lock.c - "percpu_lock" and "percpu_unlock": schbench's per-CPU
 * lock around its request work, so that a thread preempted or migrated
 * while holding it makes whoever runs next on that CPU spin.
 *   "percpu_lock": name, or {"ref": name}   (the same for percpu_unlock)
 * The name stands for one mutex per CPU. percpu_lock takes the mutex of
 * the CPU the thread is on (sched_getcpu), spinning on trylock with a
 * pause; if the thread has moved to another CPU meanwhile it lets go and
 * starts again. percpu_unlock releases the one taken. A thread holds at
 * most one at a time; it is released for it when the thread ends. Each
 * acquisition and hold goes to the thread's lock statistics.
 */
#define _GNU_SOURCE
#include "lib/arena.h"
#include "model/dump_value.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parser.h"
#include "resources/percpu_mutex.h"
#include "event_ctx.h"
#include "lib/timeutil.h"

#include <json-c/json.h>
#include <sched.h>
#include <stddef.h>

struct percpu_args {
	const char *ref;
};

static const struct key percpu_keys[] = {
	{ .name = "ref", .type = KEY_NAME,
	  .offset = offsetof(struct percpu_args, ref), .flags = KEYF_REQUIRED,
	  .help = "a per-CPU mutex name" },
	{ NULL }
};

static int percpu_parse(struct parser *p, const char *path,
			const struct jnode *v, struct event *ev)
{
	struct percpu_args *a = ev->args;

	if (v->type == J_OBJECT) {
		if (keys_walk(p, path, v, percpu_keys, a))
			return -1;
	} else if (!(a->ref = parser_name(p, path, v, "a per-CPU mutex name"))) {
		return -1;
	}
	ev->resource = parser_resource(p, a->ref, RES_CPU_MUTEX, false);
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, a->ref);
	return 0;
}

static inline void percpu_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__asm__ volatile("pause" ::: "memory");
#elif defined(__aarch64__)
	__asm__ volatile("yield" ::: "memory");
#else
	__asm__ volatile("" ::: "memory");
#endif
}

/* The CPU's mutex a thread holds (at most one), and since when. */
struct percpu_held {
	pthread_mutex_t *m;
	int resource;             /* its per-CPU mutex name */
	int64_t since_ns;
};

/* Released for the thread when it ends (that hold is not recorded). */
static void percpu_stop(void *state)
{
	struct percpu_held *held = state;

	if (held->m)
		pthread_mutex_unlock(held->m);
	held->m = NULL;
}

static const struct event_state percpu_state = {
	.size = sizeof(struct percpu_held),
	.stop = percpu_stop,
};

/*
 * Contended when a try found the mutex held: the wait runs from that
 * first failed try (a retry after a migration included) to holding it.
 */
static void percpu_lock_exec(struct event_ctx *ctx, const struct event *ev)
{
	struct live_cpu_mutex *c =
		percpu_mutex_live(event_ctx_live(ctx, ev->resource));
	struct percpu_held *held = event_ctx_state(ctx);
	int64_t waited_since = -1;

	if (held->m)
		return; /* one at a time: the second would self-deadlock */
	for (;;) {
		int cpu = sched_getcpu();
		pthread_mutex_t *m =
			percpu_mutex_at(c, (cpu < 0 ? 0 : cpu) % c->n);

		while (pthread_mutex_trylock(m)) {
			if (waited_since < 0)
				waited_since = time_now_ns();
			percpu_pause();
			/* The holder may have stopped for good. */
			if (event_ctx_stopping(ctx))
				return;
		}
		if (sched_getcpu() == cpu) {
			held->m = m;
			held->resource = ev->resource;
			held->since_ns = event_ctx_record_lock(ctx, ev->resource,
							       waited_since);
			return;
		}
		pthread_mutex_unlock(m); /* migrated meanwhile */
	}
}

static void percpu_unlock_exec(struct event_ctx *ctx, const struct event *ev)
{
	struct percpu_held *held = event_ctx_state(ctx);

	if (!held->m)
		return;
	(void)ev; /* releases the one taken, whatever the name */
	event_ctx_record_hold(ctx, held->resource, held->since_ns);
	percpu_stop(held);
}

static void percpu_dump(const struct workload *w, const struct event *ev,
			struct json_object *out)
{
	dump_resource(out, "ref", w, ev->resource);
}

const struct event_kind event_percpu_lock = {
	.key = "percpu_lock", .ftrace_type = RTAPP_TYPE_LOCK,
	.help = "a per-CPU mutex name, or an object: take this CPU's",
	.keys = percpu_keys, .args_size = sizeof(struct percpu_args),
	.parse = percpu_parse, .state = &percpu_state,
	.exec = percpu_lock_exec, .dump = percpu_dump,
};

const struct event_kind event_percpu_unlock = {
	.key = "percpu_unlock", .ftrace_type = RTAPP_TYPE_UNLOCK,
	.help = "a per-CPU mutex name, or an object: release the one taken",
	.keys = percpu_keys, .args_size = sizeof(struct percpu_args),
	.parse = percpu_parse, .state = &percpu_state,
	.exec = percpu_unlock_exec, .dump = percpu_dump,
};
