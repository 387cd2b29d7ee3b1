/*
 * schbench_stats.h - schbench's statistics over mimic's histograms (which
 * use schbench's buckets): its percentile walk, its "(N samples)" column,
 * its min rule, and its two table formats, so that numbers printed by the
 * schbench report styles are computed exactly as schbench computes them.
 */
#ifndef MIMIC_REPORTS_SCHBENCH_STATS_H
#define MIMIC_REPORTS_SCHBENCH_STATS_H

#include "lib/hist.h"

#include <stdio.h>

#define SCHBENCH_PLIST_MAX 8

/* Modern schbench's percentile list and the rows each table prints. */
enum {
	SCHBENCH_P20 = 1 << 0,
	SCHBENCH_P50 = 1 << 1,
	SCHBENCH_P90 = 1 << 2,
	SCHBENCH_P99 = 1 << 3,
	SCHBENCH_P999 = 1 << 4,
	SCHBENCH_FOR_LAT = SCHBENCH_P50 | SCHBENCH_P90 | SCHBENCH_P99 |
			   SCHBENCH_P999,
	SCHBENCH_FOR_RPS = SCHBENCH_P20 | SCHBENCH_P50 | SCHBENCH_P90,
};

/*
 * For each p of plist (ascending), the value of the first bucket at which
 * the running count reaches p% of the samples, and the samples counted
 * since the previous entry of the list (the first: from the start).
 */
void schbench_percentiles(const struct hist *h, const double *plist,
			  size_t n, uint64_t *val, uint64_t *samples);

/* schbench records a latency only when it is above 0 µs. */
void schbench_drop_zeros(struct hist *h);

/* schbench's min: 0 means "unset", so it is the smallest non-zero sample. */
uint64_t schbench_min(const struct hist *h);

/*
 * Modern schbench's table:
 *   LABEL percentiles (UNITS) runtime R (s) (N total samples)
 *   \t* 99.0th: V          (S samples)    (rows of mask, star marked)
 *   \t  min=A, max=B
 */
void schbench_print_table(FILE *out, const struct hist *h, const char *label,
			  const char *units, unsigned long long runtime,
			  unsigned mask, unsigned star);

/*
 * Classic (2016) schbench's table: "Latency percentiles (usec)", rows
 * \t50.0000th: V ... \t*99.0000th: V ..., then \tmin=0, max=B (its min
 * is never set, so it always prints 0).
 */
void schbench_print_classic(FILE *out, const struct hist *h);

#endif
