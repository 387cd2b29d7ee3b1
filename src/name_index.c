/* name_index.c - FNV-1a hashed open addressing from names to id chains. */
#include "name_index.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct name_slot {
	const char *name;         /* NULL: empty */
	int head;                 /* the newest id of this name */
};

static uint64_t name_hash(const char *s)
{
	uint64_t h = 14695981039346656037ull;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h;
}

static struct name_slot *name_find(const struct name_index *x,
				   const char *name)
{
	size_t k = name_hash(name) & (x->cap - 1);

	while (x->slots[k].name && strcmp(x->slots[k].name, name))
		k = (k + 1) & (x->cap - 1);
	return &x->slots[k];
}

static int name_grow(struct name_index *x)
{
	struct name_index bigger = *x;

	bigger.cap = x->cap ? x->cap * 2 : 64;
	bigger.slots = calloc(bigger.cap, sizeof(*bigger.slots));
	if (!bigger.slots)
		return -1;
	for (size_t k = 0; k < x->cap; k++)
		if (x->slots[k].name)
			*name_find(&bigger, x->slots[k].name) = x->slots[k];
	free(x->slots);
	*x = bigger;
	return 0;
}

int name_index_add(struct name_index *x, const char *name, int id)
{
	struct name_slot *s;

	if ((x->n + 1) * 2 > x->cap && name_grow(x))
		return -1;
	if ((size_t)id >= x->next_cap) {
		size_t cap = x->next_cap ? x->next_cap : 64;
		int *next;

		while (cap <= (size_t)id)
			cap *= 2;
		next = realloc(x->next, cap * sizeof(*next));
		if (!next)
			return -1;
		x->next = next;
		x->next_cap = cap;
	}
	s = name_find(x, name);
	if (!s->name) {
		s->name = name;
		s->head = -1;
		x->n++;
	}
	x->next[id] = s->head;
	s->head = id;
	return 0;
}

int name_index_first(const struct name_index *x, const char *name)
{
	if (!x->cap)
		return -1;
	const struct name_slot *s = name_find(x, name);

	return s->name ? s->head : -1;
}

int name_index_next(const struct name_index *x, int id)
{
	return x->next[id];
}

void name_index_free(struct name_index *x)
{
	free(x->slots);
	free(x->next);
	memset(x, 0, sizeof(*x));
}
