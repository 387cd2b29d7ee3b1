/*
 * filename.h - the rules for names that become parts of file names
 * (global.log_basename, task names): what is refused and how long the
 * longest file made from them can be.
 */
#ifndef MIMIC_FILENAME_H
#define MIMIC_FILENAME_H

#include <stddef.h>

/* Bytes of a task name that go into a log file name (the rest is cut). */
#define FILENAME_TASK_BYTES 120

/*
 * The longest file name made of a log_basename of base_len bytes and a
 * task name of task_len bytes: "<base>-<task>-<idx>-<fork>.plot", idx and
 * fork counted at their widest (10 digits each).
 */
size_t filename_longest(size_t base_len, size_t task_len);

/* Why s cannot be part of a file name ("contains \"/\"", ...), or NULL. */
const char *filename_part_bad(const char *s);

/* s with control characters and '\\' as \xNN, cut to fit out[n]. */
void filename_printable(const char *s, char *out, size_t n);

#endif
