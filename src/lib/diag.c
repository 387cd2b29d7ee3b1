/*
 * diag.c - prints located messages about the input to stderr. A message
 * whose text repeats the one before it (the same error at another place,
 * as a template expanded 200 times makes) is counted, not printed: the
 * first stands for the rest, followed by "(and N more like it)".
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

	/* The key is the level and the text, without place or path. */
	n = (size_t)snprintf(msg, sizeof(msg), "%s: ", level);
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
		fprintf(out, "%s:%d:%d: ", d->file, line, col);
	else
		fprintf(out, "%s: ", d->file);
	fprintf(out, "%s: ", level);
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
