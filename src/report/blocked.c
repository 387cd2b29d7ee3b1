/*
 * blocked.c - the "blocked at stop" report. Each thread publishes the
 * waiting event it enters (engine/thread.c); one still set after the run
 * is a thread the stop found there: a wait nobody signals, a recv nobody
 * sends to, a lock never released show up with the time they began, often
 * time zero. A consumer between two messages shows up too, blocked for
 * less than a period.
 */
#include "report/blocked.h"

#include <json-c/json.h>
#include <stdio.h>

/* What the thread waits on: the event's first resource, or "-". */
static const char *blocked_resource(const struct run_result *r,
				    const struct run_thread *t)
{
	int res = t->blocked_event->resource;

	return res >= 0 && (size_t)res < r->w->n_resources
		       ? r->w->resources[res].name
		       : "-";
}

/* Seconds from time zero to when it began waiting. */
static double blocked_since_s(const struct run_result *r,
			      const struct run_thread *t)
{
	return (double)(t->blocked_since_ns - r->t_zero_ns) / 1e9;
}

/* Seconds it had waited when the run ended. */
static double blocked_for_s(const struct run_result *r,
			    const struct run_thread *t)
{
	int64_t d = r->t_end_ns - t->blocked_since_ns;

	return d > 0 ? (double)d / 1e9 : 0;
}

void blocked_print(const struct run_result *r, FILE *out)
{
	int n = 0;

	for (int k = 0; k < r->n_threads; k++)
		n += r->threads[k].blocked;
	if (!n)
		return;
	fprintf(out, "\nblocked at stop: %d thread%s\n", n, n == 1 ? "" : "s");
	fprintf(out, "%-16s %-16s %-12s %-16s %-12s %10s %11s\n", "task",
		"thread", "event", "resource", "phase", "since (s)",
		"blocked (s)");
	for (int k = 0; k < r->n_threads; k++) {
		const struct run_thread *t = &r->threads[k];

		if (!t->blocked)
			continue;
		fprintf(out, "%-16s %-16s %-12s %-16s %-12s %10.3f %11.3f\n",
			t->task->name, t->name, t->blocked_event->key,
			blocked_resource(r, t),
			t->task->n_phases > 1 ? t->blocked_phase->name : "-",
			blocked_since_s(r, t), blocked_for_s(r, t));
	}
}

/* Seconds to the µs, as written ("1.000123"). */
static struct json_object *blocked_num(double s)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.6f", s);
	return json_object_new_double_s(s, buf);
}

struct json_object *blocked_json(const struct run_result *r)
{
	struct json_object *a = json_object_new_array();

	for (int k = 0; k < r->n_threads; k++) {
		const struct run_thread *t = &r->threads[k];
		struct json_object *o;

		if (!t->blocked)
			continue;
		o = json_object_new_object();
		json_object_object_add(o, "task",
				       json_object_new_string(t->task->name));
		json_object_object_add(o, "thread",
				       json_object_new_string(t->name));
		json_object_object_add(o, "event", json_object_new_string(
						t->blocked_event->key));
		json_object_object_add(o, "resource", json_object_new_string(
						blocked_resource(r, t)));
		if (t->task->n_phases > 1)
			json_object_object_add(o, "phase", json_object_new_string(
							t->blocked_phase->name));
		json_object_object_add(o, "line", json_object_new_int(
						t->blocked_event->line));
		json_object_object_add(o, "since_s",
				       blocked_num(blocked_since_s(r, t)));
		json_object_object_add(o, "blocked_s",
				       blocked_num(blocked_for_s(r, t)));
		json_object_array_add(a, o);
	}
	return a;
}
