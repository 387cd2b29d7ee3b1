/*
 * headline.h - a run's headline figures: the numbers its real tool's
 * users compare, from each report style of global "report" (schbench's
 * request p99, cyclictest's Max, ...) and, for a workload whose
 * print_end prints %{time} (hackbench's "Time:", perf bench messaging's
 * "Total time"), that time. The JSON summary's "headline" array.
 */
#ifndef MIMIC_HEADLINE_H
#define MIMIC_HEADLINE_H

#include "report_style.h"

struct run_result;

#define HEADLINE_MAX 64

/* Fills out (HEADLINE_MAX entries) in the order of global "report",
 * the print_end time last; returns how many. */
int headline_figures(const struct run_result *r, struct style_figure *out);

#endif
