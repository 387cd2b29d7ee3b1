/* template.c - ${...} substitution and "foreach" replication on the tree. */
#include "parse/template.h"

#include "lib/arena.h"
#include "lib/diag.h"
#include "parse/jtree.h"
#include "parse/params.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Limits (doc/grammar.md §4.1, doc/limits.md): foreach variables in scope,
 * nesting of parentheses and unary minus in one ${...}, the JSON values an
 * expansion may make (measured before anything is copied), and the bytes
 * of text substitution may write.
 */
#define TEMPLATE_MAX_VARS   32
#define TEMPLATE_MAX_DEPTH  64
#define TEMPLATE_MAX_VALUES 1000000
#define TEMPLATE_MAX_TEXT   (64 * 1024 * 1024)

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

/* Where the expansion is, for the JSON path of a message. */
struct frame {
	const struct jnode *n; /* its key as substituted so far */
	size_t idx;            /* index in an array parent */
	bool in_array;
};

/* JSON nesting is at most 32 levels (json-c's), plus the root. */
#define TEMPLATE_MAX_FRAMES 40

struct tctx {
	struct arena *a;
	struct diag *d;
	const struct jnode *at; /* for messages */
	struct frame path[TEMPLATE_MAX_FRAMES];
	int depth;
	size_t text;            /* bytes written by substitution */
	char *buf;              /* subst()'s scratch, then copied exactly */
	size_t buf_cap;
};

static void path_push(struct tctx *c, const struct jnode *n, bool in_array,
		      size_t idx)
{
	if (c->depth < TEMPLATE_MAX_FRAMES)
		c->path[c->depth] = (struct frame){ n, idx, in_array };
	c->depth++;
}

static void path_pop(struct tctx *c)
{
	c->depth--;
}

/* "tasks.t3.phases[1].loop", made only for a message. */
static const char *path_string(struct tctx *c, const char *last)
{
	const char *s = "";
	int n = c->depth < TEMPLATE_MAX_FRAMES ? c->depth : TEMPLATE_MAX_FRAMES;

	for (int k = 0; k < n; k++) {
		const struct frame *f = &c->path[k];

		if (f->in_array)
			s = arena_printf(c->a, "%s[%zu]", s, f->idx);
		else if (f->n->key)
			s = arena_printf(c->a, "%s%s%s", s, *s ? "." : "",
					 f->n->key);
	}
	if (last)
		s = arena_printf(c->a, "%s%s%s", s, *s ? "." : "", last);
	return s;
}

static void t_error(struct tctx *c, const struct jnode *at, const char *last,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void t_error(struct tctx *c, const struct jnode *at, const char *last,
		    const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_error(c->d, at->line, at->col, path_string(c, last), "%s", msg);
}

static const struct var *env_find(const struct env *e, const char *name,
				  size_t len)
{
	for (int k = e->n - 1; k >= 0; k--)
		if (strlen(e->vars[k].name) == len &&
		    !strncmp(e->vars[k].name, name, len))
			return &e->vars[k];
	return NULL;
}

/*
 * A tiny integer expression: + - * / % and parentheses over names, in
 * 64-bit arithmetic that is checked: a result out of range, a division by
 * zero or too deep a nesting is an error, never a wrap or a trap.
 */
struct expr {
	const char *p, *end;
	const struct env *env;
	const char *err;
	const char *err_at;      /* "unexpected text": where */
	const char *str;         /* a string variable was read */
	bool arith;              /* an operator was applied */
	int depth;
};

static long long ex_sum(struct expr *x);

static long long ex_fail(struct expr *x, const char *err)
{
	if (!x->err)
		x->err = err;
	return 0;
}

static void ex_space(struct expr *x)
{
	while (x->p < x->end && isspace((unsigned char)*x->p))
		x->p++;
}

static long long ex_number(struct expr *x)
{
	long long v = 0;

	while (x->p < x->end && isdigit((unsigned char)*x->p)) {
		if (__builtin_mul_overflow(v, 10, &v) ||
		    __builtin_add_overflow(v, *x->p - '0', &v))
			return ex_fail(x, "number out of the 64-bit range");
		x->p++;
	}
	return v;
}

static long long ex_atom(struct expr *x)
{
	long long v;

	ex_space(x);
	if (x->p < x->end && (*x->p == '(' || *x->p == '-') &&
	    ++x->depth > TEMPLATE_MAX_DEPTH)
		return ex_fail(x, "parentheses and '-' nested more than "
				  "64 deep");
	if (x->p < x->end && *x->p == '(') {
		x->p++;
		v = ex_sum(x);
		ex_space(x);
		if (x->p < x->end && *x->p == ')')
			x->p++;
		else
			ex_fail(x, "missing ')'");
		x->depth--;
		return v;
	}
	if (x->p < x->end && *x->p == '-') {
		x->p++;
		x->arith = true;
		v = ex_atom(x);
		x->depth--;
		if (__builtin_sub_overflow(0, v, &v))
			return ex_fail(x, "result out of the 64-bit range");
		return v;
	}
	if (x->p < x->end && isdigit((unsigned char)*x->p))
		return ex_number(x);
	const char *s = x->p;
	while (x->p < x->end && (isalnum((unsigned char)*x->p) || *x->p == '_'))
		x->p++;
	if (s == x->p)
		return ex_fail(x, "expected a number, a name or '('");
	const struct var *var = env_find(x->env, s, (size_t)(x->p - s));
	if (!var)
		return ex_fail(x, "unknown parameter");
	if (var->is_int)
		return var->i;
	if (var->value->type == J_INT)
		return var->value->i;
	x->str = var->value->s;
	return 0;
}

static long long ex_apply(struct expr *x, char op, long long v, long long r)
{
	long long out = 0;
	bool over = false;

	x->arith = true;
	switch (op) {
	case '+': over = __builtin_add_overflow(v, r, &out); break;
	case '-': over = __builtin_sub_overflow(v, r, &out); break;
	case '*': over = __builtin_mul_overflow(v, r, &out); break;
	default:
		if (r == 0)
			return ex_fail(x, "division by zero");
		/* The one quotient out of range, and a trap in C for % too. */
		if (v == LLONG_MIN && r == -1)
			return ex_fail(x, "result out of the 64-bit range");
		out = op == '/' ? v / r : v % r;
	}
	if (over)
		return ex_fail(x, "result out of the 64-bit range");
	return out;
}

static long long ex_product(struct expr *x)
{
	long long v = ex_atom(x);

	for (;;) {
		ex_space(x);
		if (x->err || x->p >= x->end || !strchr("*/%", *x->p))
			return v;
		char op = *x->p++;
		long long r = ex_atom(x);

		if (x->err)
			return 0;
		v = ex_apply(x, op, v, r);
	}
}

static long long ex_sum(struct expr *x)
{
	long long v = ex_product(x);

	for (;;) {
		ex_space(x);
		if (x->err || x->p >= x->end || (*x->p != '+' && *x->p != '-'))
			return v;
		char op = *x->p++;
		long long r = ex_product(x);

		if (x->err)
			return 0;
		v = ex_apply(x, op, v, r);
	}
}

/* At most 40 bytes of the text in a message, then "...". */
#define ECHO_MAX 40
#define ECHO(s, len)                                                  \
	(int)((len) > ECHO_MAX ? ECHO_MAX : (len)), (s),              \
		(len) > ECHO_MAX ? "..." : ""

static bool eval(struct tctx *c, const struct env *env, const char *s,
		 size_t len, long long *out, const char **str)
{
	struct expr x = { .p = s, .end = s + len, .env = env };

	*out = ex_sum(&x);
	ex_space(&x);
	if (!x.err && x.p != x.end) {
		x.err = "unexpected text";
		x.err_at = x.p;
	}
	/* A string parameter stands alone: "${mode}", not "${mode + 1}". */
	if (!x.err && x.str && x.arith)
		x.err = "a string parameter takes no arithmetic";
	*str = x.str;
	if (x.err_at) {
		t_error(c, c->at, NULL,
			"in \"${%.*s%s}\": unexpected \"%.*s%s\" (operators "
			"are + - * / %% and parentheses)", ECHO(s, len),
			ECHO(x.err_at, (size_t)(x.end - x.err_at)));
		return false;
	}
	if (x.err) {
		t_error(c, c->at, NULL, "in \"${%.*s%s}\": %s", ECHO(s, len),
			x.err);
		return false;
	}
	return true;
}

/* Substitutes every ${...} of s; *whole_int set when s is one ${expr}. */
static const char *subst(struct tctx *c, const struct env *env,
			 const char *s, bool *is_int, long long *ival)
{
	size_t n = 0;
	const char *p = s;

	*is_int = false;
	if (!strstr(s, "${"))
		return s;
	while (*p) {
		const char *open = strstr(p, "${"), *close;
		long long v;
		const char *str = NULL;
		char num[32];
		const char *piece;
		size_t len;

		if (!open) {
			piece = p;
			len = strlen(p);
			p += len;
		} else if (open > p) {
			piece = p;
			len = (size_t)(open - p);
			p = open;
		} else {
			close = strchr(open, '}');
			if (!close) {
				t_error(c, c->at, NULL,
					"unclosed \"${\" in \"%.*s%s\"",
					ECHO(s, strlen(s)));
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
			len = strlen(piece);
			p = close + 1;
		}
		if (len > TEMPLATE_MAX_TEXT - c->text) {
			t_error(c, c->at, NULL,
				"substitution writes more than %d bytes of "
				"text in all", TEMPLATE_MAX_TEXT);
			return s;
		}
		c->text += len;
		if (n + len + 1 > c->buf_cap) {
			size_t ncap = (n + len + 1) * 2;
			char *nbuf = realloc(c->buf, ncap);

			if (!nbuf) {
				t_error(c, c->at, NULL, "out of memory");
				return s;
			}
			c->buf = nbuf;
			c->buf_cap = ncap;
		}
		memcpy(c->buf + n, piece, len);
		n += len;
	}
	return arena_strndup(c->a, c->buf, n);
}

/*
 * The count of a foreach variable, a number or "${expr}" evaluated in env
 * (earlier variables of the same foreach included); -1 after an error.
 */
static long long foreach_count(struct tctx *c, const struct jnode *cnt,
			       const struct env *env)
{
	bool is_int = cnt->type == J_INT;
	long long count = cnt->i;

	c->at = cnt;
	if (cnt->type == J_STRING) {
		/* Only a whole "${expr}" is a number. */
		size_t len = strlen(cnt->s);
		const char *str = NULL;

		is_int = len >= 3 && !strncmp(cnt->s, "${", 2) &&
			 strchr(cnt->s, '}') == cnt->s + len - 1;
		if (is_int && !eval(c, env, cnt->s + 2, len - 3, &count, &str))
			return -1;
		is_int = is_int && !str;
	}
	if (!is_int || count < 0 || env->n == TEMPLATE_MAX_VARS) {
		t_error(c, cnt, arena_printf(c->a, "foreach.%s", cnt->key),
			"expected a count >= 0 (a number or \"${expression}\")"
			"%s", env->n == TEMPLATE_MAX_VARS
				      ? ", at most 32 variables in scope" : "");
		return -1;
	}
	return count;
}

/* ---- measure: what an expansion would make, before it makes it ---- */

/* Whether the identifier name appears in a foreach count under n. */
static bool mentions(const char *s, const char *name)
{
	size_t len = strlen(name);

	while (*s) {
		const char *t = s;

		while (isalnum((unsigned char)*s) || *s == '_')
			s++;
		if ((size_t)(s - t) == len && !strncmp(t, name, len))
			return true;
		if (s == t)
			s++;
	}
	return false;
}

static bool counts_mention(const struct jnode *n, const char *name)
{
	for (size_t k = 0; k < n->n; k++) {
		const struct jnode *m = n->kids[k];

		if (m->key && !strcmp(m->key, "foreach") &&
		    m->type == J_OBJECT)
			for (size_t j = 0; j < m->n; j++)
				if (m->kids[j]->type == J_STRING &&
				    mentions(m->kids[j]->s, name))
					return true;
		if (counts_mention(m, name))
			return true;
	}
	return false;
}

/* Values made so far plus add, or -1 beyond the budget (reported at at). */
static long long budget_add(struct tctx *c, const struct jnode *at,
			    const struct jnode *cnt, long long sum, long long add)
{
	if (sum < 0 || add < 0)
		return -1;
	if (__builtin_add_overflow(sum, add, &sum) ||
	    sum > TEMPLATE_MAX_VALUES) {
		t_error(c, at,
			cnt ? arena_printf(c->a, "foreach.%s", cnt->key) : NULL,
			"expanding templates would make more than %d JSON "
			"values (foreach copies and what they hold)",
			TEMPLATE_MAX_VALUES);
		return -1;
	}
	return sum;
}

static long long measure_kids(struct tctx *c, const struct jnode *n,
			      const struct jnode *skip, struct env *env);

static long long measure_copies(struct tctx *c, const struct jnode *m,
				const struct jnode *each, size_t var,
				struct env *env)
{
	if (var == each->n) /* one copy: the member and what it holds */
		return budget_add(c, m, NULL, 1, measure_kids(c, m, each, env));

	const struct jnode *cnt = each->kids[var];
	long long count = foreach_count(c, cnt, env), total = 0, one;
	bool depends = false;

	if (count <= 0)
		return count < 0 ? -1 : 0;
	for (size_t k = var + 1; k < each->n && !depends; k++)
		depends = each->kids[k]->type == J_STRING &&
			  mentions(each->kids[k]->s, cnt->key);
	depends = depends || counts_mention(m, cnt->key);
	env->vars[env->n++] = (struct var){ .name = cnt->key, .is_int = true };
	if (!depends) {
		/* Every copy is the same size: one measure, one product. */
		one = measure_copies(c, m, each, var + 1, env);
		if (one >= 0 && (__builtin_mul_overflow(count, one, &total) ||
				 total > TEMPLATE_MAX_VALUES))
			total = budget_add(c, cnt, cnt, TEMPLATE_MAX_VALUES, 1);
		else if (one < 0)
			total = -1;
	} else {
		/* A later count uses this variable: count each value, a
		 * value that makes no copy counting one, so time is
		 * bounded by the budget too. */
		for (long long i = 0; i < count && total >= 0; i++) {
			env->vars[env->n - 1].i = i;
			one = measure_copies(c, m, each, var + 1, env);
			total = budget_add(c, cnt, cnt, total, one > 0 ? one
							   : one < 0 ? -1 : 1);
		}
	}
	env->n--;
	return total;
}

static long long measure_kids(struct tctx *c, const struct jnode *n,
			      const struct jnode *skip, struct env *env)
{
	long long total = 0;

	for (size_t k = 0; k < n->n && total >= 0; k++) {
		const struct jnode *m = n->kids[k];
		const struct jnode *each = n->type == J_OBJECT
						   ? jtree_get(m, "foreach")
						   : NULL;
		long long one;

		if (m == skip)
			continue;
		path_push(c, m, n->type == J_ARRAY, k);
		if (each && each->type == J_OBJECT) {
			struct env local = *env;

			one = measure_copies(c, m, each, 0, &local);
		} else if (each) {
			t_error(c, each, "foreach",
				"expected {\"name\": count, ...}");
			one = -1;
		} else {
			one = budget_add(c, m, NULL, 1, measure_kids(c, m, NULL,
								env));
		}
		path_pop(c);
		total = budget_add(c, m, NULL, total, one);
	}
	return total;
}

/* ---- expand ---- */

static struct jnode *copy_node(struct tctx *c, const struct jnode *n,
			       const struct jnode *skip, const struct env *env);

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

/*
 * A copy of n without its member skip (its foreach), substituted in env.
 * The caller has pushed n's frame; its key is updated in place.
 */
static struct jnode *copy_node(struct tctx *c, const struct jnode *n,
			       const struct jnode *skip, const struct env *env)
{
	struct jnode *m = arena_alloc(c->a, sizeof(*m));

	*m = *n;
	if (c->depth > 0 && c->depth <= TEMPLATE_MAX_FRAMES)
		c->path[c->depth - 1].n = m;
	subst_into(c, m, n, env);
	if (n->n) {
		m->kids = arena_alloc(c->a, n->n * sizeof(*m->kids));
		m->n = 0;
		for (size_t k = 0; k < n->n; k++)
			if (n->kids[k] != skip)
				m->kids[m->n++] = n->kids[k];
		expand_kids(c, m, env);
	}
	return m;
}

static void push_kid(struct tctx *c, struct jnode ***out, size_t *n_out,
		     size_t *cap, struct jnode *kid)
{
	if (*n_out == *cap) {
		size_t ncap = *cap * 2 + 8;

		*out = arena_grow(c->a, *out, *cap * sizeof(**out),
				  ncap * sizeof(**out));
		*cap = ncap;
	}
	(*out)[(*n_out)++] = kid;
}

/*
 * Copies of member m, one per combination of its "foreach" variables.
 * measure_copies() has counted them within the budget and found every
 * count valid, so this only copies.
 */
static void replicate(struct tctx *c, const struct jnode *m,
		      const struct jnode *each, size_t var, struct env *env,
		      struct jnode ***out, size_t *n_out, size_t *cap)
{
	if (var == each->n) {
		push_kid(c, out, n_out, cap, copy_node(c, m, each, env));
		return;
	}
	const struct jnode *cnt = each->kids[var];
	long long count = foreach_count(c, cnt, env);

	if (count < 0)
		return;
	env->vars[env->n++] = (struct var){ .name = cnt->key, .is_int = true };
	for (long long i = 0; i < count && !c->d->errors; i++) {
		env->vars[env->n - 1].i = i;
		replicate(c, m, each, var + 1, env, out, n_out, cap);
	}
	env->n--;
}

static int expand_kids(struct tctx *c, struct jnode *n, const struct env *env)
{
	struct jnode **kids = n->kids;
	size_t nk = 0, cap = n->n;
	struct env local = *env;

	/* Without a foreach every copy replaces its original in place. */
	for (size_t k = 0; n->type == J_OBJECT && k < n->n; k++)
		if (jtree_get(n->kids[k], "foreach")) {
			kids = NULL;
			cap = 0;
			break;
		}
	for (size_t k = 0; k < n->n && !c->d->errors; k++) {
		struct jnode *m = n->kids[k];
		const struct jnode *each = n->type == J_OBJECT
						   ? jtree_get(m, "foreach")
						   : NULL;

		path_push(c, m, n->type == J_ARRAY, k);
		if (each)
			replicate(c, m, each, 0, &local, &kids, &nk, &cap);
		else
			push_kid(c, &kids, &nk, &cap,
				 copy_node(c, m, NULL, env));
		path_pop(c);
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
	struct params ps;
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
	if (params_read(a, d, params, &ps) ||
	    params_set(a, d, &ps, sets, n_sets))
		return 1;
	if (ps.n > TEMPLATE_MAX_VARS) {
		diag_error(d, params->line, params->col, "params",
			   "at most %d parameters", TEMPLATE_MAX_VARS);
		return 1;
	}
	for (k = 0; k < ps.n; k++)
		env.vars[env.n++] = (struct var){ .name = ps.v[k].name,
						  .value = ps.v[k].value };
	if (!uses_templates(root))
		return 0;
	/* Refuse a too big expansion before copying anything. */
	if (measure_kids(&c, root, NULL, &env) >= 0)
		expand_kids(&c, root, &env);
	free(c.buf);
	return d->errors;
}
