/* template.c - ${...} substitution and "foreach" replication on the tree. */
#include "parse/template.h"

#include "lib/arena.h"
#include "lib/diag.h"
#include "parse/jtree.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEMPLATE_MAX_VARS   32
#define TEMPLATE_MAX_COPIES 1000000

struct var {
	const char *name;
	const struct jnode *value; /* J_INT or J_STRING */
	long long i;               /* foreach variables */
	bool is_int;
};

struct env {
	struct var vars[TEMPLATE_MAX_VARS];
	int n;
};

struct tctx {
	struct arena *a;
	struct diag *d;
	const struct jnode *at; /* for messages */
	const char *err;
	long long copies;
};

static const struct var *env_find(const struct env *e, const char *name,
				  size_t len)
{
	for (int k = e->n - 1; k >= 0; k--)
		if (strlen(e->vars[k].name) == len &&
		    !strncmp(e->vars[k].name, name, len))
			return &e->vars[k];
	return NULL;
}

/* A tiny integer expression: + - * / % and parentheses over names. */
struct expr {
	const char *p, *end;
	const struct env *env;
	const char *err;
	const char *str;         /* a lone string variable */
};

static long long ex_sum(struct expr *x);

static void ex_space(struct expr *x)
{
	while (x->p < x->end && isspace((unsigned char)*x->p))
		x->p++;
}

static long long ex_atom(struct expr *x)
{
	ex_space(x);
	if (x->p < x->end && *x->p == '(') {
		x->p++;
		long long v = ex_sum(x);

		ex_space(x);
		if (x->p < x->end && *x->p == ')')
			x->p++;
		else
			x->err = "missing ')'";
		return v;
	}
	if (x->p < x->end && *x->p == '-') {
		x->p++;
		return -ex_atom(x);
	}
	if (x->p < x->end && isdigit((unsigned char)*x->p)) {
		long long v = 0;

		while (x->p < x->end && isdigit((unsigned char)*x->p))
			v = v * 10 + (*x->p++ - '0');
		return v;
	}
	const char *s = x->p;
	while (x->p < x->end && (isalnum((unsigned char)*x->p) || *x->p == '_'))
		x->p++;
	if (s == x->p) {
		x->err = "expected a number, a name or '('";
		return 0;
	}
	const struct var *v = env_find(x->env, s, (size_t)(x->p - s));
	if (!v) {
		x->err = "unknown parameter";
		return 0;
	}
	if (v->is_int)
		return v->i;
	if (v->value->type == J_INT)
		return v->value->i;
	x->str = v->value->s;
	return 0;
}

static long long ex_product(struct expr *x)
{
	long long v = ex_atom(x);

	for (;;) {
		ex_space(x);
		if (x->p >= x->end || !strchr("*/%", *x->p) || x->err)
			return v;
		char op = *x->p++;
		long long r = ex_atom(x);

		if (op != '*' && r == 0) {
			x->err = "division by zero";
			return 0;
		}
		v = op == '*' ? v * r : op == '/' ? v / r : v % r;
	}
}

static long long ex_sum(struct expr *x)
{
	long long v = ex_product(x);

	for (;;) {
		ex_space(x);
		if (x->p >= x->end || (*x->p != '+' && *x->p != '-') || x->err)
			return v;
		char op = *x->p++;
		long long r = ex_product(x);

		v = op == '+' ? v + r : v - r;
	}
}

static bool eval(struct tctx *c, const struct env *env, const char *s,
		 size_t len, long long *out, const char **str)
{
	struct expr x = { .p = s, .end = s + len, .env = env };

	*out = ex_sum(&x);
	ex_space(&x);
	if (!x.err && x.p != x.end)
		x.err = "unexpected text";
	/* A string parameter stands alone: "${mode}", not "${mode + 1}". */
	*str = x.str;
	if (x.err) {
		diag_error(c->d, c->at->line, c->at->col, NULL,
			   "in \"${%.*s}\": %s", (int)len, s, x.err);
		return false;
	}
	return true;
}

/* Substitutes every ${...} of s; *whole_int set when s is one ${expr}. */
static const char *subst(struct tctx *c, const struct env *env,
			 const char *s, bool *is_int, long long *ival)
{
	size_t cap = strlen(s) + 64, n = 0;
	char *out;
	const char *p = s;

	*is_int = false;
	if (!strstr(s, "${"))
		return s;
	out = arena_alloc(c->a, cap);
	while (*p) {
		const char *open = strstr(p, "${"), *close;
		long long v;
		const char *str = NULL;
		char num[32];
		const char *piece;

		if (!open) {
			piece = p;
			p += strlen(p);
		} else if (open > p) {
			piece = arena_strndup(c->a, p, (size_t)(open - p));
			p = open;
		} else {
			close = strchr(open, '}');
			if (!close) {
				diag_error(c->d, c->at->line, c->at->col, NULL,
					   "unclosed \"${\" in \"%s\"", s);
				return s;
			}
			if (!eval(c, env, open + 2, (size_t)(close - open - 2),
				  &v, &str))
				return s;
			if (open == s && !close[1] && !str) {
				*is_int = true;
				*ival = v;
			}
			snprintf(num, sizeof(num), "%lld", v);
			piece = str ? str : num;
			p = close + 1;
		}
		size_t len = strlen(piece);
		if (n + len + 1 > cap) {
			size_t ncap = (n + len + 1) * 2;

			out = arena_grow(c->a, out, n, ncap);
			cap = ncap;
		}
		memcpy(out + n, piece, len);
		n += len;
	}
	out[n] = '\0';
	return out;
}

static struct jnode *copy_node(struct tctx *c, const struct jnode *n,
			       const struct env *env);

static void subst_into(struct tctx *c, struct jnode *dst,
		       const struct jnode *src, const struct env *env)
{
	bool is_int;
	long long v;

	c->at = src;
	if (src->key)
		dst->key = subst(c, env, src->key, &is_int, &v);
	if (src->type == J_STRING) {
		dst->s = subst(c, env, src->s, &is_int, &v);
		if (is_int) {
			dst->type = J_INT;
			dst->i = v;
		}
	}
}

static int expand_kids(struct tctx *c, struct jnode *n, const struct env *env);

static struct jnode *copy_node(struct tctx *c, const struct jnode *n,
			       const struct env *env)
{
	struct jnode *m = arena_alloc(c->a, sizeof(*m));

	*m = *n;
	subst_into(c, m, n, env);
	if (n->n) {
		m->kids = arena_alloc(c->a, n->n * sizeof(*m->kids));
		for (size_t k = 0; k < n->n; k++)
			m->kids[k] = (struct jnode *)n->kids[k];
		expand_kids(c, m, env);
	}
	return m;
}

/* Copies of member m, one per combination of its "foreach" variables. */
static void replicate(struct tctx *c, const struct jnode *m,
		      const struct jnode *each, size_t var, struct env *env,
		      struct jnode ***out, size_t *n_out, size_t *cap)
{
	if (var == each->n) {
		struct jnode *copy = arena_alloc(c->a, sizeof(*copy));
		size_t k = 0;

		*copy = *m;
		copy->kids = arena_alloc(c->a, m->n * sizeof(*copy->kids));
		copy->n = 0;
		for (; k < m->n; k++)
			if (m->kids[k] != each)
				copy->kids[copy->n++] = m->kids[k];
		copy = copy_node(c, copy, env);
		if (*n_out == *cap) {
			size_t ncap = *cap * 2 + 8;

			*out = arena_grow(c->a, *out, *cap * sizeof(**out),
					  ncap * sizeof(**out));
			*cap = ncap;
		}
		(*out)[(*n_out)++] = copy;
		return;
	}
	const struct jnode *cnt = each->kids[var];
	long long count;
	bool is_int = cnt->type == J_INT;

	c->at = cnt;
	count = cnt->i;
	if (cnt->type == J_STRING) {
		long long v;

		subst(c, env, cnt->s, &is_int, &v);
		count = v;
	}
	if (!is_int || count < 0 || env->n == TEMPLATE_MAX_VARS ||
	    (c->copies += count) > TEMPLATE_MAX_COPIES) {
		diag_error(c->d, cnt->line, cnt->col, NULL,
			   "foreach \"%s\": expected a count >= 0 (a number or "
			   "\"${expression}\"), at most %d copies in all",
			   cnt->key, TEMPLATE_MAX_COPIES);
		return;
	}
	env->vars[env->n].name = cnt->key;
	env->vars[env->n].is_int = true;
	env->n++;
	for (long long i = 0; i < count && !c->d->errors; i++) {
		env->vars[env->n - 1].i = i;
		replicate(c, m, each, var + 1, env, out, n_out, cap);
	}
	env->n--;
}

static int expand_kids(struct tctx *c, struct jnode *n, const struct env *env)
{
	struct jnode **kids = NULL;
	size_t nk = 0, cap = 0;
	struct env local = *env;

	for (size_t k = 0; k < n->n && !c->d->errors; k++) {
		struct jnode *m = n->kids[k];
		const struct jnode *each = n->type == J_OBJECT
						   ? jtree_get(m, "foreach")
						   : NULL;

		if (each && each->type == J_OBJECT) {
			replicate(c, m, each, 0, &local, &kids, &nk, &cap);
			continue;
		}
		if (each) {
			diag_error(c->d, each->line, each->col, NULL,
				   "foreach: expected {\"name\": count, ...}");
			return 1;
		}
		m = copy_node(c, m, env);
		if (nk == cap) {
			size_t ncap = cap * 2 + 8;

			kids = arena_grow(c->a, kids, cap * sizeof(*kids),
					  ncap * sizeof(*kids));
			cap = ncap;
		}
		kids[nk++] = m;
	}
	n->kids = kids;
	n->n = nk;
	return c->d->errors;
}

static bool uses_templates(const struct jnode *n)
{
	if ((n->key && strstr(n->key, "${")) ||
	    (n->type == J_STRING && strstr(n->s, "${")) ||
	    (n->key && !strcmp(n->key, "foreach")))
		return true;
	for (size_t k = 0; k < n->n; k++)
		if (uses_templates(n->kids[k]))
			return true;
	return false;
}

int template_expand(struct arena *a, struct diag *d, struct jnode *root,
		    char *const *sets, int n_sets)
{
	struct tctx c = { .a = a, .d = d, .at = root };
	struct env env = { .n = 0 };
	struct jnode *params = NULL;
	size_t k, j;

	if (root->type != J_OBJECT)
		return 0;
	/* "params" is mimic's: take it out so the parser never sees it. */
	for (k = j = 0; k < root->n; k++) {
		if (!strcmp(root->kids[k]->key, "params"))
			params = root->kids[k];
		else
			root->kids[j++] = root->kids[k];
	}
	root->n = j;
	if (params && params->type != J_OBJECT) {
		diag_error(d, params->line, params->col, "params",
			   "expected an object of name: default value");
		return 1;
	}
	for (k = 0; params && k < params->n; k++) {
		const struct jnode *p = params->kids[k];

		if ((p->type != J_INT && p->type != J_STRING) ||
		    env.n == TEMPLATE_MAX_VARS) {
			diag_error(d, p->line, p->col,
				   arena_printf(a, "params.%s", p->key),
				   "expected an integer or a string");
			return 1;
		}
		env.vars[env.n++] = (struct var){ .name = p->key, .value = p };
	}
	for (int s = 0; s < n_sets; s++) {
		const char *eq = strchr(sets[s], '=');
		struct jnode *v = arena_alloc(a, sizeof(*v));
		struct var *var;
		char *end;

		var = eq ? (struct var *)env_find(&env, sets[s],
						  (size_t)(eq - sets[s]))
			 : NULL;
		if (!var) {
			diag_error(d, 0, 0, "--set",
				   eq ? "%s: no such parameter in \"params\""
				      : "%s: expected NAME=VALUE",
				   sets[s]);
			return 1;
		}
		v->s = eq + 1;
		v->i = strtoll(eq + 1, &end, 10);
		v->type = *end || end == eq + 1 ? J_STRING : J_INT;
		if (var->value->type == J_INT && v->type != J_INT) {
			diag_error(d, 0, 0, "--set", "%s: %s needs an integer",
				   sets[s], var->name);
			return 1;
		}
		var->value = v;
	}
	if (!uses_templates(root))
		return 0;
	return expand_kids(&c, root, &env);
}
