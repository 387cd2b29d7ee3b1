/* shm.c - a bump allocator over one shared anonymous mapping. */
#include "lib/shm.h"

#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>

int shm_init(struct shm *s, size_t size)
{
	size = (size + SHM_ALIGN - 1) & ~(size_t)(SHM_ALIGN - 1);
	s->base = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (s->base == MAP_FAILED) {
		s->base = NULL;
		return -errno;
	}
	s->size = size;
	s->used = s->base;
	atomic_init(s->used, SHM_ALIGN); /* the counter's own line */
	return 0;
}

void *shm_alloc(struct shm *s, size_t bytes)
{
	return shm_alloc_aligned(s, bytes, SHM_ALIGN, 0);
}

/* The base is page-aligned (mmap): an offset's alignment is the address's. */
void *shm_alloc_aligned(struct shm *s, size_t bytes, size_t align,
			size_t at)
{
	size_t need = (bytes + SHM_ALIGN - 1) & ~(size_t)(SHM_ALIGN - 1);
	size_t cur = atomic_load(s->used), start;

	do {
		start = cur + ((0 - (cur + at)) & (align - 1));
		if (start + need > s->size || start + need < cur)
			return NULL;
	} while (!atomic_compare_exchange_weak(s->used, &cur, start + need));
	return (char *)s->base + start; /* fresh shared pages are zero */
}

void shm_free(struct shm *s)
{
	if (s->base)
		munmap(s->base, s->size);
	s->base = NULL;
}
