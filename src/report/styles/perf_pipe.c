/*
 * perf_pipe.c - report style "perf-pipe": the result block of perf bench
 * sched pipe: Total time (s, ms truncated), usecs/op and ops/sec, where
 * the ops are the loops done by the first thread (one round trip each)
 * and the time is the run's, in whole µs as perf's gettimeofday gives.
 */
#include "record/result.h"
#include "report_style.h"

static void pp_print(const struct run_result *r, FILE *out)
{
	int64_t us = (r->t_end_ns - r->t_zero_ns) / 1000;
	uint64_t ops = r->n_threads > 0 ? r->threads[0].stats->rows : 0;

	fprintf(out, " %14s: %lld.%03lld [sec]\n\n", "Total time",
		(long long)(us / 1000000), (long long)(us % 1000000 / 1000));
	if (!ops || us <= 0)
		return;
	fprintf(out, " %14lf usecs/op\n", (double)us / (double)ops);
	fprintf(out, " %14d ops/sec\n",
		(int)((double)ops / ((double)us / 1e6)));
}

/* Its usecs/op and ops/sec lines, unrounded. */
static int pp_headline(const struct run_result *r, struct style_figure *out,
		       int max)
{
	int64_t us = (r->t_end_ns - r->t_zero_ns) / 1000;
	uint64_t ops = r->n_threads > 0 ? r->threads[0].stats->rows : 0;

	if (!ops || us <= 0 || max < 2)
		return 0;
	out[0] = (struct style_figure){ "perf_pipe.usecs_per_op",
					(double)us / (double)ops, "us", +1 };
	out[1] = (struct style_figure){ "perf_pipe.ops_per_sec",
					(double)ops / ((double)us / 1e6),
					"ops/s", -1 };
	return 2;
}

const struct report_style report_perf_pipe = {
	.name = "perf-pipe",
	.help = "perf bench sched pipe's Total time, usecs/op and ops/sec",
	.print = pp_print,
	.headline = pp_headline,
};
