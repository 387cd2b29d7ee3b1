/* resource.c - creation, stop-time wake-up and destruction of resources. */
#define _GNU_SOURCE
#include "resource.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mutex_init(pthread_mutex_t *m, bool pi)
{
	pthread_mutexattr_t a;
	int rc;

	pthread_mutexattr_init(&a);
	if (pi)
		pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT);
	rc = pthread_mutex_init(m, &a);
	pthread_mutexattr_destroy(&a);
	return rc;
}

/* Slots in bit-reversed (spread) or sequential order, one cycle. */
void *membuf_create(int64_t size, int64_t stride, bool sequential)
{
	unsigned char *buf = malloc((size_t)size);
	size_t slots = 1, bits = 0;

	if (!buf)
		return NULL;
	memset(buf, 0xaa, (size_t)size);
	if (stride < (int64_t)sizeof(void *) || size < 2 * stride)
		return buf;
	while ((int64_t)(slots * 2) * stride <= size) {
		slots *= 2;
		bits++;
	}
	for (size_t k = 0; k < slots; k++) {
		size_t from = k, to = (k + 1) % slots;

		if (!sequential) {
			size_t rf = 0, rt = 0;

			for (size_t b = 0; b < bits; b++) {
				rf |= ((from >> b) & 1) << (bits - 1 - b);
				rt |= ((to >> b) & 1) << (bits - 1 - b);
			}
			from = rf;
			to = rt;
		}
		*(void **)(buf + from * (size_t)stride) =
			buf + to * (size_t)stride;
	}
	return buf;
}

int resource_create(struct live_resource *l, const struct resource *r,
		    const struct globals *g, char *err, size_t len)
{
	int rc = 0;

	l->r = r;
	switch (r->type) {
	case RES_TIMER:
		return 0;
	case RES_MUTEX:
		rc = mutex_init(&l->mutex, g->pi_enabled);
		break;
	case RES_COND:
		rc = pthread_cond_init(&l->cond, NULL);
		break;
	case RES_BARRIER:
		rc = mutex_init(&l->barrier.lock, g->pi_enabled);
		if (!rc)
			rc = pthread_cond_init(&l->barrier.cond, NULL);
		break;
	case RES_WAKEUP:
		rc = mutex_init(&l->wakeup.lock, g->pi_enabled);
		if (!rc)
			rc = pthread_cond_init(&l->wakeup.cond, NULL);
		break;
	case RES_SEM:
		rc = sem_init(&l->sem, 0, 0) ? errno : 0;
		break;
	case RES_MEMBUF:
		l->buf = membuf_create(r->size, r->stride, r->sequential);
		rc = l->buf ? 0 : ENOMEM;
		break;
	}
	if (rc)
		snprintf(err, len, "resource \"%s\": %s", r->name, strerror(rc));
	return -rc;
}

void resource_kick(struct live_resource *l)
{
	switch (l->r->type) {
	case RES_COND:
		pthread_cond_broadcast(&l->cond);
		break;
	case RES_BARRIER:
		pthread_cond_broadcast(&l->barrier.cond);
		break;
	case RES_WAKEUP:
		pthread_cond_broadcast(&l->wakeup.cond);
		break;
	default:
		break; /* sem_wait returns EINTR on the wake signal */
	}
}

void resource_destroy(struct live_resource *l)
{
	if (!l->r)
		return;
	switch (l->r->type) {
	case RES_MUTEX:
		pthread_mutex_destroy(&l->mutex);
		break;
	case RES_COND:
		pthread_cond_destroy(&l->cond);
		break;
	case RES_BARRIER:
		pthread_mutex_destroy(&l->barrier.lock);
		pthread_cond_destroy(&l->barrier.cond);
		break;
	case RES_WAKEUP:
		pthread_mutex_destroy(&l->wakeup.lock);
		pthread_cond_destroy(&l->wakeup.cond);
		break;
	case RES_SEM:
		sem_destroy(&l->sem);
		break;
	case RES_MEMBUF:
		free(l->buf);
		break;
	case RES_TIMER:
		break;
	}
}
