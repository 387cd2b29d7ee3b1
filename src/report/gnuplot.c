/*
 * gnuplot.c - the scripts rt-app writes with "gnuplot": true: per thread
 * <base>-<thread>.plot (load, run and period over time, to an .eps), and
 * <base>-period.plot and <base>-run.plot comparing all threads. Run them
 * with gnuplot inside the log directory (the paths are relative, as in
 * rt-app). Unlike rt-app the time axis is rel_st in seconds, labelled so,
 * and no interactive terminal is opened at the end. A run in a run
 * directory (--outdir) names its id in every title.
 */
#define _GNU_SOURCE
#include "report/gnuplot.h"

#include "model/policy.h"
#include "record/result.h"
#include "report/run_meta.h"
#include "record/rtapp_log.h"
#include "lib/safe_file.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * s as a gnuplot single-quoted string: inside one, nothing is special
 * (no backslash escapes, no `command` or @macro substitution) except the
 * quote itself, which is written twice. Control characters, which would
 * end the command line, never reach here: names are checked when parsed.
 */
static void plot_quote(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputc('\'', f);
}

/* plot_quote of a formatted string. */
static void plot_quotef(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void plot_quotef(FILE *f, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0) {
		fputs("''", f); /* fclose reports the stream's state */
		return;
	}
	plot_quote(f, s);
	free(s);
}

/* ", run <id>" for a run in a run directory, else "". */
static const char *plot_run(const struct run_result *r, char *buf, size_t n)
{
	if (!r->meta || !r->meta->id)
		return "";
	snprintf(buf, n, ", %s", r->meta->id);
	return buf;
}

static FILE *plot_open(const struct run_result *r, const char *what)
{
	char *path = rtapp_log_path(&r->w->g, what, ".plot"), why[128];
	FILE *f = NULL;

	if (path)
		f = safe_file_fopen(r->logdir_fd, rtapp_log_name(path), why,
				    sizeof(why));
	else
		snprintf(why, sizeof(why), "out of memory");
	if (!f)
		fprintf(stderr, "mimic: cannot write %s: %s\n",
			path ? path : what, why);
	free(path);
	return f;
}

static int plot_thread(const struct run_result *r, const struct run_thread *t)
{
	const char *base = r->w->g.log_basename;
	const char *log = rtapp_log_name(t->log_path);
	size_t skip = strlen(base) + 1, n = strlen(log);
	char *what, run[64];
	FILE *f;

	/* The log is "<base>-<what>.log"; what is the plot's own stem. */
	if (n < skip + 4 || strncmp(log, base, skip - 1))
		return -1;
	what = strndup(log + skip, n - skip - 4);
	f = what ? plot_open(r, what) : NULL;
	if (!f) {
		free(what);
		return -1;
	}
	fputs("set terminal postscript enhanced color\nset output ", f);
	plot_quotef(f, "%s-%s.eps", base, what);
	fputs("\nset grid\nset key outside right\nset title ", f);
	plot_quotef(f, "Measured %s Loop stats%s", what,
		    plot_run(r, run, sizeof(run)));
	fputs(" noenhanced\n"
	      "set xlabel \"Loop start time since time zero [s]\"\n"
	      "set ylabel \"Period/Run Time [usec]\"\n"
	      "set y2label \"Load [number of 1000 loops executed]\"\n"
	      "set y2tics\nplot ", f);
	plot_quote(f, log);
	fputs(" u ($7/1000000):2 w l title \"load \" axes x1y2, ", f);
	plot_quote(f, log);
	fputs(" u ($7/1000000):3 w l title \"run \", ", f);
	plot_quote(f, log);
	fputs(" u ($7/1000000):4 w l title \"period \"\n", f);
	free(what);
	return fclose(f) ? -1 : 0;
}

static int plot_all(const struct run_result *r, const char *what, int column)
{
	int n = r->n_threads;
	FILE *f = plot_open(r, what);
	bool first = true;
	char run[64];

	if (!f)
		return -1;
	fputs("set terminal postscript enhanced color\nset output ", f);
	plot_quotef(f, "%s-%s.eps", r->w->g.log_basename, what);
	fputs("\nset grid\nset key outside right noenhanced\nset title ", f);
	if (*plot_run(r, run, sizeof(run))) {
		plot_quotef(f, "Measured time per loop%s", run);
		fputs(" noenhanced", f);
	} else
		fputs("\"Measured time per loop\"", f);
	fprintf(f, "\n"
		   "set xlabel \"Loop start time since time zero [s]\"\n"
		   "set ylabel \"%s Time [usec]\"\n"
		   "plot ", column == 4 ? "Period" : "Run");
	for (int k = 0; k < n; k++) {
		const struct run_thread *t = &r->threads[k];

		if (!t->log_path)
			continue;
		fputs(first ? "" : ", ", f);
		first = false;
		plot_quote(f, rtapp_log_name(t->log_path));
		fprintf(f, " u ($7/1000000):%d w l title ", column);
		plot_quotef(f, "thread [%s] (%s)", t->name,
			    policy_name(t->task->sched.policy));
	}
	fprintf(f, "\n");
	return fclose(f) ? -1 : 0;
}

int gnuplot_write(const struct run_result *r)
{
	int rc = 0;

	for (int k = 0; k < r->n_threads; k++)
		if (r->threads[k].log_path)
			rc |= plot_thread(r, &r->threads[k]);
	rc |= plot_all(r, "period", 4);
	rc |= plot_all(r, "run", 3);
	return rc;
}
