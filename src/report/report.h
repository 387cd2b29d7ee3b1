/* report.h - the end-of-run summary on stdout. */
#ifndef MIMIC_REPORT_H
#define MIMIC_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct run_result;

/* The summary (not with quiet), then on stderr what went wrong: damaged
 * messages, refused attribute changes, dropped log rows. */
void report_print(const struct run_result *r, bool quiet);
/* A workload's own lines (print_start / print_end), %{time} expanded to
 * elapsed_us. */
void report_lines(const char *const *lines, size_t n, int64_t elapsed_us);

/* The real tools' outputs of global "report". */
void report_styles_print(const struct run_result *r);

#endif
