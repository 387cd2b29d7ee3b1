/*
 * test-jtree.c - the JSON layer accepts rt-app's lenient syntax, keeps
 * duplicate keys in order and knows where every value is.
 */
#include "lib/arena.h"
#include "lib/diag.h"
#include "parse/jtree.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

static struct jnode *parse(struct arena *a, struct diag *d, const char *s)
{
	d->file = "t.json";
	d->quiet = 1;
	return jtree_parse(a, d, s, strlen(s));
}

static void duplicate_keys_are_kept_in_order(void)
{
	struct arena a = { 0 };
	struct diag d = { 0 };
	struct jnode *n = parse(&a, &d, "{\"run\":1,\"sleep\":2,\"run\":3}");

	TAP_OK(n && n->n == 3 && !strcmp(n->kids[0]->key, "run") &&
		       n->kids[0]->i == 1 && !strcmp(n->kids[2]->key, "run") &&
		       n->kids[2]->i == 3,
	       "{run 1, sleep 2, run 3} keeps three members in order");
	arena_free(&a);
}

static void comments_and_trailing_commas_are_accepted(void)
{
	struct arena a = { 0 };
	struct diag d = { 0 };
	struct jnode *n = parse(&a, &d,
				"// lead\n{ /* c */ \"a\" : [1, 2,], 'b': 'x',}");

	TAP_OK(n && n->n == 2 && n->kids[0]->n == 2 &&
		       !strcmp(n->kids[1]->s, "x"),
	       "comments, trailing commas and single quotes");
	arena_free(&a);
}

static void positions_are_recorded(void)
{
	struct arena a = { 0 };
	struct diag d = { 0 };
	struct jnode *n = parse(&a, &d, "{\n  \"a\": {\n\t\"b\": 5\n  }\n}");
	const struct jnode *b = n ? jtree_get(jtree_get(n, "a"), "b") : NULL;

	TAP_OK(b && b->line == 3 && b->col == 7 && b->key_line == 3 &&
		       b->key_col == 2,
	       "value of b at 3:7, its key at 3:2");
	arena_free(&a);
}

static void escapes_are_decoded(void)
{
	struct arena a = { 0 };
	struct diag d = { 0 };
	struct jnode *n = parse(&a, &d, "{\"s\": \"a\\n\\u00e9\\\"\"}");

	TAP_OK(n && !strcmp(n->kids[0]->s, "a\n\xc3\xa9\""),
	       "\\n, \\u00e9 and \\\" decode");
	arena_free(&a);
}

static void numbers_keep_their_type(void)
{
	struct arena a = { 0 };
	struct diag d = { 0 };
	struct jnode *n = parse(&a, &d, "[-5, 10.5, 1e3, 99999999999]");

	TAP_OK(n && n->kids[0]->type == J_INT && n->kids[0]->i == -5 &&
		       n->kids[1]->type == J_DOUBLE && n->kids[2]->type == J_DOUBLE &&
		       n->kids[3]->i == 99999999999LL,
	       "integers stay 64-bit integers, others are doubles");
	arena_free(&a);
}

static void syntax_errors_are_rejected(void)
{
	static const char *const bad[] = {
		"{\"a\": }", "{\"a\" 1}", "{", "[1, 2", "{\"a\": tru}",
		"{\"a\": \"x}", "{\"suspend\",}",
	};
	bool all = true;

	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		struct arena a = { 0 };
		struct diag d = { 0 };

		all &= parse(&a, &d, bad[k]) == NULL && d.errors == 1;
		arena_free(&a);
	}
	TAP_OK(all, "malformed inputs give exactly one error each");
}

/* Where the single error of bad[] is reported: the offending byte. */
static void error_columns_point_at_the_offending_byte(void)
{
	static const struct {
		const char *text;
		int line, col;
		const char *kind;
	} bad[] = {
		{ "{\"a\": x}", 1, 7, "unexpected character at the x" },
		{ "{\"a\" 1}", 1, 6, "':' expected, at the 1" },
		{ "{\"a\": 1 \"b\": 2}", 1, 9, "',' expected, at the second key" },
		{ "[1 2]", 1, 4, "',' expected in an array, at the 2" },
		{ "{\"a\": tru}", 1, 10, "boolean expected, at the }" },
		{ "{\"a\": \"\\q\"}", 1, 9, "bad escape, at the q" },
		{ "{1: 2}", 1, 2, "quoted key expected, at the 1" },
		{ "{\"a\": -}", 1, 8, "number expected, at the }" },
		{ "{\n\t\"a\": }", 2, 7, "tab counts one column, at the }" },
		{ "{\"a\": [1}", 1, 9, "unclosed array, at the }" },
		{ "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
		  1, 33, "nesting too deep, at the 33rd [" },
		{ "{\"a\": 1", 1, 8, "end of file, just past the text" },
		{ "{\"a\": 99999999999999999999}", 1, 7,
		  "integer beyond 64 bits, at its first digit" },
	};

	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		struct arena a = { 0 };
		char out[512] = "";
		char want[64];
		FILE *f = fmemopen(out, sizeof(out), "w");
		struct diag d = { .out = f };
		struct jnode *n = parse(&a, &d, bad[k].text);

		d.out = NULL;
		fclose(f);
		snprintf(want, sizeof(want), "t.json:%d:%d: error: ",
			 bad[k].line, bad[k].col);
		TAP_OK(!n && d.errors == 1 && !strncmp(out, want, strlen(want)),
		       "%s: %d:%d (got \"%.*s\")", bad[k].kind, bad[k].line,
		       bad[k].col, (int)strcspn(out, "\n"), out);
		arena_free(&a);
	}
}

int main(void)
{
	duplicate_keys_are_kept_in_order();
	comments_and_trailing_commas_are_accepted();
	positions_are_recorded();
	escapes_are_decoded();
	numbers_keep_their_type();
	syntax_errors_are_rejected();
	error_columns_point_at_the_offending_byte();
	return tap_done();
}
