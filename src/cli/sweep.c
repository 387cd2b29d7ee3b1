/*
 * sweep.c - mimic --sweep and --until (sweep.h). The grid is checked
 * whole before anything runs (every point's workload is parsed with its
 * --set values); then each point is one or more runs of a run set
 * (run_set.h), and its row is the median over those runs of each
 * workload-wide headline metric (headline.h). sweep.csv and sweep.json
 * are rewritten whole after every point, so a sweep cut short leaves
 * well-formed files of the points it finished.
 */
#define _GNU_SOURCE
#include "cli/sweep.h"

#include "cli/headline.h"
#include "cli/run_set.h"
#include "cli/rundir.h"
#include "lib/arena.h"
#include "lib/diag.h"
#include "parse/dupkeys.h"
#include "parse/jtree.h"
#include "parse/params.h"
#include "parse/parse.h"
#include "parse/template.h"

#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sweep_bad(const char *opt, const char *arg, const char *why)
{
	fprintf(stderr, "mimic: --%s %s: %s\n", opt, arg, why);
	fputs("Try 'mimic --help'.\n", stderr);
	return -1;
}

static int sweep_add_value(struct sweep_param *p, char *v)
{
	char **n = v ? realloc(p->values, ((size_t)p->n + 1) * sizeof(*n))
		     : NULL;

	if (!n) {
		free(v);
		return -1;
	}
	p->values = n;
	p->values[p->n++] = v;
	return 0;
}

/* Strict integer: all of s, no sign games beyond one leading '-'. */
static int sweep_integer(const char *s, size_t len, long long *out)
{
	char buf[32], *end;

	if (!len || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	*out = strtoll(buf, &end, 10);
	return *end || errno || buf[0] == '+' || buf[0] == ' ' ? -1 : 0;
}

/* One item of a LIST: a value, or a range a..b[:step] of integers (down
 * from a when b < a). */
static const char *sweep_item(struct sweep_param *p, const char *item,
			      size_t len)
{
	const char *dots = memmem(item, len, "..", 2);
	const char *colon;
	long long a, b, step = 1;

	if (!len)
		return "an empty value (two commas, or one at an end)";
	if (!dots) {
		if (memchr(item, '=', len))
			return "a value with '=' (one NAME=LIST per --sweep)";
		return sweep_add_value(p, strndup(item, len)) ? "out of memory"
							      : NULL;
	}
	colon = memchr(dots, ':', len - (size_t)(dots - item));
	if (sweep_integer(item, (size_t)(dots - item), &a) ||
	    sweep_integer(dots + 2, (size_t)((colon ? colon : item + len) -
					     (dots + 2)), &b) ||
	    (colon && sweep_integer(colon + 1,
				    (size_t)(item + len - colon - 1), &step)))
		return "a range is a..b or a..b:step, with integers a, b and "
		       "step";
	if (step <= 0)
		return "a range's step must be above 0";
	if ((b > a ? b - a : a - b) / step >= SWEEP_MAX_POINTS)
		return "a range of more than 10000 values";
	for (long long v = a; b >= a ? v <= b : v >= b; v += b >= a ? step
								     : -step) {
		char *s;

		if (asprintf(&s, "%lld", v) < 0)
			s = NULL;
		if (sweep_add_value(p, s))
			return "out of memory";
	}
	return NULL;
}

int sweep_parse_option(struct sweep *s, const char *arg)
{
	const char *eq = strchr(arg, '='), *list, *why = NULL;
	struct sweep_param *p;
	size_t nlen;

	if (!eq || eq == arg)
		return sweep_bad("sweep", arg, "expected NAME=LIST (LIST: "
				 "values separated by commas, or a..b[:step])");
	nlen = (size_t)(eq - arg);
	if (strcspn(arg, ",:. ") < nlen)
		return sweep_bad("sweep", arg, "a parameter name has no ',', "
				 "':', '.' or space");
	for (int k = 0; k < s->n; k++)
		if (strlen(s->p[k].name) == nlen &&
		    !strncmp(s->p[k].name, arg, nlen))
			return sweep_bad("sweep", arg, "this parameter is swept "
					 "already (one --sweep per name; a "
					 "LIST may mix values and ranges)");
	if (s->n == SWEEP_MAX_PARAMS)
		return sweep_bad("sweep", arg, "at most 8 --sweep");
	p = &s->p[s->n];
	*p = (struct sweep_param){ .name = strndup(arg, nlen) };
	list = eq + 1;
	for (;;) {
		size_t len = strcspn(list, ",");

		why = sweep_item(p, list, len);
		if (why || !list[len])
			break;
		list += len + 1;
	}
	if (!why && (!p->name || !p->n))
		why = "out of memory";
	if (!why && (s->n ? s->points : 1) * p->n > SWEEP_MAX_POINTS)
		why = "the grid has more than 10000 points";
	if (why) {
		s->n++; /* sweep_free frees it */
		sweep_free(s);
		return sweep_bad("sweep", arg, why);
	}
	s->points = s->n ? s->points * p->n : p->n;
	s->n++;
	return 0;
}

int sweep_parse_until(struct sweep *s, const char *arg)
{
	size_t nlen = strcspn(arg, "<>");
	const char *op = arg + nlen, *num;
	char name[64], *end;
	int m;

	while (nlen && arg[nlen - 1] == ' ')
		nlen--;
	if (!*op || !nlen || nlen >= sizeof(name))
		return sweep_bad("until", arg, "expected METRIC>N or METRIC<N "
				 "(also >=, <=), e.g. 'wake.p99>5000'");
	memcpy(name, arg, nlen);
	name[nlen] = '\0';
	m = headline_find(name);
	if (m < 0) {
		fprintf(stderr, "mimic: --until %s: no metric \"%s\"; the "
			"metrics are the sweep's columns:", arg, name);
		for (int k = 0; k < HEADLINE_METRICS; k++)
			fprintf(stderr, "%s %s", k ? "," : "",
				headline_names[k]);
		fputs("\nTry 'mimic --help'.\n", stderr);
		return -1;
	}
	num = op + (op[1] == '=' ? 2 : 1);
	errno = 0;
	s->until_value = strtod(num, &end);
	while (*end == ' ')
		end++;
	if (*end || end == num || errno || !isfinite(s->until_value))
		return sweep_bad("until", arg, "expected a number after the "
				 "comparison, e.g. 'wake.p99>5000'");
	snprintf(s->until_op, sizeof(s->until_op), "%.*s",
		 (int)(num - op), op);
	s->until_metric = m;
	s->until = arg;
	return 0;
}

void sweep_free(struct sweep *s)
{
	for (int k = 0; k < s->n; k++) {
		for (int v = 0; v < s->p[k].n; v++)
			free(s->p[k].values[v]);
		free(s->p[k].values);
		free(s->p[k].name);
	}
	s->n = 0;
	s->points = 0;
}

/* Point i's value of parameter k: the first --sweep varies slowest. */
static const char *sweep_value(const struct sweep *s, long i, int k)
{
	long stride = 1;

	for (int j = s->n - 1; j > k; j--)
		stride *= s->p[j].n;
	return s->p[k].values[(i / stride) % s->p[k].n];
}

/* Point i's "NAME=VALUE" strings, in out (s->n of them, to free). */
static int sweep_sets(const struct sweep *s, long i, char **out)
{
	for (int k = 0; k < s->n; k++)
		if (asprintf(&out[k], "%s=%s", s->p[k].name,
			     sweep_value(s, i, k)) < 0) {
			while (k-- > 0)
				free(out[k]);
			return -1;
		}
	return 0;
}

static void sweep_sets_free(const struct sweep *s, char **sets)
{
	for (int k = 0; k < s->n; k++)
		free(sets[k]);
}

/* "groups=2 fds=4": point i, for messages. */
static void sweep_label(const struct sweep *s, long i, char *buf, size_t n)
{
	size_t at = 0;

	buf[0] = '\0';
	for (int k = 0; k < s->n && at < n; k++)
		at += (size_t)snprintf(buf + at, n - at, "%s%s=%s",
				       k ? " " : "", s->p[k].name,
				       sweep_value(s, i, k));
}

/* The swept names against the workload's params (read from text). */
static int sweep_check_names(const struct sweep *s, const char *file,
			     const char *text, size_t len, char *const *sets,
			     int n_sets)
{
	struct arena a = { 0 };
	struct diag d = { .file = file, .quiet = 1 };
	struct jnode *root = jtree_parse(&a, &d, text, len);
	struct params ps = { 0 };
	int rc = 0;

	if (root)
		params_read(&a, &d, rundir_params_node(root), &ps);
	for (int k = 0; k < s->n && !rc; k++) {
		size_t nlen = strlen(s->p[k].name);
		bool found = !strcmp(s->p[k].name, "seed");

		for (size_t j = 0; j < ps.n && !found; j++)
			found = !strcmp(ps.v[j].name, s->p[k].name);
		if (!found) {
			fprintf(stderr, "mimic: --sweep %s: no such parameter "
				"in %s's \"params\" (%s", s->p[k].name, file,
				ps.n ? "its params:" : "it has none; seed is "
						       "allowed");
			for (size_t j = 0; j < ps.n; j++)
				fprintf(stderr, "%s %s", j ? "," : "",
					ps.v[j].name);
			fprintf(stderr, "%s)\n", ps.n ? ", and seed" : "");
			rc = -1;
		}
		for (int j = 0; j < n_sets && !rc; j++)
			if (!strncmp(sets[j], s->p[k].name, nlen) &&
			    sets[j][nlen] == '=') {
				fprintf(stderr, "mimic: --sweep %s and --set "
					"%s: one or the other\n", s->p[k].name,
					sets[j]);
				rc = -1;
			}
	}
	arena_free(&a);
	return rc;
}

int sweep_check(const struct sweep *s, const char *file, const char *text,
		size_t len, char *const *sets, int n_sets, bool keep_duplicates)
{
	char **all = calloc((size_t)n_sets + (size_t)s->n, sizeof(*all));
	int rc = 0;

	if (!all)
		return -1;
	if (sweep_check_names(s, file, text, len, sets, n_sets)) {
		free(all);
		return -1;
	}
	memcpy(all, sets, (size_t)n_sets * sizeof(*all));
	for (long i = 0; i < s->points && !rc; i++) {
		struct arena a = { 0 };
		struct diag d = { .file = file, .quiet = 1 };
		struct workload *w = NULL;
		struct jnode *root;
		char label[256];

		if (sweep_sets(s, i, all + n_sets)) {
			rc = -1;
			break;
		}
		root = jtree_parse(&a, &d, text, len);
		dupkeys_resolve(&d, root, keep_duplicates);
		if (root && template_expand(&a, &d, root, all, n_sets + s->n))
			root = NULL;
		if (root)
			parse_workload(&a, &d, file, root, &w);
		diag_flush(&d);
		if (d.errors || !w) {
			sweep_label(s, i, label, sizeof(label));
			fprintf(stderr, "mimic: --sweep: point %ld (%s) is not "
				"a valid workload (above); nothing was run\n",
				i + 1, label);
			rc = -1;
		}
		sweep_sets_free(s, all + n_sets);
		arena_free(&a);
	}
	free(all);
	return rc;
}

/* One point's row: its runs and the median of each metric over them. */
struct sweep_row {
	int first_run;            /* run-NNN of its first run */
	int runs;                 /* runs started */
	int *status;              /* each run's exit status */
	double (*values)[HEADLINE_METRICS]; /* each run's; NAN: none */
	int summaries;            /* runs that wrote a summary */
	double median[HEADLINE_METRICS];
	bool until_met;
};

static bool sweep_until_met(const struct sweep *s, const struct sweep_row *r)
{
	double v = r->median[s->until_metric], n = s->until_value;

	if (!s->until || isnan(v))
		return false;
	if (!strcmp(s->until_op, ">"))
		return v > n;
	if (!strcmp(s->until_op, ">="))
		return v >= n;
	if (!strcmp(s->until_op, "<"))
		return v < n;
	return v <= n;
}

static int sweep_row_status(const struct sweep_row *r)
{
	for (int k = 0; k < r->runs; k++)
		if (r->status[k])
			return r->status[k];
	return 0;
}

/* A CSV field: quoted when it holds a comma, a quote or a line break. */
static void sweep_csv_field(FILE *f, const char *v)
{
	if (!v[strcspn(v, ",\"\r\n")]) {
		fputs(v, f);
		return;
	}
	fputc('"', f);
	for (; *v; v++) {
		if (*v == '"')
			fputc('"', f);
		fputc(*v, f);
	}
	fputc('"', f);
}

static char *sweep_csv(const struct sweep *s, const struct sweep_row *rows,
		       long done)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	if (!f)
		return NULL;
	fputs("point", f);
	for (int k = 0; k < s->n; k++) {
		fputs(",param.", f);
		sweep_csv_field(f, s->p[k].name);
	}
	fputs(",runs,exit_status", f);
	for (int m = 0; m < HEADLINE_METRICS; m++)
		fprintf(f, ",%s", headline_names[m]);
	fputs(",until_met,run_dirs\n", f);
	for (long i = 0; i < done; i++) {
		const struct sweep_row *r = &rows[i];

		fprintf(f, "%ld", i + 1);
		for (int k = 0; k < s->n; k++) {
			fputc(',', f);
			sweep_csv_field(f, sweep_value(s, i, k));
		}
		fprintf(f, ",%d,%d", r->summaries, sweep_row_status(r));
		for (int m = 0; m < HEADLINE_METRICS; m++)
			if (isnan(r->median[m]))
				fputc(',', f);
			else
				fprintf(f, ",%.10g", r->median[m]);
		fprintf(f, ",%d,", r->until_met);
		for (int k = 0; k < r->runs; k++)
			fprintf(f, "%srun-%03d", k ? " " : "",
				r->first_run + k);
		fputc('\n', f);
	}
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

/* A --set value as JSON: an integer when it reads as one. */
static struct json_object *sweep_json_value(const char *v)
{
	long long i;

	if (!sweep_integer(v, strlen(v), &i))
		return json_object_new_int64(i);
	return json_object_new_string(v);
}

static struct json_object *sweep_json_metrics(const double *v)
{
	struct json_object *o = json_object_new_object();

	for (int m = 0; m < HEADLINE_METRICS; m++)
		json_object_object_add(o, headline_names[m],
				       headline_json(v[m]));
	return o;
}

static struct json_object *sweep_json(const struct sweep *s,
				      const struct run_set *set, int repeat,
				      const struct sweep_row *rows, long done,
				      const char *stopped)
{
	struct json_object *o = json_object_new_object(), *a;

	json_object_object_add(o, "mimic_sweep", json_object_new_int(1));
	a = json_object_new_array();
	for (int k = 0; k < s->n; k++)
		json_object_array_add(a, json_object_new_string(s->p[k].name));
	json_object_object_add(o, "params", a);
	json_object_object_add(o, "points_planned",
			       json_object_new_int64(s->points));
	json_object_object_add(o, "repeat", json_object_new_int(repeat));
	json_object_object_add(o, "pause_s", headline_json(set->pause_s));
	json_object_object_add(o, "ns_per_loop",
			       headline_json(set->ns_per_loop > 0
						     ? set->ns_per_loop : NAN));
	json_object_object_add(o, "calibration_source",
			       set->calibration_source[0]
				       ? json_object_new_string(
						 set->calibration_source)
				       : NULL);
	json_object_object_add(o, "until", s->until
				   ? json_object_new_string(s->until) : NULL);
	json_object_object_add(o, "stopped", stopped
				   ? json_object_new_string(stopped) : NULL);
	a = json_object_new_array();
	for (int m = 0; m < HEADLINE_METRICS; m++) {
		struct json_object *c = json_object_new_object();

		json_object_object_add(c, "name",
				       json_object_new_string(headline_names[m]));
		json_object_object_add(c, "unit",
				       json_object_new_string(headline_units[m]));
		json_object_array_add(a, c);
	}
	json_object_object_add(o, "metrics", a);
	a = json_object_new_array();
	for (long i = 0; i < done; i++) {
		const struct sweep_row *r = &rows[i];
		struct json_object *p = json_object_new_object(), *v, *runs;

		json_object_object_add(p, "point", json_object_new_int64(i + 1));
		v = json_object_new_object();
		for (int k = 0; k < s->n; k++)
			json_object_object_add(v, s->p[k].name,
					       sweep_json_value(
						       sweep_value(s, i, k)));
		json_object_object_add(p, "params", v);
		json_object_object_add(p, "exit_status",
				       json_object_new_int(sweep_row_status(r)));
		json_object_object_add(p, "summaries",
				       json_object_new_int(r->summaries));
		json_object_object_add(p, "metrics",
				       sweep_json_metrics(r->median));
		json_object_object_add(p, "until_met",
				       json_object_new_boolean(r->until_met));
		runs = json_object_new_array();
		for (int k = 0; k < r->runs; k++) {
			struct json_object *run = run_set_json_run(
				r->first_run + k, r->status[k]);

			json_object_object_add(run, "metrics",
					       sweep_json_metrics(r->values[k]));
			json_object_array_add(runs, run);
		}
		json_object_object_add(p, "runs", runs);
		json_object_array_add(a, p);
	}
	json_object_object_add(o, "points", a);
	return o;
}

static int sweep_write(const struct sweep *s, const struct run_set *set,
		       int repeat, const struct sweep_row *rows, long done,
		       const char *stopped)
{
	struct json_object *o = sweep_json(s, set, repeat, rows, done,
					   stopped);
	char *csv = sweep_csv(s, rows, done);
	int rc = run_set_write_json(set, "sweep.json", o);

	if (!csv) {
		fprintf(stderr, "mimic: cannot write %s/sweep.csv: %s\n",
			set->dir.path, strerror(ENOMEM));
		rc = -1;
	} else if (run_set_write(set, "sweep.csv", csv)) {
		rc = -1;
	}
	free(csv);
	json_object_put(o);
	return rc;
}

static int sweep_width(const char *name, int least)
{
	int n = (int)strlen(name);

	return n > least ? n : least;
}

/* Parameter k's column: as wide as its name and its widest value. */
static int sweep_param_width(const struct sweep *s, int k)
{
	int w = sweep_width(s->p[k].name, 5);

	for (int v = 0; v < s->p[k].n; v++)
		w = sweep_width(s->p[k].values[v], w);
	return w;
}

/* The table: metrics without a value at any point are left out (the
 * files keep every column). */
static void sweep_print(const struct sweep *s, const struct run_set *set,
			int repeat, const struct sweep_row *rows, long done)
{
	bool shown[HEADLINE_METRICS] = { false };

	for (long i = 0; i < done; i++)
		for (int m = 0; m < HEADLINE_METRICS; m++)
			shown[m] |= !isnan(rows[i].median[m]);
	printf("mimic: %ld of %ld point%s in %s: %s per point\n", done,
	       s->points, s->points == 1 ? "" : "s", set->dir.path,
	       repeat > 1 ? "the median of each metric over the runs"
			  : "one run");
	printf("%5s", "point");
	for (int k = 0; k < s->n; k++)
		printf(" %*s", sweep_param_width(s, k), s->p[k].name);
	printf(" | %4s %4s", "runs", "exit");
	for (int m = 0; m < HEADLINE_METRICS; m++)
		if (shown[m])
			printf(" %*s", sweep_width(headline_names[m], 10),
			       headline_names[m]);
	putchar('\n');
	for (long i = 0; i < done; i++) {
		printf("%5ld", i + 1);
		for (int k = 0; k < s->n; k++)
			printf(" %*s", sweep_param_width(s, k),
			       sweep_value(s, i, k));
		printf(" | %4d %4d", rows[i].summaries,
		       sweep_row_status(&rows[i]));
		for (int m = 0; m < HEADLINE_METRICS; m++) {
			int w = sweep_width(headline_names[m], 10);

			if (!shown[m])
				continue;
			if (isnan(rows[i].median[m]))
				printf(" %*s", w, "-");
			else
				printf(" %*.10g", w, rows[i].median[m]);
		}
		putchar('\n');
	}
	fflush(stdout);
}

/* The runs of point i; false when the sweep must stop (why in *stopped). */
static bool sweep_point(const struct sweep *s, struct run_set *set,
			long i, int repeat, struct sweep_row *r, int *rc,
			const char **stopped)
{
	char *sets[SWEEP_MAX_PARAMS], *extra[2 * SWEEP_MAX_PARAMS];
	char label[256], what[320];
	bool go_on = true;

	if (sweep_sets(s, i, sets)) {
		*stopped = "failed";
		return false;
	}
	for (int k = 0; k < s->n; k++) {
		extra[2 * k] = "--set";
		extra[2 * k + 1] = sets[k];
	}
	sweep_label(s, i, label, sizeof(label));
	r->first_run = set->runs + 1;
	for (int k = 0; k < repeat; k++) {
		struct json_object *sum;
		int st;

		if (repeat > 1)
			snprintf(what, sizeof(what), "point %ld of %ld (%s), "
				 "run %d of %d", i + 1, s->points, label,
				 k + 1, repeat);
		else
			snprintf(what, sizeof(what), "point %ld of %ld (%s)",
				 i + 1, s->points, label);
		st = run_set_run(set, extra, 2 * s->n, what, &sum);
		if (st < 0) {
			*stopped = "signal";
			go_on = false;
			break;
		}
		r->status[r->runs] = st;
		for (int m = 0; m < HEADLINE_METRICS; m++)
			r->values[r->runs][m] = NAN;
		if (sum) {
			headline_workload(sum, r->values[r->runs]);
			r->summaries++;
			json_object_put(sum);
		}
		r->runs++;
		if (st && *rc == MIMIC_EXIT_OK)
			*rc = st;
		if (run_set_fatal(set, st)) {
			fprintf(stderr, "mimic: --sweep: run %d (point %ld, %s) "
				"%s; no more runs\n", set->runs, i + 1, label,
				st ? "failed" : "wrote no summary");
			if (*rc == MIMIC_EXIT_OK)
				*rc = MIMIC_EXIT_FAILURE;
			*stopped = st > 128 && run_set_stopped() ? "signal"
								 : "failed";
			go_on = false;
			break;
		}
	}
	for (int m = 0; m < HEADLINE_METRICS; m++) {
		double v[repeat], st[3];

		for (int k = 0; k < r->runs; k++)
			v[k] = r->values[k][m];
		r->median[m] = headline_stats(v, r->runs, st) ? st[1] : NAN;
	}
	sweep_sets_free(s, sets);
	return go_on;
}

int sweep_main(const struct sweep *s, int argc, char **argv, int repeat,
	       double pause_s, const char *root, bool quiet)
{
	struct sweep_row *rows = calloc((size_t)s->points, sizeof(*rows));
	const char *stopped = NULL;
	struct run_set set;
	int rc = MIMIC_EXIT_OK;
	long done = 0;

	if (repeat < 1)
		repeat = 1;
	if (!rows || run_set_open(&set, root, "sweep", argc, argv, pause_s,
				  quiet)) {
		free(rows);
		return MIMIC_EXIT_FAILURE;
	}
	for (long i = 0; i < s->points && !stopped; i++) {
		struct sweep_row *r = &rows[i];
		bool go_on;

		r->status = calloc((size_t)repeat, sizeof(*r->status));
		r->values = calloc((size_t)repeat, sizeof(*r->values));
		if (!r->status || !r->values) {
			stopped = "failed";
			rc = MIMIC_EXIT_FAILURE;
			break;
		}
		go_on = sweep_point(s, &set, i, repeat, r, &rc, &stopped);
		if (r->runs)
			done = i + 1;
		if (go_on && sweep_until_met(s, r)) {
			r->until_met = true;
			stopped = "until";
		}
		/* Each point's row on disk as soon as it is known. */
		if (!stopped && i + 1 < s->points)
			sweep_write(s, &set, repeat, rows, done, NULL);
	}
	if (sweep_write(s, &set, repeat, rows, done, stopped) &&
	    rc == MIMIC_EXIT_OK)
		rc = MIMIC_EXIT_FAILURE;
	sweep_print(s, &set, repeat, rows, done);
	if (stopped && !strcmp(stopped, "until"))
		printf("mimic: stopped at point %ld: %s (%s = %.10g)\n", done,
		       s->until, headline_names[s->until_metric],
		       rows[done - 1].median[s->until_metric]);
	else if (s->until && !stopped)
		printf("mimic: --until %s never held\n", s->until);
	fflush(stdout);
	if (run_set_stopped() && rc == MIMIC_EXIT_OK)
		rc = 128 + run_set_stopped();
	for (long i = 0; i < s->points; i++) {
		free(rows[i].status);
		free(rows[i].values);
	}
	free(rows);
	run_set_close(&set);
	return rc;
}
