/*
 * percpu_lock.c - "percpu_lock" and "percpu_unlock": schbench's per-CPU
 * lock around its request work, so that a thread preempted or migrated
 * while holding it makes whoever runs next on that CPU spin.
 *   "percpu_lock": name, or {"ref": name}   (the same for percpu_unlock)
 * The name stands for one mutex per CPU. percpu_lock takes the mutex of
 * the CPU the thread is on (sched_getcpu), spinning on trylock with a
 * pause; if the thread has moved to another CPU meanwhile it lets go and
 * starts again. percpu_unlock releases the one taken. A thread holds at
 * most one at a time; it is released for it when the thread ends.
 */
#define _GNU_SOURCE
#include "lib/arena.h"
#include "report/dump.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/parse.h"
#include "resources/percpu_mutex.h"
#include "engine/thread.h"

#include <json-c/json.h>
#include <sched.h>
#include <string.h>

static int percpu_parse(struct parser *p, const char *path,
			const struct jnode *v, struct event *ev)
{
	const char *name = NULL;

	if (v->type == J_OBJECT) {
		for (size_t k = 0; k < v->n; k++) {
			const struct jnode *m = v->kids[k];
			const char *mp = parser_path(p, path, m->key);

			if (strcmp(m->key, "ref")) {
				parser_error(p, m, mp, "unknown key (expected ref)");
				return -1;
			}
			name = parser_name(p, mp, m, "a per-CPU mutex name");
		}
		if (!name) {
			parser_error(p, v, path, "missing \"ref\"");
			return -1;
		}
	} else {
		name = parser_name(p, path, v, "a per-CPU mutex name");
	}
	if (!name)
		return -1;
	ev->sync.resource = parser_resource(p, name, RES_CPU_MUTEX, false);
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, name);
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

static void percpu_lock_exec(struct thread *t, const struct event *ev)
{
	struct live_cpu_mutex *c = percpu_mutex_live(thread_live(t, ev->sync.resource));

	if (t->percpu_held)
		return; /* one at a time: the second would self-deadlock */
	for (;;) {
		int cpu = sched_getcpu();
		pthread_mutex_t *m = &c->m[(cpu < 0 ? 0 : cpu) % c->n];

		while (pthread_mutex_trylock(m)) {
			percpu_pause();
			/* The holder may have stopped for good. */
			if (thread_should_stop(t))
				return;
		}
		if (sched_getcpu() == cpu) {
			t->percpu_held = m;
			return;
		}
		pthread_mutex_unlock(m); /* migrated meanwhile */
	}
}

static void percpu_unlock_exec(struct thread *t, const struct event *ev)
{
	(void)ev;
	if (t->percpu_held)
		pthread_mutex_unlock(t->percpu_held);
	t->percpu_held = NULL;
}

static void percpu_dump(const struct workload *w, const struct event *ev,
			struct json_object *out)
{
	dump_resource(out, "ref", w, ev->sync.resource);
}

const struct event_kind event_percpu_lock = {
	.key = "percpu_lock", .ftrace_type = RTAPP_TYPE_LOCK, .parse = percpu_parse,
	.exec = percpu_lock_exec, .dump = percpu_dump,
};

const struct event_kind event_percpu_unlock = {
	.key = "percpu_unlock", .ftrace_type = RTAPP_TYPE_UNLOCK, .parse = percpu_parse,
	.exec = percpu_unlock_exec, .dump = percpu_dump,
};
