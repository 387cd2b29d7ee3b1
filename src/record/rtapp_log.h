/* rtapp_log.h - per-thread log files in rt-app's exact format. */
#ifndef MIMIC_RTAPP_LOG_H
#define MIMIC_RTAPP_LOG_H

#include <stdint.h>
#include <stdio.h>

struct globals;
struct log_row;

/*
 * "<logdir>/<log_basename>-<stem><ext>", e.g. stem "t-0" and ext ".log";
 * malloc'd, NULL when out of memory.
 */
char *rtapp_log_path(const struct globals *g, const char *stem,
		     const char *ext);

/* The file name of a path rtapp_log_path made (no "/" in it). */
const char *rtapp_log_name(const char *path);
/*
 * Creates the file of path, as its name in the log directory dir_fd (the
 * rules of lib/safe_file.h), and writes the 11-column header; NULL and
 * why[len] on error.
 */
FILE *rtapp_log_open(int dir_fd, const char *path, char *why, size_t len);
/* One row; rel_to_ns is the run's time zero (rel_st column). */
void rtapp_log_row(FILE *f, int idx, const struct log_row *row,
		   int64_t rel_to_ns);

#endif
