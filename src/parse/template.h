/*
 * template.h - parameters and replication, applied to the JSON tree before
 * it is parsed, so a hackbench of G groups x F senders x F receivers is a
 * short file. rt-app files, which use neither, are left untouched.
 *
 *   "params": { "groups": 10, "mode": "pipe" }   defaults, --set overrides
 *   "${groups * 20}"                             a whole-string expression
 *                                                becomes a number
 *   "g${g}.r${r}"                                substituted into text
 *   "name${i}": { "foreach": { "i": 4 }, ... }   one copy of the member per
 *                                                value of i (0 .. 3)
 */
#ifndef MIMIC_TEMPLATE_H
#define MIMIC_TEMPLATE_H

struct arena;
struct diag;
struct jnode;

/* sets: "name=value" strings from --set. Returns the errors reported. */
int template_expand(struct arena *a, struct diag *d, struct jnode *root,
		    char *const *sets, int n_sets);

#endif
