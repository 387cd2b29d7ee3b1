/*
 * latency_break.h - --break-us N (global "break_us"), cyclictest's -b:
 * the first wake-up later than N µs stops the run, freezes the ftrace
 * buffer (tracing_on 0, when tracing is in use) and is named: its thread,
 * latency and iteration, on standard error, in the summaries.
 */
#ifndef MIMIC_LATENCY_BREAK_H
#define MIMIC_LATENCY_BREAK_H

#include "model/workload.h"

#include <stdbool.h>
#include <stdint.h>

struct engine;
struct thread;

/* Before time zero, in main: no break yet, the trace buffer armed. */
void latency_break_arm(struct engine *e);
/* A thread's break_at_ns: INT64_MAX without --break-us. */
int64_t latency_break_at_ns(const struct engine *e);
/*
 * In the thread that woke ns late (ns >= its break_at_ns): the first one
 * claims the break, notes it in the trace and freezes it, and wakes main.
 */
void latency_break_hit(struct thread *t, enum wake_path path, int64_t ns);
/* Main: a break was claimed and is complete. */
bool latency_break_seen(const struct engine *e);
/* Main, once it stops the run for it: the line that names it. */
void latency_break_print(const struct engine *e);

#endif
