/*
 * test-template.c - template expansion: ${...} arithmetic is exact or an
 * error (never a wrap or a trap), foreach makes the copies it says, and
 * an expansion beyond the budget is refused before anything is copied.
 */
#include "lib/arena.h"
#include "lib/diag.h"
#include "parse/jtree.h"
#include "parse/template.h"
#include "tap.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct result {
	struct arena a;
	struct jnode *root;
	int errors;
	char msg[512]; /* the first message */
};

static void expand(struct result *r, const char *text, char *const *sets,
		   int n_sets)
{
	struct diag d = { .file = "t.json" };
	FILE *f;

	memset(r, 0, sizeof(*r));
	f = fmemopen(r->msg, sizeof(r->msg), "w");
	d.out = f;
	r->root = jtree_parse(&r->a, &d, text, strlen(text));
	if (r->root)
		template_expand(&r->a, &d, r->root, sets, n_sets);
	r->errors = d.errors;
	fclose(f);
	r->msg[strcspn(r->msg, "\n")] = '\0';
}

/* The value of "${expr}" as the integer member "v", or an error. */
static bool value_of(const char *expr, int64_t *v, struct result *r)
{
	static char text[300100];

	snprintf(text, sizeof(text),
		 "{\"params\": {\"big\": 9223372036854775807, \"s\": \"pipe\"},"
		 " \"v\": \"${%s}\"}",
		 expr);
	expand(r, text, NULL, 0);
	if (r->errors || !r->root || r->root->n != 1 ||
	    r->root->kids[0]->type != J_INT)
		return false;
	*v = r->root->kids[0]->i;
	return true;
}

static void arithmetic_is_exact(void)
{
	static const struct {
		const char *expr;
		int64_t v;
	} good[] = {
		{ "(2 + 3) * 4 - 7 / 2 % 3", 20 },
		{ "-7 / 2", -3 },
		{ "-7 % 3", -1 },
		{ "1 % -1", 0 },
		{ "big", INT64_MAX },
		{ "-big - 1", INT64_MIN },
		{ "(-9223372036854775807 - 1) / 1", INT64_MIN },
		{ "big / -1", -INT64_MAX },
		{ "9223372036854775807", INT64_MAX },
	};

	for (size_t k = 0; k < sizeof(good) / sizeof(good[0]); k++) {
		struct result r;
		int64_t v = 0;
		bool ok = value_of(good[k].expr, &v, &r);

		TAP_OK(ok && v == good[k].v, "${%s} = %lld (got %lld%s%s)",
		       good[k].expr, (long long)good[k].v, (long long)v,
		       ok ? "" : ", ", ok ? "" : r.msg);
		arena_free(&r.a);
	}
}

static void arithmetic_errors_are_errors(void)
{
	static const struct {
		const char *expr, *why;
	} bad[] = {
		{ "(-9223372036854775807 - 1) / -1", "result out of the 64-bit range" },
		{ "(-big - 1) % -1", "result out of the 64-bit range" },
		{ "1 / 0", "division by zero" },
		{ "1 % (2 - 2)", "division by zero" },
		{ "big + 1", "result out of the 64-bit range" },
		{ "-big - 2", "result out of the 64-bit range" },
		{ "4611686018427387904 * 2", "result out of the 64-bit range" },
		{ "-(-big - 1)", "result out of the 64-bit range" },
		{ "9223372036854775808", "number out of the 64-bit range" },
		{ "18446744073709551617", "number out of the 64-bit range" },
		{ "2^64+1", "unexpected \"^64+1\"" },
		{ "2 << 64", "unexpected \"<< 64\"" },
		{ "s + 1", "a string parameter takes no arithmetic" },
		{ "nope", "unknown parameter" },
		{ "(1", "missing ')'" },
	};

	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		struct result r;
		int64_t v;

		value_of(bad[k].expr, &v, &r);
		TAP_OK(r.errors == 1 && strstr(r.msg, "t.json:1:") &&
			       strstr(r.msg, "error: v: in \"${") &&
			       strstr(r.msg, bad[k].why),
		       "${%s}: %s (got \"%s\")", bad[k].expr, bad[k].why,
		       r.msg);
		arena_free(&r.a);
	}
}

/* n opening parentheses and as many closing ones around 1. */
static const char *nested(int n, char *buf)
{
	memset(buf, '(', (size_t)n);
	buf[n] = '1';
	memset(buf + n + 1, ')', (size_t)n);
	buf[2 * n + 1] = '\0';
	return buf;
}

static void nesting_is_limited_to_64(void)
{
	static char expr[300000];
	struct result r;
	int64_t v = 0;

	TAP_OK(value_of(nested(63, expr), &v, &r) && v == 1,
	       "63 parentheses: 1");
	arena_free(&r.a);
	value_of(nested(65, expr), &v, &r);
	TAP_OK(r.errors == 1 && strstr(r.msg, "nested more than 64 deep"),
	       "65 parentheses: an error (got \"%s\")", r.msg);
	arena_free(&r.a);
	/* Before the limit this many overflowed the stack. */
	value_of(nested(100000, expr), &v, &r);
	TAP_OK(r.errors == 1 && strstr(r.msg, "nested more than 64 deep") &&
		       strstr(r.msg, "...}"),
	       "100000 parentheses: one error, the text cut short");
	arena_free(&r.a);
	memset(expr, '-', 100000);
	strcpy(expr + 100000, "1");
	value_of(expr, &v, &r);
	TAP_OK(r.errors == 1 && strstr(r.msg, "nested more than 64 deep"),
	       "100000 unary minus: an error");
	arena_free(&r.a);
}

static void foreach_makes_every_combination(void)
{
	struct result r;
	const struct jnode *x;

	expand(&r, "{\"x\": {\"a${i}.${j}\": {\"foreach\": {\"i\": 3, "
		   "\"j\": \"${i + 1}\"}, \"v\": \"${i * 10 + j}\"}}}",
	       NULL, 0);
	x = r.root ? jtree_get(r.root, "x") : NULL;
	TAP_OK(!r.errors && x && x->n == 6 && !strcmp(x->kids[5]->key, "a2.2") &&
		       jtree_get(x->kids[5], "v")->i == 22 &&
		       !jtree_get(x->kids[5], "foreach"),
	       "i < 3, j <= i: 6 copies, the last a2.2 with v 22");
	arena_free(&r.a);
}

static void budget_is_one_million_values(void)
{
	struct result r;
	const struct jnode *x;

	/* x and its copies: 1 + 999999 values, the most there may be. */
	expand(&r, "{\"x\": {\"y${i}\": {\"foreach\": {\"i\": 999999}}}}",
	       NULL, 0);
	x = r.root ? jtree_get(r.root, "x") : NULL;
	TAP_OK(!r.errors && x && x->n == 999999, "1000000 values: expanded");
	arena_free(&r.a);
	expand(&r, "{\"x\": {\"y${i}\": {\"foreach\": {\"i\": 1000000}}}}",
	       NULL, 0);
	TAP_OK(r.errors == 1 && strstr(r.msg, "t.json:1:7: error: x: "
					      "expanding templates would make "
					      "more than 1000000 JSON values"),
	       "1000001 values: refused at x (got \"%s\")", r.msg);
	arena_free(&r.a);
	expand(&r, "{\"x\": {\"y${i}\": {\"foreach\": {\"i\": 1000001}}}}",
	       NULL, 0);
	TAP_OK(r.errors == 1 && strstr(r.msg, "t.json:1:35: error: "
					      "x.y${i}.foreach.i: expanding "
					      "templates would make more than "
					      "1000000 JSON values"),
	       "1000001 copies: refused at the count (got \"%s\")", r.msg);
	arena_free(&r.a);
}

static void huge_counts_are_refused_at_once(void)
{
	static const char *const text[] = {
		/* the product overflows 64 bits */
		"{\"x\": {\"y\": {\"foreach\": {\"i\": 9223372036854775807, "
		"\"j\": 9223372036854775807}}}}",
		/* nested foreach, 1000 x 1000 x 2 values */
		"{\"x\": {\"y${i}\": {\"foreach\": {\"i\": 1000}, \"z${j}\": "
		"{\"foreach\": {\"j\": 1000}, \"v\": 1}}}}",
		/* a count that depends on i: counted one i at a time */
		"{\"x\": {\"y${i}\": {\"foreach\": {\"i\": 9223372036854775807, "
		"\"j\": \"${i * 0}\"}}}}",
	};

	for (size_t k = 0; k < sizeof(text) / sizeof(text[0]); k++) {
		struct result r;

		expand(&r, text[k], NULL, 0);
		TAP_OK(r.errors == 1 && strstr(r.msg, "would make more than"),
		       "huge expansion %zu refused (got \"%s\")", k, r.msg);
		arena_free(&r.a);
	}
}

static void counts_must_be_integers_of_zero_or_more(void)
{
	static const char *const bad[] = { "-1", "\"${-1}\"", "\"x\"",
					   "1.5", "\"${1}${2}\"" };

	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		struct result r;
		char text[256];

		snprintf(text, sizeof(text),
			 "{\"x\": {\"y\": {\"foreach\": {\"i\": %s}}}}", bad[k]);
		expand(&r, text, NULL, 0);
		TAP_OK(r.errors == 1 && strstr(r.msg, "x.y.foreach.i: expected "
						      "a count >= 0"),
		       "count %s refused (got \"%s\")", bad[k], r.msg);
		arena_free(&r.a);
	}
}

static void set_checks_its_integers(void)
{
	static const char *const text =
		"{\"params\": {\"n\": 1}, \"v\": \"${n}\"}";
	char big[] = "n=99999999999999999999";
	char ok[] = "n=-9223372036854775808";
	char *sets[1];
	struct result r;

	sets[0] = big;
	expand(&r, text, sets, 1);
	TAP_OK(r.errors == 1 && strstr(r.msg, "--set: n=99999999999999999999: "
					      "out of the 64-bit range"),
	       "--set n=2^66: refused (got \"%s\")", r.msg);
	arena_free(&r.a);
	sets[0] = ok;
	expand(&r, text, sets, 1);
	TAP_OK(!r.errors && r.root->kids[0]->i == INT64_MIN,
	       "--set n=INT64_MIN: taken");
	arena_free(&r.a);
}

static void files_without_templates_are_untouched(void)
{
	struct result r;

	expand(&r, "{\"a\": {\"b\": \"$x {y}\"}}", NULL, 0);
	TAP_OK(!r.errors && !strcmp(jtree_get(jtree_get(r.root, "a"), "b")->s,
				    "$x {y}"),
	       "no ${ and no foreach: nothing changes");
	arena_free(&r.a);
}

int main(void)
{
	arithmetic_is_exact();
	arithmetic_errors_are_errors();
	nesting_is_limited_to_64();
	foreach_makes_every_combination();
	budget_is_one_million_values();
	huge_counts_are_refused_at_once();
	counts_must_be_integers_of_zero_or_more();
	set_checks_its_integers();
	files_without_templates_are_untouched();
	return tap_done();
}
