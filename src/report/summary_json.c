/*
 * summary_json.c - builds the end-of-run summary as a json-c tree (run,
 * then per task: counts, and the statistics and non-empty histogram
 * buckets of wake-up latency per path, message latency per path that
 * carries messages, slack, run duration, run deviation, the kernel's view
 * per task and per thread, end-to-end latency and budget misses, requests
 * and their rate; lock statistics per task and per mutex when
 * mutexes were taken; the headline figures of report styles) and writes it to the --summary file.
 */
#define _GNU_SOURCE
#include "report/summary_json.h"

#include "report/blocked.h"

#include "lib/safe_file.h"
#include "config.h"
#include "lib/atomic_file.h"
#include "lib/timeutil.h"
#include "record/result.h"
#include "report/chains.h"
#include "report/style_figures.h"
#include "report/run_meta.h"
#include "report/run_stats.h"

#include <errno.h>
#include <json-c/json.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const double summary_pct[] = { 50, 90, 99, 99.9 };
static const char *const summary_pct_names[] = { "p50", "p90", "p99",
						 "p99.9" };
#define SUMMARY_NPCT 4

int summary_json_check(const char *path, char *err, size_t n)
{
	char *copy, *dir;
	struct stat st;
	int rc = 0;

	if (!strcmp(path, "-"))
		return 0;
	if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
		snprintf(err, n, "%s: is a directory", path);
		return -1;
	}
	/* What safe_file_fopen_path would refuse after the run. */
	if (!lstat(path, &st) && !S_ISREG(st.st_mode) &&
	    !S_ISCHR(st.st_mode)) {
		snprintf(err, n, "%s: %s", path, safe_file_kind(st.st_mode));
		return -1;
	}
	copy = strdup(path);
	if (!copy) {
		snprintf(err, n, "out of memory");
		return -1;
	}
	dir = dirname(copy);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		snprintf(err, n, "%s: directory %s does not exist", path, dir);
		rc = -1;
	} else if (access(dir, W_OK)) {
		snprintf(err, n, "%s: cannot write in %s: %s", path, dir,
			 strerror(errno));
		rc = -1;
	}
	free(copy);
	return rc;
}

/* A decimal number as people write it: no exponent, no trailing zeros. */
static struct json_object *summary_num(double v, int decimals)
{
	char buf[64];
	int n = snprintf(buf, sizeof(buf), "%.*f", decimals, v);

	while (n > 2 && buf[n - 1] == '0' && buf[n - 2] != '.')
		buf[--n] = '\0';
	return json_object_new_double_s(v, buf);
}

static void summary_add(struct json_object *o, const char *key,
			struct json_object *v)
{
	json_object_object_add(o, key, v);
}

/* A bucket pair on one line, even in the pretty layout: hundreds of
 * buckets stay readable, one per line. */
static int summary_pair_serialize(struct json_object *a, struct printbuf *pb,
				  int level, int flags)
{
	(void)level;
	(void)flags;
	return sprintbuf(pb, "[%lld, %lld]",
			 (long long)json_object_get_int64(
				 json_object_array_get_idx(a, 0)),
			 (long long)json_object_get_int64(
				 json_object_array_get_idx(a, 1)));
}

static struct json_object *summary_pair(int64_t value, uint32_t count)
{
	struct json_object *a = json_object_new_array_ext(2);

	json_object_array_add(a, json_object_new_int64(value));
	json_object_array_add(a, json_object_new_int64(count));
	json_object_set_serializer(a, summary_pair_serialize, NULL, NULL);
	return a;
}

/* No samples: n 0, every number null, no bucket. */
static struct json_object *summary_empty_stats(void)
{
	struct json_object *o = json_object_new_object();

	summary_add(o, "n", json_object_new_int64(0));
	summary_add(o, "min", NULL);
	summary_add(o, "mean", NULL);
	for (int k = 0; k < SUMMARY_NPCT; k++)
		summary_add(o, summary_pct_names[k], NULL);
	summary_add(o, "max", NULL);
	summary_add(o, "hist", json_object_new_array());
	return o;
}

static struct json_object *summary_stats(const struct hist *h)
{
	struct json_object *o, *buckets;

	if (!h->n)
		return summary_empty_stats();
	o = json_object_new_object();
	summary_add(o, "n", json_object_new_int64((int64_t)h->n));
	summary_add(o, "min", json_object_new_int64((int64_t)h->min));
	summary_add(o, "mean", summary_num(h->sum / (double)h->n, 3));
	for (int k = 0; k < SUMMARY_NPCT; k++)
		summary_add(o, summary_pct_names[k], json_object_new_int64(
			(int64_t)hist_percentile(h, summary_pct[k])));
	summary_add(o, "max", json_object_new_int64((int64_t)h->max));
	buckets = json_object_new_array();
	for (unsigned b = 0; b < HIST_BUCKETS; b++)
		if (h->counts[b])
			json_object_array_add(buckets, summary_pair(
				(int64_t)hist_bucket_value(b), h->counts[b]));
	summary_add(o, "hist", buckets);
	return o;
}

static struct json_object *summary_signed_stats(const struct shist *h)
{
	uint64_t n = shist_count(h);
	struct json_object *o, *buckets;

	if (!n)
		return summary_empty_stats();
	o = json_object_new_object();
	summary_add(o, "n", json_object_new_int64((int64_t)n));
	summary_add(o, "min", json_object_new_int64(
		h->neg.n ? -(int64_t)h->neg.max : (int64_t)h->pos.min));
	summary_add(o, "mean",
		    summary_num((h->pos.sum - h->neg.sum) / (double)n, 3));
	for (int k = 0; k < SUMMARY_NPCT; k++)
		summary_add(o, summary_pct_names[k], json_object_new_int64(
			shist_percentile(h, summary_pct[k])));
	summary_add(o, "max", json_object_new_int64(shist_max(h)));
	buckets = json_object_new_array();
	/* In increasing value: the negative buckets from the top down. */
	for (unsigned b = HIST_BUCKETS; b-- > 0;)
		if (h->neg.counts[b])
			json_object_array_add(buckets, summary_pair(
				-(int64_t)hist_bucket_value(b),
				h->neg.counts[b]));
	for (unsigned b = 0; b < HIST_BUCKETS; b++)
		if (h->pos.counts[b])
			json_object_array_add(buckets, summary_pair(
				(int64_t)hist_bucket_value(b),
				h->pos.counts[b]));
	summary_add(o, "hist", buckets);
	return o;
}

/* Percent, from 0.01 % units; nulls without samples. */
static struct json_object *summary_run_error(const struct shist *h)
{
	static const double pct[] = { 50, 90, 99 };
	struct json_object *o = json_object_new_object();
	bool any = shist_count(h) > 0;

	for (int k = 0; k < 3; k++)
		summary_add(o, summary_pct_names[k], any ? summary_num(
			shist_percentile(h, pct[k]) / 100.0, 2) : NULL);
	summary_add(o, "max", any ? summary_num(shist_max(h) / 100.0, 2)
				  : NULL);
	return o;
}

/* Message latency, one STATS per path that had messages. */
static struct json_object *summary_messages(const struct run_task_stats *s)
{
	struct json_object *o = json_object_new_object();

	for (int w = 0; w < WAKE_PATHS; w++)
		if (s->message[w].n)
			summary_add(o, wake_path_name(w),
				    summary_stats(&s->message[w]));
	return o;
}

/* A count or µs value /proc gave, else null (never a pretended 0). */
static struct json_object *summary_kernel_u64(const struct kstat *k,
					      unsigned bit, uint64_t v)
{
	return k->have & bit ? json_object_new_int64((int64_t)v) : NULL;
}

/* "kernel": the five numbers of kstat.h, µs truncated. */
static struct json_object *summary_kernel(const struct kstat *k)
{
	struct json_object *o = json_object_new_object();

	summary_add(o, "cpu_time_us", summary_kernel_u64(k, KSTAT_SCHEDSTAT,
				k->cpu_time_ns / 1000));
	summary_add(o, "runqueue_wait_us", summary_kernel_u64(k,
				KSTAT_SCHEDSTAT, k->runqueue_wait_ns / 1000));
	summary_add(o, "switches_voluntary", summary_kernel_u64(k,
				KSTAT_SWITCHES, k->switches_voluntary));
	summary_add(o, "switches_involuntary", summary_kernel_u64(k,
				KSTAT_SWITCHES, k->switches_involuntary));
	summary_add(o, "migrations", summary_kernel_u64(k, KSTAT_MIGRATIONS,
							k->migrations));
	return o;
}

/* "kernel_per_thread": thread name to its "kernel" object. */
static struct json_object *summary_kernel_threads(const struct run_result *r,
						  const struct task *task)
{
	struct json_object *o = json_object_new_object();

	for (int k = 0; k < r->n_threads; k++) {
		struct kstat ks;

		if (r->threads[k].task != task)
			continue;
		run_stats_thread_kernel(&r->threads[k], &ks);
		summary_add(o, r->threads[k].name, summary_kernel(&ks));
	}
	return o;
}

/* "e2e" and "requests" (chains.c's blocks), for the tasks that have them. */
static void summary_chains(struct json_object *o, const struct run_result *r,
			   const struct task *task,
			   const struct run_task_stats *s)
{
	double secs = run_result_seconds(r);
	int64_t budget = run_stats_budget(task);

	if (s->has_e2e && s->e2e.latency_us.n) {
		struct json_object *e = json_object_new_object();

		summary_add(e, "latency_us", summary_stats(&s->e2e.latency_us));
		summary_add(e, "chained",
			    json_object_new_int64((int64_t)s->e2e.chained));
		summary_add(e, "budget_us", budget > 0 ?
			    json_object_new_int64(budget / 1000) : NULL);
		summary_add(e, "budgeted",
			    json_object_new_int64((int64_t)s->e2e.budgeted));
		summary_add(e, "misses",
			    json_object_new_int64((int64_t)s->e2e.misses));
		summary_add(e, "miss_pct", s->e2e.budgeted ?
			    summary_num(chains_miss_pct(&s->e2e), 2) : NULL);
		summary_add(o, "e2e", e);
	}
	if (s->has_requests || s->has_rate) {
		struct json_object *q = json_object_new_object();

		summary_add(q, "count",
			    json_object_new_int64((int64_t)s->requests));
		summary_add(q, "rps", summary_num(
			secs > 0 ? (double)s->requests / secs : 0, 2));
		summary_add(q, "latency_us", summary_stats(&s->request_us));
		summary_add(q, "rate", summary_stats(&s->rate));
		summary_add(o, "requests", q);
	}
}

static struct json_object *summary_task(const struct run_result *r,
					const struct task *task,
					const struct run_task_stats *s)
{
	struct json_object *o = json_object_new_object();
	struct json_object *wake = json_object_new_object();

	summary_add(o, "name", json_object_new_string(task->name));
	summary_add(o, "threads", json_object_new_int(s->threads));
	summary_add(o, "loops", json_object_new_int64((int64_t)s->rows));
	summary_add(o, "overruns", json_object_new_int64((int64_t)s->overruns));
	summary_add(o, "sent", json_object_new_int64((int64_t)s->sent));
	summary_add(o, "received", json_object_new_int64((int64_t)s->received));
	summary_add(o, "sent_bytes",
		    json_object_new_int64((int64_t)s->sent_bytes));
	summary_add(o, "received_bytes",
		    json_object_new_int64((int64_t)s->received_bytes));
	for (int w = 0; w < WAKE_PATHS; w++)
		if (s->wake[w].n)
			summary_add(wake, wake_path_name(w),
				    summary_stats(&s->wake[w]));
	summary_add(o, "wake", wake);
	summary_add(o, "message", summary_messages(s));
	summary_add(o, "slack_us", summary_signed_stats(&s->slack_us));
	summary_add(o, "run_us", summary_stats(&s->run_us));
	summary_add(o, "run_error_pct", summary_run_error(&s->err));
	summary_chains(o, r, task, s);
	summary_add(o, "kernel", summary_kernel(&s->kernel));
	summary_add(o, "kernel_per_thread", summary_kernel_threads(r, task));
	return o;
}

/* A mutex's or a task's lock statistics (merged over threads), into o. */
static struct json_object *summary_lock(struct json_object *o,
					const struct lock_stats *s)
{
	summary_add(o, "acquisitions",
		    json_object_new_int64((int64_t)s->acquisitions));
	summary_add(o, "contended", json_object_new_int64((int64_t)s->contended));
	summary_add(o, "wait_us", summary_stats(&s->wait_us));
	summary_add(o, "hold_us", summary_stats(&s->hold_us));
	return o;
}

/* The task's "locks", when its threads took mutexes. */
static void summary_task_locks(struct json_object *o,
			       const struct run_result *r,
			       const struct task *task, struct lock_stats *s)
{
	if (run_stats_task_locks(r, task, s))
		summary_add(o, "locks",
			    summary_lock(json_object_new_object(), s));
}

/* The run's "locks": one object per mutex a thread took, by name. */
static void summary_locks(struct json_object *o, const struct run_result *r,
			  struct lock_stats *s)
{
	const struct workload *w = r->w;
	struct json_object *list;

	if (!run_stats_any_locks(r))
		return;
	list = json_object_new_array();
	for (size_t k = 0; k < w->n_resources; k++) {
		struct json_object *m;

		if (!run_stats_mutex_locks(r, (int)k, s))
			continue;
		m = json_object_new_object();
		summary_add(m, "name",
			    json_object_new_string(w->resources[k].name));
		json_object_array_add(list, summary_lock(m, s));
	}
	summary_add(o, "locks", list);
}

/* Time zero on the wall clock, ISO 8601 in UTC, to the millisecond. */
static struct json_object *summary_started(const struct run_result *r)
{
	struct timespec now;
	struct tm tm;
	int64_t ns;
	time_t secs;
	char buf[64];

	clock_gettime(CLOCK_REALTIME, &now);
	ns = (int64_t)now.tv_sec * NSEC_PER_SEC + now.tv_nsec -
	     (time_now_ns() - r->t_zero_ns);
	secs = (time_t)(ns / NSEC_PER_SEC);
	gmtime_r(&secs, &tm);
	snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
		 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		 tm.tm_min, tm.tm_sec, (int)(ns % NSEC_PER_SEC / 1000000));
	return json_object_new_string(buf);
}

/* Only when rows were dropped: how many, and from which threads. */
static void summary_dropped(struct json_object *o, const struct run_result *r)
{
	struct json_object *per;

	if (!r->log_rows_dropped)
		return;
	summary_add(o, "log_rows_dropped",
		    json_object_new_int64((int64_t)r->log_rows_dropped));
	per = json_object_new_object();
	for (int k = 0; k < r->n_threads; k++)
		if (r->threads[k].log_rows_dropped)
			summary_add(per, r->threads[k].name, json_object_new_int64(
				(int64_t)r->threads[k].log_rows_dropped));
	summary_add(o, "log_rows_dropped_per_thread", per);
}

/* Where ns_per_loop came from, and whether its trials agreed. */
static struct json_object *summary_calibration(const struct run_result *r)
{
	struct json_object *o = json_object_new_object();
	double drift;

	summary_add(o, "ns_per_loop", summary_num(r->ns_per_loop, 3));
	summary_add(o, "source", json_object_new_string(
			   r->calibration_source ? r->calibration_source
						 : "measured"));
	summary_add(o, "spread_pct",
		    summary_num(r->calibration_spread * 100, 2));
	summary_add(o, "unsteady",
		    json_object_new_boolean(r->calibration_unsteady));
	summary_add(o, "ns_per_loop_end", r->ns_per_loop_end > 0
			   ? summary_num(r->ns_per_loop_end, 3) : NULL);
	summary_add(o, "drift_pct", run_result_drift_pct(r, &drift)
			   ? summary_num(drift, 2) : NULL);
	return o;
}

/* "headline": the figures of the run's report styles and print_end. */
static struct json_object *summary_headline(const struct run_result *r)
{
	struct style_figure *f = calloc(STYLE_FIGURES_MAX, sizeof(*f));
	struct json_object *list = json_object_new_array();
	int n = f ? style_figures_collect(r, f) : 0;

	for (int k = 0; k < n; k++) {
		struct json_object *o = json_object_new_object();

		summary_add(o, "name", json_object_new_string(f[k].name));
		summary_add(o, "value", summary_num(f[k].value, 3));
		summary_add(o, "unit", json_object_new_string(f[k].unit));
		summary_add(o, "worse", json_object_new_string(
				   f[k].worse > 0 ? "higher" : "lower"));
		json_object_array_add(list, o);
	}
	free(f);
	return list;
}

static struct json_object *summary_build(const struct run_result *r)
{
	const struct workload *w = r->w;
	enum run_stop stop = r->stop;
	struct json_object *o, *tasks;
	struct run_task_stats *s = malloc(sizeof(*s));
	struct lock_stats *ls = malloc(sizeof(*ls));
	char sig[32];

	if (!s || !ls) {
		free(s);
		free(ls);
		return NULL;
	}
	o = json_object_new_object();
	summary_add(o, "mimic_summary",
		    json_object_new_int(SUMMARY_JSON_VERSION));
	summary_add(o, "mimic_version", json_object_new_string(PACKAGE_VERSION));
	summary_add(o, "workload", json_object_new_string(w->file));
	summary_add(o, "started", summary_started(r));
	summary_add(o, "duration_s", summary_num(run_result_seconds(r), 3));
	summary_add(o, "stop", json_object_new_string(run_meta_stop_name(r)));
	if (stop == RUN_STOP_SIGNAL) {
		const char *abbrev = sigabbrev_np(r->stop_signal);

		snprintf(sig, sizeof(sig), "SIG%s", abbrev ? abbrev : "UNKNOWN");
		summary_add(o, "signal", json_object_new_string(sig));
	}
	if (r->brk.hit)
		summary_add(o, "break", run_meta_break_json(r));
	summary_dropped(o, r);
	summary_add(o, "threads", json_object_new_int(r->n_threads));
	summary_add(o, "ns_per_loop", summary_num(r->ns_per_loop, 3));
	summary_add(o, "calibration", summary_calibration(r));
	summary_add(o, "seed", json_object_new_int64((int64_t)w->g.seed));
	if (r->meta)
		summary_add(o, "run", run_meta_json(r, -1));
	summary_add(o, "headline", summary_headline(r));
	tasks = json_object_new_array();
	for (size_t k = 0; k < w->n_tasks; k++) {
		run_stats_task(r, &w->tasks[k], s);
		/* As the text summary: a task never instantiated is left out. */
		if (!s->threads)
			continue;
		struct json_object *t = summary_task(r, &w->tasks[k], s);

		summary_task_locks(t, r, &w->tasks[k], ls);
		json_object_array_add(tasks, t);
	}
	summary_add(o, "tasks", tasks);
	summary_add(o, "blocked_at_stop", blocked_json(r));
	summary_locks(o, r, ls);
	free(s);
	free(ls);
	return o;
}

int summary_json_write(const struct run_result *r, const char *path)
{
	struct json_object *o = summary_build(r);
	bool to_stdout = !strcmp(path, "-");
	const char *text;
	char tmp[4096];
	FILE *f = NULL;
	int rc = -1;

	if (!o) {
		fprintf(stderr, "mimic: out of memory\n");
		return -1;
	}
	text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
						 JSON_C_TO_STRING_SPACED |
						 JSON_C_TO_STRING_NOSLASHESCAPE);
	f = to_stdout ? stdout : atomic_file_open(path, tmp, sizeof(tmp));
	if (!f || fputs(text, f) < 0 || fputc('\n', f) < 0)
		goto fail;
	if (to_stdout ? fflush(f) : atomic_file_commit(f, tmp, path)) {
		f = NULL;
		goto fail;
	}
	rc = 0;
	goto out;
fail:
	fprintf(stderr, "mimic: cannot write summary %s: %s\n",
		to_stdout ? "to standard output" : path,
		to_stdout ? strerror(errno) : safe_file_strerror(path, errno));
	if (f && !to_stdout)
		atomic_file_abort(f, tmp);
out:
	json_object_put(o);
	return rc;
}
