/*
 * style_figures.c - a run's headline figures (style_figures.h): each report
 * style's own, then "time_s" when print_end shows %{time} or %{time_us},
 * the run's length as those lines print it (%{time}: ms truncated, as
 * hackbench and perf do).
 */
#include "report/style_figures.h"

#include "model/workload.h"
#include "record/result.h"

#include <stdbool.h>
#include <string.h>

/* Whether a print_end line shows the run's length. */
static bool style_figures_prints_time(const struct globals *g)
{
	for (size_t k = 0; k < g->n_print_end; k++)
		if (strstr(g->print_end[k], "%{time}") ||
		    strstr(g->print_end[k], "%{time_us}"))
			return true;
	return false;
}

int style_figures_collect(const struct run_result *r, struct style_figure *out)
{
	const struct globals *g = &r->w->g;
	int n = 0;

	for (size_t k = 0; k < g->n_reports && n < STYLE_FIGURES_MAX; k++)
		if (g->reports[k]->headline)
			n += g->reports[k]->headline(r, out + n,
						     STYLE_FIGURES_MAX - n);
	if (style_figures_prints_time(g) && n < STYLE_FIGURES_MAX) {
		int64_t us = (r->t_end_ns - r->t_zero_ns) / 1000;

		out[n++] = (struct style_figure){
			"time_s", (double)(us / 1000) / 1000, "s", +1 };
	}
	return n;
}
