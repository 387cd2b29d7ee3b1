/*
 * dump_value.h - JSON forms of model values, shared by --dump
 * (report/dump.c) and the event kinds' dump hooks.
 */
#ifndef MIMIC_DUMP_VALUE_H
#define MIMIC_DUMP_VALUE_H

#include <stdint.h>

struct dist;
struct dist_value;
struct json_object;
struct workload;

/* A time as a JSON number of µs: an integer when it is one. */
struct json_object *dump_us(int64_t ns);

/* A distribution as written: {"uniform": [min, max]}, ... (it parses
 * back); a dist_value of a time: its distribution, or its fixed µs. */
struct json_object *dump_dist(const struct dist *d);
struct json_object *dump_dist_us(const struct dist_value *v);

/* Adds "key": the name of resource index (for events' dumps). */
void dump_resource(struct json_object *out, const char *key,
		   const struct workload *w, int index);

#endif
