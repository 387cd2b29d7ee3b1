/*
 * schbench.c - report "schbench": the end-of-run tables of schbench
 * (masoncl/schbench since 2023): Wakeup Latencies over every recorded
 * futex_wait, Request Latencies over every request event, RPS over the
 * rate samples (plus the last second, which schbench samples as it
 * stops), average rps = requests / runtime, and its sched delay line.
 */
#include "report/report_style.h"

#include "engine/engine.h"
#include "lib/timeutil.h"
#include "report/styles/schbench_stats.h"

#include <math.h>
#include <stdlib.h>

struct schbench_sums {
	struct hist wake, request, rate;
	uint64_t requests;
};

static void schbench_gather(const struct engine *e, struct schbench_sums *s)
{
	int n = atomic_load(&e->n_threads);

	for (int k = 0; k < n; k++)
		s->requests += atomic_load(&e->threads[k].stats.requests);
	for (int k = 0; k < n; k++) {
		const struct thread_stats *st = &e->threads[k].stats;

		if (st->wake_us[WAKE_FUTEX])
			hist_merge(&s->wake, st->wake_us[WAKE_FUTEX]);
		if (st->request_us)
			hist_merge(&s->request, st->request_us);
		if (!st->rate)
			continue;
		hist_merge(&s->rate, st->rate);
		if (st->rate_last_ns) {
			int64_t us = e->t_end_ns / 1000 - st->rate_last_ns / 1000;
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

static void schbench_print(const struct engine *e, FILE *out)
{
	struct schbench_sums *s = calloc(1, sizeof(*s));
	double runtime = e->w->g.duration_s > 0
				 ? e->w->g.duration_s
				 : (double)(e->t_end_ns - e->t_zero_ns) / 1e9;
	unsigned long long r = (unsigned long long)runtime;

	if (!s)
		return;
	schbench_gather(e, s);
	schbench_print_table(out, &s->wake, "Wakeup Latencies", "usec", r,
			     SCHBENCH_FOR_LAT, SCHBENCH_P99);
	schbench_print_table(out, &s->request, "Request Latencies", "usec", r,
			     SCHBENCH_FOR_LAT, SCHBENCH_P99);
	schbench_print_table(out, &s->rate, "RPS", "requests", r,
			     SCHBENCH_FOR_RPS, SCHBENCH_P50);
	fprintf(out, "average rps: %.2f\n",
		runtime > 0 ? (double)s->requests / runtime : 0.0);
	/* schbench reads /proc/<tid>/schedstat once its threads have
	 * exited, so its final line is always this. */
	fprintf(out, "sched delay: message 0 (usec) worker 0 (usec)\n");
	free(s);
}

const struct report_style report_schbench = {
	.name = "schbench",
	.help = "schbench's Wakeup/Request Latencies and RPS percentiles, "
		"average rps",
	.print = schbench_print,
};
