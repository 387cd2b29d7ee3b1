/*
 * headline.c - the headline metrics of a run's summary.json (headline.h).
 * A workload-wide percentile is taken over the merged histograms of the
 * tasks (the summary's "hist" buckets), by the same rule as the
 * summary's own percentiles (doc/log-format.md §2.3).
 */
#include "cli/headline.h"

#include "lib/hist.h"

#include <json-c/json.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const headline_names[HEADLINE_METRICS] = {
	"duration_s", "loops", "overruns", "wake.p50", "wake.p99",
	"slack_us.min", "slack_us.p50", "run_us.p50", "request.p50",
	"request.p99", "request.rps", "e2e.p50", "e2e.p99", "budget.misses",
};

const char *const headline_units[HEADLINE_METRICS] = {
	"s", "", "", "us", "us", "us", "us", "us", "us", "us", "1/s", "us",
	"us", "",
};

int headline_find(const char *name)
{
	for (int k = 0; k < HEADLINE_METRICS; k++)
		if (!strcmp(headline_names[k], name))
			return k;
	return -1;
}

static struct json_object *headline_get(struct json_object *o, const char *k)
{
	struct json_object *v = NULL;

	if (o && json_object_is_type(o, json_type_object))
		json_object_object_get_ex(o, k, &v);
	return v;
}

static bool headline_is_number(struct json_object *v)
{
	return v && (json_object_is_type(v, json_type_int) ||
		     json_object_is_type(v, json_type_double));
}

/* PREFIX.p50 and PREFIX.p99 of the "latency_us" of o (requests, e2e). */
static void headline_latency(struct json_object *o, const char *task,
			     const char *prefix,
			     void (*put)(void *arg, const char *task,
					 const char *metric,
					 struct json_object *v),
			     void *arg)
{
	struct json_object *lat = headline_get(o, "latency_us");
	char key[96];

	snprintf(key, sizeof(key), "%s.p50", prefix);
	put(arg, task, key, headline_get(lat, "p50"));
	snprintf(key, sizeof(key), "%s.p99", prefix);
	put(arg, task, key, headline_get(lat, "p99"));
}

/* A task's requests, when its request events counted any. */
static struct json_object *headline_requests(struct json_object *t)
{
	struct json_object *req = headline_get(t, "requests");

	return json_object_get_int64(headline_get(req, "count")) > 0 ? req
								      : NULL;
}

void headline_per_task(struct json_object *s,
		       void (*put)(void *arg, const char *task,
				   const char *metric, struct json_object *v),
		       void *arg)
{
	static const char *const pcts[] = { "p50", "p99" };
	struct json_object *tasks = headline_get(s, "tasks");
	char key[96];

	struct json_object *figures = headline_get(s, "headline");

	put(arg, NULL, "duration_s", headline_get(s, "duration_s"));
	/* The report styles' own figures (schbench's request p99, ...). */
	for (size_t k = 0; figures && json_object_is_type(figures,
							  json_type_array) &&
			   k < json_object_array_length(figures); k++) {
		struct json_object *f = json_object_array_get_idx(figures, k);
		const char *fname =
			json_object_get_string(headline_get(f, "name"));

		if (fname)
			put(arg, NULL, fname, headline_get(f, "value"));
	}
	if (!tasks || !json_object_is_type(tasks, json_type_array))
		return;
	for (size_t k = 0; k < json_object_array_length(tasks); k++) {
		struct json_object *t = json_object_array_get_idx(tasks, k);
		struct json_object *wake = headline_get(t, "wake");
		const char *name =
			json_object_get_string(headline_get(t, "name"));

		if (!name)
			continue;
		put(arg, name, "loops", headline_get(t, "loops"));
		put(arg, name, "overruns", headline_get(t, "overruns"));
		if (wake && json_object_is_type(wake, json_type_object)) {
			json_object_object_foreach(wake, path, st) {
				for (int p = 0; p < 2; p++) {
					snprintf(key, sizeof(key), "wake.%s.%s",
						 path, pcts[p]);
					put(arg, name, key,
					    headline_get(st, pcts[p]));
				}
			}
		}
		put(arg, name, "slack_us.min",
		    headline_get(headline_get(t, "slack_us"), "min"));
		put(arg, name, "slack_us.p50",
		    headline_get(headline_get(t, "slack_us"), "p50"));
		put(arg, name, "run_us.p50",
		    headline_get(headline_get(t, "run_us"), "p50"));
		if (headline_requests(t)) {
			headline_latency(headline_requests(t), name, "request",
					 put, arg);
			put(arg, name, "request.rps",
			    headline_get(headline_requests(t), "rps"));
		}
		headline_latency(headline_get(t, "e2e"), name, "e2e", put, arg);
		if (headline_get(headline_get(t, "e2e"), "budget_us"))
			put(arg, name, "budget.misses",
			    headline_get(headline_get(t, "e2e"), "misses"));
	}
}

/* Samples of many tasks: their histograms merged, and the exact extremes. */
struct headline_merge {
	struct shist h;
	double min, max;
	bool any;
};

/* Adds one statistics object's buckets ({"hist": [[value, count]...],
 * "min", "max"}) to m. */
static void headline_merge_add(struct headline_merge *m,
			       struct json_object *st)
{
	struct json_object *hist = headline_get(st, "hist");
	struct json_object *min = headline_get(st, "min");
	struct json_object *max = headline_get(st, "max");

	if (!hist || !json_object_is_type(hist, json_type_array) ||
	    !headline_is_number(min) || !headline_is_number(max))
		return;
	for (size_t k = 0; k < json_object_array_length(hist); k++) {
		struct json_object *b = json_object_array_get_idx(hist, k);
		int64_t v = json_object_get_int64(json_object_array_get_idx(b, 0));
		int64_t c = json_object_get_int64(json_object_array_get_idx(b, 1));
		struct hist *h = v < 0 ? &m->h.neg : &m->h.pos;
		uint64_t mag = (uint64_t)(v < 0 ? -v : v);

		if (c <= 0)
			continue;
		/* As hist_add would, c times over. */
		if (!h->n || mag < h->min)
			h->min = mag;
		if (!h->n || mag > h->max)
			h->max = mag;
		h->counts[hist_bucket(mag)] += (uint32_t)c;
		h->n += (uint64_t)c;
	}
	if (!m->any || json_object_get_double(min) < m->min)
		m->min = json_object_get_double(min);
	if (!m->any || json_object_get_double(max) > m->max)
		m->max = json_object_get_double(max);
	m->any = true;
}

/* The p-th percentile of the merged samples, kept within the exact
 * extremes seen; NAN when there are none. */
static double headline_merge_percentile(const struct headline_merge *m,
					double p)
{
	double v;

	if (!m->any || !shist_count(&m->h))
		return NAN;
	v = (double)shist_percentile(&m->h, p);
	return v < m->min ? m->min : v > m->max ? m->max : v;
}

void headline_workload(struct json_object *s, double *out)
{
	struct json_object *tasks = headline_get(s, "tasks");
	struct json_object *v = headline_get(s, "duration_s");
	struct headline_merge *wake = calloc(5, sizeof(*wake));
	struct headline_merge *slack = wake + 1, *run = wake + 2;
	struct headline_merge *request = wake + 3, *e2e = wake + 4;
	double loops = 0, overruns = 0, slack_min = NAN, rps = NAN;
	double misses = NAN;
	bool any_task = false;

	for (int k = 0; k < HEADLINE_METRICS; k++)
		out[k] = NAN;
	if (headline_is_number(v))
		out[HEADLINE_DURATION_S] = json_object_get_double(v);
	if (!wake || !tasks || !json_object_is_type(tasks, json_type_array)) {
		free(wake);
		return;
	}
	for (size_t k = 0; k < json_object_array_length(tasks); k++) {
		struct json_object *t = json_object_array_get_idx(tasks, k);
		struct json_object *w = headline_get(t, "wake");
		struct json_object *sl = headline_get(t, "slack_us");
		struct json_object *m;

		any_task = true;
		if (headline_is_number(m = headline_get(t, "loops")))
			loops += json_object_get_double(m);
		if (headline_is_number(m = headline_get(t, "overruns")))
			overruns += json_object_get_double(m);
		if (w && json_object_is_type(w, json_type_object)) {
			json_object_object_foreach(w, path, st) {
				(void)path;
				headline_merge_add(wake, st);
			}
		}
		m = headline_get(sl, "min");
		if (headline_is_number(m) &&
		    (isnan(slack_min) || json_object_get_double(m) < slack_min))
			slack_min = json_object_get_double(m);
		headline_merge_add(slack, sl);
		headline_merge_add(run, headline_get(t, "run_us"));
		if ((m = headline_requests(t))) {
			headline_merge_add(request, headline_get(m, "latency_us"));
			m = headline_get(m, "rps");
			if (headline_is_number(m))
				rps = (isnan(rps) ? 0 : rps) +
				      json_object_get_double(m);
		}
		m = headline_get(t, "e2e");
		headline_merge_add(e2e, headline_get(m, "latency_us"));
		if (headline_get(m, "budget_us") &&
		    headline_is_number(headline_get(m, "misses")))
			misses = (isnan(misses) ? 0 : misses) +
				 json_object_get_double(headline_get(m,
								     "misses"));
	}
	if (any_task) {
		out[HEADLINE_LOOPS] = loops;
		out[HEADLINE_OVERRUNS] = overruns;
	}
	out[HEADLINE_WAKE_P50] = headline_merge_percentile(wake, 50);
	out[HEADLINE_WAKE_P99] = headline_merge_percentile(wake, 99);
	out[HEADLINE_SLACK_MIN] = slack_min;
	out[HEADLINE_SLACK_P50] = headline_merge_percentile(slack, 50);
	out[HEADLINE_RUN_P50] = headline_merge_percentile(run, 50);
	out[HEADLINE_REQUEST_P50] = headline_merge_percentile(request, 50);
	out[HEADLINE_REQUEST_P99] = headline_merge_percentile(request, 99);
	out[HEADLINE_REQUEST_RPS] = rps;
	out[HEADLINE_E2E_P50] = headline_merge_percentile(e2e, 50);
	out[HEADLINE_E2E_P99] = headline_merge_percentile(e2e, 99);
	out[HEADLINE_BUDGET_MISSES] = misses;
	free(wake);
}

static int headline_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int headline_stats(const double *values, int n, double out[3])
{
	double v[n > 0 ? n : 1];
	int have = 0;

	for (int k = 0; k < n; k++)
		if (!isnan(values[k]))
			v[have++] = values[k];
	if (!have)
		return 0;
	qsort(v, (size_t)have, sizeof(double), headline_cmp);
	out[0] = v[0];
	out[1] = have % 2 ? v[have / 2] : (v[have / 2 - 1] + v[have / 2]) / 2;
	out[2] = v[have - 1];
	return have;
}

struct json_object *headline_json(double v)
{
	char buf[32];

	if (isnan(v))
		return NULL;
	snprintf(buf, sizeof(buf), "%.10g", v);
	return json_object_new_double_s(v, buf);
}
