/*
 * sweep.h - mimic --sweep NAME=LIST (repeatable: a grid) and --until
 * 'METRIC>N': one run (or --repeat N runs) of the workload per point of
 * the grid, each a child mimic with --set NAME=VALUE in its own run
 * directory of a new ROOT/sweep-NNN, and one row of workload-wide headline
 * metrics per point, as a table on stdout, sweep.csv and sweep.json
 * (doc/sweeps.md).
 */
#ifndef MIMIC_SWEEP_H
#define MIMIC_SWEEP_H

#include <stdbool.h>
#include <stddef.h>

#define SWEEP_MAX_PARAMS 8
#define SWEEP_MAX_POINTS 10000

struct sweep_param {
	char *name;
	char **values;            /* as --set takes them, in order */
	int n;
};

struct sweep {
	struct sweep_param p[SWEEP_MAX_PARAMS];
	int n;                    /* parameters swept; 0: no sweep */
	long points;              /* the grid's size: the product of the n */
	const char *until;        /* --until as given, or NULL */
	int until_metric;         /* its metric (enum headline_metric) */
	char until_op[3];         /* "<", ">", "<=", ">=" */
	double until_value;
};

/* --sweep NAME=LIST: adds a parameter to the grid; -1 after printing why
 * (bad syntax, a repeated name, too many points). */
int sweep_parse_option(struct sweep *s, const char *arg);
/* --until 'METRIC>N': -1 after printing why (bad syntax, an unknown
 * metric, with the choices). */
int sweep_parse_until(struct sweep *s, const char *arg);

/*
 * Before any run: every swept name is a parameter of the workload (or
 * seed) and not also given by --set, and every point's values, applied
 * after sets, make a workload that parses. file names the workload in
 * messages, text (len bytes) is its JSON. 0, or -1 after printing why.
 */
int sweep_check(const struct sweep *s, const char *file, const char *text,
		size_t len, char *const *sets, int n_sets, bool keep_duplicates);

/*
 * Runs the grid, point after point (the first --sweep varies slowest),
 * repeat runs per point (1 when 0), into root/sweep-NNN/run-NNN, pause_s
 * between runs, until the last point or the first whose row meets
 * --until; argv is mimic's command line (the set's own options are taken
 * out for the runs). Prints the table, writes sweep.csv and sweep.json;
 * returns the exit status as --repeat does.
 */
int sweep_main(const struct sweep *s, int argc, char **argv, int repeat,
	       double pause_s, const char *root, bool quiet);

void sweep_free(struct sweep *s);

#endif
