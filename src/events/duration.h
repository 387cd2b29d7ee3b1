/* duration.h - what run and runtime share: a value in µs. */
#ifndef MIMIC_EVENTS_DURATION_H
#define MIMIC_EVENTS_DURATION_H

#include <stdint.h>

struct event;
struct jnode;
struct json_object;
struct parser;
struct workload;

struct duration_args {
	int64_t ns;
};

/* A non-negative time in µs (fractions allowed) into the duration_args. */
int duration_parse(struct parser *p, const char *path, const struct jnode *v,
		   struct event *ev);
void duration_dump(const struct workload *w, const struct event *ev,
		   struct json_object *out);

#endif
