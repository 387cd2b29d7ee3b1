/*
 * cond.c - condition variables: "wait" and "sync" ({"ref": cond,
 * "mutex": mutex}, or just a name, which is then both), "signal" and
 * "broad" (a cond name). As in rt-app there is no predicate: a signal with
 * no waiter is lost. A wait whose thread does not hold the mutex takes it
 * around the wait, rather than calling pthread_cond_wait undefined.
 * A waiter woken by a signal or broadcast made after it began waiting
 * records wake-up latency = its time after the wait - the signal's stamp.
 */
#include "lib/arena.h"
#include "report/dump.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/parse.h"
#include "resources/cond.h"
#include "resources/mutex.h"
#include "engine/thread.h"
#include "lib/timeutil.h"

#include <json-c/json.h>
#include <string.h>

static int signal_parse(struct parser *p, const char *path,
			const struct jnode *v, struct event *ev)
{
	return parser_named_resource(p, path, v, RES_COND, "a condition name",
				     ev);
}

static int wait_parse(struct parser *p, const char *path,
		      const struct jnode *v, struct event *ev)
{
	const char *cond = NULL, *mutex = NULL;

	if (v->type == J_STRING) {
		cond = mutex = parser_name(p, path, v, "a condition name");
	} else if (v->type == J_OBJECT) {
		for (size_t k = 0; k < v->n; k++) {
			const struct jnode *m = v->kids[k];
			const char *mpath = parser_path(p, path, m->key);

			if (!strcmp(m->key, "ref"))
				cond = parser_name(p, mpath, m, "a condition name");
			else if (!strcmp(m->key, "mutex"))
				mutex = parser_name(p, mpath, m, "a mutex name");
			else {
				parser_error(p, m, mpath,
					     "unknown key (expected ref, mutex)");
				return -1;
			}
		}
		if (!cond || !mutex) {
			parser_error(p, v, path, "needs \"ref\" and \"mutex\"");
			return -1;
		}
	} else {
		parser_error(p, v, path,
			     "expected {\"ref\": cond, \"mutex\": mutex} or a "
			     "name, got %s", jtype_name(v->type));
		return -1;
	}
	if (!cond || !mutex)
		return -1;
	ev->sync.resource = parser_resource(p, cond, RES_COND, false);
	ev->sync.mutex = parser_resource(p, mutex, RES_MUTEX, false);
	ev->desc = arena_printf(p->a, "%s:%s:%s", ev->key, cond, mutex);
	p->task->wake_paths |= 1u << WAKE_COND;
	return 0;
}

static void cond_wait(struct thread *t, const struct event *ev)
{
	pthread_mutex_t *m = mutex_live(thread_live(t, ev->sync.mutex));
	struct live_cond *c = cond_live(thread_live(t, ev->sync.resource));
	bool held = thread_holds(t, ev->sync.mutex);
	int64_t since, stamp;

	if (!held)
		pthread_mutex_lock(m);
	since = time_now_ns();
	if (!thread_should_stop(t))
		pthread_cond_wait(&c->cond, m);
	stamp = atomic_load(&c->stamp);
	if (stamp >= since && !thread_should_stop(t))
		thread_record_wake(t, WAKE_COND, time_now_ns() - stamp);
	if (!held)
		pthread_mutex_unlock(m);
}

static void wait_exec(struct thread *t, const struct event *ev)
{
	cond_wait(t, ev);
}

static void cond_signal(struct thread *t, const struct event *ev, bool all)
{
	struct live_cond *c = cond_live(thread_live(t, ev->sync.resource));

	atomic_store(&c->stamp, time_now_ns());
	if (all)
		pthread_cond_broadcast(&c->cond);
	else
		pthread_cond_signal(&c->cond);
}

static void sync_exec(struct thread *t, const struct event *ev)
{
	cond_signal(t, ev, false);
	cond_wait(t, ev);
}

static void signal_exec(struct thread *t, const struct event *ev)
{
	cond_signal(t, ev, false);
}

static void broad_exec(struct thread *t, const struct event *ev)
{
	cond_signal(t, ev, true);
}

static void cond_dump(const struct workload *w, const struct event *ev,
		      struct json_object *out)
{
	dump_resource(out, "ref", w, ev->sync.resource);
	if (ev->sync.mutex >= 0)
		dump_resource(out, "mutex", w, ev->sync.mutex);
}

const struct event_kind event_wait = {
	.key = "wait", .ftrace_type = RTAPP_TYPE_WAIT, .parse = wait_parse,
	.exec = wait_exec, .dump = cond_dump,
};
const struct event_kind event_sync = {
	.key = "sync", .ftrace_type = RTAPP_TYPE_SIG_AND_WAIT, .parse = wait_parse,
	.exec = sync_exec, .dump = cond_dump,
};
const struct event_kind event_signal = {
	.key = "signal", .ftrace_type = RTAPP_TYPE_SIGNAL, .parse = signal_parse,
	.exec = signal_exec, .dump = cond_dump,
};
const struct event_kind event_broad = {
	.key = "broad", .ftrace_type = RTAPP_TYPE_BROADCAST, .parse = signal_parse,
	.exec = broad_exec, .dump = cond_dump,
};
