/*
 * model_verify.c - records a model's run (`mimic -q --record FILE
 * MODEL.json`, a child mimic), reads that recording into timelines as
 * the original's were, matches its threads to the model's tasks by name
 * (`<task>-<idx>`), and prints per task and in total the original's and
 * the model's CPU time, wake-ups, burst p50/p99 and elapsed time.
 */
#define _GNU_SOURCE
#include "trace/model_verify.h"

#include "lib/diag.h"
#include "trace/model_timeline.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* What is compared, for one side of one task. */
struct vf_side {
	double cpu_ms, elapsed_s;
	unsigned long wakeups;
	double *bursts;
	size_t n_bursts;
	int threads;
	unsigned long long born, died;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double vf_q(const struct vf_side *s, double q)
{
	size_t i;

	if (!s->n_bursts)
		return 0;
	i = (size_t)(q * (double)(s->n_bursts - 1) + 0.5);
	return s->bursts[i] / 1e3;
}

static void vf_add(struct vf_side *s, const struct tl_thread *t,
		   unsigned long long t_end)
{
	double *b = realloc(s->bursts,
			    (s->n_bursts + t->n_bursts + 1) * sizeof(*b));
	unsigned long long died = t->died ? t->died : t_end;

	if (!b)
		return;
	s->bursts = b;
	memcpy(s->bursts + s->n_bursts, t->bursts,
	       t->n_bursts * sizeof(*b));
	s->n_bursts += t->n_bursts;
	s->cpu_ms += t->cpu_ns / 1e6;
	s->wakeups += t->n_blocks;
	s->threads++;
	if (!s->born || t->born < s->born)
		s->born = t->born;
	if (died > s->died)
		s->died = died;
	s->elapsed_s = (s->died - s->born) / 1e9;
}

/* The task a model thread belongs to: its comm is <task>-<idx>, the
 * task's name cut to fit 15 bytes. -1 for mimic's own threads. */
static int vf_task_of(const struct model *m, const char *comm)
{
	char prefix[17];
	char *dash;

	snprintf(prefix, sizeof(prefix), "%s", comm);
	dash = strrchr(prefix, '-');
	if (!dash || !dash[1])
		return -1;
	for (const char *c = dash + 1; *c; c++)
		if (!isdigit((unsigned char)*c) && *c != '-')
			return -1;
	*dash = '\0';
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->t[i].name, prefix))
			return (int)i;
	for (size_t i = 0; i < m->n; i++)
		if (*prefix && !strncmp(m->t[i].name, prefix, strlen(prefix)))
			return (int)i;
	return -1;
}

static double vf_ratio(double model, double orig)
{
	return orig > 0 ? model / orig : 0;
}

static void vf_row(const char *name, const struct vf_side *o,
		   const struct vf_side *md)
{
	printf("%-16s %9.2f %9.2f %6.2f  %7lu %7lu %6.2f  %8.1f %8.1f  "
	       "%9.1f %9.1f  %7.3f %7.3f\n", name, o->cpu_ms, md->cpu_ms,
	       vf_ratio(md->cpu_ms, o->cpu_ms), o->wakeups, md->wakeups,
	       vf_ratio((double)md->wakeups, (double)o->wakeups),
	       vf_q(o, 0.5), vf_q(md, 0.5), vf_q(o, 0.99), vf_q(md, 0.99),
	       o->elapsed_s, md->elapsed_s);
}

/* Runs `mimic -q --record rec model_json`: 0, or -1 (said why). */
static int vf_run(const char *rec, const char *model_json)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		execl("/proc/self/exe", "mimic", "-q", "--no-progress",
		      "--record", rec, model_json, (char *)NULL);
		fprintf(stderr, "mimic model: --verify: cannot run mimic: %s\n",
			strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "mimic model: --verify: the model's run under "
			"--record failed (%s)\n", model_json);
		return -1;
	}
	return 0;
}

int model_verify(const struct model *orig, const char *trace,
		 const char *model_json, const char *keep)
{
	char dir[] = "/tmp/mimic-verify-XXXXXX", rec[64], err[512];
	struct vf_side *o = calloc(orig->n + 1, sizeof(*o));
	struct vf_side *md = calloc(orig->n + 1, sizeof(*md));
	struct vf_side to = { 0 }, tm = { 0 };
	struct timeline tl;
	int ret = MIMIC_EXIT_FAILURE;
	unsigned long unmatched = 0;

	memset(&tl, 0, sizeof(tl));
	if (!o || !md || (!keep && !mkdtemp(dir)))
		goto out;
	snprintf(rec, sizeof(rec), "%s/model.dat", dir);
	if (vf_run(keep ? keep : rec, model_json))
		goto out;
	if (timeline_build(&tl, keep ? keep : rec, 0, NULL, err,
			   sizeof(err))) {
		fprintf(stderr, "mimic model: --verify: %s\n", err);
		goto out;
	}
	for (size_t i = 0; i < orig->n; i++) {
		vf_add(&o[i], orig->t[i].src, orig->t[i].src->died ?
		       orig->t[i].src->died : orig->t[i].src->born);
		vf_add(&to, orig->t[i].src, orig->t[i].src->born);
	}
	for (size_t i = 0; i < tl.n; i++) {
		const struct tl_thread *t = &tl.t[i];
		int k;

		if (!t->in_tree)
			continue;
		k = vf_task_of(orig, t->comm);
		if (k < 0) {
			unmatched++;
			continue;
		}
		vf_add(&md[k], t, tl.t_end);
		vf_add(&tm, t, tl.t_end);
	}
	for (size_t i = 0; i < orig->n; i++) {
		qsort(o[i].bursts, o[i].n_bursts, sizeof(double), cmp_double);
		qsort(md[i].bursts, md[i].n_bursts, sizeof(double),
		      cmp_double);
	}
	qsort(to.bursts, to.n_bursts, sizeof(double), cmp_double);
	qsort(tm.bursts, tm.n_bursts, sizeof(double), cmp_double);
	to.elapsed_s = orig->elapsed_s;
	printf("mimic model --verify: %s (original) vs %s run under --record "
	       "(model)\n", trace, model_json);
	printf("%-16s %9s %9s %6s  %7s %7s %6s  %8s %8s  %9s %9s  %7s %7s\n",
	       "task", "cpu_ms", "model", "ratio", "wakeups", "model", "ratio",
	       "burst50", "model", "burst99", "model", "elapsed", "model");
	for (size_t i = 0; i < orig->n; i++)
		vf_row(orig->t[i].name, &o[i], &md[i]);
	vf_row("total", &to, &tm);
	printf("(cpu_ms: on CPU; wakeups: blockings ended; burst50/99: CPU "
	       "between two blockings, us; elapsed: s, fork to exit; total "
	       "elapsed: the original's root to its last exit, the model's "
	       "first thread to its last; %lu thread(s) of mimic itself not "
	       "compared)\n", unmatched);
	ret = MIMIC_EXIT_OK;
out:
	timeline_free(&tl);
	for (size_t i = 0; o && md && i < orig->n; i++) {
		free(o[i].bursts);
		free(md[i].bursts);
	}
	free(to.bursts);
	free(tm.bursts);
	free(o);
	free(md);
	if (!keep) {
		unlink(rec);
		rmdir(dir);
	}
	return ret;
}
