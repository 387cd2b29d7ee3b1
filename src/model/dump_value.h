/*
 * dump_value.h - JSON forms of model values, shared by --dump
 * (report/dump.c) and the event kinds' dump hooks.
 */
#ifndef MIMIC_DUMP_VALUE_H
#define MIMIC_DUMP_VALUE_H

#include <stdint.h>

struct json_object;
struct workload;

/* A time as a JSON number of µs: an integer when it is one. */
struct json_object *dump_us(int64_t ns);

/* Adds "key": the name of resource index (for events' dumps). */
void dump_resource(struct json_object *out, const char *key,
		   const struct workload *w, int index);

#endif
