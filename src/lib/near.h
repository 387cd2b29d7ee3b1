/* near.h - how close two names are, for "did you mean" hints. */
#ifndef MIMIC_NEAR_H
#define MIMIC_NEAR_H

#include <stddef.h>

/* Edit distance (Levenshtein) between a and b; 99 above 3 or for names
 * of 64 characters or more. */
size_t near_distance(const char *a, const char *b);

/*
 * Whether b looks like a typo of a: at most 2 edits, and fewer than either
 * name's length (so that "a" and "b" are not near). Never a name itself.
 */
int near_typo(const char *a, const char *b);

#endif
