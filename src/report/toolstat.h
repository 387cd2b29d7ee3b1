/*
 * toolstat.h - the real tools' statistics, computed their way (with their
 * truncations and index rules), apart from any printing so they can be
 * checked against hand-computed values.
 */
#ifndef MIMIC_TOOLSTAT_H
#define MIMIC_TOOLSTAT_H

#include "lib/hist.h"

#include <stddef.h>
#include <stdint.h>

/*
 * adrestia: round k's sample is the mean, integer µs truncated, of the
 * k-th latency (µs) of each of n_threads threads: us[i][k].
 */
void toolstat_round_means(const uint64_t *const *us, size_t n_threads,
			  size_t rounds, uint64_t *means);
/* adrestia's stats_best for any percentile: sorts v, returns v[pct*n/100]. */
uint64_t toolstat_sorted_pct(uint64_t *v, size_t n, unsigned pct);

/* cyclictest's per-thread figures from a µs latency histogram. */
struct toolstat_ct {
	uint64_t cycles;          /* C: */
	uint64_t min, act, avg, max; /* avg: sum / cycles, truncated */
	uint64_t total;           /* samples in rows 0 .. rows-1 (# Total:) */
	uint64_t overflows;       /* samples >= rows */
};

/*
 * Fills out and, when rows_out is not NULL, rows_out[v] = samples of v µs
 * for v < rows. Values below HIST_PLAIN are exact; above, a log-linear
 * bucket is counted at its lowest value.
 */
void toolstat_cyclictest(const struct hist *h, unsigned rows,
			 uint64_t *rows_out, struct toolstat_ct *out);

#endif
