/*
 * report_style.h - a real tool's end-of-run output (schbench's percentile
 * tables, cyclictest's T: lines, ...), computed from the run's statistics
 * with that tool's own rules, so a canned workload prints what its users
 * already read and compare. Chosen with global "report"; each style is
 * one file in src/report/styles/ exporting one struct report_style, with
 * the tool's own maths. A plug-in interface like event.h: the parser finds
 * styles by name here without depending on report/.
 */
#ifndef MIMIC_REPORT_STYLE_H
#define MIMIC_REPORT_STYLE_H

#include <stdbool.h>
#include <stdio.h>

struct run_result;
struct globals;

/*
 * A headline figure: one number the real tool's users quote and compare
 * (schbench's request p99, cyclictest's Max), computed as the tool prints
 * it. The JSON summary keeps them ("headline", doc/summary-format.md) and
 * mimic compare checks them.
 */
struct style_figure {
	char name[80];            /* "<style>.<figure>", unit last: "_us" */
	double value;
	const char *unit;         /* "us", "s", "requests/s", "ops/s" */
	int worse;                /* +1: higher is worse, -1: lower is */
};

struct report_style {
	const char *name;         /* the value of global "report" */
	const char *help;         /* one line, for --list-keys and docs */
	void (*print)(const struct run_result *r, FILE *out);
	/* Its headline figures, at most max of them into out: how many. */
	int (*headline)(const struct run_result *r, struct style_figure *out,
			int max);
	/* The tool times messages with two gettimeofday() readings: the
	 * engine then also keeps message latency as their µs difference
	 * (thread_stats.message_clock_us), mimic's own metrics unchanged. */
	bool us_clock_messages;
};

/* NULL-terminated, in src/report_style.c. */
extern const struct report_style *const report_styles[];

const struct report_style *report_style_find(const char *name);
/* The argument given to style as "name:arg" in global "report", or NULL. */
const char *report_style_arg(const struct globals *g,
			     const struct report_style *style);

#endif
