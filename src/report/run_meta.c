/*
 * run_meta.c - gathers and writes what a run was (run_meta.h): the machine
 * read from uname and /proc before time zero, the run's facts from its
 * result after it; run.json is written atomically in the run directory.
 */
#define _GNU_SOURCE
#include "report/run_meta.h"

#include "config.h"
#include "lib/atomic_file.h"
#include "lib/cpuinfo.h"
#include "lib/safe_file.h"
#include "lib/timeutil.h"
#include "record/result.h"

#include <errno.h>
#include <json-c/json.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

/* The first line of path, without its newline, in buf[n]; -1: none. */
static int meta_read_line(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "re");
	int rc = -1;

	if (!f)
		return -1;
	if (fgets(buf, (int)n, f)) {
		buf[strcspn(buf, "\n")] = '\0';
		rc = 0;
	}
	fclose(f);
	return rc;
}

static long long meta_read_ll(const char *path)
{
	char buf[64], *end;
	long long v;

	if (meta_read_line(path, buf, sizeof(buf)))
		return -2;
	v = strtoll(buf, &end, 10);
	return end == buf ? -2 : v;
}

void run_meta_host(struct run_meta *m)
{
	struct utsname u;
	char la[128];

	if (!uname(&u)) {
		snprintf(m->kernel, sizeof(m->kernel), "%s", u.release);
		snprintf(m->machine, sizeof(m->machine), "%s", u.machine);
	}
	cpuinfo_model(-1, m->cpu_model, sizeof(m->cpu_model));
	m->cpus_online = sysconf(_SC_NPROCESSORS_ONLN);
	m->cpus_configured = sysconf(_SC_NPROCESSORS_CONF);
	m->loadavg[0] = '\0';
	if (!meta_read_line("/proc/loadavg", la, sizeof(la))) {
		double a, b, c;

		if (sscanf(la, "%lf %lf %lf", &a, &b, &c) == 3)
			snprintf(m->loadavg, sizeof(m->loadavg), "%.2f %.2f %.2f",
				 a, b, c);
	}
	m->rt_runtime_us = meta_read_ll("/proc/sys/kernel/sched_rt_runtime_us");
	m->rt_period_us = meta_read_ll("/proc/sys/kernel/sched_rt_period_us");
}

const char *run_meta_stop_name(const struct run_result *r)
{
	static const char *const stops[] = {
		[RUN_STOP_DURATION] = "duration",
		[RUN_STOP_LOOPS] = "loops",
		[RUN_STOP_SIGNAL] = "signal",
		[RUN_STOP_ERROR] = "error",
		[RUN_STOP_BREAK] = "break",
	};

	return stops[r->stop];
}

void run_meta_started(const struct run_result *r, char *buf, size_t n)
{
	struct timespec now;
	struct tm tm;
	int64_t ns;
	time_t secs;

	clock_gettime(CLOCK_REALTIME, &now);
	ns = (int64_t)now.tv_sec * NSEC_PER_SEC + now.tv_nsec -
	     (time_now_ns() - r->t_zero_ns);
	secs = (time_t)(ns / NSEC_PER_SEC);
	gmtime_r(&secs, &tm);
	snprintf(buf, n, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
		 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		 tm.tm_min, tm.tm_sec, (int)(ns % NSEC_PER_SEC / 1000000));
}

static void meta_add(struct json_object *o, const char *key,
		     struct json_object *v)
{
	json_object_object_add(o, key, v);
}

static struct json_object *meta_str_or_null(const char *s)
{
	return s && *s ? json_object_new_string(s) : NULL;
}

/* A number as people write it: decimals, no trailing zeros. */
static struct json_object *meta_num(double v, int decimals)
{
	char buf[64];
	int n = snprintf(buf, sizeof(buf), "%.*f", decimals, v);

	while (n > 2 && buf[n - 1] == '0' && buf[n - 2] != '.')
		buf[--n] = '\0';
	return json_object_new_double_s(v, buf);
}

static struct json_object *meta_host_json(const struct run_meta *m)
{
	struct json_object *o = json_object_new_object();
	struct json_object *rt = json_object_new_object();
	struct json_object *la = NULL;
	double a, b, c;

	meta_add(o, "kernel", meta_str_or_null(m->kernel));
	meta_add(o, "machine", meta_str_or_null(m->machine));
	meta_add(o, "cpu_model", meta_str_or_null(m->cpu_model));
	meta_add(o, "cpus_online", json_object_new_int64(m->cpus_online));
	meta_add(o, "cpus_configured",
		 json_object_new_int64(m->cpus_configured));
	if (sscanf(m->loadavg, "%lf %lf %lf", &a, &b, &c) == 3) {
		la = json_object_new_array();
		json_object_array_add(la, meta_num(a, 2));
		json_object_array_add(la, meta_num(b, 2));
		json_object_array_add(la, meta_num(c, 2));
	}
	meta_add(o, "loadavg", la);
	meta_add(rt, "sched_rt_runtime_us", m->rt_runtime_us == -2 ? NULL :
		 json_object_new_int64(m->rt_runtime_us));
	meta_add(rt, "sched_rt_period_us", m->rt_period_us == -2 ? NULL :
		 json_object_new_int64(m->rt_period_us));
	meta_add(o, "rt_throttling", rt);
	return o;
}

static struct json_object *meta_calibration(const struct run_result *r)
{
	struct json_object *o = json_object_new_object();
	double drift;

	meta_add(o, "ns_per_loop", meta_num(r->ns_per_loop, 3));
	meta_add(o, "source", json_object_new_string(
			 r->calibration_source ? r->calibration_source
					       : "measured"));
	meta_add(o, "spread_pct", meta_num(r->calibration_spread * 100, 2));
	/* As the summary's: the speed after the run, and how far it moved
	 * (each run of a --repeat has its own). */
	meta_add(o, "ns_per_loop_end", r->ns_per_loop_end > 0
			 ? meta_num(r->ns_per_loop_end, 3) : NULL);
	meta_add(o, "drift_pct", run_result_drift_pct(r, &drift)
			 ? meta_num(drift, 2) : NULL);
	return o;
}

struct json_object *run_meta_break_json(const struct run_result *r)
{
	const struct run_break *b = &r->brk;
	const struct run_thread *t = &r->threads[b->thread];
	struct json_object *o = json_object_new_object();

	meta_add(o, "thread", json_object_new_string(t->name));
	meta_add(o, "task", json_object_new_string(t->task->name));
	meta_add(o, "tid", json_object_new_int(b->tid));
	meta_add(o, "path", json_object_new_string(wake_path_name(b->path)));
	meta_add(o, "latency_us", json_object_new_int64((int64_t)b->latency_us));
	meta_add(o, "break_us", json_object_new_int64((int64_t)b->limit_us));
	meta_add(o, "iteration", json_object_new_int64((int64_t)b->iteration));
	meta_add(o, "at_s", meta_num((double)(b->at_ns - r->t_zero_ns) / 1e9,
				     6));
	meta_add(o, "trace_frozen", json_object_new_boolean(b->trace_frozen));
	meta_add(o, "tracefs", meta_str_or_null(b->trace_dir));
	return o;
}

struct json_object *run_meta_json(const struct run_result *r,
				  int exit_status)
{
	const struct run_meta *m = r->meta;
	struct json_object *o = json_object_new_object();
	struct json_object *argv = json_object_new_array();
	char started[64];

	meta_add(o, "mimic_run", json_object_new_int(RUN_META_VERSION));
	meta_add(o, "mimic_version", json_object_new_string(PACKAGE_VERSION));
	meta_add(o, "id", meta_str_or_null(m->id));
	for (int k = 0; k < m->argc; k++)
		json_object_array_add(argv, json_object_new_string(m->argv[k]));
	meta_add(o, "command_line", argv);
	meta_add(o, "workload", meta_str_or_null(m->workload));
	if (m->workload && strcmp(m->workload, "<stdin>")) {
		char *real = realpath(m->workload, NULL);

		meta_add(o, "workload_path", meta_str_or_null(real));
		free(real);
	}
	meta_add(o, "workload_sha256", json_object_new_string(m->sha256));
	meta_add(o, "params", m->params ? json_object_get(m->params)
					: json_object_new_object());
	/* The seed of every drawn value: --set seed=N runs the draws again. */
	meta_add(o, "seed", json_object_new_int64((int64_t)r->w->g.seed));
	meta_add(o, "calibration", meta_calibration(r));
	meta_add(o, "host", meta_host_json(m));
	run_meta_started(r, started, sizeof(started));
	meta_add(o, "started", json_object_new_string(started));
	meta_add(o, "duration_s", meta_num(run_result_seconds(r), 3));
	meta_add(o, "stop", json_object_new_string(run_meta_stop_name(r)));
	if (r->stop == RUN_STOP_SIGNAL) {
		const char *abbrev = sigabbrev_np(r->stop_signal);
		char sig[32];

		snprintf(sig, sizeof(sig), "SIG%s", abbrev ? abbrev : "UNKNOWN");
		meta_add(o, "signal", json_object_new_string(sig));
	}
	if (r->brk.hit)
		meta_add(o, "break", run_meta_break_json(r));
	if (exit_status >= 0)
		meta_add(o, "exit_status", json_object_new_int(exit_status));
	return o;
}

int run_meta_write(const struct run_result *r, int exit_status)
{
	struct json_object *o;
	const char *text;
	char *path = NULL, tmp[4096];
	FILE *f = NULL;
	int rc = -1;

	if (!r->meta || !r->meta->dir)
		return 0;
	o = run_meta_json(r, exit_status);
	if (asprintf(&path, "%s/run.json", r->meta->dir) < 0) {
		path = NULL;
		errno = ENOMEM;
		goto fail;
	}
	text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
						 JSON_C_TO_STRING_SPACED |
						 JSON_C_TO_STRING_NOSLASHESCAPE);
	f = atomic_file_open(path, tmp, sizeof(tmp));
	if (!f || fputs(text, f) < 0 || fputc('\n', f) < 0)
		goto fail;
	if (atomic_file_commit(f, tmp, path)) {
		f = NULL;
		goto fail;
	}
	rc = 0;
	goto out;
fail:
	fprintf(stderr, "mimic: cannot write %s: %s\n",
		path ? path : "run.json",
		path ? safe_file_strerror(path, errno) : strerror(errno));
	if (f)
		atomic_file_abort(f, tmp);
out:
	free(path);
	json_object_put(o);
	return rc;
}

void run_meta_free(struct run_meta *m)
{
	if (m->params)
		json_object_put(m->params);
	m->params = NULL;
}
