/*
 * name_index.h - a small hash index from names to ints, so the parser finds
 * a resource or task by name in constant time instead of scanning every one
 * (a hackbench of 100 groups has 2000 channels and 40000 sends).
 */
#ifndef MIMIC_NAME_INDEX_H
#define MIMIC_NAME_INDEX_H

#include <stddef.h>

struct name_index_slot;

/* All zero is an empty index. Names are not copied: they must outlive it. */
struct name_index {
	struct name_index_slot *slots;
	size_t cap, n;
};

/* The value stored for name, or -1. */
int name_index_get(const struct name_index *ix, const char *name);
/* Stores value (>= 0) for name, replacing any earlier one. */
void name_index_put(struct name_index *ix, const char *name, int value);
void name_index_free(struct name_index *ix);

#endif
