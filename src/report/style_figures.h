/*
 * style_figures.h - a run's headline figures: the numbers its real tool's
 * users compare, from each report style of global "report" (schbench's
 * request p99, cyclictest's Max, ...) and, for a workload whose
 * print_end prints %{time} (hackbench's "Time:", perf bench messaging's
 * "Total time"), that time. The JSON summary's "headline" array.
 */
#ifndef MIMIC_STYLE_FIGURES_H
#define MIMIC_STYLE_FIGURES_H

#include "report_style.h"

struct run_result;

#define STYLE_FIGURES_MAX 64

/* Fills out (STYLE_FIGURES_MAX entries) in the order of global "report",
 * the print_end time last; returns how many. */
int style_figures_collect(const struct run_result *r, struct style_figure *out);

#endif
