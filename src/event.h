/*
 * event.h - the interface every event kind implements. Each kind lives in
 * src/events/<kind>.c and exports one struct event_kind; event.c holds the
 * only table of them.
 */
#ifndef MIMIC_EVENT_H
#define MIMIC_EVENT_H

#include "model/keys.h"
#include "model/rtapp_types.h"
#include "model/workload.h"

struct jnode;
struct json_object;
struct parser;
struct thread;

struct event_kind {
	const char *key;        /* the key prefix that selects this kind */
	int ftrace_type;        /* RTAPP_TYPE_*: rtapp_event's type= */
	const char *help;       /* for --list-keys: what the value is */
	const struct key *keys; /* the keys of its object form, or NULL */
	/* Fills ev from the JSON value v; reports errors, returns -1 then. */
	int (*parse)(struct parser *p, const char *path, const struct jnode *v,
		     struct event *ev);
	/*
	 * Optional: once every task is parsed (to count barrier users, check
	 * that a resumed task exists, ...). Returns errors reported.
	 */
	int (*finalize)(struct parser *p, const struct task *t,
			struct event *ev);
	/* Runs the event in thread t: the hot path, no allocation, no stdio. */
	void (*exec)(struct thread *t, const struct event *ev);
	/* Adds the event's normalised parameters to out (for --dump). */
	void (*dump)(const struct workload *w, const struct event *ev,
		     struct json_object *out);
};

/*
 * The kind whose prefix the key starts with, checked in rt-app's order
 * (so "runtime1" is runtime, "memory" is mem, "lock_order" is lock).
 * NULL if none.
 */
const struct event_kind *event_kind_find(const char *key);

/* Every kind, for --list-keys and the docs test; NULL-terminated. */
extern const struct event_kind *const event_kinds[];

#endif
