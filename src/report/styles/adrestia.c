/*
 * adrestia.c - report style "adrestia": adrestia's wakeup cost lines.
 * A round is one wake of the wakees by the waker; its sample is the mean
 * over the wakees of their latency in that round (integer µs, truncated,
 * as adrestia sums timevals and divides). A wakee's latency is in µs as
 * adrestia's timersub() of two gettimeofday() readings gives it:
 * floor(end_ns/1000) - floor(start_ns/1000) (sample_clock_us), which is
 * ~0.5 µs more on average than the ns difference truncated. The printed figure is the 90th
 * percentile of the round samples, adrestia's sorted[9n/10]; a second
 * line gives the 95th the literature quotes, by the same rule.
 *
 * The wakees are the threads of tasks with "samples": true; their k-th
 * message in a phase belongs to round k of that phase. adrestia takes its
 * sample whether or not the wakee was already asleep in read(): the
 * message latency (send stamp -> read returned), every message. Each phase name
 * is one test: "single" prints "wakeup cost (single): Nus", "periodic"
 * "wakeup cost (periodic, Aus): Nus" with A the style's argument
 * ("adrestia:A", the arrival time); any other name prints "(name)".
 */
#include "report/styles/adrestia.h"

#include "record/result.h"
#include "record/samples.h"
#include "report_style.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

extern const struct report_style report_adrestia;

void adrestia_round_means(const uint64_t *const *us, size_t n_threads,
			  size_t rounds, uint64_t *means)
{
	for (size_t k = 0; k < rounds; k++) {
		uint64_t sum = 0;

		for (size_t i = 0; i < n_threads; i++)
			sum += us[i][k];
		means[k] = n_threads ? sum / n_threads : 0;
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

uint64_t adrestia_sorted_pct(uint64_t *v, size_t n, unsigned pct)
{
	size_t k;

	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_u64);
	/* adrestia: times[9*entries/10], the lower nearest rank. */
	k = (size_t)pct * n / 100;
	return v[k < n ? k : n - 1];
}

/* One wakee's message latencies (µs) in the phases named name, in
 * order. */
static size_t ad_collect(const struct run_thread *t, const char *name,
			 uint64_t *out)
{
	const struct sample_log *l = t->stats->samples;
	size_t n = 0;

	for (uint64_t k = 0; k < l->n; k++) {
		const struct sample *s = &l->s[k];

		if (s->kind == SAMPLE_MESSAGE && s->phase < t->task->n_phases &&
		    !strcmp(t->task->phases[s->phase].name, name))
			out[n++] = sample_clock_us(s);
	}
	return n;
}

static void ad_label(const struct run_result *r, const char *name,
		     char *buf, size_t len)
{
	const char *arrival = report_style_arg(&r->w->g, &report_adrestia);

	if (!strcmp(name, "periodic") && arrival)
		snprintf(buf, len, "periodic, %sus", arrival);
	else
		snprintf(buf, len, "%s", name);
}

/* The figures of one test: its label, p90 and p95 of the round means. */
struct ad_result {
	char label[160];
	uint64_t p90, p95;
};

/* The test of phase name: collects, reduces per round; false if it has
 * no wakee or no memory. */
static bool ad_test(const struct run_result *r, const char *name,
		    const struct run_thread *const *th, int n,
		    struct ad_result *res)
{
	uint64_t **us = calloc((size_t)n + 1, sizeof(*us));
	uint64_t *means = NULL;
	size_t rounds = SIZE_MAX;
	int used = 0;
	bool done = false;

	if (!us)
		return false;
	for (int i = 0; i < n; i++) {
		uint64_t *v = malloc((th[i]->stats->samples->n + 1) * sizeof(*v));
		size_t got;

		if (!v)
			goto out;
		got = ad_collect(th[i], name, v);
		if (!got) {
			free(v);
			continue; /* not a wakee of this test */
		}
		us[used++] = v;
		if (got < rounds)
			rounds = got; /* a stopped run: whole rounds only */
	}
	if (!used || !(means = malloc(rounds * sizeof(*means))))
		goto out;
	adrestia_round_means((const uint64_t *const *)us, (size_t)used, rounds,
			     means);
	ad_label(r, name, res->label, sizeof(res->label));
	res->p90 = adrestia_sorted_pct(means, rounds, 90);
	res->p95 = adrestia_sorted_pct(means, rounds, 95);
	done = true;
out:
	for (int i = 0; i < used; i++)
		free(us[i]);
	free(us);
	free(means);
	return done;
}

/*
 * Every test, in the order their phases come in the wakees: fills res
 * (at most max of them), returns how many.
 */
static int ad_tests(const struct run_result *r, struct ad_result *res,
		    int max)
{
	int n = r->n_threads, nt = 0, done = 0;
	const struct run_thread **th = calloc((size_t)n + 1, sizeof(*th));
	const char **names = NULL;
	size_t n_names = 0;

	if (!th)
		return 0;
	for (int k = 0; k < n; k++)
		if (r->threads[k].created && r->threads[k].stats->samples)
			th[nt++] = &r->threads[k];
	for (int i = 0; i < nt; i++) {
		const struct task *task = th[i]->task;
		const char **grown = realloc(names, (n_names + task->n_phases) *
						    sizeof(*names));

		if (!grown)
			goto out;
		names = grown;
		for (size_t p = 0; p < task->n_phases; p++) {
			size_t j = 0;

			while (j < n_names && strcmp(names[j], task->phases[p].name))
				j++;
			if (j == n_names)
				names[n_names++] = task->phases[p].name;
		}
	}
	for (size_t j = 0; j < n_names && done < max; j++)
		if (ad_test(r, names[j], th, nt, &res[done]))
			done++;
out:
	free(names);
	free(th);
	return done;
}

#define AD_TESTS_MAX 64

static void ad_print(const struct run_result *r, FILE *out)
{
	struct ad_result *res = calloc(AD_TESTS_MAX, sizeof(*res));
	int n = res ? ad_tests(r, res, AD_TESTS_MAX) : 0;

	for (int k = 0; k < n; k++) {
		fprintf(out, "wakeup cost (%s): %lluus\n", res[k].label,
			(unsigned long long)res[k].p90);
		fprintf(out, "wakeup cost p95 (%s): %lluus\n", res[k].label,
			(unsigned long long)res[k].p95);
	}
	free(res);
}

/* Per test, its two lines' figures: adrestia.<phase>.p90_us, .p95_us. */
static int ad_headline(const struct run_result *r, struct style_figure *out,
		       int max)
{
	struct ad_result *res = calloc(AD_TESTS_MAX, sizeof(*res));
	int n = res ? ad_tests(r, res, AD_TESTS_MAX) : 0, got = 0;

	for (int k = 0; k < n && got + 2 <= max; k++) {
		const char *phase = res[k].label;
		char test[64];

		/* The phase's name, without the arrival "periodic, 10us". */
		snprintf(test, sizeof(test), "%.*s", (int)strcspn(phase, ","),
			 phase);
		out[got] = (struct style_figure){ "", (double)res[k].p90, "us",
						  +1 };
		snprintf(out[got].name, sizeof(out[got].name),
			 "adrestia.%s.p90_us", test);
		got++;
		out[got] = (struct style_figure){ "", (double)res[k].p95, "us",
						  +1 };
		snprintf(out[got].name, sizeof(out[got].name),
			 "adrestia.%s.p95_us", test);
		got++;
	}
	free(res);
	return got;
}

const struct report_style report_adrestia = {
	.name = "adrestia",
	.help = "adrestia's wakeup cost lines (90th percentile of per-round "
		"means, and the 95th); \"adrestia:A\" names the arrival",
	.print = ad_print,
	.headline = ad_headline,
};
