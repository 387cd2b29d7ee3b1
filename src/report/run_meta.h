/*
 * run_meta.h - what a run was, beside what it measured: the command line,
 * the workload file and its sha256, its params after --set, the machine
 * (kernel, CPUs, load, RT throttling, read before the run) and the run's
 * own facts (start, duration, why it ended, calibration). Written as
 * run.json in a run directory (--outdir, doc/run-dirs.md) and embedded as
 * "run" in the JSON summary.
 */
#ifndef MIMIC_RUN_META_H
#define MIMIC_RUN_META_H

#include "lib/sha256.h"

#include <stdbool.h>
#include <stddef.h>

struct json_object;
struct run_result;

/* The run.json format version, "mimic_run" in the file. */
#define RUN_META_VERSION 1

struct run_meta {
	const char *id;           /* the run directory's name, or NULL */
	const char *dir;          /* the run directory, or NULL: no run.json */
	int argc;
	char *const *argv;        /* the command line as given */
	const char *workload;     /* the file read ("<stdin>" for -) */
	char sha256[SHA256_HEX_BYTES]; /* of its bytes as read */
	struct json_object *params; /* name: value after --set; owned */
	/* Read by run_meta_host(), before the run. */
	char kernel[72];          /* uname -r */
	char machine[72];         /* uname -m */
	char cpu_model[160];      /* /proc/cpuinfo "model name", or "" */
	long cpus_online, cpus_configured;
	char loadavg[64];         /* /proc/loadavg's first three, or "" */
	long long rt_runtime_us, rt_period_us; /* -2: unreadable */
};

/* Fills the machine's part of m (it never fails: unknown stays empty). */
void run_meta_host(struct run_meta *m);

/* "duration", "loops", "signal", "error" or "break", as the summaries
 * say it. */
const char *run_meta_stop_name(const struct run_result *r);

/* The "break" object of a run --break-us stopped (r->brk.hit). */
struct json_object *run_meta_break_json(const struct run_result *r);

/* The "run" object (r->meta's facts and the run's); exit_status < 0 is
 * left out (the summary is written before it is decided). */
struct json_object *run_meta_json(const struct run_result *r,
				  int exit_status);

/* run.json in r->meta->dir, whole or not at all; -1 after saying why. */
int run_meta_write(const struct run_result *r, int exit_status);

/* Time zero on the wall clock: ISO 8601 UTC to the ms, in buf[n]. */
void run_meta_started(const struct run_result *r, char *buf, size_t n);

void run_meta_free(struct run_meta *m);

#endif
