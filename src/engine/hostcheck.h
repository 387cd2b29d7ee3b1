/*
 * hostcheck.h - checks a parsed workload against this machine (CPU ids,
 * NUMA nodes, the log directory) before anything starts. Errors are bad
 * input: they name file:line:col and the JSON path and make mimic exit 2.
 */
#ifndef MIMIC_HOSTCHECK_H
#define MIMIC_HOSTCHECK_H

struct diag;
struct workload;

int hostcheck_workload(const struct workload *w, struct diag *d);

#endif
