/*
 * blocked.h - the "blocked at stop" report: the threads the run's end
 * found in a waiting event (lock, wait, recv, barrier, ...), which event,
 * on what, and since when.
 */
#ifndef MIMIC_BLOCKED_H
#define MIMIC_BLOCKED_H

#include "record/result.h"

#include <stdio.h>

struct json_object;

/* The block of the text summary; nothing when no thread was blocked. */
void blocked_print(const struct run_result *r, FILE *out);

/* The summary's "blocked_at_stop": an array, empty when none was. */
struct json_object *blocked_json(const struct run_result *r);

#endif
