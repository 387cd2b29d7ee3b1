/*
 * resource.h - the live kernel/pthread objects behind named resources:
 * created before time zero, woken when the run stops, destroyed after.
 */
#ifndef MIMIC_RESOURCE_H
#define MIMIC_RESOURCE_H

#include "model/workload.h"

#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdint.h>

struct live_barrier {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int arrived;
	uint64_t generation;      /* bumped when all have arrived */
};

/* suspend/resume: a resume is remembered until the next suspend. */
struct live_wakeup {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	uint64_t generation;      /* bumped by every resume */
};

/* A condition variable and when it was last signalled. */
struct live_cond {
	pthread_cond_t cond;
	_Atomic int64_t stamp;    /* CLOCK_MONOTONIC ns of the last signal */
};

/* A pipe or socket: the receiver reads rfd, senders write wfd. */
struct live_channel {
	int rfd, wfd;
	_Atomic int64_t stamp;    /* last send, for messages under 8 bytes */
};

/* A futex word counting posted wake-ups, and who waits on it. */
struct live_futex {
	_Atomic uint32_t word;
	atomic_int waiters;
	_Atomic int64_t stamp;    /* the waker's CLOCK_MONOTONIC ns */
	_Atomic int64_t wake_stamp; /* ... just before its FUTEX_WAKE */
};

/* percpu_lock: one mutex per configured CPU. */
struct live_cpu_mutex {
	pthread_mutex_t *m;       /* n mutexes in a shared mapping */
	int n;
	size_t bytes;
};

struct live_resource {
	const struct resource *r;
	bool shared;              /* used across processes (mode "process") */
	union {
		pthread_mutex_t mutex;
		struct live_cond cond;
		struct live_barrier barrier;
		struct live_wakeup wakeup;
		sem_t sem;
		void *buf;        /* membuf */
		struct live_channel chan;
		struct live_futex futex;
		struct live_cpu_mutex cpu_mutex;
	};
};

/* Creates the object, process-shared if shared; -errno and a message on
 * failure. l must be in memory every user can see (the shared region). */
int resource_create(struct live_resource *l, const struct resource *r,
		    const struct globals *g, bool shared, char *err,
		    size_t len);
/* FUTEX_WAIT/WAKE, private to the process unless l is shared. */
long resource_futex(struct live_resource *l, int op, uint32_t val);
/* Wakes every thread blocked on it, so a stopping run can be joined. */
void resource_kick(struct live_resource *l);
void resource_destroy(struct live_resource *l);

/* The work buffer of memrun: filled, and linked for pointer chasing;
 * shared memory, so process instances share it too. */
void *membuf_create(int64_t size, int64_t stride, bool sequential);
void membuf_destroy(void *buf, int64_t size);

#endif
