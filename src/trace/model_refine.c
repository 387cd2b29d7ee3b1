/*
 * model_refine.c - `mimic model --refine[=N]`: the inference takes
 * mimic's own cost of what a task does (a message, a wake-up, the start of
 * a process) from constants measured on a few tasks; with many tasks on
 * few CPUs it costs more (hackbench's 80 processes on 2 CPUs: about 1 us
 * more a message, and a process instance 3.4 ms against the constant's
 * 0.7; doc/model.md). Here the model runs under --record, and each
 * task's runs are corrected by the CPU its threads took more or less
 * than the original's (md_correct_runs). One
 * run of hackbench's model took 1.13 to 1.30 of the original's CPU: the
 * k-th round corrects by 1/k of what it measured, so that N rounds take
 * the mean of N runs' excess, not the last run's alone.
 */
#define _GNU_SOURCE
#include "trace/model_refine.h"

#include "trace/model_infer.h"
#include "trace/model_json.h"
#include "trace/model_verify.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int refine_write(const struct model *m, const struct refine_opts *o)
{
	FILE *f = fopen(o->json, "w");

	if (f)
		model_json_write(f, m, o->trace, o->what);
	if (!f || fclose(f)) {
		fprintf(stderr, "mimic model: --refine: %s: %s\n", o->json,
			strerror(errno));
		return -1;
	}
	return 0;
}

/* One round: the model run once, each task corrected; what it printed. */
static int refine_round(struct model *m, const struct refine_opts *o,
			int round, double *cpu)
{
	double orig = 0, model = 0, left = 0;
	size_t ran = 0;

	if (refine_write(m, o) || model_run_cpu(m, o->json, cpu))
		return -1;
	for (size_t i = 0; i < m->n; i++) {
		double was = m->t[i].src->cpu_ns / 1e6;

		if (cpu[i] < 0)
			continue;
		orig += was;
		model += cpu[i];
		ran++;
		left += md_correct_runs(&m->t[i],
					(cpu[i] - was) * 1e3 / round);
	}
	fprintf(stderr, "mimic model: --refine: run %d of the model: its %zu "
		"of %zu tasks that ran took %.1f ms of CPU against the "
		"original's %.1f (%.2f); their runs corrected by ",
		round, ran, m->n, model, orig, orig > 0 ? model / orig : 0);
	if (round > 1)
		fprintf(stderr, "1/%d of the difference", round);
	else
		fputs("all of the difference", stderr);
	if (left >= 1e3)
		fprintf(stderr, "; %.1f ms of that too much is left (runs at "
			"their floor)", left / 1e3);
	fputs("\n", stderr);
	return 0;
}

int model_refine(struct model *m, const struct refine_opts *o)
{
	double *cpu = calloc(m->n ? m->n : 1, sizeof(*cpu));
	int ret = 0;

	if (!cpu) {
		fprintf(stderr, "mimic model: out of memory\n");
		return -1;
	}
	for (int r = 1; r <= o->rounds && !ret; r++) {
		ret = refine_round(m, o, r, cpu);
		if (!ret)
			m->refined = r;
	}
	free(cpu);
	return ret;
}
