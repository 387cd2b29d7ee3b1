/* preflight.c - probe threads for each attribute set, before time zero. */
#define _GNU_SOURCE
#include "engine/preflight.h"

#include "engine/sched_attr.h"
#include "engine/taskgroup.h"
#include "model/policy.h"
#include "model/workload.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct probe {
	bool allow_missing;
	struct sched_attrs sched;
	const struct cpu_set_list *cpus;
	const char *group;
	int error;
	char msg[256];
};

static void *probe_main(void *arg)
{
	struct probe *p = arg;

	p->error = sched_attr_apply(&p->sched, p->allow_missing, p->msg,
				    sizeof(p->msg));
	if (!p->error && p->cpus && p->cpus->n)
		p->error = sched_affinity_apply(p->cpus, p->msg, sizeof(p->msg));
	if (!p->error && p->group)
		p->error = taskgroup_join(p->group, gettid(), p->msg,
					  sizeof(p->msg));
	return NULL;
}

static int probe_run(struct probe *p)
{
	pthread_t th;

	p->error = 0;
	if (pthread_create(&th, NULL, probe_main, p)) {
		snprintf(p->msg, sizeof(p->msg), "cannot start a probe thread");
		return -1;
	}
	pthread_join(th, NULL);
	return p->error;
}

static bool probe_same(const struct probe *a, const struct probe *b)
{
	return !memcmp(&a->sched, &b->sched, sizeof(a->sched)) &&
	       a->cpus == b->cpus &&
	       (a->group == b->group ||
		(a->group && b->group && !strcmp(a->group, b->group)));
}

int preflight_workload(const struct workload *w, bool allow_missing)
{
	int failures = 0;

	for (size_t t = 0; t < w->n_tasks; t++) {
		const struct task *task = &w->tasks[t];
		struct probe cur = { .allow_missing = allow_missing,
				     .sched = task->sched, .cpus = &task->cpus,
				     .group = task->taskgroup };
		struct probe last;

		if (probe_run(&cur)) {
			fprintf(stderr, "%s: error: tasks.%s: %s\n", w->file,
				task->name, cur.msg);
			failures++;
			continue;
		}
		last = cur;
		/* Phases apply on top of what is in force, in order; probe
		 * every combination that differs from the one before. */
		for (size_t p = 0; p < task->n_phases; p++) {
			const struct phase *ph = &task->phases[p];

			if (ph->has_sched)
				policy_merge(&cur.sched, &ph->sched);
			cur.cpus = ph->cpus.n ? &ph->cpus : &task->cpus;
			if (ph->taskgroup)
				cur.group = ph->taskgroup;
			if (probe_same(&cur, &last))
				continue;
			if (probe_run(&cur)) {
				fprintf(stderr, "%s: error: tasks.%s.phases.%s: %s\n",
					w->file, task->name, ph->name, cur.msg);
				failures++;
				break;
			}
			last = cur;
		}
	}
	return failures;
}
