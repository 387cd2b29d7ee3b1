/*
 * test-mannwhitney.c - the Mann-Whitney U test against textbook values:
 * the exact two-sided p-values of the tables (m = n = 5: U 0 is 2/252,
 * U 2 is the 0.05 critical value, 8/252; m = n = 8: U 5, table P(U <= 5)
 * = 0.0015), counted again here by enumerating every split, and the
 * normal approximation with ties against the formula worked by hand.
 */
#include "lib/mannwhitney.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>

static bool near(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

static void mw(const double *x, size_t nx, const double *y, size_t ny,
	       double want_u, double want_p, bool want_exact, const char *what)
{
	struct mannwhitney r;

	TAP_OK(!mannwhitney_test(x, nx, y, ny, &r) && r.u == want_u &&
		       near(r.p, want_p, want_p * 1e-6 + 1e-12) &&
		       r.exact == want_exact,
	       "%s: U %g p %.6g %s (got U %g p %.6g %s)", what, want_u, want_p,
	       want_exact ? "exact" : "normal", r.u, r.p,
	       r.exact ? "exact" : "normal");
}

/* Enumerates every way to take m of the m + n pooled values as x: the
 * exact two-sided p by brute force, to check the recurrence. */
static double brute_p(const double *pool, int m, int n, double u)
{
	long lo = 0, hi = 0, tot = 0;

	for (unsigned mask = 0; mask < 1u << (m + n); mask++) {
		double v = 0;

		if (__builtin_popcount(mask) != m)
			continue;
		for (int i = 0; i < m + n; i++)
			for (int j = 0; j < m + n; j++)
				if (mask >> i & 1 && !(mask >> j & 1) &&
				    pool[i] > pool[j])
					v++;
		tot++;
		lo += v <= u;
		hi += v >= u;
	}
	return fmin(1, 2.0 * (double)(lo < hi ? lo : hi) / (double)tot);
}

int main(void)
{
	static const double a5[] = { 1, 2, 3, 4, 5 }, b5[] = { 6, 7, 8, 9, 10 };
	static const double c5[] = { 3, 4, 6, 9, 10 }, d5[] = { 1, 2, 5, 7, 8 };
	static const double u2x[] = { 1, 2, 3, 4, 7 }, u2y[] = { 5, 6, 8, 9, 10 };
	static const double x8[] = { 1, 2, 3, 4, 5, 6, 9, 11 };
	static const double y8[] = { 7, 8, 10, 12, 13, 14, 15, 16 };
	static const double tx[] = { 1, 2, 2, 3, 4 }, ty[] = { 2, 3, 5, 6, 7 };
	static const double ex[] = { 5, 5, 5, 6 }, ey[] = { 5, 6, 6, 6 };
	static const double same[] = { 7, 7, 7 };
	double big_x[60], big_y[60], pool[12];
	struct mannwhitney r, s;
	bool all = true;

	/* Completely separated, 5 and 5: U 0, P(U <= 0) = 1/252. */
	mw(a5, 5, b5, 5, 0, 2.0 / 252, true, "5 below 5");
	mw(b5, 5, a5, 5, 25, 2.0 / 252, true, "5 above 5 (U = mn - 0)");
	/* U 2: 4 of the 252 splits have U <= 2 (the 0.05 critical value). */
	mw(u2x, 5, u2y, 5, 2, 8.0 / 252, true, "5 and 5, U 2: 8/252");
	mw(c5, 5, d5, 5, 17, 0.420634920634921, true, "5 and 5, U 17");
	mw(x8, 8, y8, 8, 5, 0.00295260295260295, true,
	   "8 and 8, U 5 (table: one-sided 0.0015)");
	/* Ties: normal approximation, variance corrected by sum t^3 - t. */
	mw(tx, 5, ty, 5, 4.5, 0.111611768298292, false,
	   "ties, 5 and 5: normal with tie correction");
	mw(ex, 4, ey, 4, 4, 0.247061525091658, false, "heavy ties, 4 and 4");
	/* Over MANNWHITNEY_EXACT_MAX: normal, no ties. */
	for (int k = 0; k < 60; k++) {
		big_x[k] = k;
		big_y[k] = k + 30;
	}
	mw(big_x, 60, big_y, 60, 450, 1.40652759039707e-12, false,
	   "60 and 60 overlapping by half: normal");
	mw(same, 3, same, 3, 4.5, 1, false, "every value equal: p 1");
	mw(a5, 1, b5, 1, 0, 1, true, "one against one: p 1");

	/* The recurrence against enumeration: splits of 1..12 into 6 and
	 * 6 (every 37th bit mask), both ways round. */
	for (int k = 0; k < 12; k++)
		pool[k] = k + 1;
	for (unsigned mask = 0; mask < 1u << 12; mask += 37) {
		double x[12], y[12];
		int nx = 0, ny = 0;

		if (__builtin_popcount(mask) != 6)
			continue;
		for (int k = 0; k < 12; k++) {
			if (mask >> k & 1)
				x[nx++] = pool[k];
			else
				y[ny++] = pool[k];
		}
		if (mannwhitney_test(x, 6, y, 6, &r) ||
		    !near(r.p, brute_p(pool, 6, 6, r.u), 1e-12) ||
		    mannwhitney_test(y, 6, x, 6, &s) || s.u != 36 - r.u ||
		    !near(s.p, r.p, 1e-12))
			all = false;
	}
	TAP_OK(all, "exact p of 6 and 6 equals enumeration, and is symmetric");
	TAP_OK(mannwhitney_test(a5, 0, b5, 5, &r) == -1,
	       "an empty side is refused");
	return tap_done();
}
