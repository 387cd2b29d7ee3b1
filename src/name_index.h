/*
 * name_index.h - names to small integers (resources, tasks) in O(1): the
 * parser looks a name up for every reference, and canned workloads make
 * thousands of them, so a linear scan made parsing quadratic. Several
 * entries may share a name (a condition and a mutex may); lookups walk
 * them newest first, and callers filter.
 */
#ifndef MIMIC_NAME_INDEX_H
#define MIMIC_NAME_INDEX_H

#include <stddef.h>

struct name_index {
	struct name_slot *slots;  /* open addressing, a power of two */
	size_t cap, n;
	int *next;                /* per id: the previous id of the same name */
	size_t next_cap;
};

/* Adds id under name (a string that outlives the index); -1 on ENOMEM. */
int name_index_add(struct name_index *x, const char *name, int id);
/* The newest id of that name, or -1; then name_index_next(x, id). */
int name_index_first(const struct name_index *x, const char *name);
int name_index_next(const struct name_index *x, int id);
void name_index_free(struct name_index *x);

#endif
