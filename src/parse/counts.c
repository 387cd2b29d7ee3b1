/*
 * counts.c - what the whole workload adds up to, in 64 bits, once every
 * task is known: the threads it can have at once (every instance, plus
 * the forks it can really make: a fork event in a task that loops 3 times
 * makes 3 forks per thread of that task, not the 1024 a fork target may
 * have at most), and how many mutexes one of its threads can hold at once.
 * Both are bad input beyond their limits (doc/limits.md), found at --check.
 */
#include "parse/counts.h"

#include "event.h"
#include "lib/diag.h"
#include "parse/jtree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A fork target's forks only matter up to WORKLOAD_MAX_FORKS. */
static int64_t counts_mul(int64_t a, int64_t b)
{
	int64_t r;

	if (__builtin_mul_overflow(a, b, &r) || r > WORKLOAD_MAX_FORKS)
		return WORKLOAD_MAX_FORKS;
	return r;
}

/* Passes a thread makes over ev: its task's loops times its phase's;
 * "forever" is as many as can matter. */
static int64_t counts_passes(const struct task *t, const struct phase *ph)
{
	int64_t tl = t->loop < 0 ? WORKLOAD_MAX_FORKS : t->loop;
	int64_t pl = ph->loop <= 0 ? WORKLOAD_MAX_FORKS : ph->loop;

	return counts_mul(tl, pl);
}

struct counts_fork {
	int from, to;             /* task indices */
	int64_t passes;           /* executions per thread of "from" */
};

static bool counts_is(const struct event *ev, const char *kind)
{
	return !strcmp(ev->kind->key, kind);
}

/* One round: forks[to] from the threads "from" has with forks as given. */
static bool counts_fork_round(const struct workload *w,
			      const struct counts_fork *f, size_t n,
			      int64_t *forks, int64_t *next)
{
	memset(next, 0, w->n_tasks * sizeof(*next));
	for (size_t k = 0; k < n; k++) {
		int64_t threads = w->tasks[f[k].from].instance + forks[f[k].from];
		int64_t add = counts_mul(threads, f[k].passes);

		next[f[k].to] = counts_mul(next[f[k].to] + add, 1);
	}
	if (!memcmp(next, forks, w->n_tasks * sizeof(*next)))
		return false;
	memcpy(forks, next, w->n_tasks * sizeof(*next));
	return true;
}

/*
 * Forks each task can have: the least fixed point of forks[T] = the sum
 * over fork events naming T of (threads of their task) x (passes), capped
 * at WORKLOAD_MAX_FORKS. Rounds only grow it; a loop of forks that has
 * not settled after many rounds grows without end: every target then
 * gets the cap.
 */
static int counts_forks(const struct workload *w, int64_t *forks)
{
	struct counts_fork *f = NULL;
	int64_t *next = calloc(w->n_tasks, sizeof(*next));
	size_t n = 0, cap = 0;
	bool moved = true;

	if (!next)
		return -1;
	for (size_t t = 0; t < w->n_tasks; t++)
		for (size_t p = 0; p < w->tasks[t].n_phases; p++) {
			const struct phase *ph = &w->tasks[t].phases[p];

			for (size_t e = 0; e < ph->n_events; e++) {
				const struct event *ev = &ph->events[e];

				if (!ev->kind->starts_task)
					continue;
				if (n == cap) {
					void *g = realloc(f, (cap = cap * 2 + 8) *
								     sizeof(*f));
					if (!g)
						goto fail;
					f = g;
				}
				f[n++] = (struct counts_fork){
					(int)t, ev->kind->starts_task(ev),
					counts_passes(&w->tasks[t], ph) };
			}
		}
	for (int round = 0; moved && round < 4 * WORKLOAD_MAX_FORKS; round++)
		moved = counts_fork_round(w, f, n, forks, next);
	for (size_t k = 0; moved && k < n; k++)
		forks[f[k].to] = WORKLOAD_MAX_FORKS;
	free(f);
	free(next);
	return 0;
fail:
	free(f);
	free(next);
	return -1;
}

static const struct jnode *counts_instance_node(const struct jnode *tasks,
						 size_t k)
{
	const struct jnode *i = jtree_get(tasks->kids[k], "instance");

	return i ? i : tasks->kids[k];
}

/*
 * The thread total, checked as it grows: every instance must exist, so
 * the error names where their sum passes the limit. Forks are "up to":
 * one beyond the slots is not made, so their slots are only cut to what
 * is left under the limit (the run is then refused by the limits stage
 * if this machine cannot have that many).
 */
static int counts_threads(struct workload *w, const struct jnode *tasks,
			  const int64_t *forks, struct diag *d)
{
	int64_t instances = 0, slots = 0;
	char path[512];

	for (size_t k = 0; k < w->n_tasks; k++) {
		if (!__builtin_add_overflow(instances, w->tasks[k].instance,
					    &instances) &&
		    instances <= WORKLOAD_MAX_THREADS)
			continue;
		const struct jnode *at = counts_instance_node(tasks, k);

		snprintf(path, sizeof(path), "tasks.%s.instance",
			 w->tasks[k].name);
		diag_error(d, at->line, at->col, path,
			   "the thread total reaches %lld here (the instances "
			   "of this task and those before it): more than %d, "
			   "the most threads Linux can have (PID_MAX_LIMIT)",
			   (long long)instances, WORKLOAD_MAX_THREADS);
		return 1;
	}
	for (size_t k = 0; k < w->n_tasks; k++) {
		w->tasks[k].fork_max = (int)forks[k];
		slots += forks[k]; /* at most n_tasks * 1024: no overflow */
	}
	if (!instances) {
		diag_error(d, tasks->line, tasks->col, "tasks",
			   "no threads: every task has \"instance\": 0");
		return 1;
	}
	w->n_threads = (int)instances;
	if (slots > WORKLOAD_MAX_THREADS - instances)
		slots = WORKLOAD_MAX_THREADS - instances;
	w->fork_capacity = (int)slots;
	return 0;
}

/* Mutexes held at once by a thread of t: its events in order, twice (a
 * lock kept over the end of the task's loop is still held at the next
 * pass). Locking one already held is not counted: it would deadlock. */
static int counts_held(const struct task *t, struct diag *d)
{
	int held[WORKLOAD_MAX_HELD], n = 0;

	for (int pass = 0; pass < 2; pass++)
		for (size_t ph = 0; ph < t->n_phases; ph++)
			for (size_t e = 0; e < t->phases[ph].n_events; e++) {
				const struct event *ev = &t->phases[ph].events[e];
				int r = ev->resource, k = 0;
				bool lock = counts_is(ev, "lock");

				if (!lock && !counts_is(ev, "unlock"))
					continue;
				while (k < n && held[k] != r)
					k++;
				if (!lock && k < n)
					held[k] = held[--n];
				if (!lock || k < n)
					continue;
				if (n == WORKLOAD_MAX_HELD) {
					char path[512];

					snprintf(path, sizeof(path), "tasks.%s.%s",
						 t->name, ev->key);
					diag_error(d, ev->line, ev->col, path,
						   "a thread would hold more "
						   "than %d mutexes at once here "
						   "(the most one thread can "
						   "hold)", WORKLOAD_MAX_HELD);
					return 1;
				}
				held[n++] = r;
			}
	return 0;
}

int parse_counts(struct workload *w, const struct jnode *tasks,
		 struct diag *d)
{
	int64_t *forks = calloc(w->n_tasks, sizeof(*forks));
	int errs = 0;

	if (!forks || counts_forks(w, forks)) {
		diag_error(d, tasks->line, tasks->col, "tasks", "out of memory");
		free(forks);
		return 1;
	}
	errs += counts_threads(w, tasks, forks, d);
	free(forks);
	for (size_t t = 0; t < w->n_tasks; t++)
		errs += counts_held(&w->tasks[t], d);
	return errs;
}
