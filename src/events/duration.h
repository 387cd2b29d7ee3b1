/* duration.h - what run, runtime and sleep share: a value in µs. */
#ifndef MIMIC_EVENTS_DURATION_H
#define MIMIC_EVENTS_DURATION_H

struct event;
struct jnode;
struct json_object;
struct parser;
struct workload;

/* A non-negative time in µs (fractions allowed) into ev->duration_ns. */
int duration_parse(struct parser *p, const char *path, const struct jnode *v,
		   struct event *ev);
void duration_dump(const struct workload *w, const struct event *ev,
		   struct json_object *out);

#endif
