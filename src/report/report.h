/* report.h - the end-of-run summary on stdout. */
#ifndef MIMIC_REPORT_H
#define MIMIC_REPORT_H

#include <stddef.h>

struct engine;

void report_print(const struct engine *e);
/* A workload's own lines (print_start / print_end), %{time} expanded. */
void report_lines(const struct engine *e, const char *const *lines, size_t n);

/* The real tools' outputs of global "report" (not with --quiet). */
void report_styles_print(const struct engine *e);

#endif
