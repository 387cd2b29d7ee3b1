/*
 * percpu_mutex.c - the resource of percpu_lock: one mutex per configured
 * CPU, in shared memory so process instances take the same ones.
 */
#include "resources/percpu_mutex.h"

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

static void percpu_mutex_destroy(struct live_resource *l)
{
	struct live_cpu_mutex *c = percpu_mutex_live(l);

	for (int k = 0; k < c->n; k++)
		pthread_mutex_destroy(percpu_mutex_at(c, k));
	if (c->m)
		munmap(c->m, c->bytes);
	c->m = NULL;
	c->n = 0;
}

static int percpu_mutex_create(struct live_resource *l,
			       const struct globals *g)
{
	struct live_cpu_mutex *c = percpu_mutex_live(l);
	long n = sysconf(_SC_NPROCESSORS_CONF);

	if (n < 1)
		n = 1;
	c->n = 0;
	_Static_assert(sizeof(pthread_mutex_t) <= PERCPU_MUTEX_STRIDE,
		       "a per-CPU mutex fits its line");
	c->bytes = (size_t)n * PERCPU_MUTEX_STRIDE;
	c->m = mmap(NULL, c->bytes, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (c->m == MAP_FAILED) {
		c->m = NULL;
		return ENOMEM;
	}
	for (int k = 0; k < n; k++) {
		int rc = resource_mutex_init(percpu_mutex_at(c, k), g, l->shared);

		if (rc) {
			percpu_mutex_destroy(l);
			return rc;
		}
		c->n = k + 1;
	}
	return 0;
}

const struct resource_kind resource_percpu_mutex = {
	.name = "per-CPU mutex",
	.live_size = sizeof(struct live_cpu_mutex),
	.create = percpu_mutex_create,
	.destroy = percpu_mutex_destroy,
};
