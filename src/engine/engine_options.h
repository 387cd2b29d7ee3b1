/*
 * engine_options.h - how main asks the engine to run (the command line's
 * part of it): seen by main through engine.h and by threads through
 * engine_ctx.h.
 */
#ifndef MIMIC_ENGINE_OPTIONS_H
#define MIMIC_ENGINE_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct engine_options {
	bool quiet;
	const char *trace_json;   /* --trace-json FILE, or NULL */
	uint64_t trace_slices;    /* slices kept per thread; 0: default */
	bool no_progress;         /* no progress line even on a terminal */
	/* global.interval's blocks (engine/interval.c) go here: main's
	 * choice, standard error when standard output is kept for the
	 * tool's lines or the summary; NULL: standard output. */
	FILE *interval_out;
	bool allow_missing;       /* --allow-missing: see sched_attr_apply() */
	/* rt-app's duration: with global.duration set, main waits the whole
	 * duration even after every thread has ended its loops, then shuts
	 * down (rt-app mode, doc/rtapp-mode.md). */
	bool whole_duration;
	/* Called once everything is set up, just before the threads start
	 * (main prints the workload's print_start lines there), or NULL. */
	void (*before_start)(void *arg);
	void *arg;
};

#endif
