/*
 * parse.h - JSON tree to workload model. No side effects and no syscalls:
 * errors name file:line:column and the JSON path, and are all reported
 * before the caller decides to exit.
 */
#ifndef MIMIC_PARSE_H
#define MIMIC_PARSE_H

#include "model/workload.h"
#include "parse/parser.h"

#include <stdint.h>

/* Builds *out from root; returns the number of errors reported. */
int parse_workload(struct arena *a, struct diag *d, const char *file,
		   const struct jnode *root, struct workload **out);

/* Prints every key of every object, for --list-keys and the docs test. */
void parse_print_keys(void);

#endif
