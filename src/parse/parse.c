/*
 * parse.c - walks the JSON tree into the workload model, with rt-app's
 * grammar and defaults: the root, the tasks, their phases and scheduling
 * keys, and the resources section (the "global" object is globals.c).
 * Keys are declared in per-object tables; one walker validates them all.
 */
#define _GNU_SOURCE
#include "parse/parse.h"

#include "lib/arena.h"
#include "lib/diag.h"
#include "lib/notice.h"
#include "model/policy.h"
#include "resource.h"
#include "event.h"
#include "parse/counts.h"
#include "parse/filenames.h"
#include "parse/globals.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/params.h"
#include "parse/wiring.h"
#include "lib/near.h"

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int parser_named_resource(struct parser *p, const char *path,
			  const struct jnode *v, enum resource_type type,
			  const char *what, struct event *ev)
{
	const char *name = parser_name(p, path, v, what);

	if (!name)
		return -1;
	ev->resource = parser_resource(p, name, type, false);
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, name);
	return 0;
}

int parser_find_task(const struct parser *p, const char *name)
{
	return name_index_get(&p->task_names, name);
}

void parser_event_error(struct parser *p, const struct task *t,
			const struct event *ev, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_error(p->d, ev->line, ev->col,
		   arena_printf(p->a, "tasks.%s.%s", t->name, ev->key), "%s",
		   msg);
}

/* ---- custom keys ---- */

static int set_task_mode(struct parser *p, const char *path,
			 const struct jnode *v, void *obj)
{
	return parser_mode(p, path, v, &((struct task *)obj)->mode);
}

/* A non-empty array of integers 0 .. max (CPU or node numbers). */
static int get_id_list(struct parser *p, const char *path,
		       const struct jnode *v, int max, const char *what,
		       int **ids, size_t *n)
{
	if (v->type != J_ARRAY || v->n == 0) {
		parser_error(p, v, path, "expected a non-empty array of %s, got %s",
			     what, v->type == J_ARRAY ? "an empty one" : parser_describe(v));
		return -1;
	}
	*ids = arena_alloc(p->a, v->n * sizeof(int));
	*n = v->n;
	for (size_t k = 0; k < v->n; k++) {
		int64_t id;

		if (keys_integer(p, parser_path(p, path, arena_printf(p->a, "%zu", k)),
				v->kids[k], 0, max, &id))
			return -1;
		(*ids)[k] = (int)id;
	}
	return 0;
}

static int set_cpus(struct parser *p, const char *path, const struct jnode *v,
		    void *obj)
{
	struct cpu_set_list *c = obj;

	c->path = path;
	c->line = v->line;
	c->col = v->col;
	return get_id_list(p, path, v, CPU_SETSIZE - 1, "CPU numbers", &c->cpus,
			   &c->n);
}

static int set_policy(struct parser *p, const char *path,
		      const struct jnode *v, void *obj)
{
	return parser_policy(p, path, v, &((struct sched_attrs *)obj)->policy);
}

static int set_taskgroup(struct parser *p, const char *path,
			 const struct jnode *v, void *obj)
{
	if (v->type != J_STRING || v->s[0] != '/') {
		parser_error(p, v, path,
			     "expected a cgroup path starting with \"/\"");
		return -1;
	}
	if (strstr(v->s, "..") || strstr(v->s, "//")) {
		parser_error(p, v, path, "\"..\" and \"//\" are not allowed");
		return -1;
	}
	*(const char **)obj = v->s;
	return 0;
}

static int set_nodes(struct parser *p, const char *path,
		     const struct jnode *v, void *obj)
{
	struct node_list *l = obj;

	l->path = path;
	l->line = v->line;
	l->col = v->col;
	return get_id_list(p, path, v, 4095, "NUMA node numbers", &l->nodes,
			   &l->n);
}

/* ---- key tables ---- */

#define T(f) offsetof(struct task, f)
#define P(f) offsetof(struct phase, f)
#define S(f) offsetof(struct sched_attrs, f)

static const struct key sched_keys[] = {
	{ .name = "policy", .type = KEY_CUSTOM, .parse = set_policy,
	  .help = "SCHED_OTHER, SCHED_BATCH, SCHED_IDLE, SCHED_FIFO, SCHED_RR "
		  "or SCHED_DEADLINE" },
	/* The range depends on the policy: see sched_check(). */
	{ .name = "priority", .type = KEY_INT, .offset = S(priority),
	  .min = -1000, .max = 1000, .def = MIMIC_UNSET,
	  .help = "RT priority 1..99, or nice -20..19 for CFS policies" },
	{ .name = "dl-runtime", .type = KEY_DURATION_US,
	  .offset = S(dl_runtime_ns), .max = KEY_DURATION_MAX_US,
	  .help = "SCHED_DEADLINE runtime, us" },
	{ .name = "dl-period", .type = KEY_DURATION_US,
	  .offset = S(dl_period_ns), .max = KEY_DURATION_MAX_US,
	  .help = "SCHED_DEADLINE period, us (= dl-runtime)" },
	{ .name = "dl-deadline", .type = KEY_DURATION_US,
	  .offset = S(dl_deadline_ns), .max = KEY_DURATION_MAX_US,
	  .help = "SCHED_DEADLINE deadline, us (= dl-period)" },
	{ .name = "util_min", .type = KEY_INT, .offset = S(util_min),
	  .min = -1, .max = 1024, .def = -1,
	  .help = "uclamp minimum 0..1024, -1 unchanged" },
	{ .name = "util_max", .type = KEY_INT, .offset = S(util_max),
	  .min = -1, .max = 1024, .def = -1,
	  .help = "uclamp maximum 0..1024, -1 unchanged" },
	{ NULL }
};

static const struct key task_keys[] = {
	{ .name = "instance", .type = KEY_INT, .offset = T(instance),
	  .min = 0, .max = 100000, .def = 1,
	  .help = "threads made from this task (1)" },
	{ .name = "loop", .type = KEY_INT64, .offset = T(loop), .min = -1,
	  .max = INT64_MAX, .def = -1,
	  .help = "passes over the phases (-1: forever); see doc/grammar.md" },
	{ .name = "delay", .type = KEY_DURATION_US, .offset = T(delay_ns),
	  .max = KEY_DURATION_MAX_US, .flags = KEYF_DIST,
	  .help = "us to wait after time zero before the first phase (0), or "
		  "a distribution (drawn once per thread)" },
	{ .name = "budget", .type = KEY_DURATION_US, .offset = T(budget_ns),
	  .min = 1, .max = KEY_DURATION_MAX_US, .flags = KEYF_NO_DEFAULT,
	  .help = "us allowed from the chain's origin to each iteration's "
		  "end (none)" },
	{ .name = "samples", .type = KEY_BOOL, .offset = T(samples),
	  .help = "keep every wake-up latency in memory for per-round report "
		  "styles such as adrestia (false)" },
	{ .name = "cpus", .type = KEY_CUSTOM, .offset = T(cpus),
	  .parse = set_cpus, .help = "CPU affinity" },
	{ .name = "mode", .type = KEY_CUSTOM, .parse = set_task_mode,
	  .help = "\"thread\" or \"process\": each instance a process of its "
		  "own (global.mode)" },
	{ .name = "nodes_membind", .type = KEY_CUSTOM, .offset = T(nodes),
	  .parse = set_nodes,
	  .help = "NUMA nodes memory is allocated from (libnuma)" },
	{ .name = "taskgroup", .type = KEY_CUSTOM, .offset = T(taskgroup),
	  .parse = set_taskgroup,
	  .help = "cgroup (cpu controller) to run in, e.g. \"/tg1\"; \"/\" "
		  "the root" },
	{ .name = "phases", .type = KEY_STRUCTURE,
	  .help = "object of phases, in order" },
	{ .name = "period", .type = KEY_DURATION_US,
	  .offset = T(legacy_period_ns), .max = KEY_DURATION_MAX_US,
	  .help = "legacy SCHED_DEADLINE period, us (use dl-period)" },
	{ .name = "deadline", .type = KEY_DURATION_US,
	  .offset = T(legacy_deadline_ns), .max = KEY_DURATION_MAX_US,
	  .help = "legacy SCHED_DEADLINE deadline, us (use dl-deadline)" },
	{ .name = "frag", .type = KEY_IGNORED,
	  .help = "ignored (Workload Automation)" },
	{ .name = "dl-reclaim", .type = KEY_IGNORED,
	  .help = "ignored (GRUB branch)" },
	{ .name = "logstats", .type = KEY_IGNORED, .help = "ignored (legacy)" },
	{ .name = "exec", .type = KEY_IGNORED,
	  .help = "ignored (pre-2015 grammar)" },
	{ .name = "resources", .type = KEY_IGNORED,
	  .help = "ignored (pre-2015 grammar)" },
	{ NULL }
};

static const struct key phase_keys[] = {
	{ .name = "loop", .type = KEY_INT64, .offset = P(loop), .min = -1,
	  .max = INT64_MAX, .def = 1,
	  .help = "iterations of this phase (1); 0 or -1: forever" },
	{ .name = "cpus", .type = KEY_CUSTOM, .offset = P(cpus),
	  .parse = set_cpus, .help = "CPU affinity for this phase" },
	{ .name = "budget", .type = KEY_DURATION_US, .offset = P(budget_ns),
	  .min = 1, .max = KEY_DURATION_MAX_US, .flags = KEYF_NO_DEFAULT,
	  .help = "us allowed from the chain's origin to each iteration's "
		  "end (the task's)" },
	{ .name = "nodes_membind", .type = KEY_CUSTOM, .offset = P(nodes),
	  .parse = set_nodes, .help = "NUMA nodes for this phase" },
	{ .name = "taskgroup", .type = KEY_CUSTOM, .offset = P(taskgroup),
	  .parse = set_taskgroup, .help = "cgroup for this phase" },
	{ .name = "delay", .type = KEY_IGNORED,
	  .help = "ignored in a phase (task-level only)" },
	{ .name = "frag", .type = KEY_IGNORED,
	  .help = "ignored (Workload Automation)" },
	{ .name = "dl-reclaim", .type = KEY_IGNORED,
	  .help = "ignored (GRUB branch)" },
	{ NULL }
};

/* ---- objects ---- */

/*
 * A resource is found by (name, kind), as rt-app's get_resource_index
 * does, and made on first use. rt-app's kinds never clash; mimic's own
 * do, where the kinds say so (resource_names_clash).
 */
int parser_resource(struct parser *p, const char *name,
		    enum resource_type type, bool unique)
{
	struct workload *w = p->w;
	int first = name_index_get(&p->res_names, name), last = -1;
	struct resource *r;

	for (int k = first; k >= 0; k = p->res_next[k])
		if (resource_kind_matches(w->resources[k].type, type))
			return k;
	for (int k = first; k >= 0; last = k, k = p->res_next[k]) {
		enum resource_type have = w->resources[k].type;

		if (resource_names_clash(have, type))
			parser_error(p, p->at, p->at_path,
				     "\"%s\" is a %s, not a %s", name,
				     resource_kinds[have]->name,
				     resource_kinds[type]->name);
		else if ((1u << have | 1u << type) ==
			 (1u << RES_WAKEUP | 1u << RES_COND))
			parser_warn(p, p->at, p->at_path,
				    "\"%s\" is a wake-up and a condition: "
				    "rt-app's resume uses the condition and "
				    "mutex of that name, so it also wakes a "
				    "wait or sync there; mimic keeps the "
				    "wake-up apart", name);
	}
	if (w->n_resources == p->res_cap) {
		size_t ncap = p->res_cap ? p->res_cap * 2 : 16;

		w->resources = arena_grow(p->a, w->resources,
					  p->res_cap * sizeof(*w->resources),
					  ncap * sizeof(*w->resources));
		p->res_next = arena_grow(p->a, p->res_next,
					 p->res_cap * sizeof(*p->res_next),
					 ncap * sizeof(*p->res_next));
		p->res_cap = ncap;
	}
	r = &w->resources[w->n_resources];
	r->name = arena_strdup(p->a, name);
	/* Appended at the end of its name's chain, which stays in index order. */
	p->res_next[w->n_resources] = -1;
	if (last >= 0)
		p->res_next[last] = (int)w->n_resources;
	else
		name_index_put(&p->res_names, r->name, (int)w->n_resources);
	r->type = type;
	r->unique = unique;
	if (resource_kinds[type]->added)
		resource_kinds[type]->added(w, r);
	return (int)w->n_resources++;
}

static void sched_defaults(struct sched_attrs *s)
{
	keys_defaults(sched_keys, s);
	s->policy = MIMIC_UNSET;
}

static bool sched_given(const struct sched_attrs *s)
{
	return s->policy != MIMIC_UNSET || s->priority != MIMIC_UNSET ||
	       s->dl_runtime_ns || s->dl_period_ns || s->dl_deadline_ns ||
	       s->util_min != -1 || s->util_max != -1;
}

/*
 * An attribute the kernel (or rt-app at the thread's start) refuses: bad
 * input, exit 2, in mimic's own mode. rt-app does not check it while
 * parsing: the thread's sched_setattr fails when it starts, rt-app exits
 * 1 and leaves the logs with their header. In rt-app mode it is only a
 * warning here, and the refusal is the kernel's own, before time zero
 * (engine/preflight.c; doc/rtapp-mode.md). rt-app sets no nice value
 * for SCHED_IDLE: that one runs (ignored is false for the others).
 */
static int sched_refused(struct parser *p, const struct jnode *v,
			 const char *path, bool ignored, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static int sched_refused(struct parser *p, const struct jnode *v,
			 const char *path, bool ignored, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!notice_rtapp()) {
		parser_error(p, v, path, "%s", msg);
		return 1;
	}
	if (ignored)
		parser_warn(p, v, path, "%s; as rt-app, ignored (the kernel "
			    "clamps it, SCHED_IDLE does not use it)", msg);
	else
		parser_warn(p, v, path, "%s; as rt-app, left to the thread's "
			    "start, which is refused (exit 1)", msg);
	return 0;
}

/* Checks priority against the policy that will be in force. */
static int sched_check(struct parser *p, const char *path,
		       const struct jnode *obj, struct sched_attrs *s,
		       int policy)
{
	const struct jnode *pn = jtree_get(obj, "priority");
	const char *ppath = parser_path(p, path, "priority");

	if (s->priority == MIMIC_UNSET)
		return 0;
	if ((policy == SCHED_FIFO || policy == SCHED_RR) &&
	    (s->priority < 1 || s->priority > 99))
		return sched_refused(p, pn, ppath, false,
				     "%s priority must be 1 .. 99 (got %d)",
				     policy_name(policy), s->priority);
	if ((policy == SCHED_OTHER || policy == SCHED_BATCH ||
	     policy == SCHED_IDLE) &&
	    (s->priority < -20 || s->priority > 19))
		return sched_refused(p, pn, ppath, policy == SCHED_IDLE,
				     "%s priority is a nice value, -20 .. 19 "
				     "(got %d)",
				     policy_name(policy), s->priority);
	return 0;
}

static int sched_check_deadline(struct parser *p, const char *path,
				const struct jnode *obj, struct sched_attrs *s)
{
	int64_t period = s->dl_period_ns ? s->dl_period_ns : s->dl_runtime_ns;
	int64_t deadline = s->dl_deadline_ns ? s->dl_deadline_ns : period;

	if (s->dl_runtime_ns == 0)
		return sched_refused(p, obj, path, false,
				     "SCHED_DEADLINE needs dl-runtime > 0");
	if (s->dl_runtime_ns > deadline || deadline > period)
		return sched_refused(p, obj, path, false,
				     "SCHED_DEADLINE needs dl-runtime <= "
				     "dl-deadline <= dl-period (got %lld <= "
				     "%lld <= %lld us)",
				     (long long)(s->dl_runtime_ns / 1000),
				     (long long)(deadline / 1000),
				     (long long)(period / 1000));
	return 0;
}

/*
 * rt-app keeps a desc in a char[48]: "key:name" forms are written with
 * snprintf(.., 47, ..), so 46 characters at most; a bare name (run, sleep,
 * yield, mem, memrun) with strncpy(.., 47). Markers show what it shows.
 */
static void event_clip_desc(struct parser *p, struct event *ev)
{
	size_t max = strchr(ev->desc, ':') ? 46 : 47;

	if (ev->ftrace_type != RTAPP_TYPE_NONE && strlen(ev->desc) > max)
		ev->desc = arena_strndup(p->a, ev->desc, max);
}

static int parse_event(struct parser *p, const char *path,
		       const struct jnode *m, const struct event_kind *kind,
		       struct phase *ph, size_t *cap)
{
	struct event *ev;

	if (!kind->parse) {
		parser_error(p, m, path, "not supported yet: %s event",
			     kind->key);
		return 1;
	}
	if (ph->n_events == *cap) {
		size_t ncap = *cap ? *cap * 2 : 8;

		ph->events = arena_grow(p->a, ph->events,
					*cap * sizeof(*ph->events),
					ncap * sizeof(*ph->events));
		*cap = ncap;
	}
	ev = &ph->events[ph->n_events];
	ev->kind = kind;
	ev->key = m->key;
	ev->desc = m->key;
	ev->ftrace_type = kind->ftrace_type;
	ev->line = m->key_line;
	ev->col = m->key_col;
	ev->resource = -1;
	ev->state_slot = event_state_slot(kind);
	ev->args = kind->args_size ? arena_alloc(p->a, kind->args_size) : NULL;
	keys_defaults(kind->keys, ev->args);
	p->at = m;
	p->at_path = path;
	if (kind->parse(p, path, m, ev))
		return 1;
	event_clip_desc(p, ev);
	ph->n_events++;
	return 0;
}

/*
 * Walks obj's members: known keys of the tables (applied to their
 * objects), events into ph when ph is non-NULL, the rest is an error.
 */
struct key_target {
	const struct key *table;
	void *obj;
};

static int walk_object(struct parser *p, const char *path,
		       const struct jnode *obj, const struct key_target *targets,
		       size_t n_targets, struct phase *ph, bool events_ignored)
{
	struct name_index last = { 0 }; /* key -> its last member */
	size_t cap = 0;
	int errs = 0;

	for (size_t k = 0; k < obj->n; k++)
		name_index_put(&last, obj->kids[k]->key, (int)k);
	for (size_t k = 0; k < obj->n; k++) {
		const struct jnode *m = obj->kids[k];
		const char *mpath = parser_path(p, path, m->key);
		const struct key *ks = NULL;
		const struct event_kind *kind;
		size_t t;

		for (t = 0; t < n_targets && !ks; t++)
			ks = keys_find(targets[t].table, m->key);
		if (ks) {
			if (m->type != J_NULL &&
			    name_index_get(&last, m->key) != (int)k &&
			    ks->type != KEY_IGNORED)
				parser_warn(p, m, mpath,
					    "duplicate key: the last one wins");
			if (m->type != J_NULL)
				errs += keys_apply(p, mpath, ks, m,
						  targets[t - 1].obj) ? 1 : 0;
			continue;
		}
		kind = event_kind_find(m->key);
		if (kind && events_ignored && !strcmp(m->key, "runtime")) {
			/* rt-app's legacy SCHED_DEADLINE runtime: read below. */
		} else if (kind && events_ignored) {
			parser_warn(p, m, mpath,
				    "event ignored: this task has \"phases\"");
		} else if (kind && ph) {
			wiring_event_key(p->d, m, mpath, kind);
			errs += parse_event(p, mpath, m, kind, ph, &cap);
		} else {
			const char *near = NULL;

			for (t = 0; t < n_targets && !near; t++)
				near = keys_near(targets[t].table, m->key);
			for (const struct event_kind *const *ek = event_kinds;
			     !near && ph && *ek; ek++)
				if (near_typo(m->key, (*ek)->key))
					near = (*ek)->key;
			parser_key_error(p, m, mpath, near
				? arena_printf(p->a, "unknown key; did you mean "
					       "\"%s\"?", near)
				: "unknown key");
			errs++;
		}
	}
	name_index_free(&last);
	return errs;
}

static int parse_phase(struct parser *p, const char *path,
		       const struct jnode *pn, struct task *t,
		       struct phase *ph, struct sched_attrs *running)
{
	struct key_target targets[] = {
		{ phase_keys, ph }, { sched_keys, &ph->sched },
	};
	int errs;

	ph->name = pn->key;
	ph->line = pn->line;
	ph->col = pn->col;
	keys_defaults(phase_keys, ph);
	sched_defaults(&ph->sched);
	if (pn->type != J_OBJECT) {
		parser_error(p, pn, path, "a phase must be an object, got %s",
			     parser_describe(pn));
		return 1;
	}
	errs = walk_object(p, path, pn, targets, 2, ph, false);
	ph->has_sched = sched_given(&ph->sched);
	if (ph->has_sched) {
		/* Checked against what is in force when the phase starts:
		 * the task's attributes, then the earlier phases'. */
		policy_merge(running, &ph->sched);
		errs += sched_check(p, path, pn, &ph->sched, running->policy);
		if (running->policy == SCHED_DEADLINE)
			errs += sched_check_deadline(p, path, pn, running);
	}
	if (!errs && ph->n_events == 0) {
		parser_error(p, pn, path,
			     "no events: a phase needs at least one event "
			     "(run, sleep, timer, ...)");
		errs++;
	}
	(void)t;
	return errs;
}

/*
 * rt-app's parser (check_taskgroup_policy_dep) refuses a taskgroup for a
 * thread whose policy, at that phase, is not a CFS one: exit 2 in rt-app
 * mode. mimic's own mode leaves it to the kernel (the probe joins the
 * group before time zero).
 */
static int rtapp_taskgroup_check(struct parser *p, const char *path,
				 const struct jnode *tn, const struct task *t)
{
	struct sched_attrs running = t->sched;
	const char *group = t->taskgroup;

	for (size_t k = 0; k < t->n_phases; k++) {
		const struct phase *ph = &t->phases[k];

		if (ph->has_sched)
			policy_merge(&running, &ph->sched);
		if (ph->taskgroup)
			group = ph->taskgroup;
		if (group && running.policy != SCHED_OTHER &&
		    running.policy != SCHED_BATCH &&
		    running.policy != SCHED_IDLE) {
			const struct jnode *phases = jtree_get(tn, "phases");
			const struct jnode *pn = phases && phases->type == J_OBJECT
						 ? jtree_get(phases, ph->name)
						 : NULL;

			parser_error(p, pn ? pn : tn,
				     pn ? parser_path(p, path,
						      arena_printf(p->a,
								   "phases.%s",
								   ph->name))
					: path,
				     "no taskgroup support for policy %s "
				     "(rt-app refuses it)",
				     policy_name(running.policy));
			return 1;
		}
	}
	return 0;
}

/*
 * A phase's events, then their arguments in the same order, in one
 * block: the pages an iteration touches. Parsed one at a time, each
 * event's arguments lay among its key, its description and the growing
 * array's abandoned copies: hackbench's senders' 20 sends on 3 pages,
 * refilled into the TLB after every switch between its 160 processes.
 */
static void phase_pack(struct parser *p, struct phase *ph)
{
	size_t size = ph->n_events * sizeof(*ph->events);
	unsigned char *block, *at;

	for (size_t e = 0; e < ph->n_events; e++)
		size += arena_aligned(ph->events[e].kind->args_size);
	block = arena_alloc(p->a, size);
	memcpy(block, ph->events, ph->n_events * sizeof(*ph->events));
	ph->events = (struct event *)block;
	at = block + ph->n_events * sizeof(*ph->events);
	for (size_t e = 0; e < ph->n_events; e++) {
		struct event *ev = &ph->events[e];
		size_t n = ev->kind->args_size;

		if (!n)
			continue;
		memcpy(at, ev->args, n);
		ev->args = at;
		at += arena_aligned(n);
	}
}

/* No event of the phase waits and none is a timer (struct phase). */
static bool phase_straight(const struct phase *ph)
{
	for (size_t e = 0; e < ph->n_events; e++)
		if (ph->events[e].kind->waits ||
		    ph->events[e].kind->ftrace_type == RTAPP_TYPE_TIMER)
			return false;
	return true;
}

static int parse_task(struct parser *p, const char *path,
		      const struct jnode *tn, struct task *t)
{
	const struct jnode *phases = jtree_get(tn, "phases");
	const struct jnode *loop = jtree_get(tn, "loop");
	int errs = 0, policy;

	p->task = t;
	t->name = tn->key;
	/* The first task of a name is the one found, as a scan would. */
	if (parser_find_task(p, t->name) < 0)
		name_index_put(&p->task_names, t->name, (int)(t - p->w->tasks));
	t->line = tn->line;
	t->col = tn->col;
	keys_defaults(task_keys, t);
	sched_defaults(&t->sched);

	if (phases && phases->type == J_NULL)
		phases = NULL;
	if (phases) {
		struct key_target targets[] = {
			{ task_keys, t }, { sched_keys, &t->sched },
		};

		errs += walk_object(p, path, tn, targets, 2, NULL, true);
	} else {
		/* A task without "phases" is itself the one phase. */
		struct key_target targets[] = {
			{ task_keys, t }, { sched_keys, &t->sched },
		};

		t->phases = arena_alloc(p->a, sizeof(*t->phases));
		t->n_phases = 1;
		t->phases[0].name = "0";
		t->phases[0].line = tn->line;
		t->phases[0].col = tn->col;
		sched_defaults(&t->phases[0].sched);
		errs += walk_object(p, path, tn, targets, 2, &t->phases[0],
				    false);
		/* rt-app: "loop" then counts the phase, the task runs once. */
		t->phases[0].loop = loop ? t->loop : 1;
		t->loop = loop ? 1 : -1;
		if (!errs && t->phases[0].n_events == 0) {
			parser_error(p, tn, path,
				     "no events: a task needs at least one "
				     "event (run, sleep, timer, ...) or phases");
			errs++;
		}
	}

	if (t->mode == MODE_UNSET)
		t->mode = p->w->g.mode;
	if (t->mode == MODE_PROCESS)
		p->w->has_processes = true;
	policy = t->sched.policy;
	if (policy == MIMIC_UNSET)
		policy = t->sched.policy = p->w->g.default_policy;
	if (t->sched.priority == MIMIC_UNSET)
		t->sched.priority =
			(policy == SCHED_FIFO || policy == SCHED_RR) ? 10 : 0;
	errs += sched_check(p, path, tn, &t->sched, policy);
	if (policy == SCHED_DEADLINE) {
		/* Legacy task-level runtime/period/deadline, as rt-app reads
		 * them when the dl-* keys are absent. */
		const struct jnode *rt = jtree_get(tn, "runtime");

		if (!t->sched.dl_runtime_ns && rt)
			parser_time_us(p, parser_path(p, path, "runtime"), rt,
				       &t->sched.dl_runtime_ns);
		if (!t->sched.dl_period_ns)
			t->sched.dl_period_ns = t->legacy_period_ns;
		if (!t->sched.dl_deadline_ns)
			t->sched.dl_deadline_ns = t->legacy_deadline_ns;
		errs += sched_check_deadline(p, path, tn, &t->sched);
	}

	if (phases) {
		const char *ppath = parser_path(p, path, "phases");

		if (phases->type != J_OBJECT) {
			parser_error(p, phases, ppath,
				     "expected an object of phases, got %s",
				     parser_describe(phases));
			return errs + 1;
		}
		if (phases->n == 0) {
			parser_error(p, phases, ppath, "no phases");
			return errs + 1;
		}
		struct sched_attrs running = t->sched;

		t->phases = arena_alloc(p->a, phases->n * sizeof(*t->phases));
		t->n_phases = phases->n;
		for (size_t k = 0; k < phases->n; k++)
			errs += parse_phase(p,
					    parser_path(p, ppath,
							phases->kids[k]->key),
					    phases->kids[k], t, &t->phases[k],
					    &running);
	}
	/* A phase without a budget of its own has the task's. */
	for (size_t k = 0; k < t->n_phases; k++) {
		if (!t->phases[k].budget_ns)
			t->phases[k].budget_ns = t->budget_ns;
		if (!errs && t->phases[k].n_events)
			phase_pack(p, &t->phases[k]);
		t->phases[k].straight = phase_straight(&t->phases[k]);
	}
	if (!errs && notice_rtapp())
		errs += rtapp_taskgroup_check(p, path, tn, t);
	return errs;
}

/* Every declaration's key; the kinds' own follow (resource_kind.keys). */
static const struct key resource_section_keys[] = {
	{ .name = "type", .type = KEY_STRING,
	  .help = "what the declared resource is: pipe, socket, futex, or "
		  "one of rt-app's (ignored)" },
	{ NULL }
};

/* A declaration of one of mimic's own kinds: channels and futex words. */
static int parse_declared(struct parser *p, const char *path,
			  const struct jnode *r, enum resource_type type)
{
	const struct key *keys = resource_kinds[type]->keys;
	struct resource *res;
	int idx;

	for (size_t k = 0; k < r->n; k++) {
		const struct jnode *m = r->kids[k];
		const char *expected = "type";

		if (keys_find(resource_section_keys, m->key) ||
		    keys_find(keys, m->key))
			continue;
		for (const struct key *rk = keys; rk && rk->name; rk++)
			expected = arena_printf(p->a, "%s, %s", expected,
						rk->name);
		parser_key_error(p, m, parser_path(p, path, m->key),
				 arena_printf(p->a, "unknown key (expected %s)",
					      expected));
		return 1;
	}
	for (int k = name_index_get(&p->res_names, r->key); k >= 0;
	     k = p->res_next[k])
		if (p->w->resources[k].declared) {
			parser_error(p, r, path, "declared twice");
			return 1;
		}
	idx = parser_resource(p, r->key, type, false); /* may move them */
	res = &p->w->resources[idx];
	res->declared = true;
	keys_defaults(keys, res);
	for (size_t k = 0; k < r->n; k++) {
		const struct jnode *m = r->kids[k];
		const struct key *rk = keys_find(keys, m->key);

		if (rk && keys_apply(p, parser_path(p, path, m->key), rk, m, res))
			return 1;
	}
	return 0;
}

static int parse_resources_section(struct parser *p, const struct jnode *rn)
{
	/* rt-app's legacy types, accepted and ignored (created on use). */
	static const char *const legacy[] = {
		"mutex", "wait", "signal", "broadcast", "sync", "sleep",
		"run", "timer", "barrier", NULL,
	};
	int errs = 0;

	if (rn->type == J_INT && rn->i == 0)
		return 0; /* legacy "resources": 0 */
	if (rn->type != J_OBJECT) {
		parser_error(p, rn, "resources", "expected an object, got %s",
			     parser_describe(rn));
		return 1;
	}
	for (size_t k = 0; k < rn->n; k++) {
		const struct jnode *r = rn->kids[k];
		const char *path = parser_path(p, "resources", r->key);
		const struct jnode *type = jtree_get(r, "type");
		size_t t;

		if (r->type != J_OBJECT || !type || type->type != J_STRING) {
			parser_error(p, r, path,
				     "expected {\"type\": \"<resource type>\"}");
			errs++;
			continue;
		}
		if (resource_type_declared(type->s) >= 0) {
			errs += parse_declared(p, path, r,
					       resource_type_declared(type->s));
			continue;
		}
		for (t = 0; legacy[t] && strcmp(legacy[t], type->s); t++)
			;
		if (!legacy[t]) {
			char kinds[256] = "";

			for (int rt = 0; rt < RES_KINDS; rt++)
				if (resource_kinds[rt]->declared_as)
					snprintf(kinds + strlen(kinds),
						 sizeof(kinds) - strlen(kinds),
						 "%s, ",
						 resource_kinds[rt]->declared_as);
			parser_error(p, type, parser_path(p, path, "type"),
				     "unknown resource type \"%s\" (expected "
				     "%sor one of rt-app's)",
				     type->s, kinds);
			errs++;
		}
	}
	return errs;
}

int parser_channel(struct parser *p, const char *name)
{
	/* A declared socket is found as a pipe too (resource_kind_matches). */
	return parser_resource(p, name, RES_PIPE, false);
}

/*
 * The workload object's own keys. "params" is taken out by the templates
 * (params.c) before the parser runs; "description" and "equivalent" are
 * for mimic list and mimic show, checked here and otherwise unused.
 */
static const struct key root_keys[] = {
	{ .name = "global", .type = KEY_STRUCTURE,
	  .help = "settings of the whole run (the global keys)" },
	{ .name = "resources", .type = KEY_STRUCTURE,
	  .help = "named mutexes, barriers, channels, ..." },
	{ .name = "tasks", .type = KEY_STRUCTURE,
	  .help = "the threads to run, by name (required)" },
	{ .name = "params", .type = KEY_STRUCTURE,
	  .help = "names ${...} may use: defaults, allowed values; --set" },
	{ .name = "description", .type = KEY_STRING,
	  .help = "one line on what the workload is, for mimic list" },
	{ .name = "equivalent", .type = KEY_STRING,
	  .help = "the real tool's command line it stands for, for mimic show" },
	{ 0 },
};

/* "description" and "equivalent": one line of text each. */
static int parse_root_text(struct parser *p, const struct jnode *m)
{
	if (m->type == J_STRING && !strchr(m->s, '\n'))
		return 0;
	parser_error(p, m, m->key, "expected one line of text, got %s",
		     m->type == J_STRING ? "several lines" : parser_describe(m));
	return 1;
}

static int parse_root(struct parser *p, const char *file,
		      const struct jnode *root, struct workload **out)
{
	struct arena *a = p->a;
	struct workload *w = arena_alloc(a, sizeof(*w));
	const struct jnode *tasks;
	int errs = 0;

	p->w = w;
	w->file = file;
	globals_defaults(&w->g);
	if (root->type != J_OBJECT) {
		parser_error(p, root, NULL,
			     "the workload must be a JSON object, got %s",
			     parser_describe(root));
		return 1;
	}
	for (size_t k = 0; k < root->n; k++) {
		const struct jnode *m = root->kids[k];

		if (!strcmp(m->key, "global"))
			errs += parse_globals(p, m);
		else if (!strcmp(m->key, "resources"))
			errs += parse_resources_section(p, m);
		else if (!strcmp(m->key, "description") ||
			 !strcmp(m->key, "equivalent"))
			errs += parse_root_text(p, m);
		else if (strcmp(m->key, "tasks")) {
			parser_key_error(p, m, m->key,
					 "unknown key (expected global, "
					 "resources, tasks, params, "
					 "description or equivalent)");
			errs++;
		}
	}
	tasks = jtree_get(root, "tasks");
	if (!tasks) {
		parser_error(p, root, NULL, "no \"tasks\" object");
		return errs + 1;
	}
	if (tasks->type != J_OBJECT) {
		parser_error(p, tasks, "tasks", "expected an object, got %s",
			     parser_describe(tasks));
		return errs + 1;
	}
	if (tasks->n == 0) {
		parser_error(p, tasks, "tasks", "no tasks: nothing to run");
		return errs + 1;
	}
	w->tasks = arena_alloc(a, tasks->n * sizeof(*w->tasks));
	w->n_tasks = tasks->n;
	for (size_t k = 0; k < tasks->n; k++) {
		const struct jnode *tn = tasks->kids[k];
		const char *path = parser_path(p, "tasks", tn->key);

		if (tn->type != J_OBJECT) {
			parser_error(p, tn, path,
				     "a task must be an object, got %s",
				     parser_describe(tn));
			errs++;
			continue;
		}
		errs += parse_task(p, path, tn, &w->tasks[k]);
	}
	errs += filenames_check(p->d, w, root);
	/* Cross-task checks and counts, once every task is known. */
	for (size_t k = 0; !errs && k < w->n_tasks; k++) {
		struct task *t = &w->tasks[k];

		for (size_t ph = 0; ph < t->n_phases; ph++)
			for (size_t e = 0; e < t->phases[ph].n_events; e++) {
				struct event *ev = &t->phases[ph].events[e];

				if (ev->kind->finalize)
					errs += ev->kind->finalize(p, t, ev);
			}
	}
	if (!errs)
		errs += parse_counts(w, tasks, p->d);
	*out = w;
	return errs;
}

int parse_workload(struct arena *a, struct diag *d, const char *file,
		   const struct jnode *root, struct workload **out)
{
	struct parser p = { .a = a, .d = d };
	int errs = parse_root(&p, file, root, out);

	name_index_free(&p.res_names);
	name_index_free(&p.task_names);
	return errs;
}

void parse_print_keys(void)
{
	keys_print("workload", root_keys);
	params_print_keys();
	globals_print_keys();
	keys_print("task", task_keys);
	keys_print("task", sched_keys);
	keys_print("phase", phase_keys);
	keys_print("phase", sched_keys);
	keys_print("resource", resource_section_keys);
	/* A kind's own keys under its name: pipe and socket share some. */
	for (int rt = 0; rt < RES_KINDS; rt++)
		keys_print(resource_kinds[rt]->name, resource_kinds[rt]->keys);
	for (const struct event_kind *const *k = event_kinds; *k; k++) {
		printf("%-8s %-18s %-8s %s\n", "event", (*k)->key, "event",
		       (*k)->help ? (*k)->help : "see doc/grammar.md");
		keys_print((*k)->key, (*k)->keys);
	}
}
