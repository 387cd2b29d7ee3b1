/*
 * compare.c - reads two JSON summaries (doc/summary-format.md), matches
 * their tasks by name, prints base, new and change for the metrics people
 * look at first (wake-up latency p50/p99/max per path, message latency
 * p50/p99 per path, slack p50, run p99, the kernel's runqueue wait and
 * switches, contended lock wait p99, end-to-end latency p50/p99 and budget
 * misses) and flags REGRESSION where a checked metric (--metric, default
 * the p99 of every wake path; budget misses always) got worse by more
 * than --threshold percent and more than --min-us microseconds (misses:
 * any rise over --threshold percent).
 */
#define _GNU_SOURCE
#include "report/compare.h"

#include "lib/diag.h"
#include "report/run_stats.h"
#include "report/summary_json.h"

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
	GROUP_MESSAGE, GROUP_E2E, GROUP_BUDGET,
	COMPARE_NGROUPS
};

/* The budget's numbers: the share of iterations over it. */
static const char *const compare_budget_names[] = { "miss_pct" };

static const struct {
	const char *name;         /* as in --metric and the output */
	const char *key;          /* the task's key in the summary */
	int worse;                /* +1: higher is worse, -1: lower */
	unsigned usual;           /* 1 << stat: always printed */
	const char *const *stats; /* the names of its numbers */
	int n_stats;
	bool always_checked;      /* a rise is flagged whatever --metric */
	bool no_floor;            /* not in µs: --min-us does not apply */
} compare_groups[] = {
	[GROUP_WAKE] = { "wake", "wake", +1,
			 1u << STAT_P50 | 1u << STAT_P99 | 1u << STAT_MAX,
			 compare_stat_names, COMPARE_NSTATS },
	[GROUP_SLACK] = { "slack", "slack_us", -1, 1u << STAT_P50,
			  compare_stat_names, COMPARE_NSTATS },
	[GROUP_RUN] = { "run", "run_us", +1, 1u << STAT_P99,
			compare_stat_names, COMPARE_NSTATS },
	[GROUP_KERNEL] = { "kernel", "kernel", +1,
			   1u << KERNEL_RQ_WAIT | 1u << KERNEL_SW_VOL |
			   1u << KERNEL_SW_INVOL,
			   compare_kernel_names, COMPARE_NKERNEL },
	/* The wait of the task's contended lock acquisitions. */
	[GROUP_LOCK] = { "lock", "locks", +1, 1u << STAT_P99,
			 compare_stat_names, COMPARE_NSTATS },
	[GROUP_MESSAGE] = { "message", "message", +1,
			    1u << STAT_P50 | 1u << STAT_P99,
			    compare_stat_names, COMPARE_NSTATS },
	/* End-to-end latency, chain origin -> iteration end (e2e.latency_us). */
	[GROUP_E2E] = { "e2e", "e2e", +1, 1u << STAT_P50 | 1u << STAT_P99,
			compare_stat_names, COMPARE_NSTATS },
	/* Budget misses: any rise over --threshold is a regression. */
	[GROUP_BUDGET] = { "budget", "e2e", +1, 1u, compare_budget_names, 1,
			   true, true },
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
	struct compare_metric checked[COMPARE_MAX_METRICS];
	int n_checked;
};

struct compare_file {
	const char *path;
	struct json_object *root;
	struct json_object *tasks;
};

static void compare_usage(FILE *out)
{
	fprintf(out,
		"Usage: mimic compare [OPTION]... BASE.json NEW.json\n"
		"Compare two --summary files; flag the metrics that got worse.\n"
		"\n"
		"      --threshold P    a regression is worse by more than P %% "
		"(default 10)\n"
		"      --min-us U       ... and by more than U us (default 5)\n"
		"      --metric [GROUP.]STAT  the metric checked (repeatable):\n"
		"                       GROUP wake (default), message, slack,\n"
		"                       run, lock (contended lock wait) or e2e\n"
		"                       (end-to-end latency);\n"
		"                       STAT min, mean, p50, p90, p99 (default),\n"
		"                       p99.9 or max; or kernel.STAT with STAT\n"
		"                       runqueue_wait_us, switches_voluntary,\n"
		"                       switches_involuntary or migrations;\n"
		"                       budget.miss_pct is always checked\n"
		"  -h, --help           this help\n"
		"\n"
		"Exit status: 0 no regression, 1 a regression, 2 bad usage or "
		"input.\n");
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

static int compare_parse_args(int argc, char **argv, struct compare_opts *o,
			      const char **base, const char **new)
{
	static const struct option longs[] = {
		{ "threshold", required_argument, NULL, 't' },
		{ "min-us", required_argument, NULL, 'm' },
		{ "metric", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	o->threshold_pct = 10;
	o->min_us = 5;
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
			compare_usage(stderr);
			return -1;
		}
	}
	if (argc - optind != 2) {
		fprintf(stderr, "mimic compare: expected two summary files, "
			"got %d\n", argc - optind);
		compare_usage(stderr);
		return -1;
	}
	if (!o->n_checked)
		o->checked[o->n_checked++] =
			(struct compare_metric){ GROUP_WAKE, STAT_P99 };
	*base = argv[optind];
	*new = argv[optind + 1];
	return 0;
}

static char *compare_slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f)
		return NULL;
	do {
		if (len + 4096 + 1 > cap) {
			char *b = realloc(buf, cap = cap * 2 + 8192);

			if (!b) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = b;
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
	} while (n > 0);
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

static struct json_object *compare_get(struct json_object *o, const char *key,
				       json_type type)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, type))
		return NULL;
	return v;
}

/* Reads and checks path: a summary this mimic understands, or -1. */
static int compare_load(const char *path, struct compare_file *f)
{
	enum json_tokener_error jerr;
	struct json_object *ver;
	char *text = compare_slurp(path);
	size_t n;

	f->path = path;
	if (!text) {
		fprintf(stderr, "mimic compare: %s: cannot read: %s\n", path,
			strerror(errno));
		return -1;
	}
	f->root = json_tokener_parse_verbose(text, &jerr);
	free(text);
	if (!f->root) {
		fprintf(stderr, "mimic compare: %s: not JSON: %s\n", path,
			json_tokener_error_desc(jerr));
		return -1;
	}
	ver = json_object_is_type(f->root, json_type_object)
		      ? compare_get(f->root, "mimic_summary", json_type_int)
		      : NULL;
	if (!ver) {
		fprintf(stderr, "mimic compare: %s: not a mimic summary (no "
			"\"mimic_summary\" version; write one with --summary)\n",
			path);
		return -1;
	}
	if (json_object_get_int(ver) != SUMMARY_JSON_VERSION) {
		fprintf(stderr, "mimic compare: %s: summary format %d, this "
			"mimic reads %d%s\n", path, json_object_get_int(ver),
			SUMMARY_JSON_VERSION, json_object_get_int(ver) == 1
			? " (format 1's wake.pipe, wake.socket and wake.futex "
			  "included queueing: run again to compare)" : "");
		return -1;
	}
	f->tasks = compare_get(f->root, "tasks", json_type_array);
	if (!f->tasks) {
		fprintf(stderr, "mimic compare: %s: no \"tasks\" list\n", path);
		return -1;
	}
	n = json_object_array_length(f->tasks);
	for (size_t k = 0; k < n; k++) {
		struct json_object *t = json_object_array_get_idx(f->tasks, k);

		if (!json_object_is_type(t, json_type_object) ||
		    !compare_get(t, "name", json_type_string)) {
			fprintf(stderr, "mimic compare: %s: tasks[%zu]: not a "
				"task (no \"name\")\n", path, k);
			return -1;
		}
	}
	return 0;
}

static const char *compare_task_name(struct json_object *t)
{
	return json_object_get_string(compare_get(t, "name", json_type_string));
}

static struct json_object *compare_find_task(const struct compare_file *f,
					     const char *name)
{
	size_t n = json_object_array_length(f->tasks);

	for (size_t k = 0; k < n; k++) {
		struct json_object *t = json_object_array_get_idx(f->tasks, k);

		if (!strcmp(compare_task_name(t), name))
			return t;
	}
	return NULL;
}

/* Every task of a is in b; prints the ones that are not. */
static int compare_tasks_in(const struct compare_file *a,
			    const struct compare_file *b)
{
	size_t n = json_object_array_length(a->tasks);
	int missing = 0;

	for (size_t k = 0; k < n; k++) {
		const char *name = compare_task_name(
			json_object_array_get_idx(a->tasks, k));

		if (!compare_find_task(b, name)) {
			fprintf(stderr, "mimic compare: task %s is in %s but "
				"not in %s: not the same workload\n", name,
				a->path, b->path);
			missing++;
		}
	}
	return missing;
}

/* The STATS object of group (and wake path) in task t, or NULL. */
static struct json_object *compare_stats(struct json_object *t,
					 enum compare_group g, const char *path)
{
	struct json_object *o = compare_get(t, compare_groups[g].key,
					    json_type_object);

	if (o && compare_group_per_path(g))
		o = compare_get(o, path, json_type_object);
	if (o && g == GROUP_LOCK)
		o = compare_get(o, "wait_us", json_type_object);
	if (o && g == GROUP_E2E)
		o = compare_get(o, "latency_us", json_type_object);
	return o;
}

/* A number of a STATS (or kernel) object; false when absent or null. */
static bool compare_value(struct json_object *stats, enum compare_group g,
			  int stat, double *v)
{
	struct json_object *x;

	if (!stats ||
	    !json_object_object_get_ex(stats, compare_groups[g].stats[stat],
				       &x) ||
	    !(json_object_is_type(x, json_type_int) ||
	      json_object_is_type(x, json_type_double)))
		return false;
	*v = json_object_get_double(x);
	return true;
}

static bool compare_is_checked(const struct compare_opts *o,
			       enum compare_group g, int stat)
{
	if (compare_groups[g].always_checked)
		return true;
	for (int k = 0; k < o->n_checked; k++)
		if (o->checked[k].group == g && o->checked[k].stat == stat)
			return true;
	return false;
}

/* One line; returns 1 if it is a regression. */
static int compare_row(const struct compare_opts *o, const char *task,
		       enum compare_group g, const char *path, int stat,
		       struct json_object *bs, struct json_object *ns)
{
	char metric[64], change[32];
	double b, n;
	bool hb = compare_value(bs, g, stat, &b);
	bool hn = compare_value(ns, g, stat, &n);
	int regression = 0;

	if (compare_group_per_path(g))
		snprintf(metric, sizeof(metric), "%s.%s.%s",
			 compare_groups[g].name, path, compare_stat_names[stat]);
	else if (g == GROUP_LOCK)
		snprintf(metric, sizeof(metric), "lock.wait.%s",
			 compare_stat_names[stat]);
	else
		snprintf(metric, sizeof(metric), "%s.%s", compare_groups[g].name,
			 compare_groups[g].stats[stat]);
	printf("%-16.16s %-27s", task, metric);
	if (hb)
		printf(" %10.10g", b);
	else
		printf(" %10s", "-");
	if (hn)
		printf(" %10.10g", n);
	else
		printf(" %10s", "-");
	if (!hb || !hn) {
		printf(" %9s\n", hb ? "absent" : hn ? "new" : "-");
		return 0;
	}
	double delta = (n - b) * compare_groups[g].worse;
	double pct = b ? (n - b) / fabs(b) * 100 : 0;

	if (b)
		snprintf(change, sizeof(change), "%+.1f%%", pct);
	else
		snprintf(change, sizeof(change), "%s", n ? "from 0" : "+0.0%");
	/* Worse by more than both the relative and the absolute floor. */
	if (compare_is_checked(o, g, stat) &&
	    delta > (compare_groups[g].no_floor ? 0 : o->min_us) &&
	    (!b || fabs(pct) > o->threshold_pct))
		regression = 1;
	printf(" %9s%s\n", change, regression ? "  REGRESSION" : "");
	return regression;
}

/* The rows of one group: the usual statistics, and the checked ones. */
static int compare_group_rows(const struct compare_opts *o, const char *task,
			      enum compare_group g, const char *path,
			      struct json_object *bs, struct json_object *ns)
{
	int regressions = 0;

	for (int s = 0; s < compare_groups[g].n_stats; s++)
		if (compare_groups[g].usual & (1u << s) ||
		    compare_is_checked(o, g, s))
			regressions += compare_row(o, task, g, path, s, bs, ns);
	return regressions;
}

/* The rows of a group per wake path, for the paths in either file. */
static int compare_path_rows(const struct compare_opts *o, const char *name,
			     enum compare_group g, struct json_object *bt,
			     struct json_object *nt)
{
	int regressions = 0;

	for (int w = 0; w < WAKE_PATHS; w++) {
		const char *path = wake_path_name(w);
		struct json_object *bs = compare_stats(bt, g, path);
		struct json_object *ns = compare_stats(nt, g, path);

		if (bs || ns)
			regressions += compare_group_rows(o, name, g, path, bs,
							  ns);
	}
	return regressions;
}

/* The kernel's numbers, when either summary has them (older do not). */
static int compare_kernel_rows(const struct compare_opts *o, const char *name,
			       struct json_object *bt, struct json_object *nt)
{
	struct json_object *bs = compare_stats(bt, GROUP_KERNEL, NULL);
	struct json_object *ns = compare_stats(nt, GROUP_KERNEL, NULL);

	if (!bs && !ns)
		return 0;
	return compare_group_rows(o, name, GROUP_KERNEL, NULL, bs, ns);
}

/* A task whose threads took mutexes (in either file): the lock wait. */
static int compare_task_locks(const struct compare_opts *o, const char *name,
			      struct json_object *bt, struct json_object *nt)
{
	if (!compare_get(bt, "locks", json_type_object) &&
	    !compare_get(nt, "locks", json_type_object))
		return 0;
	return compare_group_rows(o, name, GROUP_LOCK, NULL,
				  compare_stats(bt, GROUP_LOCK, NULL),
				  compare_stats(nt, GROUP_LOCK, NULL));
}

/* A task with end-to-end latency (in either file): it, and its budget's
 * misses when it has a budget. */
static int compare_task_e2e(const struct compare_opts *o, const char *name,
			    struct json_object *bt, struct json_object *nt)
{
	struct json_object *be = compare_get(bt, "e2e", json_type_object);
	struct json_object *ne = compare_get(nt, "e2e", json_type_object);
	int regressions = 0;
	double v;

	if (!be && !ne)
		return 0;
	regressions += compare_group_rows(o, name, GROUP_E2E, NULL,
					  compare_stats(bt, GROUP_E2E, NULL),
					  compare_stats(nt, GROUP_E2E, NULL));
	if (compare_value(be, GROUP_BUDGET, 0, &v) ||
	    compare_value(ne, GROUP_BUDGET, 0, &v))
		regressions += compare_group_rows(o, name, GROUP_BUDGET, NULL,
						  be, ne);
	return regressions;
}

static int compare_task(const struct compare_opts *o, struct json_object *bt,
			struct json_object *nt)
{
	const char *name = compare_task_name(bt);
	int regressions = 0;

	regressions += compare_path_rows(o, name, GROUP_WAKE, bt, nt);
	regressions += compare_path_rows(o, name, GROUP_MESSAGE, bt, nt);
	for (int g = GROUP_SLACK; g <= GROUP_RUN; g++) {
		struct json_object *bs = compare_stats(bt, g, NULL);
		struct json_object *ns = compare_stats(nt, g, NULL);
		double v;

		/* A task without timer (or run) has nothing to say here. */
		if (compare_value(bs, g, STAT_MIN, &v) ||
		    compare_value(ns, g, STAT_MIN, &v))
			regressions += compare_group_rows(
				o, name, (enum compare_group)g, NULL, bs, ns);
	}
	regressions += compare_task_locks(o, name, bt, nt);
	regressions += compare_task_e2e(o, name, bt, nt);
	return regressions + compare_kernel_rows(o, name, bt, nt);
}

static void compare_describe(const char *role, const struct compare_file *f)
{
	struct json_object *v;
	const char *workload = "?", *started = "?";
	double secs = 0;

	if ((v = compare_get(f->root, "workload", json_type_string)))
		workload = json_object_get_string(v);
	if ((v = compare_get(f->root, "started", json_type_string)))
		started = json_object_get_string(v);
	if (json_object_object_get_ex(f->root, "duration_s", &v))
		secs = json_object_get_double(v);
	printf("%-5s %s: %s, started %s, ran %.3f s\n", role, f->path,
	       workload, started, secs);
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
	struct compare_file base = { 0 }, new = { 0 };
	const char *base_path, *new_path;
	int status = MIMIC_EXIT_BADINPUT, regressions = 0;

	if (compare_parse_args(argc, argv, &o, &base_path, &new_path))
		return MIMIC_EXIT_BADINPUT;
	if (compare_load(base_path, &base) || compare_load(new_path, &new))
		goto out;
	/* Both ways, so every missing task is named. */
	if (compare_tasks_in(&base, &new) + compare_tasks_in(&new, &base))
		goto out;
	compare_describe("base", &base);
	compare_describe("new", &new);
	printf("%-16s %-27s %10s %10s %9s\n", "task", "metric", "base", "new",
	       "change");
	for (size_t k = 0; k < json_object_array_length(base.tasks); k++) {
		struct json_object *bt = json_object_array_get_idx(base.tasks,
								   k);

		regressions += compare_task(
			&o, bt, compare_find_task(&new, compare_task_name(bt)));
	}
	printf("mimic compare: %d regression%s (", regressions,
	       regressions == 1 ? "" : "s");
	compare_print_checked(&o);
	printf(" worse by more than %g %% and %g us)\n", o.threshold_pct,
	       o.min_us);
	status = regressions ? MIMIC_EXIT_FAILURE : MIMIC_EXIT_OK;
out:
	json_object_put(base.root);
	json_object_put(new.root);
	fflush(stdout);
	return status;
}
