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
	FILE *out;        /* where messages go; NULL: stderr */
};

/*
 * Print "file:line:col: error: path: message". line 0 omits line:col,
 * a NULL or empty path omits the path. Every message is printed once,
 * where it is found; callers only count and propagate.
 */
void diag_error(struct diag *d, int line, int col, const char *path,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void diag_warn(struct diag *d, int line, int col, const char *path,
	       const char *fmt, ...) __attribute__((format(printf, 5, 6)));

#endif
