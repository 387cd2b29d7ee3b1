/* diag.c - prints located messages about the input to stderr. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

static void diag_print(struct diag *d, const char *level, int line, int col,
		       const char *path, const char *fmt, va_list ap)
{
	if (line > 0)
		fprintf(stderr, "%s:%d:%d: %s: ", d->file, line, col, level);
	else
		fprintf(stderr, "%s: %s: ", d->file, level);
	if (path && *path)
		fprintf(stderr, "%s: ", path);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void diag_error(struct diag *d, int line, int col, const char *path,
		const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_print(d, "error", line, col, path, fmt, ap);
	va_end(ap);
	d->errors++;
}

void diag_warn(struct diag *d, int line, int col, const char *path,
	       const char *fmt, ...)
{
	va_list ap;

	d->warnings++;
	if (d->quiet)
		return;
	va_start(ap, fmt);
	diag_print(d, "warning", line, col, path, fmt, ap);
	va_end(ap);
}
