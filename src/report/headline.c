/*
 * headline.c - a run's headline figures (headline.h): each report
 * style's own, then "time_s" when print_end shows %{time} or %{time_us},
 * the run's length as those lines print it (%{time}: ms truncated, as
 * hackbench and perf do).
 */
#include "report/headline.h"

#include "model/workload.h"
#include "record/result.h"

#include <stdbool.h>
#include <string.h>

/* Whether a print_end line shows the run's length. */
static bool headline_prints_time(const struct globals *g)
{
	for (size_t k = 0; k < g->n_print_end; k++)
		if (strstr(g->print_end[k], "%{time}") ||
		    strstr(g->print_end[k], "%{time_us}"))
			return true;
	return false;
}

int headline_figures(const struct run_result *r, struct style_figure *out)
{
	const struct globals *g = &r->w->g;
	int n = 0;

	for (size_t k = 0; k < g->n_reports && n < HEADLINE_MAX; k++)
		if (g->reports[k]->headline)
			n += g->reports[k]->headline(r, out + n,
						     HEADLINE_MAX - n);
	if (headline_prints_time(g) && n < HEADLINE_MAX) {
		int64_t us = (r->t_end_ns - r->t_zero_ns) / 1000;

		out[n++] = (struct style_figure){
			"time_s", (double)(us / 1000) / 1000, "s", +1 };
	}
	return n;
}
