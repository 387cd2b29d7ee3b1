/* dump.h - the normalised model as JSON (mimic --dump). */
#ifndef MIMIC_DUMP_H
#define MIMIC_DUMP_H

#include <stdint.h>
#include <stdio.h>

struct json_object;
struct workload;

/* A time as a JSON number of µs: an integer when it is one. */
struct json_object *dump_us(int64_t ns);

/* Adds "key": the name of resource index (for events' dumps). */
void dump_resource(struct json_object *out, const char *key,
		   const struct workload *w, int index);

void dump_workload(const struct workload *w, FILE *out);

#endif
