/* preflight.c - probe threads for each attribute set, before time zero. */
#define _GNU_SOURCE
#include "engine/preflight.h"

#include "engine/sched_attr.h"
#include "engine/taskgroup.h"
#include "lib/notice.h"
#include "model/policy.h"
#include "model/workload.h"

#include <errno.h>
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
	enum { PROBE_SCHED, PROBE_AFFINITY, PROBE_GROUP } step; /* failed */
	char msg[256];
};

static void *probe_main(void *arg)
{
	struct probe *p = arg;

	p->step = PROBE_SCHED;
	p->error = sched_attr_apply(&p->sched, p->allow_missing, p->msg,
				    sizeof(p->msg));
	if (p->error)
		return NULL;
	p->step = PROBE_AFFINITY;
	if (p->cpus && p->cpus->n)
		p->error = sched_affinity_apply(p->cpus, p->msg, sizeof(p->msg));
	if (p->error)
		return NULL;
	p->step = PROBE_GROUP;
	if (p->group)
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

/*
 * What rt-app 55cb0c0 prints when thread idx's attributes are refused
 * (rt-app.c: set_thread_param(), set_thread_affinity()) before it exits
 * 1: a "<crit>" line and perror()'s. For sched_setattr rt-app sets errno
 * to the call's -1, hence its "Unknown error -1"; mimic's own line that
 * follows gives the kernel's reason.
 */
static void preflight_rtapp_lines(int idx, const struct probe *p)
{
	const struct sched_attrs *s = &p->sched;
	const char *what = "SCHED_OTHER attributes";

	if (p->step == PROBE_AFFINITY) {
		fprintf(stderr, "pthread_setaffinity_np: %s\n",
			strerror(-p->error));
		return;
	}
	if (p->step != PROBE_SCHED)
		return; /* rt-app's taskgroup failures exit without a line */
	if (policy_is_rt(s->policy) && p->error != -EOPNOTSUPP) {
		fprintf(stderr, "%s<crit> [%d] pthread_setschedparam returned "
			"%d\npthread_setschedparam: %s\n", notice_prefix(),
			idx, -p->error, strerror(-p->error));
		return;
	}
	if ((s->policy == SCHED_OTHER || s->policy == SCHED_BATCH) &&
	    (s->priority < -20 || s->priority > 19) &&
	    s->priority != MIMIC_UNSET) {
		fprintf(stderr, "%s<crit> [%d] sched_setattr %d nice invalid. "
			"Valid between -20 and 19\n", notice_prefix(), idx,
			s->priority);
		return;
	}
	if (s->policy == SCHED_DEADLINE)
		what = "deadline attributes";
	else if (p->error == -EOPNOTSUPP)
		what = "uclamp value(s)";
	fprintf(stderr, "%s<crit> [%d] sched_setattr returned -1\n"
		"sched_setattr: failed to set %s: %s\n", notice_prefix(),
		idx, what, strerror(-1));
}

int preflight_workload(const struct workload *w, bool allow_missing)
{
	int failures = 0, idx = 0;

	for (size_t t = 0; t < w->n_tasks; idx += w->tasks[t].instance, t++) {
		const struct task *task = &w->tasks[t];
		struct probe cur = { .allow_missing = allow_missing,
				     .sched = task->sched, .cpus = &task->cpus,
				     .group = task->taskgroup };
		struct probe last;

		if (probe_run(&cur)) {
			if (notice_rtapp() && !failures)
				preflight_rtapp_lines(idx, &cur);
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
				if (notice_rtapp() && !failures)
					preflight_rtapp_lines(idx, &cur);
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
