/*
 * mannwhitney.c - the Mann-Whitney U test (mannwhitney.h). U is counted
 * from the midranks of the pooled sample; the exact null distribution of
 * U (every split of the pooled ranks equally likely) comes from the
 * recurrence f(m, n, u) = f(m - 1, n, u - n) + f(m, n - 1, u) (the
 * largest value is an x, above all n y's, or a y), counted in doubles:
 * C(100, 50) is past 2^53, but a ratio of such counts keeps double
 * precision.
 */
#include "lib/mannwhitney.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct mw_item {
	double v;
	int side;                 /* 0: x, 1: y */
};

static int mw_cmp(const void *a, const void *b)
{
	double x = ((const struct mw_item *)a)->v;
	double y = ((const struct mw_item *)b)->v;

	return x < y ? -1 : x > y;
}

/*
 * P(U <= u) under the null for sizes m, n (u an integer). f[m][u] for the
 * current n is kept in one table of (m + 1) rows of (m n + 1) counts,
 * filled for n = 0, 1, ... in place.
 */
static int mw_exact_cdf(size_t m, size_t n, double u, double *cdf)
{
	size_t top = m * n, w = top + 1;
	double *f = calloc((m + 1) * w, sizeof(*f)), total = 0, below = 0;

	if (!f)
		return -1;
	/* n = 0: U is 0 for every m. */
	for (size_t i = 0; i <= m; i++)
		f[i * w] = 1;
	for (size_t j = 1; j <= n; j++) {
		/* f(i, j) from f(i - 1, j) (this pass, row above) and
		 * f(i, j - 1) (what the row held before). */
		for (size_t i = 1; i <= m; i++)
			for (size_t k = top + 1; k-- > 0;)
				f[i * w + k] += k >= j ? f[(i - 1) * w + k - j]
						       : 0;
	}
	for (size_t k = 0; k <= top; k++) {
		total += f[m * w + k];
		if ((double)k <= u)
			below += f[m * w + k];
	}
	free(f);
	*cdf = below / total;
	return 0;
}

int mannwhitney_test(const double *x, size_t nx, const double *y, size_t ny,
		     struct mannwhitney *out)
{
	size_t n = nx + ny, i = 0;
	struct mw_item *a;
	double rank_x = 0, ties = 0;
	bool tied = false;

	if (!nx || !ny || !x || !y || !out) {
		errno = EINVAL;
		return -1;
	}
	a = malloc(n * sizeof(*a));
	if (!a)
		return -1;
	for (size_t k = 0; k < nx; k++)
		a[k] = (struct mw_item){ x[k], 0 };
	for (size_t k = 0; k < ny; k++)
		a[nx + k] = (struct mw_item){ y[k], 1 };
	qsort(a, n, sizeof(*a), mw_cmp);
	/* Midranks: a run of t equal values shares the mean of its ranks. */
	while (i < n) {
		size_t j = i;

		while (j + 1 < n && a[j + 1].v == a[i].v)
			j++;
		double t = (double)(j - i + 1), mid = (double)(i + j) / 2 + 1;

		for (size_t k = i; k <= j; k++)
			if (!a[k].side)
				rank_x += mid;
		if (t > 1) {
			tied = true;
			ties += t * t * t - t;
		}
		i = j + 1;
	}
	free(a);
	out->u = rank_x - (double)nx * (double)(nx + 1) / 2;
	if (!tied && nx <= MANNWHITNEY_EXACT_MAX && ny <= MANNWHITNEY_EXACT_MAX) {
		double lo, hi;

		/* U of x and of y are mirror images: P(U >= u) is
		 * P(U <= nx ny - u). */
		if (mw_exact_cdf(nx, ny, out->u, &lo) ||
		    mw_exact_cdf(nx, ny, (double)(nx * ny) - out->u, &hi))
			return -1;
		out->p = fmin(1, 2 * fmin(lo, hi));
		out->exact = true;
		return 0;
	}
	double m = (double)nx * (double)ny / 2;
	double var = (double)nx * (double)ny / 12 *
		     ((double)(n + 1) - ties / ((double)n * (double)(n - 1)));
	double d = fabs(out->u - m) - 0.5;

	out->exact = false;
	if (var <= 0) {
		/* Every value equal: no evidence of a shift at all. */
		out->p = 1;
		return 0;
	}
	out->p = d <= 0 ? 1 : fmin(1, erfc(d / sqrt(var) / M_SQRT2));
	return 0;
}
