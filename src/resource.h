/*
 * resource.h - the interface every resource kind implements, and the live
 * objects behind named resources: created before time zero, woken when the
 * run stops, destroyed after. Each kind lives in src/resources/<kind>.c and
 * exports one struct resource_kind; resource.c holds the only table of them
 * and the generic code. What an event sees of a kind's live state is in
 * src/resources/<kind>.h.
 */
#ifndef MIMIC_RESOURCE_H
#define MIMIC_RESOURCE_H

#include "model/keys.h"
#include "model/workload.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json_object;

/* A resource as the engine holds it, in memory every user can see. */
struct live_resource {
	const struct resource *r;
	bool shared;              /* used across processes (mode "process") */
	void *state;              /* the kind's live_size bytes, or NULL */
};

struct resource_kind {
	/* In messages: "\"x\" is a mutex, not a barrier". */
	const char *name;
	/* Its "type" in the resources section; NULL: created on use only. */
	const char *declared_as;
	/* Its other keys there, fields of struct resource; NULL-ended. */
	const struct key *keys;
	/*
	 * Kinds (1u << type) that may use its names too. rt-app's kinds
	 * have a namespace each (resource_names_clash); for mimic's own,
	 * one name is one object unless this says otherwise.
	 */
	unsigned shares_names;
	/* Kinds (1u << type) whose look-ups also find it: a socket is
	 * found as a pipe, so a channel's users need not know which. */
	unsigned found_as;
	/* Channels: the latency histogram of a blocking receive. */
	enum wake_path wake_path;
	/* Optional: the parser made r, at its first use (or declaration). */
	void (*added)(struct workload *w, struct resource *r);
	size_t live_size;         /* bytes of state, zeroed before create */
	/* What one holds, for the before-start checks: file descriptors,
	 * and kernel memory (buffers) at most. */
	int fds;
	uint64_t kernel_bytes;
	/* Makes the object in l->state; 0, or an errno after undoing
	 * what it did. */
	int (*create)(struct live_resource *l, const struct globals *g);
	/* Optional: wakes every thread blocked on it (the run stops). */
	void (*kick)(struct live_resource *l);
	/* Optional: undoes a create that succeeded. */
	void (*destroy)(struct live_resource *l);
	/* Optional: adds its normalised parameters to out (for --dump). */
	void (*dump)(const struct resource *r, struct json_object *out);
};

/* Every kind, indexed by enum resource_type. */
extern const struct resource_kind *const resource_kinds[RES_KINDS];

const struct resource_kind *resource_kind_of(const struct resource *r);
/* The kind declared with "type": name in the resources section, or -1. */
int resource_type_declared(const char *name);
/* Whether a resource of type a and one of type b may not share a name:
 * never between two of rt-app's kinds, which it keys by (name, type). */
bool resource_names_clash(enum resource_type a, enum resource_type b);
/* Whether a lookup of want finds an existing resource of type have. */
bool resource_kind_matches(enum resource_type have, enum resource_type want);

/* Bytes of live state r needs: place that many before resource_create. */
size_t resource_live_size(const struct resource *r);
/*
 * Creates the object in state (resource_live_size(r) zeroed bytes),
 * process-shared if shared; -errno and a message on failure. l and state
 * must be in memory every user can see (the shared region).
 */
int resource_create(struct live_resource *l, const struct resource *r,
		    const struct globals *g, bool shared, void *state,
		    char *err, size_t len);
/* Wakes every thread blocked on it, so a stopping run can be joined. */
void resource_kick(struct live_resource *l);
void resource_destroy(struct live_resource *l);
/* Adds the kind's normalised parameters of r to out (for --dump). */
void resource_dump(const struct resource *r, struct json_object *out);

/* For kinds: a mutex (priority-inheriting if the workload says so) and a
 * condition variable, process-shared if shared; 0 or an errno. */
int resource_mutex_init(pthread_mutex_t *m, const struct globals *g,
			bool shared);
int resource_cond_init(pthread_cond_t *c, bool shared);

#endif
