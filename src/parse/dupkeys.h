/*
 * dupkeys.h - duplicate keys in one JSON object, resolved as rt-app's
 * json-c resolves them (the last value, at the first key's place), or all
 * kept as written.
 */
#ifndef MIMIC_DUPKEYS_H
#define MIMIC_DUPKEYS_H

#include <stdbool.h>

struct diag;
struct jnode;

/*
 * Unless keep, or the file's "global" says "keep_duplicate_keys": true,
 * collapses every object of root the json-c way, with a warning per
 * dropped member naming where it was and where the kept value is.
 * Returns how many members were dropped.
 */
int dupkeys_resolve(struct diag *d, struct jnode *root, bool keep);

/* Whether root's "global" asks to keep duplicate keys (a true boolean). */
bool dupkeys_file_keeps(const struct jnode *root);

#endif
