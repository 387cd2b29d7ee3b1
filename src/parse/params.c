/*
 * params.c - a workload's "params" (params.h): read and checked once,
 * before any ${...} is expanded, so that a --set value outside a
 * parameter's "values" is one message on the command line, not one per
 * place the value lands in the file.
 */
#include "parse/params.h"

#include "lib/arena.h"
#include "lib/diag.h"
#include "parse/jtree.h"
#include "parse/keys.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The declared form's keys, for --list-keys (checked below). */
static const struct key param_keys[] = {
	{ .name = "default", .type = KEY_CUSTOM, .unit = "int|str",
	  .help = "the value a parameter has without --set (required)" },
	{ .name = "values", .type = KEY_CUSTOM, .unit = "array",
	  .help = "the values --set may give it; others are refused" },
	{ .name = "doc", .type = KEY_STRING,
	  .help = "one line on what it sets, for mimic show" },
	{ 0 },
};

void params_print_keys(void)
{
	keys_print("param", param_keys);
}

/* Whether v is the allowed value a; a --set value is compared as its
 * text with a text parameter's values ("--set mode=1" is "1"). */
static bool params_same(const struct jnode *a, const struct jnode *v)
{
	if (a->type == J_INT)
		return v->type == J_INT && a->i == v->i;
	return v->s && !strcmp(a->s, v->s);
}

static bool params_allows(const struct param *p, const struct jnode *v)
{
	if (!p->values)
		return true;
	for (size_t k = 0; k < p->values->n; k++)
		if (params_same(p->values->kids[k], v))
			return true;
	return false;
}

const char *params_choices(struct arena *a, const struct param *p)
{
	const char *s = "";

	for (size_t k = 0; p->values && k < p->values->n; k++) {
		const struct jnode *v = p->values->kids[k];

		s = v->type == J_INT
			    ? arena_printf(a, "%s%s%lld", s, k ? ", " : "",
					   (long long)v->i)
			    : arena_printf(a, "%s%s%s", s, k ? ", " : "",
					   v->s);
	}
	return s;
}

/* The declared form: { "default": v, "values": [...], "doc": "..." }. */
static int params_read_declared(struct arena *a, struct diag *d,
				const struct jnode *n, struct param *p)
{
	const char *path = arena_printf(a, "params.%s", p->name);

	for (size_t k = 0; k < n->n; k++) {
		const struct jnode *m = n->kids[k];

		if (!strcmp(m->key, "default")) {
			p->value = m;
		} else if (!strcmp(m->key, "values")) {
			p->values = m;
		} else if (!strcmp(m->key, "doc")) {
			if (m->type != J_STRING) {
				diag_error(d, m->line, m->col,
					   arena_printf(a, "%s.doc", path),
					   "expected a string");
				return 1;
			}
			p->doc = m->s;
		} else {
			diag_error(d, m->key_line, m->key_col,
				   arena_printf(a, "%s.%s", path, m->key),
				   "unknown key (expected default, values or "
				   "doc)");
			return 1;
		}
	}
	if (!p->value) {
		diag_error(d, n->line, n->col, path, "missing \"default\"");
		return 1;
	}
	if (p->value->type != J_INT && p->value->type != J_STRING) {
		diag_error(d, p->value->line, p->value->col,
			   arena_printf(a, "%s.default", path),
			   "expected an integer or a string");
		return 1;
	}
	if (!p->values)
		return 0;
	if (p->values->type != J_ARRAY || !p->values->n) {
		diag_error(d, p->values->line, p->values->col,
			   arena_printf(a, "%s.values", path),
			   "expected a non-empty array");
		return 1;
	}
	for (size_t k = 0; k < p->values->n; k++) {
		const struct jnode *v = p->values->kids[k];

		if (v->type != p->value->type) {
			diag_error(d, v->line, v->col,
				   arena_printf(a, "%s.values[%zu]", path, k),
				   "expected %s, as the default is",
				   p->value->type == J_INT ? "an integer"
							   : "a string");
			return 1;
		}
	}
	if (!params_allows(p, p->value)) {
		diag_error(d, p->value->line, p->value->col,
			   arena_printf(a, "%s.default", path),
			   "not one of its values (%s)",
			   params_choices(a, p));
		return 1;
	}
	return 0;
}

int params_read(struct arena *a, struct diag *d, const struct jnode *n,
		struct params *out)
{
	*out = (struct params){ 0 };
	if (!n)
		return 0;
	if (n->type != J_OBJECT) {
		diag_error(d, n->line, n->col, "params",
			   "expected an object of name: default value");
		return 1;
	}
	out->v = arena_alloc(a, (n->n ? n->n : 1) * sizeof(*out->v));
	for (size_t k = 0; k < n->n; k++) {
		const struct jnode *m = n->kids[k];
		struct param *p = &out->v[out->n++];

		*p = (struct param){ .name = m->key, .value = m };
		if (m->type == J_OBJECT) {
			p->value = NULL;
			if (params_read_declared(a, d, m, p))
				return 1;
		} else if (m->type != J_INT && m->type != J_STRING) {
			diag_error(d, m->line, m->col,
				   arena_printf(a, "params.%s", m->key),
				   "expected an integer, a string or an "
				   "object with a \"default\"");
			return 1;
		}
	}
	return 0;
}

static struct param *params_find(struct params *ps, const char *name,
				 size_t len)
{
	/* The last of duplicate names wins, as in the expansion. */
	for (size_t k = ps->n; k-- > 0;)
		if (strlen(ps->v[k].name) == len &&
		    !strncmp(ps->v[k].name, name, len))
			return &ps->v[k];
	return NULL;
}

int params_set(struct arena *a, struct diag *d, struct params *ps,
	       char *const *sets, int n_sets)
{
	for (int s = 0; s < n_sets; s++) {
		const char *eq = strchr(sets[s], '=');
		struct jnode *v = arena_alloc(a, sizeof(*v));
		struct param *p;
		char *end;

		p = eq ? params_find(ps, sets[s], (size_t)(eq - sets[s]))
		       : NULL;
		/* global.seed, which main applies after parsing. */
		if (!p && eq && eq - sets[s] == 4 && !strncmp(sets[s], "seed", 4))
			continue;
		if (!p) {
			diag_error(d, 0, 0, "--set",
				   eq ? "%s: no such parameter in \"params\""
				      : "%s: expected NAME=VALUE",
				   sets[s]);
			return 1;
		}
		v->s = eq + 1;
		errno = 0;
		v->i = strtoll(eq + 1, &end, 10);
		v->type = *end || end == eq + 1 ? J_STRING : J_INT;
		if (v->type == J_INT && errno == ERANGE) {
			diag_error(d, 0, 0, "--set",
				   "%s: out of the 64-bit range", sets[s]);
			return 1;
		}
		if (p->value->type == J_INT && v->type != J_INT) {
			diag_error(d, 0, 0, "--set", "%s: %s needs an integer",
				   sets[s], p->name);
			return 1;
		}
		if (!params_allows(p, v)) {
			diag_error(d, 0, 0, "--set",
				   "%s: %s is one of %s", sets[s], p->name,
				   params_choices(a, p));
			return 1;
		}
		p->value = v;
	}
	return 0;
}
