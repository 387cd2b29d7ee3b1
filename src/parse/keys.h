/*
 * keys.h - the one walker over key tables (model/keys.h): checks each
 * value's type and range, applies defaults, reports unknown and missing
 * keys, and prints the tables for --list-keys.
 */
#ifndef MIMIC_PARSE_KEYS_H
#define MIMIC_PARSE_KEYS_H

#include "model/keys.h"

#include <stdint.h>

struct jnode;
struct parser;

/* The row called name, or NULL. */
const struct key *keys_find(const struct key *table, const char *name);
/* The row whose name looks like a typo of name (lib/near.h), or NULL. */
const char *keys_near(const struct key *table, const char *name);

/*
 * An integer within min .. max from an integral JSON number (one that does
 * not fit in 64 bits never gets here: jtree refuses it).
 */
int keys_integer(struct parser *p, const char *path, const struct jnode *v,
		 int64_t min, int64_t max, int64_t *out);

/* Sets the field of every typed row of table in obj to its default. */
void keys_defaults(const struct key *table, void *obj);

/*
 * Reads v into obj's field as row k says; reports an error with the
 * value's file:line:col and path, and returns -1, when its type or range
 * is wrong.
 */
int keys_apply(struct parser *p, const char *path, const struct key *k,
	       const struct jnode *v, void *obj);

/*
 * An object whose members are all rows of table (an event's or a
 * resource's arguments): each member is applied in file order, so the last
 * of duplicate keys wins; an unknown key is an error naming the known ones
 * ("unknown key (expected a, b)"), a KEYF_REQUIRED row missing is one too
 * ("missing \"a\""). Returns the number of errors reported.
 */
int keys_walk(struct parser *p, const char *path, const struct jnode *v,
	      const struct key *table, void *obj);

/* One line per row: object, key, type and unit, help. */
void keys_print(const char *object, const struct key *table);

#endif
