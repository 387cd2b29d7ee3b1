/* report.h - the end-of-run summary on stdout. */
#ifndef MIMIC_REPORT_H
#define MIMIC_REPORT_H

struct engine;

void report_print(const struct engine *e);

#endif
