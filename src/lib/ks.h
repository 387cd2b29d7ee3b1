/*
 * ks.h - the two-sample Kolmogorov-Smirnov distance, D = sup |F1 - F2|
 * over the two empirical distribution functions: how far apart two
 * samples' shapes are (0 the same, 1 disjoint), whatever their sizes.
 * For mimic model --verify, recording against model.
 */
#ifndef MIMIC_LIB_KS_H
#define MIMIC_LIB_KS_H

#include <stddef.h>

/*
 * D of a[0..na) and b[0..nb), both sorted ascending (ties allowed: the
 * functions are compared after each distinct value, both steps taken).
 * -1 when either sample is empty: there is nothing to compare.
 */
double ks_distance(const double *a, size_t na, const double *b, size_t nb);

/* Sorts v[0..n) ascending, as ks_distance and ks_quantile want. */
void ks_sort(double *v, size_t n);

/* The q-quantile (0..1) of sorted v[0..n), the nearest rank rounded:
 * v[round(q (n - 1))]; 0 when n is 0. */
double ks_quantile(const double *v, size_t n, double q);

/* Appends x to the sample v[0..*n) of room *cap, doubling the room (from
 * first_cap) when it is full; -1 when out of memory. */
int ks_sample_push(double **v, size_t *n, size_t *cap, size_t first_cap,
		   double x);

#endif
