/* tap.h - a minimal TAP producer for the C unit tests. */
#ifndef MIMIC_TAP_H
#define MIMIC_TAP_H

#include <stdbool.h>
#include <stdio.h>

static int tap_n, tap_failed;

/* Evaluates cond once: a test may pass a call with side effects. */
#define TAP_OK(cond, ...)                                                \
	do {                                                             \
		bool tap_pass = (cond);                                  \
		tap_n++;                                                 \
		if (!tap_pass)                                           \
			tap_failed++;                                    \
		printf("%sok %d - ", tap_pass ? "" : "not ", tap_n);      \
		printf(__VA_ARGS__);                                     \
		printf("\n");                                            \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
