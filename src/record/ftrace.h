/*
 * ftrace.h - rt-app's trace_marker lines (rtapp_main, rtapp_task,
 * rtapp_loop, rtapp_event, rtapp_stats, rtapp_attrs), byte for byte, so
 * LISA parses them. One write() per marker, from a stack buffer.
 */
#ifndef MIMIC_FTRACE_H
#define MIMIC_FTRACE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Finds tracefs (mounting it at /sys/kernel/tracing if absent) and opens
 * trace_marker for the categories in mask. 0 when mask is 0.
 */
int ftrace_open(unsigned mask, char *err, size_t len);
void ftrace_close(void);

/* True when category bit is on: test before formatting anything. */
bool ftrace_on(unsigned bit);
void ftrace_write(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
