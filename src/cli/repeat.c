/*
 * repeat.c - mimic --repeat (repeat.h): the runs of a run set
 * (run_set.h), each run's headline metrics per task read back from its
 * summary.json (headline.h) for the min/median/max table.
 */
#include "cli/repeat.h"

#include "cli/headline.h"
#include "cli/run_set.h"
#include "lib/diag.h"

#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int repeat_parse_option(int opt, const char *arg, int *repeat,
			double *pause_s, double *calibration_ns)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (*end || end == arg || errno || !isfinite(v))
		goto bad;
	switch (opt) {
	case 'r':
		if (v < 1 || v > REPEAT_MAX || v != floor(v))
			goto bad;
		*repeat = (int)v;
		return 0;
	case 'p':
		if (v < 0 || v > REPEAT_MAX_PAUSE_S)
			goto bad;
		*pause_s = v;
		return 0;
	default:
		if (v <= 0 || v > 1e9)
			goto bad;
		*calibration_ns = v;
		return 0;
	}
bad:
	fprintf(stderr, "mimic: --%s: %s: %s\n",
		opt == 'r' ? "repeat" : opt == 'p' ? "pause" : "calibration-ns",
		opt == 'r' ? "not a number of runs from 1 to 10000"
		: opt == 'p' ? "not a number of seconds from 0 to 3600"
			     : "not a number of ns per loop above 0",
		arg);
	fprintf(stderr, "Try 'mimic --help'.\n");
	return -1;
}

/* One metric over the runs: values[k] NAN where run k lacks it. */
struct repeat_metric {
	char *task;               /* NULL: the run's own */
	char *name;
	double *values;
};

struct repeat_table {
	struct repeat_metric *m;
	size_t n, cap;
	int runs;
	int run;                  /* the run being read */
};

static void repeat_put(struct repeat_table *t, const char *task,
		       const char *name, int run, struct json_object *v)
{
	struct repeat_metric *m = NULL;

	if (!v || (!json_object_is_type(v, json_type_int) &&
		   !json_object_is_type(v, json_type_double)))
		return;
	for (size_t k = 0; k < t->n && !m; k++)
		if (!strcmp(t->m[k].name, name) &&
		    (task ? t->m[k].task && !strcmp(t->m[k].task, task)
			  : !t->m[k].task))
			m = &t->m[k];
	if (!m) {
		if (t->n == t->cap) {
			size_t cap = t->cap ? 2 * t->cap : 32;
			void *p = realloc(t->m, cap * sizeof(*t->m));

			if (!p)
				return;
			t->m = p;
			t->cap = cap;
		}
		m = &t->m[t->n];
		m->values = malloc((size_t)t->runs * sizeof(double));
		if (!m->values)
			return;
		for (int k = 0; k < t->runs; k++)
			m->values[k] = NAN;
		m->task = task ? strdup(task) : NULL;
		m->name = strdup(name);
		t->n++;
	}
	m->values[run] = json_object_get_double(v);
}

/* headline_per_task's put: one value of run t->run. */
static void repeat_put_metric(void *arg, const char *task, const char *name,
			      struct json_object *v)
{
	struct repeat_table *t = arg;

	repeat_put(t, task, name, t->run, v);
}

static void repeat_print(const struct repeat_table *t, const char *dir,
			 int done)
{
	double s[3];
	int w = 22; /* the metric column fits the longest name */

	for (size_t k = 0; k < t->n; k++)
		if ((int)strlen(t->m[k].name) > w)
			w = (int)strlen(t->m[k].name);
	printf("mimic: %d run%s in %s: min / median / max over the runs\n",
	       done, done == 1 ? "" : "s", dir);
	printf("%-16s %-*s %4s %12s %12s %12s\n", "task", w, "metric", "runs",
	       "min", "median", "max");
	for (size_t k = 0; k < t->n; k++) {
		int n = headline_stats(t->m[k].values, t->runs, s);

		if (!n)
			continue;
		printf("%-16.16s %-*s %4d %12.10g %12.10g %12.10g\n",
		       t->m[k].task ? t->m[k].task : "-", w, t->m[k].name, n,
		       s[0], s[1], s[2]);
	}
	fflush(stdout);
}

static int repeat_write(const struct repeat_table *t,
			const struct run_set *set, const int *status)
{
	struct json_object *o = json_object_new_object(), *runs, *metrics;
	int rc;
	double s[3];

	json_object_object_add(o, "mimic_repeat", json_object_new_int(1));
	json_object_object_add(o, "pause_s", headline_json(set->pause_s));
	json_object_object_add(o, "ns_per_loop",
			       headline_json(set->ns_per_loop));
	json_object_object_add(o, "calibration_source",
			       json_object_new_string(set->calibration_source));
	runs = json_object_new_array();
	for (int k = 0; k < t->runs; k++)
		json_object_array_add(runs, run_set_json_run(k + 1, status[k]));
	json_object_object_add(o, "runs", runs);
	metrics = json_object_new_array();
	for (size_t k = 0; k < t->n; k++) {
		struct json_object *m = json_object_new_object(), *v;
		int n = headline_stats(t->m[k].values, t->runs, s);

		if (!n) {
			json_object_put(m);
			continue;
		}
		json_object_object_add(m, "task", t->m[k].task ?
				       json_object_new_string(t->m[k].task)
				       : NULL);
		json_object_object_add(m, "metric",
				       json_object_new_string(t->m[k].name));
		json_object_object_add(m, "runs", json_object_new_int(n));
		json_object_object_add(m, "min", headline_json(s[0]));
		json_object_object_add(m, "median", headline_json(s[1]));
		json_object_object_add(m, "max", headline_json(s[2]));
		v = json_object_new_array();
		for (int r = 0; r < t->runs; r++)
			json_object_array_add(v, headline_json(t->m[k].values[r]));
		json_object_object_add(m, "values", v);
		json_object_array_add(metrics, m);
	}
	json_object_object_add(o, "metrics", metrics);
	rc = run_set_write_json(set, "repeat.json", o);
	json_object_put(o);
	return rc;
}

int repeat_main(int argc, char **argv, int n, double pause_s,
		const char *root, bool quiet)
{
	struct repeat_table t = { .runs = n };
	struct run_set set;
	int *status = calloc((size_t)n, sizeof(int)), rc = MIMIC_EXIT_OK;
	int done = 0;

	if (!status || run_set_open(&set, root, "repeat", argc, argv, pause_s,
				    quiet)) {
		free(status);
		return MIMIC_EXIT_FAILURE;
	}
	for (int k = 0; k < n; k++)
		status[k] = -1;
	for (int k = 0; k < n; k++) {
		struct json_object *s;
		char what[64];

		snprintf(what, sizeof(what), "run %d of %d", k + 1, n);
		status[k] = run_set_run(&set, NULL, 0, what, &s);
		if (status[k] < 0)
			break;
		if (status[k] && rc == MIMIC_EXIT_OK)
			rc = status[k];
		if (s) {
			t.run = k;
			headline_per_task(s, repeat_put_metric, &t);
			done++;
			json_object_put(s);
		}
		if (run_set_fatal(&set, status[k])) {
			fprintf(stderr, "mimic: --repeat: run %d %s; no more "
				"runs\n", k + 1, status[k] ? "failed"
							   : "wrote no summary");
			if (rc == MIMIC_EXIT_OK)
				rc = MIMIC_EXIT_FAILURE;
			break;
		}
	}
	if (done)
		repeat_print(&t, set.dir.path, done);
	if (repeat_write(&t, &set, status) && rc == MIMIC_EXIT_OK)
		rc = MIMIC_EXIT_FAILURE;
	if (run_set_stopped() && rc == MIMIC_EXIT_OK)
		rc = 128 + run_set_stopped();
	for (size_t k = 0; k < t.n; k++) {
		free(t.m[k].task);
		free(t.m[k].name);
		free(t.m[k].values);
	}
	free(t.m);
	free(status);
	run_set_close(&set);
	return rc;
}
