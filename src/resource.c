/*
 * resource.c - the table of resource kinds and what is the same for all:
 * name rules, placing, creating, waking and destroying the live objects.
 */
#include "resource.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

extern const struct resource_kind resource_timer, resource_mutex,
	resource_cond, resource_barrier, resource_sem, resource_wakeup,
	resource_membuf, resource_pipe, resource_socket, resource_futex,
	resource_percpu_mutex;

const struct resource_kind *const resource_kinds[RES_KINDS] = {
	[RES_TIMER] = &resource_timer,
	[RES_MUTEX] = &resource_mutex,
	[RES_COND] = &resource_cond,
	[RES_BARRIER] = &resource_barrier,
	[RES_SEM] = &resource_sem,
	[RES_WAKEUP] = &resource_wakeup,
	[RES_MEMBUF] = &resource_membuf,
	[RES_PIPE] = &resource_pipe,
	[RES_SOCKET] = &resource_socket,
	[RES_FUTEX] = &resource_futex,
	[RES_CPU_MUTEX] = &resource_percpu_mutex,
};

const struct resource_kind *resource_kind_of(const struct resource *r)
{
	return resource_kinds[r->type];
}

int resource_type_declared(const char *name)
{
	for (int k = 0; k < RES_KINDS; k++)
		if (resource_kinds[k]->declared_as &&
		    !strcmp(resource_kinds[k]->declared_as, name))
			return k;
	return -1;
}


/*
 * The kinds rt-app has. rt-app keys its resources by (name, type)
 * (get_resource_index in rt-app_parse_config.c): a lock "x", a wait on "x"
 * and a barrier "x" are three objects, each made on first use, never an
 * error; WA's video use cases rely on it. The kinds only mimic has keep
 * one name, one object (a futex word read as a pipe is a mistake).
 */
#define RES_RTAPP_KINDS                                                   \
	((1u << RES_TIMER) | (1u << RES_MUTEX) | (1u << RES_COND) |        \
	 (1u << RES_BARRIER) | (1u << RES_SEM) | (1u << RES_WAKEUP) |      \
	 (1u << RES_MEMBUF))

bool resource_names_clash(enum resource_type a, enum resource_type b)
{
	if ((RES_RTAPP_KINDS & (1u << a)) && (RES_RTAPP_KINDS & (1u << b)))
		return false;
	return a != b && !(resource_kinds[a]->shares_names & (1u << b)) &&
	       !(resource_kinds[b]->shares_names & (1u << a));
}

bool resource_kind_matches(enum resource_type have, enum resource_type want)
{
	return have == want || (resource_kinds[have]->found_as & (1u << want));
}

size_t resource_live_size(const struct resource *r)
{
	return resource_kind_of(r)->live_size;
}

int resource_create(struct live_resource *l, const struct resource *r,
		    const struct globals *g, bool shared, void *state,
		    char *err, size_t len)
{
	const struct resource_kind *k = resource_kind_of(r);
	int rc;

	l->r = r;
	l->shared = shared;
	l->state = state;
	rc = k->create ? k->create(l, g) : 0;
	if (rc) {
		l->r = NULL; /* create undid itself: nothing to destroy */
		/* The kind too: one name may be several kinds' (rt-app's). */
		snprintf(err, len, "%s \"%s\": %s", k->name, r->name,
			 strerror(rc));
	}
	return -rc;
}

void resource_kick(struct live_resource *l)
{
	/* Kinds without: sem_wait, read, write return EINTR on the signal. */
	if (l->r && resource_kind_of(l->r)->kick)
		resource_kind_of(l->r)->kick(l);
}

void resource_destroy(struct live_resource *l)
{
	if (l->r && resource_kind_of(l->r)->destroy)
		resource_kind_of(l->r)->destroy(l);
	l->r = NULL;
}

void resource_dump(const struct resource *r, struct json_object *out)
{
	if (resource_kind_of(r)->dump)
		resource_kind_of(r)->dump(r, out);
}

int resource_mutex_init(pthread_mutex_t *m, const struct globals *g,
			bool shared)
{
	pthread_mutexattr_t a;
	int rc;

	pthread_mutexattr_init(&a);
	if (g->pi_enabled)
		pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT);
	if (shared)
		pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	rc = pthread_mutex_init(m, &a);
	pthread_mutexattr_destroy(&a);
	return rc;
}

int resource_cond_init(pthread_cond_t *c, bool shared)
{
	pthread_condattr_t a;
	int rc;

	pthread_condattr_init(&a);
	if (shared)
		pthread_condattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	rc = pthread_cond_init(c, &a);
	pthread_condattr_destroy(&a);
	return rc;
}
