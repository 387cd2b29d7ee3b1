/*
 * summary_json.h - the machine-readable end-of-run summary (--summary),
 * in the format doc/summary-format.md describes ("mimic_summary": 1).
 */
#ifndef MIMIC_SUMMARY_JSON_H
#define MIMIC_SUMMARY_JSON_H

#include <stddef.h>

struct run_result;

/* The current format version, "mimic_summary" in the file. */
#define SUMMARY_JSON_VERSION 1

/* Before the run: can path be created? "-" (stdout) always can. */
int summary_json_check(const char *path, char *err, size_t n);

/* After the run, threads joined: writes the summary to path ("-" is
 * standard output), whole or not at all; -1 after printing why not. */
int summary_json_write(const struct run_result *r, const char *path);

#endif
