/*
 * shm.h - the engine's shared region: one MAP_SHARED anonymous mapping,
 * made before any thread or process starts, from which everything a
 * running instance shares with main (its stats, histograms and log ring,
 * the live resources, the gate) is carved. A process forked after set-up
 * sees the same bytes at the same addresses, so threads and processes
 * share one code path. Pages cost nothing until touched (MAP_NORESERVE).
 */
#ifndef MIMIC_SHM_H
#define MIMIC_SHM_H

#include <stdatomic.h>
#include <stddef.h>

/* Every block starts on a cache line: no false sharing between objects. */
#define SHM_ALIGN 64

struct shm {
	void *base;
	size_t size;
	_Atomic size_t *used;     /* in the region: every process bumps it */
};

/* Maps size bytes; -errno on failure. */
int shm_init(struct shm *s, size_t size);
/* Zeroed, cache-line aligned; NULL when the region is exhausted. Safe to
 * call from any thread or process sharing the region. */
void *shm_alloc(struct shm *s, size_t bytes);
/* The same, placed so that its byte at offset at (a multiple of
 * SHM_ALIGN) is on a multiple of align (a power of two, at least
 * SHM_ALIGN). */
void *shm_alloc_aligned(struct shm *s, size_t bytes, size_t align,
			size_t at);
void shm_free(struct shm *s);

#endif
