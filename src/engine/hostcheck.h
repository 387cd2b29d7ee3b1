/*
 * hostcheck.h - checks a parsed workload against this machine (CPU ids,
 * NUMA nodes, the log directory) before anything starts. Errors are bad
 * input: they name file:line:col and the JSON path and make mimic exit 2
 * (in rt-app mode, only those of hostcheck_ids: rt-app's parser checks
 * them; it finds the others while running, exit 1).
 */
#ifndef MIMIC_HOSTCHECK_H
#define MIMIC_HOSTCHECK_H

struct diag;
struct workload;

/* The CPUs and NUMA nodes the workload names; the number of errors. */
int hostcheck_ids(const struct workload *w, struct diag *d);
/* The calibration CPU, the log directory, the io_device. */
int hostcheck_paths(const struct workload *w, struct diag *d);

#endif
