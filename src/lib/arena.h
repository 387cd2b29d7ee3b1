/* arena.h - one bump allocator that owns the parse tree and the model. */
#ifndef MIMIC_ARENA_H
#define MIMIC_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct arena {
	struct arena_chunk *head;
};

/* size rounded up to what arena_alloc hands out (max_align_t). */
size_t arena_aligned(size_t size);
void *arena_alloc(struct arena *a, size_t size);
void *arena_grow(struct arena *a, void *old, size_t old_size, size_t new_size);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void arena_free(struct arena *a);

#endif
