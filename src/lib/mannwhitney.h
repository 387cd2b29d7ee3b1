/*
 * mannwhitney.h - the Mann-Whitney U test (Wilcoxon rank-sum), two-sided:
 * is one sample's distribution shifted against the other's? For mimic
 * compare of repeated runs, where a handful of medians per side is all
 * there is and nothing says they are normally distributed.
 */
#ifndef MIMIC_MANNWHITNEY_H
#define MIMIC_MANNWHITNEY_H

#include <stdbool.h>
#include <stddef.h>

/* Up to this many values per side the p-value is exact (no ties). */
#define MANNWHITNEY_EXACT_MAX 50

struct mannwhitney {
	double u;                 /* U of x: pairs (x_i, y_j) with x_i > y_j,
				   * ties counting 1/2 */
	double p;                 /* two-sided p-value, in [0, 1] */
	bool exact;               /* p from the exact distribution of U */
};

/*
 * Tests x[0..nx) against y[0..ny), nx and ny at least 1. Without ties and
 * with both sizes at most MANNWHITNEY_EXACT_MAX: the exact distribution
 * of U, p = 2 min(P(U <= u), P(U >= u)) capped at 1. Otherwise the normal
 * approximation with the tie correction of the variance and a continuity
 * correction of 1/2. Returns -1 (errno EINVAL or ENOMEM) on bad input.
 */
int mannwhitney_test(const double *x, size_t nx, const double *y, size_t ny,
		     struct mannwhitney *out);

#endif
