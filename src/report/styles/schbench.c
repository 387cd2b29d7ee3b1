/*
 * schbench.c - report "schbench": the end-of-run tables of schbench
 * (masoncl/schbench since 2023): Wakeup Latencies over every recorded
 * futex_wait (slept or not, as schbench: the futex message latency), Request Latencies over every request event, RPS over the
 * rate samples (plus the last second, which schbench samples as it
 * stops), average rps = requests / runtime, and its sched delay line.
 * Wake-up latencies are in µs as schbench's tvdelta() of two
 * gettimeofday() readings gives them, floor(end_ns/1000) -
 * floor(start_ns/1000) (message_clock_us), not the ns difference
 * truncated; request latencies are taken that way too (event_ctx_request).
 */
#include "report_style.h"

#include "record/result.h"
#include "lib/timeutil.h"
#include "report/styles/schbench_stats.h"

#include <math.h>
#include <stdlib.h>

struct schbench_sums {
	struct hist wake, request, rate;
	uint64_t requests;
};

static void schbench_gather(const struct run_result *r,
			    struct schbench_sums *s)
{
	int n = r->n_threads;

	for (int k = 0; k < n; k++)
		s->requests += atomic_load(&r->threads[k].stats->requests);
	for (int k = 0; k < n; k++) {
		const struct thread_stats *st = r->threads[k].stats;

		if (st->message_clock_us[WAKE_FUTEX])
			hist_merge(&s->wake, st->message_clock_us[WAKE_FUTEX]);
		if (st->request_us)
			hist_merge(&s->request, st->request_us);
		if (!st->rate)
			continue;
		hist_merge(&s->rate, st->rate);
		if (st->rate_last_ns) {
			int64_t us = r->t_end_ns / 1000 - st->rate_last_ns / 1000;
			double rps = (double)((s->requests - st->rate_last) *
					      1000000) / (double)us;

			hist_add(&s->rate, isfinite(rps) && rps > 0
						   ? (uint64_t)rps : 0);
		}
	}
	/* schbench adds a latency only when it is above 0 µs. */
	schbench_drop_zeros(&s->wake);
	schbench_drop_zeros(&s->request);
}

/* schbench's runtime: the -r duration it was given, else the run's. */
static double schbench_runtime(const struct run_result *r)
{
	return r->w->g.duration_s > 0 ? r->w->g.duration_s
				      : run_result_seconds(r);
}

static void schbench_print(const struct run_result *r, FILE *out)
{
	struct schbench_sums *s = calloc(1, sizeof(*s));
	double runtime = schbench_runtime(r);
	unsigned long long secs = (unsigned long long)runtime;

	if (!s)
		return;
	schbench_gather(r, s);
	schbench_print_table(out, &s->wake, "Wakeup Latencies", "usec", secs,
			     SCHBENCH_FOR_LAT, SCHBENCH_P99);
	schbench_print_table(out, &s->request, "Request Latencies", "usec", secs,
			     SCHBENCH_FOR_LAT, SCHBENCH_P99);
	schbench_print_table(out, &s->rate, "RPS", "requests", secs,
			     SCHBENCH_FOR_RPS, SCHBENCH_P50);
	fprintf(out, "average rps: %.2f\n",
		runtime > 0 ? (double)s->requests / runtime : 0.0);
	/* schbench reads /proc/<tid>/schedstat once its threads have
	 * exited, so its final line is always this. */
	fprintf(out, "sched delay: message 0 (usec) worker 0 (usec)\n");
	free(s);
}

/* One percentile as its table's row prints it. */
static double schbench_pct(const struct hist *h, double p)
{
	uint64_t val, samples;

	schbench_percentiles(h, &p, 1, &val, &samples);
	return (double)val;
}

/* The starred rows of its tables (wakeup and request p99, RPS p50) and
 * the average rps line. */
static int schbench_headline(const struct run_result *r,
			     struct style_figure *out, int max)
{
	struct schbench_sums *s = calloc(1, sizeof(*s));
	double runtime = schbench_runtime(r);
	const struct style_figure f[] = {
		{ "schbench.wakeup_p99_us", 0, "us", +1 },
		{ "schbench.request_p99_us", 0, "us", +1 },
		{ "schbench.rps_p50", 0, "requests/s", -1 },
		{ "schbench.average_rps", 0, "requests/s", -1 },
	};
	int n = 0;

	if (!s)
		return 0;
	schbench_gather(r, s);
	for (; n < 4 && n < max; n++)
		out[n] = f[n];
	if (n > 0)
		out[0].value = schbench_pct(&s->wake, 99);
	if (n > 1)
		out[1].value = schbench_pct(&s->request, 99);
	if (n > 2)
		out[2].value = schbench_pct(&s->rate, 50);
	if (n > 3)
		out[3].value = runtime > 0 ? (double)s->requests / runtime : 0;
	free(s);
	return n;
}

const struct report_style report_schbench = {
	.name = "schbench",
	.help = "schbench's Wakeup/Request Latencies and RPS percentiles, "
		"average rps",
	.print = schbench_print,
	.headline = schbench_headline,
	.us_clock_messages = true,
};
