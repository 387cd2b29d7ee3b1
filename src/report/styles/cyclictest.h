/*
 * cyclictest.h - cyclictest's per-thread figures from a µs latency
 * histogram, computed its way (Avg truncated, -h rows and overflows),
 * apart from the printing so they can be checked against hand-computed
 * values (tests/unit/test-styles.c).
 */
#ifndef MIMIC_STYLES_CYCLICTEST_H
#define MIMIC_STYLES_CYCLICTEST_H

#include "lib/hist.h"

#include <stdint.h>

struct cyclictest_stats {
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
void cyclictest_stats(const struct hist *h, unsigned rows,
		      uint64_t *rows_out, struct cyclictest_stats *out);

#endif
