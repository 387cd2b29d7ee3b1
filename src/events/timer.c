/*
 * timer.c - "timer": sleep until the timer's next absolute deadline.
 *
 * rt-app's semantics: the first use anchors the timer at time zero plus
 * the task's delay; each use advances it by the period; an overrun (the
 * deadline already passed) re-anchors a relative timer at now and leaves
 * an absolute one behind, to catch up. A timer named "unique..." is one per
 * thread; any other name is shared, and every user advances it.
 */
#include "lib/arena.h"
#include "report/dump.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/parse.h"
#include "engine/thread.h"
#include "lib/timeutil.h"

#include <errno.h>
#include <json-c/json.h>
#include <string.h>

static int timer_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev)
{
	const char *ref = "unknown";
	bool absolute = false;
	int errs = 0;

	if (v->type != J_OBJECT) {
		parser_error(p, v, path,
			     "expected {\"ref\": name, \"period\": us, "
			     "\"mode\": \"relative\"|\"absolute\"}, got %s",
			     jtype_name(v->type));
		return -1;
	}
	for (size_t k = 0; k < v->n; k++) {
		const struct jnode *m = v->kids[k];
		const char *mpath = parser_path(p, path, m->key);

		if (!strcmp(m->key, "ref")) {
			if (m->type != J_STRING) {
				parser_error(p, m, mpath,
					     "expected a timer name");
				errs++;
			} else {
				ref = m->s;
			}
		} else if (!strcmp(m->key, "period")) {
			errs += parser_time_us(p, mpath, m,
					       &ev->timer.period_ns) ? 1 : 0;
		} else if (!strcmp(m->key, "mode")) {
			if (m->type == J_STRING && !strcmp(m->s, "absolute"))
				absolute = true;
			else if (m->type != J_STRING ||
				 strcmp(m->s, "relative")) {
				parser_error(p, m, mpath,
					     "expected \"relative\" or "
					     "\"absolute\"");
				errs++;
			}
		} else {
			parser_error(p, m, mpath,
				     "unknown key (expected ref, period, mode)");
			errs++;
		}
	}
	if (errs)
		return -1;
	if (!jtree_get(v, "period")) {
		parser_error(p, v, path, "missing \"period\"");
		return -1;
	}
	ev->timer.resource = parser_resource(p, ref, RES_TIMER,
					     !strncmp(ref, "unique", 6));
	if (absolute)
		p->w->resources[ev->timer.resource].absolute = true;
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, ref);
	p->task->wake_paths |= 1u << WAKE_TIMER;
	return 0;
}

static void timer_exec(struct thread *t, const struct event *ev)
{
	const struct resource *r = thread_resource(t, ev->timer.resource);
	struct timer_state *ts = thread_timer(t, r);
	int64_t period = ev->timer.period_ns, next, now, lat;
	bool expect = false;

	if (atomic_compare_exchange_strong(&ts->started, &expect, true))
		atomic_store(&ts->next_ns, t->t_first_ns);
	next = atomic_fetch_add(&ts->next_ns, period) + period;
	t->it.c_period_ns += period;
	now = time_now_ns();
	if (thread_cumulative_slack(t))
		t->it.slack_ns += next - now;
	else
		t->it.slack_ns = next - now;
	if (now >= next) {
		/* Overrun: no sleep, and no latency to speak of. */
		if (!r->absolute)
			atomic_store(&ts->next_ns, now);
		t->it.wu_lat_ns = 0;
		t->stats.timer_overruns++;
		return;
	}
	struct timespec when = time_ts(next);
	int rc;
	while ((rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &when,
				     NULL)) == EINTR &&
	       !thread_should_stop(t))
		;
	if (rc)
		return; /* stopped: the iteration is discarded anyway */
	lat = time_now_ns() - next;
	thread_record_wake(t, WAKE_TIMER, lat);
}

static void timer_dump(const struct workload *w, const struct event *ev,
		       struct json_object *out)
{
	const struct resource *r = &w->resources[ev->timer.resource];

	json_object_object_add(out, "ref", json_object_new_string(r->name));
	json_object_object_add(out, "period_us",
			       dump_us(ev->timer.period_ns));
	json_object_object_add(out, "mode",
			       json_object_new_string(r->absolute ? "absolute"
								  : "relative"));
	json_object_object_add(out, "unique", json_object_new_boolean(r->unique));
}

const struct event_kind event_timer = {
	.key = "timer",
	.ftrace_type = RTAPP_TYPE_TIMER,
	.parse = timer_parse,
	.exec = timer_exec,
	.dump = timer_dump,
};
