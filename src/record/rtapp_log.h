/* rtapp_log.h - per-thread log files in rt-app's exact format. */
#ifndef MIMIC_RTAPP_LOG_H
#define MIMIC_RTAPP_LOG_H

#include <stddef.h>
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

/* Bytes of one thread's ring of log rows: global "log_size", else
 * 256 KiB. */
size_t rtapp_log_ring_bytes(const struct globals *g);

/* The file name of a path rtapp_log_path made (no "/" in it). */
const char *rtapp_log_name(const char *path);
/*
 * Creates the file of path, as its name in the log directory dir_fd (the
 * rules of lib/safe_file.h), and writes the 11-column header; NULL and
 * why[len] on error. The stream is unbuffered: rows are formatted into
 * the caller's buffer (rtapp_log_format) and written a batch at a time,
 * so that 10000 open logs do not hold 10000 stdio buffers (4 KiB each,
 * a page each to write first; doc/limits.md).
 */
FILE *rtapp_log_open(int dir_fd, const char *path, char *why, size_t len);

/* The most one row takes, its newline included (every column at its
 * widest value). */
#define RTAPP_LOG_ROW_MAX 256
/* One row into buf (at least RTAPP_LOG_ROW_MAX bytes); returns its length.
 * rel_to_ns is the run's time zero (rel_st column). */
size_t rtapp_log_format(char *buf, int idx, const struct log_row *row,
			int64_t rel_to_ns);

#endif
