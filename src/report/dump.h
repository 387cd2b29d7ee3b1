/* dump.h - the normalised model as JSON (mimic --dump). */
#ifndef MIMIC_DUMP_H
#define MIMIC_DUMP_H

#include <stdio.h>

struct workload;

void dump_workload(const struct workload *w, FILE *out);

#endif
