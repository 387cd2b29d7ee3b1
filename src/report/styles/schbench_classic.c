/*
 * schbench_classic.c - report "schbench-classic": the table of the 2016
 * schbench the scheduler literature cites (masoncl/schbench 3d16b23):
 * "Latency percentiles (usec)" over every recorded futex_wait, with
 * 50, 75, 90, 95, 99 (starred), 99.5, 99.9 and min/max. schbench takes
 * its sample whether or not the worker slept: the futex path's message
 * latency (post stamp -> wait returned), not its wake-up latency.
 */
#include "report_style.h"

#include "record/result.h"
#include "report/styles/schbench_stats.h"

#include <stdlib.h>

static void schbench_classic_print(const struct run_result *r, FILE *out)
{
	struct hist *h = calloc(1, sizeof(*h));

	if (!h)
		return;
	for (int k = 0; k < r->n_threads; k++)
		if (r->threads[k].stats->message_us[WAKE_FUTEX])
			hist_merge(h, r->threads[k].stats->message_us[WAKE_FUTEX]);
	schbench_drop_zeros(h);
	schbench_print_classic(out, h);
	free(h);
}

const struct report_style report_schbench_classic = {
	.name = "schbench-classic",
	.help = "classic (2016) schbench's Latency percentiles (usec) table",
	.print = schbench_classic_print,
};
