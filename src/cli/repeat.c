/*
 * repeat.c - mimic --repeat (repeat.h). Each run is this binary again
 * (/proc/self/exe) with the same options, --outdir set to the set's
 * directory so it makes run-001, run-002, ... there, and from the second
 * run on --calibration-ns with the first run's ns_per_loop. The runs' JSON
 * summaries are read back for the min/median/max table. The engine runs
 * once per process, so a repetition is a process, not a loop.
 */
#define _GNU_SOURCE
#include "cli/repeat.h"

#include "cli/rundir.h"
#include "lib/atomic_file.h"
#include "lib/diag.h"
#include "lib/safe_file.h"

#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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

/* --NAME[=V] where getopt took NAME for one of ours: how many argv
 * entries it spans (1 or 2), else 0. */
static int repeat_own_option(const char *arg)
{
	static const char *const ours[] = { "repeat", "pause", "outdir" };
	size_t len;

	if (strncmp(arg, "--", 2) || !arg[2])
		return 0;
	arg += 2;
	len = strcspn(arg, "=");
	for (size_t k = 0; k < 3; k++)
		if (len <= strlen(ours[k]) && !strncmp(arg, ours[k], len))
			return arg[len] == '=' ? 1 : 2;
	return 0;
}

/* The stop signal forwarded to the current run, and whether one came. */
static volatile sig_atomic_t repeat_child, repeat_stopped;

static void repeat_on_signal(int sig)
{
	repeat_stopped = sig;
	if (repeat_child > 0)
		kill(repeat_child, sig);
}

static void repeat_signals(void)
{
	struct sigaction sa = { .sa_handler = repeat_on_signal };
	sigset_t stops;

	sigemptyset(&sa.sa_mask);
	sigemptyset(&stops);
	for (int s = 0; s < 4; s++) {
		int sig = (int[]){ SIGINT, SIGTERM, SIGHUP, SIGQUIT }[s];

		sigaction(sig, &sa, NULL);
		sigaddset(&stops, sig);
	}
	pthread_sigmask(SIG_UNBLOCK, &stops, NULL);
}

/* One run: the child in its own process group (so a terminal's ^C
 * reaches it once, forwarded); its exit status as a shell gives it. */
static int repeat_one(char **argv)
{
	pid_t parent = getpid(), pid = fork();
	int ws;

	if (pid < 0) {
		fprintf(stderr, "mimic: --repeat: fork: %s\n", strerror(errno));
		return MIMIC_EXIT_FAILURE;
	}
	if (!pid) {
		setpgid(0, 0);
		/* Not in the parent's group: a parent killed outright (no
		 * signal to forward) still stops the run. */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			_exit(MIMIC_EXIT_FAILURE);
		execv("/proc/self/exe", argv);
		fprintf(stderr, "mimic: --repeat: cannot run /proc/self/exe: "
			"%s\n", strerror(errno));
		_exit(MIMIC_EXIT_FAILURE);
	}
	repeat_child = pid;
	while (waitpid(pid, &ws, 0) < 0)
		if (errno != EINTR) {
			ws = MIMIC_EXIT_FAILURE << 8;
			break;
		}
	repeat_child = 0;
	return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
}

/* Sleeps s seconds unless a stop signal comes. */
static void repeat_pause(double s)
{
	struct timespec ts = { .tv_sec = (time_t)s,
			       .tv_nsec = (long)((s - floor(s)) * 1e9) };

	while (!repeat_stopped && nanosleep(&ts, &ts) && errno == EINTR)
		;
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

static struct json_object *repeat_get(struct json_object *o, const char *k)
{
	struct json_object *v = NULL;

	if (o)
		json_object_object_get_ex(o, k, &v);
	return v;
}

/* PREFIX.p50 and PREFIX.p99 of the "latency_us" of o (requests, e2e). */
static void repeat_latency(struct repeat_table *t, const char *task,
			   const char *prefix, int run, struct json_object *o)
{
	struct json_object *lat = repeat_get(o, "latency_us");
	char key[96];

	snprintf(key, sizeof(key), "%s.p50", prefix);
	repeat_put(t, task, key, run, repeat_get(lat, "p50"));
	snprintf(key, sizeof(key), "%s.p99", prefix);
	repeat_put(t, task, key, run, repeat_get(lat, "p99"));
}

/* The headline metrics of one task of one run's summary. */
static void repeat_task(struct repeat_table *t, int run,
			struct json_object *task)
{
	static const char *const pcts[] = { "p50", "p99" };
	const char *name = json_object_get_string(repeat_get(task, "name"));
	struct json_object *wake = repeat_get(task, "wake");
	struct json_object *req, *e2e;
	char key[96];

	if (!name)
		return;
	repeat_put(t, name, "loops", run, repeat_get(task, "loops"));
	repeat_put(t, name, "overruns", run, repeat_get(task, "overruns"));
	if (wake && json_object_is_type(wake, json_type_object)) {
		json_object_object_foreach(wake, path, st) {
			for (int k = 0; k < 2; k++) {
				snprintf(key, sizeof(key), "wake.%s.%s", path,
					 pcts[k]);
				repeat_put(t, name, key, run,
					   repeat_get(st, pcts[k]));
			}
		}
	}
	repeat_put(t, name, "slack_us.min", run,
		   repeat_get(repeat_get(task, "slack_us"), "min"));
	repeat_put(t, name, "slack_us.p50", run,
		   repeat_get(repeat_get(task, "slack_us"), "p50"));
	repeat_put(t, name, "run_us.p50", run,
		   repeat_get(repeat_get(task, "run_us"), "p50"));
	req = repeat_get(task, "requests");
	if (json_object_get_int64(repeat_get(req, "count")) > 0) {
		repeat_latency(t, name, "request", run, req);
		repeat_put(t, name, "request.rps", run,
			   repeat_get(req, "rps"));
	}
	e2e = repeat_get(task, "e2e");
	repeat_latency(t, name, "e2e", run, e2e);
	if (repeat_get(e2e, "budget_us"))
		repeat_put(t, name, "budget.misses", run,
			   repeat_get(e2e, "misses"));
}

static void repeat_read(struct repeat_table *t, int run, struct json_object *s)
{
	struct json_object *tasks = repeat_get(s, "tasks");
	struct json_object *headline = repeat_get(s, "headline");

	repeat_put(t, NULL, "duration_s", run, repeat_get(s, "duration_s"));
	/* The report styles' own figures (schbench's request p99, ...). */
	for (size_t k = 0; headline && json_object_is_type(headline,
							   json_type_array) &&
			   k < json_object_array_length(headline); k++) {
		struct json_object *f = json_object_array_get_idx(headline, k);
		const char *name = json_object_get_string(repeat_get(f, "name"));

		if (name)
			repeat_put(t, NULL, name, run, repeat_get(f, "value"));
	}
	for (size_t k = 0; tasks && k < json_object_array_length(tasks); k++)
		repeat_task(t, run, json_object_array_get_idx(tasks, k));
}

static int repeat_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* min, median (the mean of the middle two when even) and max of the
 * runs that have the metric; how many they are. */
static int repeat_stats(const struct repeat_metric *m, int runs, double out[3])
{
	double v[runs];
	int n = 0;

	for (int k = 0; k < runs; k++)
		if (!isnan(m->values[k]))
			v[n++] = m->values[k];
	if (!n)
		return 0;
	qsort(v, (size_t)n, sizeof(double), repeat_cmp);
	out[0] = v[0];
	out[1] = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	out[2] = v[n - 1];
	return n;
}

static void repeat_print(const struct repeat_table *t, const char *dir,
			 int done)
{
	double s[3];

	printf("mimic: %d run%s in %s: min / median / max over the runs\n",
	       done, done == 1 ? "" : "s", dir);
	printf("%-16s %-22s %4s %12s %12s %12s\n", "task", "metric", "runs",
	       "min", "median", "max");
	for (size_t k = 0; k < t->n; k++) {
		int n = repeat_stats(&t->m[k], t->runs, s);

		if (!n)
			continue;
		printf("%-16.16s %-22.22s %4d %12.10g %12.10g %12.10g\n",
		       t->m[k].task ? t->m[k].task : "-", t->m[k].name, n,
		       s[0], s[1], s[2]);
	}
	fflush(stdout);
}

/* A number with ten significant digits, as the table shows it. */
static struct json_object *repeat_num(double v)
{
	char buf[32];

	if (isnan(v))
		return NULL;
	snprintf(buf, sizeof(buf), "%.10g", v);
	return json_object_new_double_s(v, buf);
}

static int repeat_write(const struct repeat_table *t, const char *dir,
			const int *status, double pause_s, double ns_per_loop,
			const char *cal_source)
{
	struct json_object *o = json_object_new_object(), *runs, *metrics;
	char *path = NULL, tmp[4096];
	FILE *f = NULL;
	int rc = -1;
	double s[3];

	json_object_object_add(o, "mimic_repeat", json_object_new_int(1));
	json_object_object_add(o, "pause_s", repeat_num(pause_s));
	json_object_object_add(o, "ns_per_loop", repeat_num(ns_per_loop));
	json_object_object_add(o, "calibration_source",
			       json_object_new_string(cal_source));
	runs = json_object_new_array();
	for (int k = 0; k < t->runs; k++) {
		struct json_object *r = json_object_new_object();
		char id[32];

		snprintf(id, sizeof(id), "run-%03d", k + 1);
		json_object_object_add(r, "id", json_object_new_string(id));
		json_object_object_add(r, "exit_status", status[k] < 0 ? NULL :
				       json_object_new_int(status[k]));
		json_object_array_add(runs, r);
	}
	json_object_object_add(o, "runs", runs);
	metrics = json_object_new_array();
	for (size_t k = 0; k < t->n; k++) {
		struct json_object *m = json_object_new_object(), *v;
		int n = repeat_stats(&t->m[k], t->runs, s);

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
		json_object_object_add(m, "min", repeat_num(s[0]));
		json_object_object_add(m, "median", repeat_num(s[1]));
		json_object_object_add(m, "max", repeat_num(s[2]));
		v = json_object_new_array();
		for (int r = 0; r < t->runs; r++)
			json_object_array_add(v, repeat_num(t->m[k].values[r]));
		json_object_object_add(m, "values", v);
		json_object_array_add(metrics, m);
	}
	json_object_object_add(o, "metrics", metrics);
	if (asprintf(&path, "%s/repeat.json", dir) < 0) {
		path = NULL;
		goto fail;
	}
	f = atomic_file_open(path, tmp, sizeof(tmp));
	if (!f || fputs(json_object_to_json_string_ext(o,
			JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE), f) < 0 ||
	    fputc('\n', f) < 0)
		goto fail;
	if (atomic_file_commit(f, tmp, path)) {
		f = NULL;
		goto fail;
	}
	rc = 0;
	goto out;
fail:
	fprintf(stderr, "mimic: cannot write %s/repeat.json: %s\n", dir,
		path ? safe_file_strerror(path, errno) : strerror(ENOMEM));
	if (f)
		atomic_file_abort(f, tmp);
out:
	free(path);
	json_object_put(o);
	return rc;
}

/* The child's command line: argv without our options, then --outdir
 * dir and, from the second run, --calibration-ns (last: they win). */
static char **repeat_argv(int argc, char **argv, const char *dir,
			  char *calibration)
{
	char **v = calloc((size_t)argc + 5, sizeof(*v));
	int n = 0;

	if (!v)
		return NULL;
	v[n++] = argv[0];
	v[n++] = "--outdir";
	v[n++] = (char *)dir;
	if (calibration) {
		v[n++] = "--calibration-ns";
		v[n++] = calibration;
	}
	for (int k = 1; k < argc; k++) {
		int skip = strcmp(argv[k], "--") ? repeat_own_option(argv[k])
						  : 0;

		if (!strcmp(argv[k], "--")) {
			while (k < argc)
				v[n++] = argv[k++];
			break;
		}
		if (skip) {
			k += skip - 1;
			continue;
		}
		v[n++] = argv[k];
	}
	v[n] = NULL;
	return v;
}

/* The first run's ns_per_loop from its summary, or 0, and its source. */
static double repeat_calibration(struct json_object *s, char *source,
				 size_t n)
{
	struct json_object *c = repeat_get(s, "calibration");
	struct json_object *v = repeat_get(c, "ns_per_loop");
	const char *src = json_object_get_string(repeat_get(c, "source"));

	snprintf(source, n, "%s", src ? src : "");
	return v ? json_object_get_double(v) : 0;
}

int repeat_main(int argc, char **argv, int n, double pause_s,
		const char *root, bool quiet)
{
	struct repeat_table t = { .runs = n };
	struct rundir set;
	int *status = calloc((size_t)n, sizeof(int)), rc = MIMIC_EXIT_OK;
	int done = 0;
	char cal[64] = "", cal_source[32] = "";
	double ns_per_loop = 0;

	if (!status || rundir_create(root, "repeat", &set)) {
		free(status);
		return MIMIC_EXIT_FAILURE;
	}
	repeat_signals();
	for (int k = 0; k < n; k++)
		status[k] = -1;
	for (int k = 0; k < n && !repeat_stopped; k++) {
		char **v = repeat_argv(argc, argv, set.path, k ? cal : NULL);
		char *sum = NULL;
		struct json_object *s;

		if (k)
			repeat_pause(pause_s);
		if (!v || repeat_stopped) {
			free(v);
			break;
		}
		if (!quiet)
			fprintf(stderr, "[mimic] <notice> run %d of %d: "
				"%s/run-%03d\n", k + 1, n, set.path, k + 1);
		status[k] = repeat_one(v);
		free(v);
		if (status[k] && rc == MIMIC_EXIT_OK)
			rc = status[k];
		if (asprintf(&sum, "%s/run-%03d/summary.json", set.path,
			     k + 1) < 0)
			sum = NULL;
		s = sum ? json_object_from_file(sum) : NULL;
		free(sum);
		if (s) {
			if (!k) {
				ns_per_loop = repeat_calibration(
					s, cal_source, sizeof(cal_source));
				snprintf(cal, sizeof(cal), "%.3f", ns_per_loop);
			}
			repeat_read(&t, k, s);
			done++;
			json_object_put(s);
		}
		if (status[k] == MIMIC_EXIT_BADINPUT || status[k] > 128 ||
		    (!k && ns_per_loop <= 0)) {
			fprintf(stderr, "mimic: --repeat: run %d %s; no more "
				"runs\n", k + 1, status[k] ? "failed"
							   : "wrote no summary");
			if (rc == MIMIC_EXIT_OK)
				rc = MIMIC_EXIT_FAILURE;
			break;
		}
	}
	if (done)
		repeat_print(&t, set.path, done);
	if (repeat_write(&t, set.path, status, pause_s, ns_per_loop,
			 cal_source) &&
	    rc == MIMIC_EXIT_OK)
		rc = MIMIC_EXIT_FAILURE;
	if (repeat_stopped && rc == MIMIC_EXIT_OK)
		rc = 128 + repeat_stopped;
	for (size_t k = 0; k < t.n; k++) {
		free(t.m[k].task);
		free(t.m[k].name);
		free(t.m[k].values);
	}
	free(t.m);
	free(status);
	rundir_free(&set);
	return rc;
}
