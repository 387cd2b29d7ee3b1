/*
 * near.c - edit distance between short names: "did you mean" for a
 * mistyped key, channel or condition name, and the workload search.
 */
#include "lib/near.h"

#include <string.h>

size_t near_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[64], diag, up;

	if (la >= 64 || lb >= 64)
		return 99;
	if (la > lb + 3 || lb > la + 3)
		return 99;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t best = diag + (a[i - 1] != b[j - 1]);

			up = row[j];
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

int near_typo(const char *a, const char *b)
{
	size_t d = near_distance(a, b);

	return d > 0 && d <= 2 && d < strlen(a) && d < strlen(b);
}
