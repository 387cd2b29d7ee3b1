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

#include <stdint.h>

struct jnode;
struct json_object;
struct event_ctx;
struct parser;

/*
 * A kind's per-thread state, hung on the thread as an opaque pointer and
 * handed to exec through event_ctx_state(). Kinds that share one (send and
 * recv, percpu_lock and percpu_unlock) point to the same descriptor.
 */
struct event_state {
	size_t size;            /* zeroed bytes allocated per thread */
	/*
	 * Optional: before time zero, in the process that sets the thread
	 * up, for a task with events of the kind; 0, or -1 out of memory.
	 */
	int (*init)(void *state, const struct workload *w,
		    const struct task *task);
	/* Optional: the thread ends (in the thread): let go of locks. */
	void (*stop)(void *state);
	/* Optional: after the join: frees what init took. */
	void (*release)(void *state, const struct task *task);
	/*
	 * Optional: the bytes init will take for one thread of task (the
	 * memory estimate before time zero); 0 if none. ev: the first event
	 * that asks for that much, for the message pointing at it.
	 */
	uint64_t (*bytes)(const struct workload *w, const struct task *task,
			  const struct event **ev);
};

/*
 * What an event does to a resource, for the wiring checks before time zero
 * (parse/wiring.c): who takes and releases a mutex, who waits on and wakes
 * a condition, who sends and receives on a channel, who arrives at a
 * barrier, how often a timer fires.
 */
enum event_role {
	ROLE_LOCK,                /* takes a mutex */
	ROLE_UNLOCK,              /* releases it */
	ROLE_WAIT,                /* waits on a condition */
	ROLE_SIGNAL,              /* wakes its waiters (signal, broad, sync) */
	ROLE_SEND,                /* writes messages to a channel */
	ROLE_RECV,                /* reads them */
	ROLE_ARRIVE,              /* arrives at a barrier */
	ROLE_TICK,                /* sleeps until a timer's next deadline */
};

struct event_use {
	int resource;             /* index in w->resources */
	enum event_role role;
	int64_t amount;           /* send, recv: bytes; tick: period, ns;
				   -1: drawn at each use */
};

struct event_kind {
	/*
	 * What the thread's loop reads of every event's kind, in its first
	 * line (the kind is aligned to one): a line per kind to fetch back
	 * after each sleep, not the two or three a kind straddled.
	 */
	/* Runs the event: the hot path, no allocation, no stdio. */
	_Alignas(64) void (*exec)(struct event_ctx *c, const struct event *ev);
	const struct event_state *state; /* per-thread state, or NULL */
	int ftrace_type;        /* RTAPP_TYPE_*: rtapp_event's type= */
	/*
	 * It waits for another thread (a lock, a message, a wake-up): a
	 * thread stopped inside it is named by the "blocked at stop" report,
	 * and its phase is not straight (struct phase).
	 */
	bool waits;
	const char *key;        /* the key prefix that selects this kind */
	const char *help;       /* for --list-keys: what the value is */
	const struct key *keys; /* the keys of its object form, or NULL */
	size_t args_size;       /* its argument struct, in ev->args */
	/*
	 * Fills ev->args (zeroed, then the keys' defaults applied) from the
	 * JSON value v; reports errors, returns -1 then.
	 */
	int (*parse)(struct parser *p, const char *path, const struct jnode *v,
		     struct event *ev);
	/*
	 * Optional: once every task is parsed (to count barrier users, check
	 * that a resumed task exists, ...). Returns errors reported.
	 */
	int (*finalize)(struct parser *p, const struct task *t,
			struct event *ev);
	/* Adds the event's normalised parameters to out (for --dump). */
	void (*dump)(const struct workload *w, const struct event *ev,
		     struct json_object *out);
	/* Optional: the task whose threads ev starts (fork), for counting
	 * thread slots before time zero; -1 if none. */
	int (*starts_task)(const struct event *ev);
	/*
	 * Optional: what ev does to resources, in the order it does it:
	 * the first max into out; returns how many there are (as snprintf).
	 */
	size_t (*uses)(const struct event *ev, struct event_use *out,
		       size_t max);
	/*
	 * Optional: whether ev's exec reads the thread's chain origin
	 * (event_ctx_chain_origin), by default its iteration's start: only
	 * a task with such an event (or a budget) reads the clock as each
	 * iteration starts. NULL: never.
	 */
	bool (*reads_origin)(const struct workload *w, const struct event *ev);
};

/*
 * The kind whose prefix the key starts with, checked in rt-app's order
 * (so "runtime1" is runtime, "memory" is mem, "lock_order" is lock).
 * NULL if none.
 */
const struct event_kind *event_kind_find(const char *key);

/* Every kind, for --list-keys and the docs test; NULL-terminated. */
extern const struct event_kind *const event_kinds[];

/*
 * The slot of kind's per-thread state among a thread's event_kinds-sized
 * array (the first kind with the same descriptor), or -1 if it has none.
 */
int event_state_slot(const struct event_kind *kind);
size_t event_state_slots(void);

#endif
