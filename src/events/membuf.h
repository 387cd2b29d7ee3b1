/* membuf.h - what mem and iorun share: a byte count over the task's buffer. */
#ifndef MIMIC_EVENTS_MEMBUF_H
#define MIMIC_EVENTS_MEMBUF_H

#include <stdint.h>

struct event;
struct jnode;
struct json_object;
struct parser;
struct task;
struct workload;

struct mem_args {
	int64_t bytes;
};

int mem_parse_bytes(struct parser *p, const char *path, const struct jnode *v,
		    struct event *ev);
int mem_finalize(struct parser *p, const struct task *t, struct event *ev);
void mem_dump(const struct workload *w, const struct event *ev,
	      struct json_object *out);

#endif
