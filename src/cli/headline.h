/*
 * headline.h - the headline metrics of a run, read from its summary.json:
 * per task for --repeat's table, and over the whole workload for a
 * --sweep row; min, median and max of a metric over runs
 * (doc/run-dirs.md, doc/sweeps.md).
 */
#ifndef MIMIC_HEADLINE_H
#define MIMIC_HEADLINE_H

#include <stddef.h>

struct json_object;

/*
 * Calls put for each headline metric of the summary s: the run's
 * duration_s and its report styles' figures (the summary's "headline",
 * task NULL), and per task loops, overruns, wake.<path>.p50
 * and .p99 of each wake path, slack_us.min, slack_us.p50, run_us.p50;
 * request.p50, .p99 and .rps when its request events counted any; e2e.p50
 * and .p99; budget.misses with a budget. v may be NULL or not a number (a
 * metric without samples).
 */
void headline_per_task(struct json_object *s,
		       void (*put)(void *arg, const char *task,
				   const char *metric, struct json_object *v),
		       void *arg);

/* The same metrics over the whole workload, in this order: a sweep's
 * columns. */
enum headline_metric {
	HEADLINE_DURATION_S,      /* the run's duration_s */
	HEADLINE_LOOPS,           /* sum over the tasks */
	HEADLINE_OVERRUNS,        /* sum over the tasks */
	HEADLINE_WAKE_P50,        /* over every wake-up of every task and */
	HEADLINE_WAKE_P99,        /*   path, µs (merged histograms) */
	HEADLINE_SLACK_MIN,       /* the least of the tasks' slack_us.min */
	HEADLINE_SLACK_P50,       /* over every slack sample, µs */
	HEADLINE_RUN_P50,         /* over every run sample, µs */
	HEADLINE_REQUEST_P50,     /* over every request of every task, µs */
	HEADLINE_REQUEST_P99,
	HEADLINE_REQUEST_RPS,     /* sum over the tasks with requests */
	HEADLINE_E2E_P50,         /* over every end-to-end sample, µs */
	HEADLINE_E2E_P99,
	HEADLINE_BUDGET_MISSES,   /* sum over the tasks with a budget */
	HEADLINE_METRICS
};

/* "wake.p99", ...; and each one's unit ("s", "us", "1/s", "" for a
 * count). */
extern const char *const headline_names[HEADLINE_METRICS];
extern const char *const headline_units[HEADLINE_METRICS];

/* The metric named name, or -1. */
int headline_find(const char *name);

/* Fills out[HEADLINE_METRICS] from the summary s; NAN where the run has
 * no sample. */
void headline_workload(struct json_object *s, double *out);

/* min, median (the mean of the middle two when even) and max of the n
 * values that are not NAN into out; how many those are. */
int headline_stats(const double *values, int n, double out[3]);

/* A number with ten significant digits, as the tables show it; NULL
 * (JSON null) for NAN. */
struct json_object *headline_json(double v);

#endif
