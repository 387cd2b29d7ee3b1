/*
 * schbench_classic.c - report "schbench-classic": the table of the 2016
 * schbench the scheduler literature cites (masoncl/schbench 3d16b23):
 * "Latency percentiles (usec)" over every recorded futex_wait, with
 * 50, 75, 90, 95, 99 (starred), 99.5, 99.9 and min/max. schbench takes
 * its sample whether or not the worker slept: the futex path's message
 * latency (post stamp -> wait returned), not its wake-up latency. In µs
 * as schbench's tvdelta() of two gettimeofday() readings gives it:
 * floor(end_ns/1000) - floor(start_ns/1000) (message_clock_us).
 */
#include "report_style.h"

#include "record/result.h"
#include "report/styles/schbench_stats.h"

#include <stdlib.h>

/* Every recorded futex_wait's latency, above 0 µs; NULL without memory. */
static struct hist *schbench_classic_gather(const struct run_result *r)
{
	struct hist *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	for (int k = 0; k < r->n_threads; k++)
		if (r->threads[k].stats->message_clock_us[WAKE_FUTEX])
			hist_merge(h, r->threads[k].stats->message_clock_us[WAKE_FUTEX]);
	schbench_drop_zeros(h);
	return h;
}

static void schbench_classic_print(const struct run_result *r, FILE *out)
{
	struct hist *h = schbench_classic_gather(r);

	if (!h)
		return;
	schbench_print_classic(out, h);
	free(h);
}

/* The starred row of its table, *99.0000th. */
static int schbench_classic_headline(const struct run_result *r,
				     struct style_figure *out, int max)
{
	struct hist *h;
	double p99 = 99;
	uint64_t val, samples;

	if (max < 1 || !(h = schbench_classic_gather(r)))
		return 0;
	schbench_percentiles(h, &p99, 1, &val, &samples);
	out[0] = (struct style_figure){ "schbench_classic.p99_us",
					(double)val, "us", +1 };
	free(h);
	return 1;
}

const struct report_style report_schbench_classic = {
	.name = "schbench-classic",
	.help = "classic (2016) schbench's Latency percentiles (usec) table",
	.print = schbench_classic_print,
	.headline = schbench_classic_headline,
	.us_clock_messages = true,
};
