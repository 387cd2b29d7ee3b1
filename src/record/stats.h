/*
 * stats.h - what one thread counts while it runs (rows, overruns,
 * messages, histograms, samples): written by its thread only, in the
 * engine's shared region, and read by the reports after the join through
 * the run result (record/result.h).
 */
#ifndef MIMIC_STATS_H
#define MIMIC_STATS_H

#include "lib/rhist.h"
#include "lib/kstat.h"
#include "model/workload.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

struct e2e_stats;
struct lock_stats;
struct sample_log;

struct thread_stats {
	/*
	 * What an iteration or a message adds to, first and together:
	 * struct thread (engine/thread.h) puts them beside its own hot
	 * fields. Every histogram exists only if the task's events record
	 * it (else NULL) and takes its counts from the pool `hists` (rhist.h).
	 */
	struct rshist *slack_us;   /* per row with a timer: its slack, µs */
	struct rhist *run_us;      /* per row with run/runtime: wall time, µs */
	struct rshist *run_err_bp; /* run: measured vs requested, 0.01 % */
	struct sample_log *samples; /* every sample, or NULL (samples.h) */
	struct e2e_stats *e2e;    /* end-to-end latency (e2e.h), or NULL */
	uint64_t rows;            /* phase iterations completed */
	uint64_t timer_overruns;
	/* Wake-up latency per path, µs: the thread slept and was woken. */
	struct rhist *wake_us[WAKE_PATHS];
	/* Message latency per message path (wake_path_has_messages), µs:
	 * every message taken, queueing included. */
	struct rhist *message_us[WAKE_PATHS];
	/* The same messages as the difference of two µs clock readings
	 * (time_us_clock_delta), the rule of tools timing with
	 * gettimeofday; only when globals.us_clock_messages, else NULL. */
	struct rhist *message_clock_us[WAKE_PATHS];
	uint64_t sent, received;  /* messages */
	uint64_t sent_bytes, received_bytes; /* their sizes, summed */
	uint64_t damaged;         /* received with a broken pattern */

	uint64_t attr_failures;   /* phase attribute changes refused */
	struct rhist_pool *hists;
	struct rhist *request_us;  /* request: now - last wake-up, µs */
	_Atomic uint64_t requests; /* request events done (read by rate) */
	struct rhist *rate;        /* rate: requests per second, 1 per sample */
	uint64_t rate_last;       /* rate: requests seen at the last sample */
	int64_t rate_last_ns;     /* rate: time of the last sample, 0: none */
	struct kstat kernel;      /* /proc at the thread's end; .have 0: none */
	struct lock_stats *locks; /* one per mutex its lock events take */
	size_t n_locks;
};

#endif
