/*
 * trace_json.h - the run's timeline as a Chrome Trace Event file
 * (--trace-json), for Perfetto UI and chrome://tracing: each thread kept
 * the last slices it executed in its ring (record/trace_ring.h); this
 * writes them all from the run result once the threads are joined.
 */
#ifndef MIMIC_TRACE_JSON_H
#define MIMIC_TRACE_JSON_H

struct run_result;

/* Writes every thread's slices to path, whole or not at all; -1
 * (reported) on error. */
int trace_json_write(const struct run_result *r, const char *path);

#endif
