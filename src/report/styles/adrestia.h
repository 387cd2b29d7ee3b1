/*
 * adrestia.h - adrestia's statistics, computed its way (truncated means,
 * its sorted[pct*n/100] index), apart from the printing so they can be
 * checked against hand-computed values (tests/unit/test-styles.c).
 */
#ifndef MIMIC_STYLES_ADRESTIA_H
#define MIMIC_STYLES_ADRESTIA_H

#include <stddef.h>
#include <stdint.h>

/*
 * Round k's sample is the mean, integer µs truncated, of the k-th latency
 * (µs) of each of n_threads threads: us[i][k].
 */
void adrestia_round_means(const uint64_t *const *us, size_t n_threads,
			  size_t rounds, uint64_t *means);
/* adrestia's stats_best for any percentile: sorts v, returns v[pct*n/100]. */
uint64_t adrestia_sorted_pct(uint64_t *v, size_t n, unsigned pct);

#endif
