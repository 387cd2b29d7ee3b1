/*
 * report_style.c - the table of report styles (one per src/report/styles/
 * file): the parser finds a style by name here, the reporters print it.
 */
#include "report_style.h"

#include "model/workload.h"

#include <string.h>

extern const struct report_style report_adrestia;
extern const struct report_style report_cyclictest;
extern const struct report_style report_perf_pipe;
extern const struct report_style report_schbench, report_schbench_classic;

const struct report_style *const report_styles[] = {
	&report_adrestia,
	&report_cyclictest,
	&report_perf_pipe,
	&report_schbench,
	&report_schbench_classic,
	NULL
};

const struct report_style *report_style_find(const char *name)
{
	for (size_t k = 0; report_styles[k]; k++)
		if (!strcmp(report_styles[k]->name, name))
			return report_styles[k];
	return NULL;
}

const char *report_style_arg(const struct globals *g,
			     const struct report_style *style)
{
	for (size_t k = 0; k < g->n_reports; k++)
		if (g->reports[k] == style && g->report_args)
			return g->report_args[k];
	return NULL;
}
