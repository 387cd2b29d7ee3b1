/*
 * name_index.c - open addressing with linear probing over FNV-1a hashes,
 * kept at most half full; the hash is stored so probes compare strings only
 * on a likely match and growing never rehashes a string.
 */
#include "lib/name_index.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME_INDEX_MIN_CAP 16

struct name_index_slot {
	const char *name; /* NULL: empty */
	uint64_t hash;
	int value;
};

static uint64_t name_index_hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

/* The slot holding name, or the empty slot where it would go. */
static struct name_index_slot *name_index_find(const struct name_index *ix,
					       const char *name, uint64_t h)
{
	size_t mask = ix->cap - 1;

	for (size_t k = h & mask;; k = (k + 1) & mask) {
		struct name_index_slot *s = &ix->slots[k];

		if (!s->name || (s->hash == h && !strcmp(s->name, name)))
			return s;
	}
}

static void name_index_grow(struct name_index *ix)
{
	struct name_index old = *ix;

	ix->cap = old.cap ? old.cap * 2 : NAME_INDEX_MIN_CAP;
	ix->slots = calloc(ix->cap, sizeof(*ix->slots));
	if (!ix->slots) {
		fprintf(stderr, "mimic: out of memory\n");
		exit(1);
	}
	for (size_t k = 0; k < old.cap; k++)
		if (old.slots[k].name)
			*name_index_find(ix, old.slots[k].name,
					 old.slots[k].hash) = old.slots[k];
	free(old.slots);
}

int name_index_get(const struct name_index *ix, const char *name)
{
	const struct name_index_slot *s;

	if (!ix->cap)
		return -1;
	s = name_index_find(ix, name, name_index_hash(name));
	return s->name ? s->value : -1;
}

void name_index_put(struct name_index *ix, const char *name, int value)
{
	uint64_t h = name_index_hash(name);
	struct name_index_slot *s;

	if (2 * (ix->n + 1) > ix->cap)
		name_index_grow(ix);
	s = name_index_find(ix, name, h);
	if (!s->name) {
		s->name = name;
		s->hash = h;
		ix->n++;
	}
	s->value = value;
}

void name_index_free(struct name_index *ix)
{
	free(ix->slots);
	ix->slots = NULL;
	ix->cap = ix->n = 0;
}
