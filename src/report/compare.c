/*
 * compare.c - mimic compare: two sides (compare_input.c reads them: one
 * summary, or several runs each), their tasks matched by name. Prints
 * the headline figures of the report styles first, then per task base,
 * new and change for the metrics people look at first (wake-up latency
 * p50/p99/max per path, message latency p50/p99 per path, overruns,
 * slack p50, run p99, the kernel's runqueue wait and switches, contended
 * lock wait p99, end-to-end latency p50/p99 and budget misses), a side of
 * several runs by its median. REGRESSION where a checked metric got worse
 * by more than --threshold percent and its floor (--min-us microseconds,
 * --min-count for counts) and, with two runs or more on both sides, a
 * two-sided Mann-Whitney U test gives p < --alpha. Checked: --metric
 * (default the p99 of every wake path), and always overruns, budget
 * misses, slack p50, lock wait p99, runqueue wait, involuntary switches
 * and the headline figures. Runs that differ in params, kernel or mimic
 * version, and tasks on one side only, are named in warnings.
 */
#define _GNU_SOURCE
#include "report/compare.h"

#include "lib/diag.h"
#include "lib/ks.h"
#include "lib/mannwhitney.h"
#include "report/compare_input.h"
#include "report/run_stats.h"

#include <errno.h>
#include <getopt.h>
#include <json-c/json.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COMPARE_MAX_METRICS 16

/* The statistics of a STATS object, in its order. */
enum compare_stat {
	STAT_MIN, STAT_MEAN, STAT_P50, STAT_P90, STAT_P99, STAT_P999, STAT_MAX,
	COMPARE_NSTATS
};
static const char *const compare_stat_names[COMPARE_NSTATS] = {
	"min", "mean", "p50", "p90", "p99", "p99.9", "max",
};

/*
 * The numbers of a task's "kernel" object that can be compared: more is
 * worse for each. cpu_time_us is left out: more CPU time is better for a
 * task starved of it and worse for one that should have finished sooner.
 */
enum compare_kernel {
	KERNEL_RQ_WAIT, KERNEL_SW_VOL, KERNEL_SW_INVOL, KERNEL_MIGRATIONS,
	COMPARE_NKERNEL
};
static const char *const compare_kernel_names[COMPARE_NKERNEL] = {
	"runqueue_wait_us", "switches_voluntary", "switches_involuntary",
	"migrations",
};

/* Where a metric is found in a task, and which way is worse. */
enum compare_group {
	GROUP_WAKE, GROUP_SLACK, GROUP_RUN, GROUP_KERNEL, GROUP_LOCK,
	GROUP_MESSAGE, GROUP_E2E, GROUP_BUDGET, GROUP_OVERRUNS,
	COMPARE_NGROUPS
};

/* The absolute floor a change must pass besides --threshold. */
enum compare_floor {
	FLOOR_US,                 /* --min-us; --min-count for count_stats */
	FLOOR_NONE,               /* any rise over --threshold */
};

static const char *const compare_budget_names[] = { "miss_pct" };
static const char *const compare_overrun_names[] = { "overruns" };

static const struct {
	const char *name;         /* as in --metric and the output */
	const char *key;          /* the task's key in the summary */
	int worse;                /* +1: higher is worse, -1: lower */
	unsigned usual;           /* 1 << stat: always printed */
	unsigned always;          /* 1 << stat: checked whatever --metric */
	const char *const *stats; /* the names of its numbers */
	int n_stats;
	enum compare_floor floor;
	unsigned count_stats;     /* 1 << stat: a count, floor --min-count */
} compare_groups[] = {
	[GROUP_WAKE] = { "wake", "wake", +1,
			 1u << STAT_P50 | 1u << STAT_P99 | 1u << STAT_MAX, 0,
			 compare_stat_names, COMPARE_NSTATS, FLOOR_US, 0 },
	/* Slack collapse: a falling p50 is always checked. */
	[GROUP_SLACK] = { "slack", "slack_us", -1, 1u << STAT_P50,
			  1u << STAT_P50, compare_stat_names, COMPARE_NSTATS,
			  FLOOR_US, 0 },
	[GROUP_RUN] = { "run", "run_us", +1, 1u << STAT_P99, 0,
			compare_stat_names, COMPARE_NSTATS, FLOOR_US, 0 },
	[GROUP_KERNEL] = { "kernel", "kernel", +1,
			   1u << KERNEL_RQ_WAIT | 1u << KERNEL_SW_VOL |
			   1u << KERNEL_SW_INVOL,
			   1u << KERNEL_RQ_WAIT | 1u << KERNEL_SW_INVOL,
			   compare_kernel_names, COMPARE_NKERNEL, FLOOR_US,
			   1u << KERNEL_SW_VOL | 1u << KERNEL_SW_INVOL |
			   1u << KERNEL_MIGRATIONS },
	/* The wait of the task's contended lock acquisitions. */
	[GROUP_LOCK] = { "lock", "locks", +1, 1u << STAT_P99, 1u << STAT_P99,
			 compare_stat_names, COMPARE_NSTATS, FLOOR_US, 0 },
	[GROUP_MESSAGE] = { "message", "message", +1,
			    1u << STAT_P50 | 1u << STAT_P99, 0,
			    compare_stat_names, COMPARE_NSTATS, FLOOR_US, 0 },
	/* End-to-end latency, chain origin -> iteration end (e2e.latency_us). */
	[GROUP_E2E] = { "e2e", "e2e", +1, 1u << STAT_P50 | 1u << STAT_P99, 0,
			compare_stat_names, COMPARE_NSTATS, FLOOR_US, 0 },
	/* Budget misses: any rise over --threshold is a regression. */
	[GROUP_BUDGET] = { "budget", "e2e", +1, 1u, 1u, compare_budget_names,
			   1, FLOOR_NONE, 0 },
	/* Timer overruns (deadlines found past): any rise, as misses. */
	[GROUP_OVERRUNS] = { "overruns", "overruns", +1, 1u, 1u,
			     compare_overrun_names, 1, FLOOR_NONE, 0 },
};

/* Groups with one STATS per wake path. */
static bool compare_group_per_path(enum compare_group g)
{
	return g == GROUP_WAKE || g == GROUP_MESSAGE;
}

struct compare_metric {
	enum compare_group group;
	int stat;                 /* index in its group's stats */
};

struct compare_opts {
	double threshold_pct;
	double min_us;
	double min_count;
	double alpha;
	bool common_tasks;
	struct compare_metric checked[COMPARE_MAX_METRICS];
	int n_checked;
};

/* The comparison under way. */
struct compare_ctx {
	const struct compare_opts *o;
	struct compare_side base, new;
	bool tested;              /* both sides have two runs or more */
	int regressions;
	double *vb, *vn;          /* one value per run, scratch */
};

static void compare_usage(FILE *out)
{
	fprintf(out,
		"Usage: mimic compare [OPTION]... BASE NEW\n"
		"       mimic compare [OPTION]... BASE... vs NEW...\n"
		"Compare runs; flag what got worse. BASE and NEW are each a "
		"--summary\nfile, a run directory, or a directory of runs "
		"(--repeat's\nrepeat-NNN, an --outdir root); several on a side: "
		"separate the\nsides with the word vs. A side of several runs "
		"shows medians.\n"
		"\n"
		"      --threshold P    a regression is worse by more than P %% "
		"(default 10)\n"
		"      --min-us U       ... and by more than U us (default 5)\n"
		"      --min-count C    ... or, for a count of switches or "
		"migrations,\n"
		"                       by more than C (default 10)\n"
		"      --alpha A        with 2 runs or more on both sides: and "
		"a\n"
		"                       two-sided Mann-Whitney U test gives "
		"p < A\n"
		"                       (default 0.05); the p-value is "
		"printed\n"
		"      --common-tasks   compare the tasks both sides have; "
		"tasks on\n"
		"                       one side only do not make the exit "
		"status 1\n"
		"      --metric [GROUP.]STAT  a metric checked besides the "
		"always\n"
		"                       checked ones (repeatable; default "
		"wake.p99):\n"
		"                       GROUP wake (default), message, slack,\n"
		"                       run, lock (contended lock wait) or e2e\n"
		"                       (end-to-end latency);\n"
		"                       STAT min, mean, p50, p90, p99 (default),\n"
		"                       p99.9 or max; or kernel.STAT with STAT\n"
		"                       runqueue_wait_us, switches_voluntary,\n"
		"                       switches_involuntary or migrations\n"
		"  -h, --help           this help\n"
		"\n"
		"Checked without --metric: wake.p99. Always checked: the "
		"headline\nfigures of report styles (worse by P %%, and U us "
		"for a time);\noverruns and budget.miss_pct (any rise over "
		"P %%, any rise from 0);\nslack.p50 (a fall by P %% and U us: "
		"slack collapse); lock.wait.p99\nand kernel.runqueue_wait_us "
		"(a rise by P %% and U us);\nkernel.switches_involuntary (a "
		"rise by P %% and C).\nWarnings name runs that differ in "
		"params, kernel or mimic version,\nand tasks on one side "
		"only.\n"
		"\n"
		"Exit status: 0 no regression, 1 a regression (or, without\n"
		"--common-tasks, a task on one side only), 2 bad usage or "
		"input\n(or nothing in common).\n");
}

static int compare_stat_index(enum compare_group g, const char *name)
{
	for (int k = 0; k < compare_groups[g].n_stats; k++)
		if (!strcmp(compare_groups[g].stats[k], name))
			return k;
	return -1;
}

static int compare_parse_metric(const char *arg, struct compare_metric *m)
{
	const char *dot = strchr(arg, '.');
	const char *stat = arg;

	m->group = GROUP_WAKE;
	/* "p99.9" has a dot too: a group is only a known word before it. */
	if (dot) {
		for (int g = 0; g < COMPARE_NGROUPS; g++) {
			size_t n = strlen(compare_groups[g].name);

			if ((size_t)(dot - arg) == n &&
			    !strncmp(arg, compare_groups[g].name, n)) {
				m->group = (enum compare_group)g;
				stat = dot + 1;
			}
		}
	}
	m->stat = compare_stat_index(m->group, stat);
	if (m->stat < 0) {
		fprintf(stderr, "mimic compare: --metric: unknown metric %s "
			"(expected [wake.|message.|slack.|run.|lock.|e2e.]min|"
			"mean|p50|p90|p99|p99.9|max or kernel.runqueue_wait_us|"
			"switches_voluntary|switches_involuntary|migrations "
			"or budget.miss_pct)\n",
			arg);
		return -1;
	}
	return 0;
}

static int compare_parse_number(const char *opt, const char *arg,
				bool percent, double *out)
{
	char *end;
	double v = strtod(arg, &end);

	if (percent && *end == '%')
		end++;
	if (end == arg || *end || !isfinite(v) || v < 0) {
		fprintf(stderr, "mimic compare: %s: expected a number >= 0%s, "
			"got %s\n", opt, percent ? " (a % is allowed)" : "",
			arg);
		return -1;
	}
	*out = v;
	return 0;
}

/* Splits the operands at "vs" (or takes two): base args[0..*nb), new
 * the *nn after, from *new_at. */
static int compare_split(int argc, char **argv, int *nb, int *nn,
			 int *new_at)
{
	int vs = -1, n = argc - optind;

	for (int k = optind; k < argc; k++)
		if (!strcmp(argv[k], "vs")) {
			if (vs >= 0) {
				fprintf(stderr, "mimic compare: \"vs\" given "
					"twice\n");
				return -1;
			}
			vs = k - optind;
		}
	if (vs < 0 && n == 2) {
		*nb = *nn = 1;
		*new_at = optind + 1;
		return 0;
	}
	if (vs < 0 || vs == 0 || vs == n - 1) {
		fprintf(stderr, "mimic compare: expected BASE NEW, or "
			"BASE... vs NEW..., got %d operand%s%s\n", n,
			n == 1 ? "" : "s", vs >= 0 ? " with an empty side" : "");
		return -1;
	}
	*nb = vs;
	*nn = n - vs - 1;
	*new_at = optind + vs + 1;
	return 0;
}

static int compare_parse_args(int argc, char **argv, struct compare_opts *o,
			      int *nb, int *nn, int *new_at)
{
	static const struct option longs[] = {
		{ "threshold", required_argument, NULL, 't' },
		{ "min-us", required_argument, NULL, 'm' },
		{ "min-count", required_argument, NULL, 'c' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "common-tasks", no_argument, NULL, 'C' },
		{ "metric", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	o->threshold_pct = 10;
	o->min_us = 5;
	o->min_count = 10;
	o->alpha = 0.05;
	optind = 1;
	opterr = 0; /* getopt would name argv[0], "compare" */
	while ((opt = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
		switch (opt) {
		case 't':
			if (compare_parse_number("--threshold", optarg, true,
						 &o->threshold_pct))
				return -1;
			break;
		case 'm':
			if (compare_parse_number("--min-us", optarg, false,
						 &o->min_us))
				return -1;
			break;
		case 'c':
			if (compare_parse_number("--min-count", optarg, false,
						 &o->min_count))
				return -1;
			break;
		case 'a':
			if (compare_parse_number("--alpha", optarg, false,
						 &o->alpha))
				return -1;
			if (o->alpha <= 0 || o->alpha >= 1) {
				fprintf(stderr, "mimic compare: --alpha: "
					"expected a level between 0 and 1, "
					"got %s\n", optarg);
				return -1;
			}
			break;
		case 'C':
			o->common_tasks = true;
			break;
		case 'M':
			if (o->n_checked == COMPARE_MAX_METRICS) {
				fprintf(stderr, "mimic compare: at most %d "
					"--metric\n", COMPARE_MAX_METRICS);
				return -1;
			}
			if (compare_parse_metric(optarg,
						 &o->checked[o->n_checked++]))
				return -1;
			break;
		case 'h':
			compare_usage(stdout);
			exit(MIMIC_EXIT_OK);
		default:
			fprintf(stderr, "mimic compare: %s: unknown option or "
				"missing value\n", argv[optind - 1]);
			fprintf(stderr, "Try 'mimic compare --help'.\n");
			return -1;
		}
	}
	if (compare_split(argc, argv, nb, nn, new_at)) {
		fprintf(stderr, "Try 'mimic compare --help'.\n");
		return -1;
	}
	if (!o->n_checked)
		o->checked[o->n_checked++] =
			(struct compare_metric){ GROUP_WAKE, STAT_P99 };
	return 0;
}

static const char *compare_task_name(struct json_object *t)
{
	return json_object_get_string(
		compare_input_get(t, "name", json_type_string));
}

static struct json_object *compare_find_task(const struct compare_run *r,
					     const char *name)
{
	size_t n = json_object_array_length(r->tasks);

	for (size_t k = 0; k < n; k++) {
		struct json_object *t = json_object_array_get_idx(r->tasks, k);

		if (!strcmp(compare_task_name(t), name))
			return t;
	}
	return NULL;
}

/* Whether any run of side has the task. */
static bool compare_side_has_task(const struct compare_side *s,
				  const char *name)
{
	for (int k = 0; k < s->n; k++)
		if (compare_find_task(&s->runs[k], name))
			return true;
	return false;
}

/* The STATS object of group (and wake path) in task t, or NULL. */
static struct json_object *compare_stats(struct json_object *t,
					 enum compare_group g, const char *path)
{
	struct json_object *o;

	if (!t)
		return NULL;
	if (g == GROUP_OVERRUNS)
		return t;
	o = compare_input_get(t, compare_groups[g].key, json_type_object);
	if (o && compare_group_per_path(g))
		o = compare_input_get(o, path, json_type_object);
	if (o && g == GROUP_LOCK)
		o = compare_input_get(o, "wait_us", json_type_object);
	if (o && g == GROUP_E2E)
		o = compare_input_get(o, "latency_us", json_type_object);
	return o;
}

/* A number of o; false when absent or null. */
static bool compare_number(struct json_object *o, const char *key, double *v)
{
	struct json_object *x;

	if (!o || !json_object_object_get_ex(o, key, &x) ||
	    !(json_object_is_type(x, json_type_int) ||
	      json_object_is_type(x, json_type_double)))
		return false;
	*v = json_object_get_double(x);
	return true;
}

static bool compare_value(struct json_object *stats, enum compare_group g,
			  int stat, double *v)
{
	return compare_number(stats, compare_groups[g].stats[stat], v);
}

/* The metric's value in every run of s that has it: how many. */
static int compare_collect(const struct compare_side *s, const char *task,
			   enum compare_group g, const char *path, int stat,
			   double *v)
{
	int n = 0;

	for (int k = 0; k < s->n; k++)
		if (compare_value(compare_stats(compare_find_task(&s->runs[k],
								  task),
						g, path),
				  g, stat, &v[n]))
			n++;
	return n;
}

/* Whether any run of either side has the metric. */
static bool compare_any(struct compare_ctx *c, const char *task,
			enum compare_group g, const char *path, int stat)
{
	return compare_collect(&c->base, task, g, path, stat, c->vb) ||
	       compare_collect(&c->new, task, g, path, stat, c->vn);
}

/* Whether any run of either side has the group's object. */
static bool compare_any_object(struct compare_ctx *c, const char *task,
			       enum compare_group g, const char *path)
{
	const struct compare_side *sides[2] = { &c->base, &c->new };

	for (int s = 0; s < 2; s++)
		for (int k = 0; k < sides[s]->n; k++)
			if (compare_stats(compare_find_task(&sides[s]->runs[k],
							    task),
					  g, path))
				return true;
	return false;
}

static bool compare_is_checked(const struct compare_opts *o,
			       enum compare_group g, int stat)
{
	if (compare_groups[g].always & (1u << stat))
		return true;
	for (int k = 0; k < o->n_checked; k++)
		if (o->checked[k].group == g && o->checked[k].stat == stat)
			return true;
	return false;
}

/* The median of v[0..n), n >= 1 (the mean of the middle two when even);
 * sorts v. */
static double compare_median(double *v, int n)
{
	ks_sort(v, (size_t)n);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* How one metric is judged. */
struct compare_rule {
	int worse;                /* +1: higher is worse */
	double floor;             /* the change must pass it too */
	bool checked;
};

/*
 * One line: the medians of the values of each side (nb and nn of them in
 * c->vb and c->vn), the change, the p-value when both sides have two or
 * more, and the verdict. Returns 1 for a regression.
 */
static int compare_line(struct compare_ctx *c, const char *task,
			const char *metric, int nb, int nn,
			const struct compare_rule *rule)
{
	const struct compare_opts *o = c->o;
	char change[32], pcol[16] = "-";
	double b = 0, n = 0;
	bool significant = true;
	struct mannwhitney mw;
	int regression = 0;

	printf("%-16.16s %-27s", task, metric);
	if (nb) {
		/* The test first: the median sorts the values. */
		if (nb >= 2 && nn >= 2) {
			if (mannwhitney_test(c->vb, (size_t)nb, c->vn,
					     (size_t)nn, &mw)) {
				snprintf(pcol, sizeof(pcol), "?");
				significant = false;
			} else {
				snprintf(pcol, sizeof(pcol), "%.2g", mw.p);
				significant = mw.p < o->alpha;
			}
		}
		b = compare_median(c->vb, nb);
		printf(" %10.10g", b);
	} else {
		printf(" %10s", "-");
	}
	if (nn) {
		n = compare_median(c->vn, nn);
		printf(" %10.10g", n);
	} else {
		printf(" %10s", "-");
	}
	if (!nb || !nn) {
		printf(" %9s%s\n", nb ? "absent" : nn ? "new" : "-",
		       c->tested ? "        -" : "");
		return 0;
	}
	double delta = (n - b) * rule->worse;
	double pct = b ? (n - b) / fabs(b) * 100 : 0;

	if (b)
		snprintf(change, sizeof(change), "%+.1f%%", pct);
	else
		snprintf(change, sizeof(change), "%s", n ? "from 0" : "+0.0%");
	/* Worse by more than both the relative and the absolute floor, and
	 * (sets) significant. */
	if (rule->checked && delta > rule->floor &&
	    (!b || fabs(pct) > o->threshold_pct) && significant)
		regression = 1;
	printf(" %9s", change);
	if (c->tested)
		printf(" %8s", pcol);
	printf("%s\n", regression ? "  REGRESSION" : "");
	return regression;
}

static double compare_floor(const struct compare_opts *o, enum compare_group g,
			    int stat)
{
	if (compare_groups[g].floor == FLOOR_NONE)
		return 0;
	if (compare_groups[g].count_stats & (1u << stat))
		return o->min_count;
	return o->min_us;
}

/* One metric of a task. */
static void compare_row(struct compare_ctx *c, const char *task,
			enum compare_group g, const char *path, int stat)
{
	struct compare_rule rule = {
		compare_groups[g].worse, compare_floor(c->o, g, stat),
		compare_is_checked(c->o, g, stat)
	};
	int nb = compare_collect(&c->base, task, g, path, stat, c->vb);
	int nn = compare_collect(&c->new, task, g, path, stat, c->vn);
	char metric[64];

	if (compare_group_per_path(g))
		snprintf(metric, sizeof(metric), "%s.%s.%s",
			 compare_groups[g].name, path, compare_stat_names[stat]);
	else if (g == GROUP_LOCK)
		snprintf(metric, sizeof(metric), "lock.wait.%s",
			 compare_stat_names[stat]);
	else if (g == GROUP_OVERRUNS)
		snprintf(metric, sizeof(metric), "overruns");
	else
		snprintf(metric, sizeof(metric), "%s.%s", compare_groups[g].name,
			 compare_groups[g].stats[stat]);
	c->regressions += compare_line(c, task, metric, nb, nn, &rule);
}

/* The rows of one group: the usual statistics, and the checked ones. */
static void compare_group_rows(struct compare_ctx *c, const char *task,
			       enum compare_group g, const char *path)
{
	for (int s = 0; s < compare_groups[g].n_stats; s++)
		if (compare_groups[g].usual & (1u << s) ||
		    compare_is_checked(c->o, g, s))
			compare_row(c, task, g, path, s);
}

static void compare_task(struct compare_ctx *c, const char *name)
{
	for (int w = 0; w < WAKE_PATHS; w++)
		if (compare_any_object(c, name, GROUP_WAKE,
				       wake_path_name(w)))
			compare_group_rows(c, name, GROUP_WAKE,
					   wake_path_name(w));
	for (int w = 0; w < WAKE_PATHS; w++)
		if (compare_any_object(c, name, GROUP_MESSAGE,
				       wake_path_name(w)))
			compare_group_rows(c, name, GROUP_MESSAGE,
					   wake_path_name(w));
	/* A task with a timer: its overruns, then its slack. */
	if (compare_any(c, name, GROUP_SLACK, NULL, STAT_MIN) ||
	    compare_any_object(c, name, GROUP_WAKE, "timer"))
		compare_group_rows(c, name, GROUP_OVERRUNS, NULL);
	for (int g = GROUP_SLACK; g <= GROUP_RUN; g++)
		/* A task without timer (or run) has nothing to say here. */
		if (compare_any(c, name, (enum compare_group)g, NULL, STAT_MIN))
			compare_group_rows(c, name, (enum compare_group)g,
					   NULL);
	if (compare_any_object(c, name, GROUP_LOCK, NULL))
		compare_group_rows(c, name, GROUP_LOCK, NULL);
	if (compare_any_object(c, name, GROUP_E2E, NULL))
		compare_group_rows(c, name, GROUP_E2E, NULL);
	if (compare_any(c, name, GROUP_BUDGET, NULL, 0))
		compare_group_rows(c, name, GROUP_BUDGET, NULL);
	if (compare_any_object(c, name, GROUP_KERNEL, NULL))
		compare_group_rows(c, name, GROUP_KERNEL, NULL);
}

/* The headline figure name in run r: its object, or NULL. */
static struct json_object *compare_figure(const struct compare_run *r,
					  const char *name)
{
	struct json_object *list = compare_input_get(r->root, "headline",
						     json_type_array);
	size_t n = list ? json_object_array_length(list) : 0;

	for (size_t k = 0; k < n; k++) {
		struct json_object *f = json_object_array_get_idx(list, k);
		struct json_object *fn = compare_input_get(f, "name",
							   json_type_string);

		if (fn && !strcmp(json_object_get_string(fn), name))
			return f;
	}
	return NULL;
}

static int compare_figure_values(const struct compare_side *s,
				 const char *name, double *v)
{
	int n = 0;

	for (int k = 0; k < s->n; k++)
		if (compare_number(compare_figure(&s->runs[k], name), "value",
				   &v[n]))
			n++;
	return n;
}

/* A names list, without repeats, in the order first seen. */
struct compare_names {
	const char **v;
	int n;
};

static bool compare_names_has(const struct compare_names *l, const char *s)
{
	for (int k = 0; k < l->n; k++)
		if (!strcmp(l->v[k], s))
			return true;
	return false;
}

static int compare_names_add(struct compare_names *l, const char *s)
{
	const char **v;

	if (compare_names_has(l, s))
		return 0;
	v = realloc(l->v, (size_t)(l->n + 1) * sizeof(*v));
	if (!v)
		return -1;
	l->v = v;
	l->v[l->n++] = s;
	return 0;
}

/* Every headline figure's name in the runs of both sides. */
static int compare_figure_names(struct compare_ctx *c, struct compare_names *l)
{
	const struct compare_side *sides[2] = { &c->base, &c->new };

	for (int s = 0; s < 2; s++)
		for (int k = 0; k < sides[s]->n; k++) {
			struct json_object *list = compare_input_get(
				sides[s]->runs[k].root, "headline",
				json_type_array);
			size_t n = list ? json_object_array_length(list) : 0;

			for (size_t j = 0; j < n; j++) {
				struct json_object *fn = compare_input_get(
					json_object_array_get_idx(list, j),
					"name", json_type_string);

				if (fn && compare_names_add(
					      l, json_object_get_string(fn)))
					return -1;
			}
		}
	return 0;
}

/* How figure name is judged, from the first run that has it: its worse
 * direction, and the µs floor for a time ("us", "s"). */
static struct compare_rule compare_figure_rule(struct compare_ctx *c,
					       const char *name)
{
	const struct compare_side *sides[2] = { &c->base, &c->new };
	struct compare_rule rule = { +1, 0, true };

	for (int s = 0; s < 2; s++)
		for (int k = 0; k < sides[s]->n; k++) {
			struct json_object *f = compare_figure(
				&sides[s]->runs[k], name);
			struct json_object *worse = compare_input_get(
				f, "worse", json_type_string);
			struct json_object *unit = compare_input_get(
				f, "unit", json_type_string);
			const char *u = unit ? json_object_get_string(unit)
					     : "";

			if (!f)
				continue;
			if (worse && !strcmp(json_object_get_string(worse),
					     "lower"))
				rule.worse = -1;
			if (!strcmp(u, "us"))
				rule.floor = c->o->min_us;
			else if (!strcmp(u, "s"))
				rule.floor = c->o->min_us / 1e6;
			return rule;
		}
	return rule;
}

/* How many headline figures both sides have. */
static int compare_common_figures(struct compare_ctx *c,
				  const struct compare_names *figures)
{
	int common = 0;

	for (int k = 0; k < figures->n; k++)
		common += compare_figure_values(&c->base, figures->v[k],
						c->vb) &&
			  compare_figure_values(&c->new, figures->v[k], c->vn);
	return common;
}

/* The headline block, before the tasks' rows. */
static void compare_headline(struct compare_ctx *c,
			     const struct compare_names *figures)
{
	if (!figures->n)
		return;
	printf("headline figures (report styles, print_end's time):\n");
	for (int k = 0; k < figures->n; k++) {
		struct compare_rule rule = compare_figure_rule(c,
							       figures->v[k]);
		int nb = compare_figure_values(&c->base, figures->v[k], c->vb);
		int nn = compare_figure_values(&c->new, figures->v[k], c->vn);

		c->regressions += compare_line(c, "-", figures->v[k], nb, nn,
					       &rule);
	}
	printf("tasks:\n");
}

/* The JSON text of o (a params value, a kernel release), or "-". */
static const char *compare_text(struct json_object *o)
{
	return o ? json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN)
		 : "-";
}

/* run.params, run.host.kernel, mimic_version of a run. */
static struct json_object *compare_params(const struct compare_run *r)
{
	return compare_input_get(compare_input_get(r->root, "run",
						   json_type_object),
				 "params", json_type_object);
}

static struct json_object *compare_kernel_release(const struct compare_run *r)
{
	return compare_input_get(
		compare_input_get(compare_input_get(r->root, "run",
						    json_type_object),
				  "host", json_type_object),
		"kernel", json_type_string);
}

/* One warning per thing that differs, naming its first two values;
 * warned holds copies, freed by the caller. */
static void compare_warn_once(struct compare_names *warned, const char *what,
			      const char *a_path, const char *a,
			      const char *b_path, const char *b)
{
	char *copy;

	/* what may be the caller's buffer: the list keeps its own copy. */
	if (compare_names_has(warned, what))
		return;
	copy = strdup(what);
	if (!copy || compare_names_add(warned, copy)) {
		free(copy);
		return;
	}
	fprintf(stderr, "mimic compare: warning: %s differs: %s in %s, %s "
		"in %s\n", what, a, a_path, b, b_path);
}

/* The params of a and b that differ (either side's keys). */
static void compare_warn_params(struct compare_names *warned,
				const struct compare_run *a,
				const struct compare_run *b)
{
	struct json_object *pa = compare_params(a), *pb = compare_params(b);
	char what[160];

	if (!pa || !pb)
		return;
	for (int pass = 0; pass < 2; pass++) {
		json_object_object_foreach(pass ? pb : pa, key, v) {
			struct json_object *other;

			if (!json_object_object_get_ex(pass ? pa : pb, key,
						       &other))
				other = NULL;
			struct json_object *va = pass ? other : v;
			struct json_object *vb = pass ? v : other;

			if (va && vb && json_object_equal(va, vb))
				continue;
			snprintf(what, sizeof(what), "params %s", key);
			/* compare_text reuses one buffer per object. */
			char *ta = strdup(compare_text(va));

			compare_warn_once(warned, what, a->path,
					  ta ? ta : "?", b->path,
					  compare_text(vb));
			free(ta);
		}
	}
}

/*
 * Runs that are not the same experiment: every run against the base's
 * first, for params, kernel release, mimic version and workload file.
 * Warnings, not errors: comparing kernels is the point of a run on
 * another kernel.
 */
static void compare_warn_meta(struct compare_ctx *c)
{
	const struct compare_side *sides[2] = { &c->base, &c->new };
	const struct compare_run *ref = &c->base.runs[0];
	struct compare_names warned = { 0 };
	static const char *const keys[] = { "mimic_version", "workload" };

	for (int s = 0; s < 2; s++)
		for (int k = 0; k < sides[s]->n; k++) {
			const struct compare_run *r = &sides[s]->runs[k];
			struct json_object *ka = compare_kernel_release(ref);
			struct json_object *kb = compare_kernel_release(r);

			if (r == ref)
				continue;
			compare_warn_params(&warned, ref, r);
			if (ka && kb && strcmp(json_object_get_string(ka),
					       json_object_get_string(kb)))
				compare_warn_once(&warned, "kernel release",
						  ref->path,
						  json_object_get_string(ka),
						  r->path,
						  json_object_get_string(kb));
			for (int j = 0; j < 2; j++) {
				struct json_object *a = compare_input_get(
					ref->root, keys[j], json_type_string);
				struct json_object *b = compare_input_get(
					r->root, keys[j], json_type_string);

				if (a && b && strcmp(json_object_get_string(a),
						     json_object_get_string(b)))
					compare_warn_once(
						&warned, keys[j], ref->path,
						json_object_get_string(a),
						r->path,
						json_object_get_string(b));
			}
		}
	for (int k = 0; k < warned.n; k++)
		free((char *)warned.v[k]);
	free(warned.v);
}

/* Every task name of the runs of s, in the order first seen. */
static int compare_side_tasks(const struct compare_side *s,
			      struct compare_names *l)
{
	for (int k = 0; k < s->n; k++) {
		size_t n = json_object_array_length(s->runs[k].tasks);

		for (size_t j = 0; j < n; j++)
			if (compare_names_add(l, compare_task_name(
				json_object_array_get_idx(s->runs[k].tasks,
							  j))))
				return -1;
	}
	return 0;
}

/* Tasks on one side only named each way, then counted. */
#define COMPARE_NAMED_TASKS 10

/* Names the tasks of a that b lacks; how many. */
static int compare_unmatched(const struct compare_side *a,
			     const struct compare_names *ta,
			     const struct compare_side *b)
{
	int missing = 0;

	for (int k = 0; k < ta->n; k++)
		if (!compare_side_has_task(b, ta->v[k]) &&
		    ++missing <= COMPARE_NAMED_TASKS)
			fprintf(stderr, "mimic compare: warning: task %s is in "
				"%s but not in %s\n", ta->v[k], a->label,
				b->label);
	if (missing > COMPARE_NAMED_TASKS)
		fprintf(stderr, "mimic compare: warning: and %d more tasks in "
			"%s but not in %s\n", missing - COMPARE_NAMED_TASKS,
			a->label, b->label);
	return missing;
}

static void compare_describe(const struct compare_side *s)
{
	struct json_object *v;
	const struct compare_run *first = &s->runs[0];
	const char *workload = "?", *started = "?";
	double secs = 0;

	if ((v = compare_input_get(first->root, "workload", json_type_string)))
		workload = json_object_get_string(v);
	if ((v = compare_input_get(first->root, "started", json_type_string)))
		started = json_object_get_string(v);
	if (s->n == 1) {
		compare_number(first->root, "duration_s", &secs);
		printf("%-5s %s: %s, started %s, ran %.3f s\n", s->role,
		       first->path, workload, started, secs);
		return;
	}
	printf("%-5s %s: %d runs of %s, the first started %s; medians "
	       "shown\n", s->role, s->label, s->n, workload, started);
}

static void compare_print_rules(const struct compare_ctx *c)
{
	const struct compare_opts *o = c->o;

	printf("always checked: headline figures (worse by more than %g %%, "
	       "and %g us for a time), overruns and budget.miss_pct (a rise "
	       "by more than %g %%, any rise from 0), slack.p50 (a fall by "
	       "more than %g %% and %g us), lock.wait.p99 and "
	       "kernel.runqueue_wait_us (a rise by more than %g %% and %g us),"
	       " kernel.switches_involuntary (a rise by more than %g %% and "
	       "%g)\n", o->threshold_pct, o->min_us, o->threshold_pct,
	       o->threshold_pct, o->min_us, o->threshold_pct, o->min_us,
	       o->threshold_pct, o->min_count);
	if (c->tested)
		printf("sets: a regression also needs p < %g (two-sided "
		       "Mann-Whitney U test over the runs; p is shown)\n",
		       o->alpha);
}

static void compare_print_checked(const struct compare_opts *o)
{
	for (int k = 0; k < o->n_checked; k++)
		printf("%s%s.%s", k ? ", " : "",
		       compare_groups[o->checked[k].group].name,
		       compare_groups[o->checked[k].group]
			       .stats[o->checked[k].stat]);
}

int compare_main(int argc, char **argv)
{
	struct compare_opts o = { 0 };
	struct compare_ctx c = { .o = &o, .base = { .role = "base" },
				 .new = { .role = "new" } };
	struct compare_names tb = { 0 }, tn = { 0 }, figures = { 0 };
	int status = MIMIC_EXIT_BADINPUT, nb, nn, new_at, unmatched;
	int common = 0, max_runs;

	if (compare_parse_args(argc, argv, &o, &nb, &nn, &new_at))
		return MIMIC_EXIT_BADINPUT;
	if (compare_input_read(&c.base, argv + optind, nb) ||
	    compare_input_read(&c.new, argv + new_at, nn))
		goto out;
	max_runs = c.base.n > c.new.n ? c.base.n : c.new.n;
	c.vb = calloc((size_t)max_runs, sizeof(double));
	c.vn = calloc((size_t)max_runs, sizeof(double));
	if (!c.vb || !c.vn || compare_side_tasks(&c.base, &tb) ||
	    compare_side_tasks(&c.new, &tn) ||
	    compare_figure_names(&c, &figures)) {
		fprintf(stderr, "mimic compare: out of memory\n");
		goto out;
	}
	c.tested = c.base.n >= 2 && c.new.n >= 2;
	compare_warn_meta(&c);
	/* Both ways, so every task missing on one side is named. */
	unmatched = compare_unmatched(&c.base, &tb, &c.new) +
		    compare_unmatched(&c.new, &tn, &c.base);
	for (int k = 0; k < tb.n; k++)
		common += compare_side_has_task(&c.new, tb.v[k]);
	if (!common && !compare_common_figures(&c, &figures)) {
		fprintf(stderr, "mimic compare: %s and %s have no task and no "
			"headline figure in common: nothing to compare\n",
			c.base.label, c.new.label);
		goto out;
	}
	if (unmatched && !o.common_tasks)
		fprintf(stderr, "mimic compare: warning: comparing the %d "
			"task%s both sides have; the exit status is 1 for "
			"the others (--common-tasks: compare what both have, "
			"exit status from regressions only)\n", common,
			common == 1 ? "" : "s");
	compare_describe(&c.base);
	compare_describe(&c.new);
	printf("%-16s %-27s %10s %10s %9s%s\n", "task", "metric", "base", "new",
	       "change", c.tested ? "        p" : "");
	compare_headline(&c, &figures);
	for (int k = 0; k < tb.n; k++)
		if (compare_side_has_task(&c.new, tb.v[k]))
			compare_task(&c, tb.v[k]);
	compare_print_rules(&c);
	printf("mimic compare: %d regression%s (", c.regressions,
	       c.regressions == 1 ? "" : "s");
	compare_print_checked(&o);
	printf(" worse by more than %g %% and %g us%s)%s\n", o.threshold_pct,
	       o.min_us, c.tested ? ", p < alpha" : "",
	       unmatched ? o.common_tasks
				   ? "; tasks on one side only not compared"
				   : "; tasks on one side only (exit 1)"
			 : "");
	status = c.regressions || (unmatched && !o.common_tasks)
			 ? MIMIC_EXIT_FAILURE
			 : MIMIC_EXIT_OK;
out:
	free(tb.v);
	free(tn.v);
	free(figures.v);
	free(c.vb);
	free(c.vn);
	compare_input_free(&c.base);
	compare_input_free(&c.new);
	fflush(stdout);
	return status;
}
