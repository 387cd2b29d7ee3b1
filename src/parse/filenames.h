/*
 * filenames.h - the workload's names that become file names
 * (global.log_basename, task names) checked at parse time.
 */
#ifndef MIMIC_FILENAMES_H
#define MIMIC_FILENAMES_H

struct diag;
struct jnode;
struct workload;

/* Reports through d every name of root (parsed into w) that cannot be
 * part of a file name, at its line:col with its JSON path; returns the
 * number of errors. */
int filenames_check(struct diag *d, const struct workload *w,
		    const struct jnode *root);

#endif
