/*
 * filenames.h - the workload's names that become file names
 * (global.log_basename, task names) checked at parse time.
 */
#ifndef MIMIC_FILENAMES_H
#define MIMIC_FILENAMES_H

struct jnode;
struct parser;

/* Reports every name of root that cannot be part of a file name, at its
 * line:col with its JSON path; returns the number of errors. */
int filenames_check(struct parser *p, const struct jnode *root);

#endif
