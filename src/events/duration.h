/* duration.h - what run and runtime share: a value in µs. */
#ifndef MIMIC_EVENTS_DURATION_H
#define MIMIC_EVENTS_DURATION_H

#include "model/dist.h"

#include <stdint.h>

struct event;
struct jnode;
struct json_object;
struct parser;
struct workload;

struct duration_args {
	struct dist_value ns;     /* fixed, or drawn at each execution */
};

/* A non-negative time in µs (fractions allowed), or a distribution
 * (parse/dist.h), into the duration_args. */
int duration_parse(struct parser *p, const char *path, const struct jnode *v,
		   struct event *ev);
void duration_dump(const struct workload *w, const struct event *ev,
		   struct json_object *out);

#endif
