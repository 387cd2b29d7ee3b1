/* diag.h - error and warning messages for bad input, with their location. */
#ifndef MIMIC_DIAG_H
#define MIMIC_DIAG_H

#include <stdio.h>

/* Exit statuses, as documented in mimic(1). */
#define MIMIC_EXIT_OK       0
#define MIMIC_EXIT_FAILURE  1
#define MIMIC_EXIT_BADINPUT 2

struct diag {
	const char *file; /* as the user named it; "<stdin>" for - */
	int errors;
	int warnings;
	int quiet;        /* suppress warnings */
	int strict;       /* --strict: diag_check() reports errors */
	FILE *out;        /* where messages go; NULL: stderr */
	/* The last message printed ("line:col: error: text", truncated) and how many
	 * that repeated it were held back since (diag_flush). */
	char last[512];
	int has_last;
	int repeats;
};

/*
 * Print "file:line:col: error: path: message". line 0 omits line:col,
 * a NULL or empty path omits the path. Every message is printed once,
 * where it is found; callers only count and propagate. A message with
 * the same level, line:col and text as the one just printed, only its
 * path differing (the copies of one templated value), is counted in errors
 * or warnings but held back: the next different message, or diag_flush(),
 * prints "file: (and N more like it)".
 */
void diag_error(struct diag *d, int line, int col, const char *path,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void diag_warn(struct diag *d, int line, int col, const char *path,
	       const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/*
 * A finding of the checks that --strict makes fatal (the wiring checks,
 * near-miss keys): a warning, or an error when d->strict is set.
 */
void diag_check(struct diag *d, int line, int col, const char *path,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Prints the count of held-back repeats, if any; call before exiting. */
void diag_flush(struct diag *d);

#endif
