/* resource.c - creation, stop-time wake-up and destruction of resources. */
#define _GNU_SOURCE
#include "resource.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mutex_init(pthread_mutex_t *m, bool pi, bool shared)
{
	pthread_mutexattr_t a;
	int rc;

	pthread_mutexattr_init(&a);
	if (pi)
		pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT);
	if (shared)
		pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	rc = pthread_mutex_init(m, &a);
	pthread_mutexattr_destroy(&a);
	return rc;
}

static int cond_init(pthread_cond_t *c, bool shared)
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

long resource_futex(struct live_resource *l, int op, uint32_t val)
{
	if (!l->shared)
		op |= FUTEX_PRIVATE_FLAG;
	return syscall(SYS_futex, &l->futex.word, op, val, NULL, NULL, 0);
}

/* Shared memory: process instances take the same per-CPU mutexes. */
static int cpu_mutex_create(struct live_cpu_mutex *c, bool pi, bool shared)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	if (n < 1)
		n = 1;
	c->n = 0;
	c->bytes = (size_t)n * sizeof(*c->m);
	c->m = mmap(NULL, c->bytes, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (c->m == MAP_FAILED) {
		c->m = NULL;
		return ENOMEM;
	}
	for (int k = 0; k < n; k++) {
		int rc = mutex_init(&c->m[k], pi, shared);

		if (rc)
			return rc;
		c->n = k + 1;
	}
	return 0;
}

/* Slots in bit-reversed (spread) or sequential order, one cycle. */
void *membuf_create(int64_t size, int64_t stride, bool sequential)
{
	unsigned char *buf = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE,
				  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	size_t slots = 1, bits = 0;

	if (buf == MAP_FAILED)
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

void membuf_destroy(void *buf, int64_t size)
{
	if (buf)
		munmap(buf, (size_t)size);
}

/* A TCP connection to ourselves on 127.0.0.1, as hackbench -i does. */
static int tcp_pair(int *rfd, int *wfd)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(a);
	int lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), rc = 0;

	*rfd = *wfd = -1;
	if (lfd < 0)
		return errno;
	if (bind(lfd, (struct sockaddr *)&a, sizeof(a)) || listen(lfd, 1) ||
	    getsockname(lfd, (struct sockaddr *)&a, &len))
		goto fail;
	*wfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (*wfd < 0 || connect(*wfd, (struct sockaddr *)&a, sizeof(a)))
		goto fail;
	*rfd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
	if (*rfd < 0)
		goto fail;
	close(lfd);
	return 0;
fail:
	rc = errno;
	if (*wfd >= 0)
		close(*wfd);
	close(lfd);
	return rc;
}

static int channel_create(struct live_channel *c, const struct resource *r)
{
	int fds[2];

	atomic_init(&c->stamp, 0);
	if (r->type == RES_PIPE) {
		if (pipe2(fds, O_CLOEXEC))
			return errno;
	} else if (r->socket_mode == SOCKET_TCP) {
		return tcp_pair(&c->rfd, &c->wfd);
	} else if (socketpair(AF_UNIX,
			      (r->socket_mode == SOCKET_DGRAM ? SOCK_DGRAM
							      : SOCK_STREAM) |
				      SOCK_CLOEXEC,
			      0, fds)) {
		return errno;
	}
	c->rfd = fds[0];
	c->wfd = fds[1];
	return 0;
}

int resource_create(struct live_resource *l, const struct resource *r,
		    const struct globals *g, bool shared, char *err,
		    size_t len)
{
	int rc = 0;

	l->r = r;
	l->shared = shared;
	switch (r->type) {
	case RES_TIMER:
		return 0;
	case RES_MUTEX:
		rc = mutex_init(&l->mutex, g->pi_enabled, shared);
		break;
	case RES_COND:
		atomic_init(&l->cond.stamp, 0);
		rc = cond_init(&l->cond.cond, shared);
		break;
	case RES_BARRIER:
		rc = mutex_init(&l->barrier.lock, g->pi_enabled, shared);
		if (!rc)
			rc = cond_init(&l->barrier.cond, shared);
		break;
	case RES_WAKEUP:
		rc = mutex_init(&l->wakeup.lock, g->pi_enabled, shared);
		if (!rc)
			rc = cond_init(&l->wakeup.cond, shared);
		break;
	case RES_SEM:
		rc = sem_init(&l->sem, shared, 0) ? errno : 0;
		break;
	case RES_MEMBUF:
		l->buf = membuf_create(r->size, r->stride, r->sequential);
		rc = l->buf ? 0 : ENOMEM;
		break;
	case RES_PIPE:
	case RES_SOCKET:
		rc = channel_create(&l->chan, r);
		break;
	case RES_FUTEX:
		atomic_init(&l->futex.word, 0);
		atomic_init(&l->futex.waiters, 0);
		atomic_init(&l->futex.stamp, 0);
		break;
	case RES_CPU_MUTEX:
		rc = cpu_mutex_create(&l->cpu_mutex, g->pi_enabled, shared);
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
		pthread_cond_broadcast(&l->cond.cond);
		break;
	case RES_BARRIER:
		pthread_cond_broadcast(&l->barrier.cond);
		break;
	case RES_WAKEUP:
		pthread_cond_broadcast(&l->wakeup.cond);
		break;
	case RES_FUTEX:
		/* Waiters see the stop flag when woken. */
		resource_futex(l, FUTEX_WAKE, INT32_MAX);
		break;
	default:
		break; /* sem_wait, read, write return EINTR on the signal */
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
		pthread_cond_destroy(&l->cond.cond);
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
		membuf_destroy(l->buf, l->r->size);
		break;
	case RES_PIPE:
	case RES_SOCKET:
		close(l->chan.rfd);
		close(l->chan.wfd);
		break;
	case RES_CPU_MUTEX:
		for (int k = 0; k < l->cpu_mutex.n; k++)
			pthread_mutex_destroy(&l->cpu_mutex.m[k]);
		if (l->cpu_mutex.m)
			munmap(l->cpu_mutex.m, l->cpu_mutex.bytes);
		break;
	case RES_TIMER:
	case RES_FUTEX:
		break;
	}
}
