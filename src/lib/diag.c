/* diag.c - prints located messages about the input to stderr. */
#include "lib/diag.h"

#include <stdarg.h>
#include <stdio.h>

static void diag_print(struct diag *d, const char *level, int line, int col,
		       const char *path, const char *fmt, va_list ap)
{
	FILE *out = d->out ? d->out : stderr;

	if (line > 0)
		fprintf(out, "%s:%d:%d: %s: ", d->file, line, col, level);
	else
		fprintf(out, "%s: %s: ", d->file, level);
	if (path && *path)
		fprintf(out, "%s: ", path);
	vfprintf(out, fmt, ap);
	fputc('\n', out);
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
