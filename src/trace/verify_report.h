/*
 * verify_report.h - the comparison of two recordings, task by task and
 * in total (`mimic model --verify`, `--compare-trace`): the rows, their
 * Kolmogorov-Smirnov distances, the verdict against the targets, and the
 * table and the JSON summary that print them (doc/model.md).
 */
#ifndef MIMIC_TRACE_VERIFY_REPORT_H
#define MIMIC_TRACE_VERIFY_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "trace/verify_side.h"

struct vf_row {
	char name[48]; /* a task's, or "total" */
	struct vf_side orig, other;
	double ks[VF_N_DISTS]; /* -1: a side has no samples */
};

struct vf_report {
	const char *trace;	/* the original recording */
	const char *other;	/* the compared recording */
	const char *model_json; /* --verify: the model run, else NULL */
	const char *label;	/* the second side's column: "model",
				 * "other" */
	struct vf_row *rows;	/* the tasks, then the total (last) */
	size_t n;
	unsigned long unmatched; /* threads of the other side left out */
	bool all_threads;	 /* no thread matched a task: the total
				  * holds every one but the root */
};

/* The distances, and each side's samples sorted. */
void vf_report_finish(struct vf_report *r);

/* The tables, the verdict and what the columns mean. */
void vf_report_print(FILE *f, const struct vf_report *r);

/* true when every target holds (doc/model.md). */
bool vf_report_faithful(const struct vf_report *r);

/* The JSON summary to path: 0, or -1 with errno. */
int vf_report_json(const char *path, const struct vf_report *r);

#endif
