/*
 * verify_report.c - the rows of a verification (verify_report.h) turned
 * into numbers: the Kolmogorov-Smirnov distance of each distribution,
 * the ratios, the verdict against the targets, and their two
 * forms, the table on standard output and the JSON summary.
 */
#include "trace/verify_report.h"

#include "lib/json_str.h"
#include "lib/ks.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The figures of a side, in the order the JSON prints them. */
enum vf_metric {
	VM_CPU,
	VM_WAKEUPS,
	VM_ELAPSED,
	VM_BURST50,
	VM_BURST99,
	VM_BLOCK50,
	VM_BLOCK99,
	VM_LAT50,
	VM_LAT99,
	VM_N
};

static const struct {
	const char *key;   /* in the JSON and the verdict */
	enum vf_dist dist; /* a quantile of it, */
	double q;	   /* when q > 0 */
} vf_metrics[VM_N] = {
    [VM_CPU] = {"cpu_ms", 0, 0},
    [VM_WAKEUPS] = {"wakeups", 0, 0},
    [VM_ELAPSED] = {"elapsed_s", 0, 0},
    [VM_BURST50] = {"burst_p50_us", VF_BURST, 0.5},
    [VM_BURST99] = {"burst_p99_us", VF_BURST, 0.99},
    [VM_BLOCK50] = {"block_p50_us", VF_BLOCK, 0.5},
    [VM_BLOCK99] = {"block_p99_us", VF_BLOCK, 0.99},
    [VM_LAT50] = {"wakeup_latency_p50_us", VF_LATENCY, 0.5},
    [VM_LAT99] = {"wakeup_latency_p99_us", VF_LATENCY, 0.99},
};

/*
 * The targets of issue #14: the model is faithful when each ratio
 * (other / original) is within 1 +- limit, in the total row, or in every
 * task's row whose original has samples.
 */
static const struct vf_target {
	enum vf_metric m;
	double limit;
	bool each_task;
} vf_targets[] = {
    {VM_CPU, 0.15, false},
    {VM_ELAPSED, 0.15, false},
    {VM_WAKEUPS, 0.10, false},
    {VM_BURST50, 0.20, true},
};
#define VF_N_TARGETS (sizeof(vf_targets) / sizeof(vf_targets[0]))

static double vf_value(const struct vf_side *s, enum vf_metric m)
{
	switch (m) {
	case VM_CPU:
		return s->cpu_ms;
	case VM_WAKEUPS:
		return (double)s->wakeups;
	case VM_ELAPSED:
		return s->elapsed_s;
	default:
		return vf_side_q(s, vf_metrics[m].dist, vf_metrics[m].q);
	}
}

/* other / original; NAN when the original is 0 (no ratio). */
static double vf_ratio(const struct vf_row *row, enum vf_metric m)
{
	double o = vf_value(&row->orig, m);

	return o > 0 ? vf_value(&row->other, m) / o : NAN;
}

void vf_report_finish(struct vf_report *r)
{
	for (size_t i = 0; i < r->n; i++) {
		struct vf_row *row = &r->rows[i];

		vf_side_done(&row->orig);
		vf_side_done(&row->other);
		for (int d = 0; d < VF_N_DISTS; d++)
			row->ks[d] =
			    ks_distance(row->orig.d[d].v, row->orig.d[d].n,
					row->other.d[d].v, row->other.d[d].n);
	}
}

/* Does target t fail in row i? (Only rows it applies to.) */
static bool vf_fails(const struct vf_report *r, size_t i,
		     const struct vf_target *t)
{
	const struct vf_row *row = &r->rows[i];
	bool total = i == r->n - 1;
	double ratio;

	if (t->each_task == total)
		return false;
	if (vf_metrics[t->m].q > 0 && !row->orig.d[vf_metrics[t->m].dist].n)
		return false;
	ratio = vf_ratio(row, t->m);
	return !isnan(ratio) && fabs(ratio - 1) > t->limit + 1e-12;
}

/*
 * The per-task burst p50 target at a glance: over the tasks whose
 * original has bursts and whose other side a ratio (n of them), the
 * lowest and highest ratio, the worst (the largest factor off, r or 1/r:
 * 0.5 is as far as 2) and its task, and how many are within the target.
 */
struct vf_task_bursts {
	size_t tasks, n, within;
	double min, max, worst;
	const char *worst_name;
};

static double vf_factor(double ratio)
{
	return ratio > 0 ? fmax(ratio, 1 / ratio) : INFINITY;
}

static struct vf_task_bursts vf_task_bursts(const struct vf_report *r)
{
	struct vf_task_bursts b = { .min = NAN, .max = NAN, .worst = NAN };

	for (size_t i = 0; i + 1 < r->n; i++) {
		const struct vf_row *row = &r->rows[i];
		double ratio;

		if (!row->orig.d[VF_BURST].n)
			continue;
		b.tasks++;
		ratio = vf_ratio(row, VM_BURST50);
		if (isnan(ratio))
			continue;
		if (!b.n++ || ratio < b.min)
			b.min = ratio;
		if (b.n == 1 || ratio > b.max)
			b.max = ratio;
		if (b.n == 1 || vf_factor(ratio) > vf_factor(b.worst)) {
			b.worst = ratio;
			b.worst_name = row->name;
		}
		b.within += fabs(ratio - 1) <= 0.20 + 1e-12;
	}
	return b;
}

static void vf_print_task_bursts(FILE *f, const struct vf_report *r)
{
	struct vf_task_bursts b = vf_task_bursts(r);

	if (!b.n) {
		fprintf(f, "per task: no burst p50 ratio\n");
		return;
	}
	fprintf(f, "per task: burst p50 ratio %.2f-%.2f, worst %s %.2f; %zu "
		"of %zu tasks within +-20 %%", b.min, b.max, b.worst_name,
		b.worst, b.within, b.tasks);
	if (b.n < b.tasks)
		fprintf(f, " (%zu without bursts on the %s side)",
			b.tasks - b.n, r->label);
	fputc('\n', f);
}

bool vf_report_faithful(const struct vf_report *r)
{
	for (size_t i = 0; i < r->n; i++)
		for (size_t k = 0; k < VF_N_TARGETS; k++)
			if (vf_fails(r, i, &vf_targets[k]))
				return false;
	return true;
}

/* A value in a column of 9: µs to 0.1 below 10 ms, whole above. */
static void vf_put(FILE *f, double v, enum vf_metric m)
{
	if (m == VM_WAKEUPS)
		fprintf(f, " %9.0f", v);
	else if (m == VM_ELAPSED)
		fprintf(f, " %9.3f", v);
	else if (m == VM_CPU || v < 10000)
		fprintf(f, " %9.1f", v);
	else
		fprintf(f, " %9.0f", v);
}

static void vf_put_ratio(FILE *f, double ratio)
{
	if (isnan(ratio))
		fprintf(f, " %6s", "-");
	else
		fprintf(f, " %6.2f", ratio);
}

static void vf_put_metric(FILE *f, const struct vf_row *row, enum vf_metric m)
{
	vf_put(f, vf_value(&row->orig, m), m);
	vf_put(f, vf_value(&row->other, m), m);
	vf_put_ratio(f, vf_ratio(row, m));
}

static void vf_print_totals(FILE *f, const struct vf_report *r)
{
	fprintf(f, "%-16s %9s %9s %6s %9s %9s %6s %9s %9s %6s %9s %9s %6s\n",
		"task", "cpu_ms", r->label, "ratio", "wakeups", r->label,
		"ratio", "elapsed", r->label, "ratio", "burst50", r->label,
		"ratio");
	for (size_t i = 0; i < r->n; i++) {
		const struct vf_row *row = &r->rows[i];

		fprintf(f, "%-16s", row->name);
		vf_put_metric(f, row, VM_CPU);
		vf_put_metric(f, row, VM_WAKEUPS);
		vf_put_metric(f, row, VM_ELAPSED);
		vf_put_metric(f, row, VM_BURST50);
		fputc('\n', f);
	}
}

/* One row per distribution and task: "burst  seq  p50 ...". */
static void vf_print_dists(FILE *f, const struct vf_report *r)
{
	static const char *const short_names[VF_N_DISTS] = {
	    "burst",
	    "block",
	    "wakelat",
	};

	fprintf(f, "\n%-8s %-16s %9s %9s %6s %9s %9s %6s %8s %8s %6s\n", "dist",
		"of", "p50_us", r->label, "ratio", "p99_us", r->label, "ratio",
		"samples", r->label, "ks");
	for (int d = 0; d < VF_N_DISTS; d++) {
		for (size_t i = 0; i < r->n; i++) {
			const struct vf_row *row = &r->rows[i];
			enum vf_metric m50 = VM_BURST50 + 2 * d;

			fprintf(f, "%-8s %-16s", short_names[d], row->name);
			vf_put_metric(f, row, m50);
			vf_put_metric(f, row, m50 + 1);
			fprintf(f, " %8zu %8zu", row->orig.d[d].n,
				row->other.d[d].n);
			if (row->ks[d] < 0)
				fprintf(f, " %6s\n", "-");
			else
				fprintf(f, " %6.3f\n", row->ks[d]);
		}
	}
}

static void vf_print_verdict(FILE *f, const struct vf_report *r)
{
	bool any = false;

	fprintf(f, "\nverdict: %s",
		vf_report_faithful(r) ? "faithful" : "not faithful:");
	for (size_t i = 0; i < r->n; i++) {
		const struct vf_row *row = &r->rows[i];

		for (size_t k = 0; k < VF_N_TARGETS; k++) {
			const struct vf_target *t = &vf_targets[k];

			if (!vf_fails(r, i, t))
				continue;
			fprintf(f, "%s %s %s %.2f (+-%.0f %%)", any ? "," : "",
				row->name, vf_metrics[t->m].key,
				vf_ratio(row, t->m), t->limit * 100);
			any = true;
		}
	}
	fputc('\n', f);
}

void vf_report_print(FILE *f, const struct vf_report *r)
{
	vf_print_totals(f, r);
	vf_print_dists(f, r);
	vf_print_verdict(f, r);
	vf_print_task_bursts(f, r);
	fprintf(f,
		"(cpu_ms: on CPU; wakeups: blockings that ended; elapsed: "
		"s, first fork to last exit; burst: us on CPU between two "
		"blockings; block: us from the switch out blocked to its "
		"sched_waking (else sched_wakeup); wakelat: us from that "
		"wake-up to the sched_switch in; ratio: %s / original; ks: "
		"the Kolmogorov-Smirnov distance, 0 the same, 1 disjoint; "
		"targets: total cpu_ms and elapsed +-15 %%, total wakeups "
		"+-10 %%, each task's burst p50 +-20 %%; ",
		r->label);
	if (r->all_threads)
		fprintf(f,
			"no thread of %s is named after a task: its total "
			"holds all its threads but its root's first)\n",
			r->other);
	else if (r->model_json)
		fprintf(f,
			"%lu thread(s) of mimic itself, named after no "
			"task, not compared)\n",
			r->unmatched);
	else
		fprintf(f,
			"%lu thread(s) of %s matched no task, not "
			"compared)\n",
			r->unmatched, r->other);
}

static void vf_json_num(FILE *f, double v, int decimals)
{
	if (isnan(v) || isinf(v))
		fputs("null", f);
	else
		fprintf(f, "%.*f", decimals, v);
}

static void vf_json_side(FILE *f, const struct vf_side *s)
{
	fprintf(f, "{ \"threads\": %d", s->threads);
	for (int m = 0; m < VM_N; m++) {
		fprintf(f, ", \"%s\": ", vf_metrics[m].key);
		vf_json_num(f, vf_value(s, m), m == VM_WAKEUPS ? 0 : 3);
	}
	for (int d = 0; d < VF_N_DISTS; d++)
		fprintf(f, ", \"%s_samples\": %zu", vf_dist_names[d],
			s->d[d].n);
	fputs(" }", f);
}

static void vf_json_row(FILE *f, const struct vf_row *row, const char *in)
{
	fprintf(f, "{\n%s\t\"name\": ", in);
	json_str_put(f, row->name);
	fprintf(f, ",\n%s\t\"original\": ", in);
	vf_json_side(f, &row->orig);
	fprintf(f, ",\n%s\t\"other\": ", in);
	vf_json_side(f, &row->other);
	fprintf(f, ",\n%s\t\"ratio\": {", in);
	for (int m = 0; m < VM_N; m++) {
		fprintf(f, "%s \"%s\": ", m ? "," : "", vf_metrics[m].key);
		vf_json_num(f, vf_ratio(row, m), 4);
	}
	fprintf(f, " },\n%s\t\"ks\": {", in);
	for (int d = 0; d < VF_N_DISTS; d++) {
		fprintf(f, "%s \"%s\": ", d ? "," : "", vf_dist_names[d]);
		vf_json_num(f, row->ks[d] < 0 ? NAN : row->ks[d], 4);
	}
	fprintf(f, " }\n%s}", in);
}

static void vf_json_task_bursts(FILE *f, const struct vf_report *r)
{
	struct vf_task_bursts b = vf_task_bursts(r);

	fprintf(f, "\t\"burst_p50_tasks\": { \"tasks\": %zu, \"ratios\": "
		"%zu, \"within\": %zu, \"min\": ", b.tasks, b.n, b.within);
	vf_json_num(f, b.min, 4);
	fputs(", \"max\": ", f);
	vf_json_num(f, b.max, 4);
	fputs(", \"worst\": ", f);
	vf_json_num(f, b.worst, 4);
	fputs(", \"worst_task\": ", f);
	if (b.worst_name)
		json_str_put(f, b.worst_name);
	else
		fputs("null", f);
	fputs(" },\n", f);
}

static void vf_json_verdict(FILE *f, const struct vf_report *r)
{
	bool any = false;

	fprintf(f,
		"\t\"verdict\": {\n\t\t\"faithful\": %s,\n"
		"\t\t\"targets\": [",
		vf_report_faithful(r) ? "true" : "false");
	for (size_t k = 0; k < VF_N_TARGETS; k++)
		fprintf(f,
			"%s\n\t\t\t{ \"metric\": \"%s\", \"rows\": \"%s\", "
			"\"within\": %.2f }",
			k ? "," : "", vf_metrics[vf_targets[k].m].key,
			vf_targets[k].each_task ? "each task" : "total",
			vf_targets[k].limit);
	fputs("\n\t\t],\n\t\t\"failing\": [", f);
	for (size_t i = 0; i < r->n; i++) {
		const struct vf_row *row = &r->rows[i];

		for (size_t k = 0; k < VF_N_TARGETS; k++) {
			enum vf_metric m = vf_targets[k].m;

			if (!vf_fails(r, i, &vf_targets[k]))
				continue;
			fprintf(f, "%s\n\t\t\t{ \"row\": ", any ? "," : "");
			json_str_put(f, row->name);
			fprintf(f, ", \"metric\": \"%s\", \"original\": ",
				vf_metrics[m].key);
			vf_json_num(f, vf_value(&row->orig, m), 3);
			fputs(", \"other\": ", f);
			vf_json_num(f, vf_value(&row->other, m), 3);
			fputs(", \"ratio\": ", f);
			vf_json_num(f, vf_ratio(row, m), 4);
			fputs(" }", f);
			any = true;
		}
	}
	fprintf(f, "%s]\n\t}\n", any ? "\n\t\t" : "");
}

int vf_report_json(const char *path, const struct vf_report *r)
{
	FILE *f = fopen(path, "w");
	int err;

	if (!f)
		return -1;
	fprintf(f, "{\n\t\"mode\": \"%s\",\n\t\"original\": ",
		r->model_json ? "verify" : "compare");
	json_str_put(f, r->trace);
	fputs(",\n\t\"other\": ", f);
	json_str_put(f, r->other);
	fputs(",\n\t\"model\": ", f);
	if (r->model_json)
		json_str_put(f, r->model_json);
	else
		fputs("null", f);
	fprintf(f,
		",\n\t\"unmatched_threads\": %lu,\n\t\"all_threads\": %s,"
		"\n\t\"tasks\": [",
		r->unmatched, r->all_threads ? "true" : "false");
	for (size_t i = 0; i + 1 < r->n; i++) {
		fputs(i ? ",\n\t\t" : "\n\t\t", f);
		vf_json_row(f, &r->rows[i], "\t\t");
	}
	fputs(r->n > 1 ? "\n\t],\n\t\"total\": " : "],\n\t\"total\": ", f);
	vf_json_row(f, &r->rows[r->n - 1], "\t");
	fputs(",\n", f);
	vf_json_task_bursts(f, r);
	vf_json_verdict(f, r);
	fputs("}\n", f);
	err = ferror(f) ? EIO : 0;
	if (fclose(f) && !err)
		err = errno;
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}
