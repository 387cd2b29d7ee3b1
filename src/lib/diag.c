/*
 * diag.c - prints located messages about the input to stderr. A message
 * that repeats the one before it, text and place in the file, with only
 * its JSON path changed (the copies a "foreach" made of one mistake) is
 * counted, not printed: the first stands for the rest, followed by
 * "(and N more like it)".
 */
#include "lib/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void diag_flush(struct diag *d)
{
	if (d->repeats)
		fprintf(d->out ? d->out : stderr, "%s: (and %d more like it)\n",
			d->file, d->repeats);
	d->repeats = 0;
}

static void diag_print(struct diag *d, const char *level, int line, int col,
		       const char *path, const char *fmt, va_list ap)
{
	FILE *out = d->out ? d->out : stderr;
	char msg[sizeof(d->last)];
	size_t n;

	/* The key: the level, the place in the file and the text, not the
	 * path (copies a template made share the place, not the path). */
	n = (size_t)snprintf(msg, sizeof(msg), "%d:%d: %s: ", line, col,
			     level);
	if (n < sizeof(msg))
		vsnprintf(msg + n, sizeof(msg) - n, fmt, ap);
	if (d->has_last && !strcmp(msg, d->last)) {
		d->repeats++;
		return;
	}
	diag_flush(d);
	memcpy(d->last, msg, sizeof(msg));
	d->has_last = 1;
	if (line > 0)
		fprintf(out, "%s:%d:%d: %s: ", d->file, line, col, level);
	else
		fprintf(out, "%s: %s: ", d->file, level);
	if (path && *path)
		fprintf(out, "%s: ", path);
	fputs(msg + n, out);
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

void diag_check(struct diag *d, int line, int col, const char *path,
		const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (d->strict) {
		diag_print(d, "error", line, col, path, fmt, ap);
		d->errors++;
	} else {
		d->warnings++;
		if (!d->quiet)
			diag_print(d, "warning", line, col, path, fmt, ap);
	}
	va_end(ap);
}
