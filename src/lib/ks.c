/*
 * ks.c - the two-sample Kolmogorov-Smirnov distance (ks.h): one merge of
 * the two sorted samples, the gap between their empirical distribution
 * functions read after every distinct value.
 */
#include "lib/ks.h"

#include <math.h>
#include <stdlib.h>

double ks_distance(const double *a, size_t na, const double *b, size_t nb)
{
	size_t i = 0, j = 0;
	double d = 0;

	if (!na || !nb)
		return -1;
	while (i < na && j < nb) {
		double v = a[i] < b[j] ? a[i] : b[j], gap;

		/* Every value equal to v on both sides: F steps at v. */
		while (i < na && a[i] <= v)
			i++;
		while (j < nb && b[j] <= v)
			j++;
		gap = fabs((double)i / (double)na - (double)j / (double)nb);
		if (gap > d)
			d = gap;
	}
	/* One side is used up (F = 1): the other's F only grows to 1. */
	return d;
}

static int ks_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void ks_sort(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), ks_cmp);
}

double ks_quantile(const double *v, size_t n, double q)
{
	if (!n)
		return 0;
	if (q <= 0)
		return v[0];
	if (q >= 1)
		return v[n - 1];
	return v[(size_t)(q * (double)(n - 1) + 0.5)];
}

int ks_sample_push(double **v, size_t *n, size_t *cap, size_t first_cap,
		   double x)
{
	if (*n == *cap) {
		size_t room = *cap ? *cap * 2 : first_cap;
		double *grown = realloc(*v, room * sizeof(*grown));

		if (!grown)
			return -1;
		*v = grown;
		*cap = room;
	}
	(*v)[(*n)++] = x;
	return 0;
}
