/*
 * gnuplot.c - the scripts rt-app writes with "gnuplot": true: per thread
 * <base>-<thread>.plot (load, run and period over time, to an .eps), and
 * <base>-period.plot and <base>-run.plot comparing all threads. Run them
 * with gnuplot inside the log directory (the paths are relative, as in
 * rt-app). Unlike rt-app the time axis is rel_st in seconds, labelled so,
 * and no interactive terminal is opened at the end.
 */
#define _GNU_SOURCE
#include "report/gnuplot.h"

#include "model/policy.h"
#include "record/result.h"
#include "record/rtapp_log.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *plot_open(const struct run_result *r, const char *what)
{
	char *path = rtapp_log_path(&r->w->g, what, ".plot");
	FILE *f = path ? fopen(path, "w") : NULL;

	if (!f)
		fprintf(stderr, "mimic: cannot write %s: %s\n",
			path ? path : what, strerror(errno));
	free(path);
	return f;
}

static const char *log_name(const struct run_thread *t)
{
	const char *slash = strrchr(t->log_path, '/');

	return slash ? slash + 1 : t->log_path;
}

static int plot_thread(const struct run_result *r, const struct run_thread *t)
{
	const char *base = r->w->g.log_basename;
	char what[128];
	FILE *f;

	snprintf(what, sizeof(what), "%s", log_name(t) + strlen(base) + 1);
	what[strlen(what) - 4] = '\0'; /* drop ".log" */
	f = plot_open(r, what);
	if (!f)
		return -1;
	fprintf(f, "set terminal postscript enhanced color\n"
		   "set output '%s-%s.eps'\n"
		   "set grid\nset key outside right\n"
		   "set title \"Measured %s Loop stats\" noenhanced\n"
		   "set xlabel \"Loop start time since time zero [s]\"\n"
		   "set ylabel \"Period/Run Time [usec]\"\n"
		   "set y2label \"Load [number of 1000 loops executed]\"\n"
		   "set y2tics\n"
		   "plot '%s' u ($7/1000000):2 w l title \"load \" axes x1y2, "
		   "'%s' u ($7/1000000):3 w l title \"run \", "
		   "'%s' u ($7/1000000):4 w l title \"period \"\n",
		   base, what, what, log_name(t), log_name(t), log_name(t));
	return fclose(f) ? -1 : 0;
}

static int plot_all(const struct run_result *r, const char *what, int column)
{
	int n = r->n_threads;
	FILE *f = plot_open(r, what);

	if (!f)
		return -1;
	fprintf(f, "set terminal postscript enhanced color\n"
		   "set output '%s-%s.eps'\n"
		   "set grid\nset key outside right noenhanced\n"
		   "set title \"Measured time per loop\"\n"
		   "set xlabel \"Loop start time since time zero [s]\"\n"
		   "set ylabel \"%s Time [usec]\"\n"
		   "plot ", r->w->g.log_basename, what,
		column == 4 ? "Period" : "Run");
	for (int k = 0; k < n; k++)
		fprintf(f, "%s'%s' u ($7/1000000):%d w l title \"thread [%s] (%s)\"",
			k ? ", " : "", log_name(&r->threads[k]), column,
			r->threads[k].name,
			policy_name(r->threads[k].task->sched.policy));
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
