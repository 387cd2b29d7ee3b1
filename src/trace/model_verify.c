/*
 * model_verify.c - records a model's run (`mimic -q --record FILE
 * MODEL.json`, a child mimic), or takes another recording as it is,
 * reads it into timelines as the original's were, matches its threads to
 * the model's tasks by name (`<task>-<idx>`), and hands the rows to
 * verify_report for the table, the verdict and the JSON summary.
 */
#define _GNU_SOURCE
#include "trace/model_verify.h"

#include "lib/diag.h"
#include "trace/model_timeline.h"
#include "trace/verify_report.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

/*
 * The start gate of a model thread (engine/start_gate.c): a futex wait
 * among its first two blockings ended by a thread of mimic itself (one
 * named after no task). Its index, or -1 (the last thread to reach the
 * gate may find it open).
 */
static int vf_gate(const struct model *m, const struct timeline *tl,
		   const struct tl_thread *t)
{
	for (size_t i = 0; i < t->n_blocks && i < 2; i++) {
		const struct tl_block *b = &t->blocks[i];
		const struct tl_thread *w;

		if (b->cls != TL_FUTEX || b->waker <= 0 || b->waker == t->pid)
			continue;
		w = timeline_find(tl, b->waker);
		if (w && w->in_tree && vf_task_of(m, w->comm) < 0)
			return (int)i;
	}
	return -1;
}

/* When the model's gate opened: the first wake-up of a gate, or 0. */
static unsigned long long vf_gate_open(const struct model *m,
				       const struct timeline *tl)
{
	unsigned long long open = 0;

	for (size_t i = 0; i < tl->n; i++) {
		const struct tl_thread *t = &tl->t[i];
		int g;

		if (!t->in_tree || vf_task_of(m, t->comm) < 0)
			continue;
		g = vf_gate(m, tl, t);
		if (g >= 0 && (!open || t->blocks[g].wake < open))
			open = t->blocks[g].wake;
	}
	return open;
}

/* When task k's work begins in a model's run whose gate opened at open
 * (its delay after), or 0. */
static unsigned long long vf_due(const struct model *m, int k,
				 unsigned long long open)
{
	if (!open)
		return 0;
	return open + (unsigned long long)(m->t[k].delay_us * 1e3);
}

/*
 * How many of a model thread's first blockings are mimic's start of its
 * task, not the task: the start gate, and, when the task has a delay, a
 * sleep begun before the gate's opening plus the delay (engine/thread.c:
 * thread_main, thread_run). The original's thread was forked at that
 * time and blocked in neither.
 */
static size_t vf_start_skip(const struct model *m, int k,
			    const struct timeline *tl,
			    const struct tl_thread *t,
			    unsigned long long open)
{
	size_t next = (size_t)(vf_gate(m, tl, t) + 1);
	unsigned long long due = vf_due(m, k, open);

	if (m->t[k].delay_us > 0 && open && next < t->n_blocks &&
	    t->blocks[next].cls == TL_SLEEP && t->blocks[next].start < due)
		next++;
	return next;
}

int model_run_recorded(const char *what, const char *rec,
		       const char *model_json)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		execl("/proc/self/exe", "mimic", "-q", "--no-progress",
		      "--record", rec, model_json, (char *)NULL);
		fprintf(stderr, "mimic model: %s: cannot run mimic: %s\n",
			what, strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "mimic model: %s: the model's run under "
			"--record failed (%s)\n", what, model_json);
		return -1;
	}
	return 0;
}

/* The comm task i's thread had when it was forked: its parent's (before
 * an exec renamed it), or "" for the root. */
static const char *vf_fork_comm(const struct model *m, size_t i)
{
	for (size_t k = 0; k < m->n; k++)
		if (m->t[k].src->pid == m->t[i].src->parent)
			return m->t[k].src->comm;
	return "";
}

/* The first task of m with no match yet whose thread was named comm (or,
 * by_fork, was named comm when forked), or -1. */
static int vf_task_by_comm(const struct model *m, const struct vf_report *r,
			   const char *comm, bool by_fork)
{
	for (size_t i = 0; i < m->n; i++)
		if (!r->rows[i].other.threads &&
		    !strcmp(by_fork ? vf_fork_comm(m, i) : m->t[i].src->comm,
			    comm))
			return (int)i;
	return -1;
}

/*
 * Matches the other recording's threads to the tasks: a thread named
 * <task>-<idx> is a model's; in --compare-trace, then, a thread named
 * ":<comm>" is perf sched replay's stand-in for a thread of that comm,
 * the next one not yet matched in the order they were born, and when none
 * is left, for one forked under that comm (perf names the thread after
 * the first comm it saw: a child of sh that exec'ed gzip is ":sh");
 * when no ":" thread matched, a thread named <comm> is the next of that
 * comm. taken[i]: thread i is matched.
 */
static int vf_match(struct vf_report *r, const struct model *orig,
		    const struct timeline *tl, bool by_comm, char *taken)
{
	struct vf_row *total = &r->rows[orig->n];
	int err = 0, pass, k;
	unsigned long long open = vf_gate_open(orig, tl), due;
	size_t skip;

	for (pass = 0; pass < (by_comm ? 4 : 1); pass++) {
		/* plain comms only when no ":comm" stood for them */
		if (pass == 3 && total->other.threads)
			break;
		for (size_t i = 0; i < tl->n; i++) {
			const struct tl_thread *t = &tl->t[i];

			if (!t->in_tree || taken[i])
				continue;
			if (pass == 0)
				k = vf_task_of(orig, t->comm);
			else if (pass < 3)
				k = t->comm[0] == ':' ?
					vf_task_by_comm(orig, r, t->comm + 1,
							pass == 2) : -1;
			else
				k = vf_task_by_comm(orig, r, t->comm, false);
			if (k < 0)
				continue;
			skip = pass == 0 ? vf_start_skip(orig, k, tl, t, open)
					 : 0;
			due = pass == 0 ? vf_due(orig, k, open) : 0;
			taken[i] = 1;
			err |= vf_side_add(&r->rows[k].other, t, tl->t_end,
					   skip, due);
			err |= vf_side_add(&total->other, t, tl->t_end, skip,
					   due);
		}
	}
	return err;
}

/*
 * The rows: each task's original thread against the other recording's
 * threads matched to it (vf_match); the total over the tasks against the
 * matched threads, or, when none matched, against every thread of its
 * tree but the root's first.
 */
static int vf_fill(struct vf_report *r, const struct model *orig,
		   unsigned long long orig_end, const struct timeline *tl,
		   bool by_comm)
{
	struct vf_row *total = &r->rows[orig->n];
	char *taken = calloc(tl->n + 1, 1);
	int err = 0;

	if (!taken)
		return -1;
	snprintf(total->name, sizeof(total->name), "total");
	for (size_t i = 0; i < orig->n; i++) {
		snprintf(r->rows[i].name, sizeof(r->rows[i].name), "%s",
			 orig->t[i].name);
		err |= vf_side_add(&r->rows[i].orig, orig->t[i].src, orig_end,
				   0, 0);
		err |= vf_side_add(&total->orig, orig->t[i].src, orig_end, 0,
				   0);
	}
	err |= vf_match(r, orig, tl, by_comm, taken);
	for (size_t i = 0; i < tl->n; i++)
		if (tl->t[i].in_tree && !taken[i])
			r->unmatched++;
	if (!total->other.threads) {
		r->all_threads = true;
		for (size_t i = 0; i < tl->n; i++)
			if (tl->t[i].in_tree && tl->t[i].pid != tl->root)
				err |= vf_side_add(&total->other, &tl->t[i],
						   tl->t_end, 0, 0);
	}
	free(taken);
	return err ? -1 : 0;
}

/* r's rows: orig's tasks against the recording at path (vf_fill). 0, or
 * -1 (said why); vf_rows_free either way. */
static int vf_rows(struct vf_report *r, const struct model *orig,
		   unsigned long long orig_end, const char *path, bool by_comm)
{
	struct timeline tl;
	char err[512];
	int ret = -1;

	r->n = orig->n + 1;
	r->rows = calloc(r->n, sizeof(*r->rows));
	if (!r->rows) {
		fprintf(stderr, "mimic model: out of memory\n");
		return ret;
	}
	if (timeline_build(&tl, path, 0, NULL, err, sizeof(err)))
		fprintf(stderr, "mimic model: %s\n", err);
	else if (vf_fill(r, orig, orig_end, &tl, by_comm))
		fprintf(stderr, "mimic model: out of memory\n");
	else
		ret = 0;
	timeline_free(&tl);
	return ret;
}

static void vf_rows_free(struct vf_report *r)
{
	for (size_t i = 0; r->rows && i < r->n; i++) {
		vf_side_free(&r->rows[i].orig);
		vf_side_free(&r->rows[i].other);
	}
	free(r->rows);
}

/* Compares orig with the recording at path, prints, writes the summary. */
static int vf_compare(const struct model *orig, const struct verify_opts *o,
		      const char *path, struct vf_report *r)
{
	int ret = MIMIC_EXIT_FAILURE;

	if (vf_rows(r, orig, o->trace_end, path, !r->model_json))
		goto out;
	vf_report_finish(r);
	if (r->model_json)
		printf("mimic model --verify: %s (original) vs %s run under "
		       "--record (model)\n", o->trace, r->model_json);
	else
		printf("mimic model --compare-trace: %s (original) vs %s "
		       "(other)\n", o->trace, path);
	vf_report_print(stdout, r);
	fflush(stdout);
	if (o->summary && vf_report_json(o->summary, r)) {
		fprintf(stderr, "mimic model: --summary %s: %s\n", o->summary,
			strerror(errno));
		goto out;
	}
	ret = MIMIC_EXIT_OK;
out:
	vf_rows_free(r);
	return ret;
}

/* The model's recording rec in a new temporary directory dir (a
 * mkdtemp template), for option what: 0, or -1 (said why). */
static int vf_tmp_rec(const char *what, char *dir, char *rec, size_t len)
{
	if (!mkdtemp(dir)) {
		fprintf(stderr, "mimic model: %s: %s: %s\n", what, dir,
			strerror(errno));
		return -1;
	}
	snprintf(rec, len, "%s/model.dat", dir);
	return 0;
}

static void vf_tmp_rec_free(const char *dir, const char *rec)
{
	unlink(rec);
	rmdir(dir);
}

int model_verify(const struct model *orig, const struct verify_opts *o,
		 const char *model_json)
{
	char dir[] = "/tmp/mimic-verify-XXXXXX", rec[64];
	struct vf_report r = { .trace = o->trace, .model_json = model_json,
			       .label = "model" };
	int ret = MIMIC_EXIT_FAILURE;

	if (vf_tmp_rec("--verify", dir, rec, sizeof(rec)))
		return ret;
	r.other = rec;
	if (!model_run_recorded("--verify", rec, model_json))
		ret = vf_compare(orig, o, rec, &r);
	vf_tmp_rec_free(dir, rec);
	return ret;
}

int model_compare_trace(const struct model *orig,
			const struct verify_opts *o, const char *other)
{
	struct vf_report r = { .trace = o->trace, .other = other,
			       .label = "other" };

	return vf_compare(orig, o, other, &r);
}

int model_run_cpu(const struct model *orig, const char *model_json,
		  double *cpu_ms)
{
	char dir[] = "/tmp/mimic-refine-XXXXXX", rec[64];
	struct vf_report r = { 0 };
	int ret = -1;

	if (vf_tmp_rec("--refine", dir, rec, sizeof(rec)))
		return ret;
	if (!model_run_recorded("--refine", rec, model_json) &&
	    !vf_rows(&r, orig, 0, rec, false)) {
		for (size_t i = 0; i < orig->n; i++)
			cpu_ms[i] = r.rows[i].other.threads ?
					    r.rows[i].other.cpu_ms : -1;
		ret = 0;
	}
	vf_rows_free(&r);
	vf_tmp_rec_free(dir, rec);
	return ret;
}
