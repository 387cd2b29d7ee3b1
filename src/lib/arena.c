/* arena.c - bump allocator: the model is freed in one call, never piecemeal. */
#include "lib/arena.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_CHUNK_MIN (64 * 1024)

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, size;
	max_align_t data[];
};

static void *arena_oom(void)
{
	fprintf(stderr, "mimic: out of memory\n");
	exit(1);
}

size_t arena_aligned(size_t size)
{
	const size_t align = sizeof(max_align_t);

	return (size + align - 1) / align * align;
}

void *arena_alloc(struct arena *a, size_t size)
{
	struct arena_chunk *c = a->head;

	size = arena_aligned(size);
	if (!c || c->size - c->used < size) {
		size_t want = size > ARENA_CHUNK_MIN ? size : ARENA_CHUNK_MIN;

		c = malloc(sizeof(*c) + want);
		if (!c)
			return arena_oom();
		c->size = want;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	void *p = (char *)c->data + c->used;
	c->used += size;
	memset(p, 0, size);
	return p;
}

void *arena_grow(struct arena *a, void *old, size_t old_size, size_t new_size)
{
	void *p = arena_alloc(a, new_size);

	if (old)
		memcpy(p, old, old_size);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *p = arena_alloc(a, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void arena_free(struct arena *a)
{
	struct arena_chunk *c = a->head, *next;

	for (; c; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
}
