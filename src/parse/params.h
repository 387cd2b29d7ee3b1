/*
 * params.h - a workload's "params": the names ${...} may use, their
 * defaults, the values each allows, and the --set NAME=VALUE that change
 * them. Read by template.c before expansion and by mimic show.
 *
 *   "params": { "groups": 10,                       the simple form
 *               "channel": { "default": "socket",   the declared form
 *                            "values": ["pipe", "socket"],
 *                            "doc": "-p: pipes, not sockets" } }
 */
#ifndef MIMIC_PARAMS_H
#define MIMIC_PARAMS_H

#include <stddef.h>

struct arena;
struct diag;
struct jnode;

struct param {
	const char *name;
	const struct jnode *value;  /* J_INT or J_STRING: default, or --set */
	const struct jnode *values; /* J_ARRAY of allowed values, or NULL */
	const char *doc;            /* one line, or NULL */
};

struct params {
	struct param *v;
	size_t n;
};

/*
 * Reads the "params" object p (NULL: none) into out; reports each error
 * where it is and returns how many.
 */
int params_read(struct arena *a, struct diag *d, const struct jnode *p,
		struct params *out);

/*
 * Applies --set "name=value" strings to ps: an unknown name, an integer
 * parameter given text, or a value outside "values" is one error on the
 * command line (the last names the choices). Returns the errors reported.
 */
int params_set(struct arena *a, struct diag *d, struct params *ps,
	       char *const *sets, int n_sets);

/* "pipe, socket": a parameter's allowed values for a message. */
const char *params_choices(struct arena *a, const struct param *p);

/* --list-keys rows of a declared parameter. */
void params_print_keys(void);

#endif
