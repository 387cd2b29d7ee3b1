/* gnuplot.h - rt-app's .plot scripts next to the logs (global.gnuplot). */
#ifndef MIMIC_GNUPLOT_H
#define MIMIC_GNUPLOT_H

struct run_result;

/* Writes one script per thread and the two global ones; -1 on error. */
int gnuplot_write(const struct run_result *r);

#endif
