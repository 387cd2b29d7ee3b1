/*
 * dump.c - prints the model with every default filled in and every unit
 * resolved (times in µs), so tests and users see what mimic will run.
 */
#include "report/dump.h"

#include "event.h"
#include "model/dump_value.h"
#include "model/policy.h"
#include "model/workload.h"

#include <json-c/json.h>
#include <string.h>

static struct json_object *jint(int64_t v)
{
	return json_object_new_int64(v);
}

static void add(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static struct json_object *dump_globals(const struct globals *g)
{
	struct json_object *o = json_object_new_object();
	static const char *const cats[] = { "main", "task", "loop", "event",
					    "stats", "attrs" };
	char ftrace[64] = "";

	for (int k = 0; k < 6; k++)
		if (g->ftrace & (1u << k)) {
			if (*ftrace)
				strcat(ftrace, ",");
			strcat(ftrace, cats[k]);
		}
	add(o, "duration_s", json_object_new_double(g->duration_s));
	if (g->calibration_ns > 0)
		add(o, "calibration_ns", json_object_new_double(g->calibration_ns));
	else
		add(o, "calibration_cpu", jint(g->calibration_cpu));
	add(o, "default_policy",
	    json_object_new_string(policy_name(g->default_policy)));
	add(o, "pi_enabled", json_object_new_boolean(g->pi_enabled));
	add(o, "lock_pages", json_object_new_boolean(g->lock_pages));
	add(o, "logdir", json_object_new_string(g->logdir));
	if (g->outdir)
		add(o, "outdir", json_object_new_string(g->outdir));
	add(o, "log_basename", json_object_new_string(g->log_basename));
	add(o, "log_size", g->log_mode == LOG_DISABLED
				   ? json_object_new_string("disable")
			   : g->log_ring_bytes
				   ? jint((int64_t)(g->log_ring_bytes >> 20))
				   : json_object_new_string("file"));
	/* Only when set: older dumps stay as they were. */
	if (g->allow_log_drops)
		add(o, "allow_log_drops", json_object_new_boolean(true));
	add(o, "gnuplot", json_object_new_boolean(g->gnuplot));
	add(o, "ftrace", json_object_new_string(ftrace));
	add(o, "io_device", json_object_new_string(g->io_device));
	add(o, "mem_buffer_size", jint(g->mem_buffer_size));
	add(o, "cumulative_slack", json_object_new_boolean(g->cumulative_slack));
	add(o, "cpu_dma_latency", jint(g->cpu_dma_latency_us));
	add(o, "stack_size", jint(g->stack_size));
	return o;
}

static void dump_sched(struct json_object *o, const struct sched_attrs *s)
{
	if (s->policy != MIMIC_UNSET)
		add(o, "policy", json_object_new_string(policy_name(s->policy)));
	if (s->priority != MIMIC_UNSET)
		add(o, "priority", jint(s->priority));
	if (s->dl_runtime_ns)
		add(o, "dl-runtime_us", dump_us(s->dl_runtime_ns));
	if (s->dl_period_ns)
		add(o, "dl-period_us", dump_us(s->dl_period_ns));
	if (s->dl_deadline_ns)
		add(o, "dl-deadline_us", dump_us(s->dl_deadline_ns));
	if (s->util_min != -1)
		add(o, "util_min", jint(s->util_min));
	if (s->util_max != -1)
		add(o, "util_max", jint(s->util_max));
}

static void dump_cpus(struct json_object *o, const struct cpu_set_list *c)
{
	struct json_object *a;

	if (!c->n)
		return;
	a = json_object_new_array();
	for (size_t k = 0; k < c->n; k++)
		json_object_array_add(a, jint(c->cpus[k]));
	add(o, "cpus", a);
}

static void dump_placement(struct json_object *o, const char *group,
			   const struct node_list *nodes)
{
	if (group)
		add(o, "taskgroup", json_object_new_string(group));
	if (nodes->n) {
		struct json_object *a = json_object_new_array();

		for (size_t k = 0; k < nodes->n; k++)
			json_object_array_add(a, jint(nodes->nodes[k]));
		add(o, "nodes_membind", a);
	}
}

static struct json_object *dump_phase(const struct workload *w,
				      const struct phase *ph)
{
	struct json_object *o = json_object_new_object();
	struct json_object *evs = json_object_new_array();

	add(o, "name", json_object_new_string(ph->name));
	add(o, "loop", jint(ph->loop));
	if (ph->budget_ns)
		add(o, "budget_us", dump_us(ph->budget_ns));
	if (ph->has_sched)
		dump_sched(o, &ph->sched);
	dump_cpus(o, &ph->cpus);
	dump_placement(o, ph->taskgroup, &ph->nodes);
	for (size_t k = 0; k < ph->n_events; k++) {
		const struct event *ev = &ph->events[k];
		struct json_object *e = json_object_new_object();

		add(e, "event", json_object_new_string(ev->kind->key));
		add(e, "key", json_object_new_string(ev->key));
		ev->kind->dump(w, ev, e);
		json_object_array_add(evs, e);
	}
	add(o, "events", evs);
	return o;
}

void dump_workload(const struct workload *w, FILE *out)
{
	struct json_object *root = json_object_new_object();
	struct json_object *tasks = json_object_new_array();

	add(root, "global", dump_globals(&w->g));
	for (size_t k = 0; k < w->n_tasks; k++) {
		const struct task *t = &w->tasks[k];
		struct json_object *o = json_object_new_object();
		struct json_object *phases = json_object_new_array();

		add(o, "name", json_object_new_string(t->name));
		add(o, "instance", jint(t->instance));
		add(o, "mode", json_object_new_string(t->mode == MODE_PROCESS
							      ? "process"
							      : "thread"));
		add(o, "loop", jint(t->loop));
		add(o, "delay_us", dump_us(t->delay_ns));
		if (t->budget_ns)
			add(o, "budget_us", dump_us(t->budget_ns));
		dump_sched(o, &t->sched);
		dump_cpus(o, &t->cpus);
		dump_placement(o, t->taskgroup, &t->nodes);
		for (size_t p = 0; p < t->n_phases; p++)
			json_object_array_add(phases, dump_phase(w, &t->phases[p]));
		add(o, "phases", phases);
		json_object_array_add(tasks, o);
	}
	add(root, "tasks", tasks);
	fprintf(out, "%s\n",
		json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
						     JSON_C_TO_STRING_SPACED |
						     JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(root);
}
