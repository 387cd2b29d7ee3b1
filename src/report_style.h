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

#include <stdio.h>

struct run_result;
struct globals;

struct report_style {
	const char *name;         /* the value of global "report" */
	const char *help;         /* one line, for --list-keys and docs */
	void (*print)(const struct run_result *r, FILE *out);
};

/* NULL-terminated, in src/report_style.c. */
extern const struct report_style *const report_styles[];

const struct report_style *report_style_find(const char *name);
/* The argument given to style as "name:arg" in global "report", or NULL. */
const char *report_style_arg(const struct globals *g,
			     const struct report_style *style);

#endif
