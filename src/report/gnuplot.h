/* gnuplot.h - rt-app's .plot scripts next to the logs (global.gnuplot). */
#ifndef MIMIC_GNUPLOT_H
#define MIMIC_GNUPLOT_H

struct engine;

/* Writes one script per thread and the two global ones; -1 on error. */
int gnuplot_write(const struct engine *e);

#endif
