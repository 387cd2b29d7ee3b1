/* tap.h - a minimal TAP producer for the C unit tests. */
#ifndef MIMIC_TAP_H
#define MIMIC_TAP_H

#include <stdbool.h>
#include <stdio.h>

static int tap_n, tap_failed;

#define TAP_OK(cond, ...)                                                \
	do {                                                             \
		tap_n++;                                                 \
		if (!(cond))                                             \
			tap_failed++;                                    \
		printf("%sok %d - ", (cond) ? "" : "not ", tap_n);        \
		printf(__VA_ARGS__);                                     \
		printf("\n");                                            \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
