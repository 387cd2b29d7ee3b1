/*
 * test-keys.c - the one key walker: defaults, type and range errors with
 * file:line:col and path, integers that do not fit in 64 bits, unknown and
 * missing keys, duplicate keys, and the rows every event kind declares.
 */
#define _GNU_SOURCE
#include "event.h"
#include "lib/arena.h"
#include "lib/diag.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parse.h"
#include "tap.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct args {
	int n;
	int64_t big;
	int64_t bytes;
	int64_t wait_ns;
	bool on;
	const char *label;
	const char *ref;
	int mode;
};

static const char *const modes[] = { "slow", "fast", NULL };

static const struct key table[] = {
	{ .name = "n", .type = KEY_INT, .offset = offsetof(struct args, n),
	  .min = -1, .max = 100, .def = 7, .help = "n" },
	{ .name = "big", .type = KEY_INT64,
	  .offset = offsetof(struct args, big), .min = 0, .max = INT64_MAX,
	  .def = 3, .help = "big" },
	{ .name = "bytes", .type = KEY_COUNT,
	  .offset = offsetof(struct args, bytes), .min = 1, .max = 4096,
	  .def = 8, .help = "bytes" },
	{ .name = "wait", .type = KEY_DURATION_US,
	  .offset = offsetof(struct args, wait_ns), .max = 1000000, .def = 20,
	  .help = "wait" },
	{ .name = "on", .type = KEY_BOOL, .offset = offsetof(struct args, on),
	  .def = true, .help = "on" },
	{ .name = "label", .type = KEY_STRING,
	  .offset = offsetof(struct args, label), .def_str = "none",
	  .help = "label" },
	{ .name = "ref", .type = KEY_NAME, .offset = offsetof(struct args, ref),
	  .flags = KEYF_REQUIRED, .help = "a thing name" },
	{ .name = "mode", .type = KEY_ENUM,
	  .offset = offsetof(struct args, mode), .values = modes, .def = 1,
	  .help = "mode" },
	{ NULL }
};

struct run {
	struct arena a;
	struct diag d;
	char *msgs;
	size_t len;
	int errs;
	struct args args;
};

/* Walks json against the table, messages into r->msgs. */
static void walk(struct run *r, const char *json)
{
	FILE *out = open_memstream(&r->msgs, &r->len);
	struct parser p = { .a = &r->a, .d = &r->d };
	struct jnode *n;

	memset(&r->args, 0, sizeof(r->args));
	r->d.file = "t.json";
	r->d.out = out;
	n = jtree_parse(&r->a, &r->d, json, strlen(json));
	keys_defaults(table, &r->args);
	r->errs = n ? keys_walk(&p, "tasks.t.x", n, table, &r->args) : -1;
	fclose(out);
}

static void done(struct run *r)
{
	free(r->msgs);
	arena_free(&r->a);
}

static void defaults_are_applied(void)
{
	struct run r = { 0 };

	walk(&r, "{\"ref\": \"a\"}");
	TAP_OK(r.errs == 0 && r.args.n == 7 && r.args.big == 3 &&
		       r.args.bytes == 8 && r.args.wait_ns == 20000 &&
		       r.args.on && !strcmp(r.args.label, "none") &&
		       !strcmp(r.args.ref, "a") && r.args.mode == 1,
	       "every row's default is applied, units resolved (20 us = "
	       "20000 ns)");
	done(&r);
}

static void values_are_read(void)
{
	struct run r = { 0 };

	walk(&r, "{\"ref\": \"a\", \"n\": 2.0, \"wait\": 1.5, \"on\": false, "
		 "\"mode\": \"slow\", \"label\": \"\", \"bytes\": 4096}");
	TAP_OK(r.errs == 0 && r.args.n == 2 && r.args.wait_ns == 1500 &&
		       !r.args.on && r.args.mode == 0 && !*r.args.label &&
		       r.args.bytes == 4096,
	       "values of every type are stored at their offsets");
	done(&r);
}

static void type_errors_name_the_place(void)
{
	struct run r = { 0 };

	walk(&r, "{\"ref\": \"a\",\n \"n\": \"x\"}");
	TAP_OK(r.errs == 1 && r.msgs &&
		       !strcmp(r.msgs, "t.json:2:7: error: tasks.t.x.n: "
				       "expected an integer, got string\n"),
	       "a string for an integer: file:line:col, path, message");
	done(&r);
	memset(&r, 0, sizeof(r));
	walk(&r, "{\"ref\": \"a\", \"on\": 1}");
	TAP_OK(r.errs == 1 && strstr(r.msgs, "tasks.t.x.on: expected true or "
					     "false, got integer"),
	       "an integer for a boolean is an error");
	done(&r);
	memset(&r, 0, sizeof(r));
	walk(&r, "{\"ref\": \"\"}");
	TAP_OK(r.errs == 1 && strstr(r.msgs, "tasks.t.x.ref: expected a thing "
					     "name (a non-empty string)"),
	       "an empty name is an error");
	done(&r);
}

static void range_errors(void)
{
	struct run r = { 0 };

	walk(&r, "{\"ref\": \"a\", \"n\": 101}");
	TAP_OK(r.errs == 1 && strstr(r.msgs, "tasks.t.x.n: out of range: 101 "
					     "(allowed -1 .. 100)"),
	       "an integer above its max is out of range");
	done(&r);
	memset(&r, 0, sizeof(r));
	walk(&r, "{\"ref\": \"a\", \"big\": 99999999999999999999}");
	/* Refused where the JSON is read (jtree), for every key alike. */
	TAP_OK(r.errs == -1 && strstr(r.msgs, "1:21: error: integer out of "
					     "the 64-bit range"),
	       "an integer beyond 64 bits is an error, not saturated");
	done(&r);
	memset(&r, 0, sizeof(r));
	walk(&r, "{\"ref\": \"a\", \"bytes\": 0}");
	TAP_OK(r.errs == 1 && strstr(r.msgs, "tasks.t.x.bytes: expected an "
					     "integer 1 .. 4096"),
	       "a count below its min: expected an integer MIN .. MAX");
	done(&r);
	memset(&r, 0, sizeof(r));
	walk(&r, "{\"ref\": \"a\", \"wait\": 1000001}");
	TAP_OK(r.errs == 1 && strstr(r.msgs, "tasks.t.x.wait: out of range: "
					     "1e+06 us (allowed 0 .. 1000000)"),
	       "a duration above its max is out of range");
	done(&r);
	memset(&r, 0, sizeof(r));
	walk(&r, "{\"ref\": \"a\", \"wait\": 1e300}");
	TAP_OK(r.errs == 1 && strstr(r.msgs, "tasks.t.x.wait: too large"),
	       "a duration that overflows is an error");
	done(&r);
	memset(&r, 0, sizeof(r));
	walk(&r, "{\"ref\": \"a\", \"mode\": \"medium\"}");
	TAP_OK(r.errs == 1 && strstr(r.msgs, "tasks.t.x.mode: expected "
					     "\"slow\" or \"fast\""),
	       "an enum names its values");
	done(&r);
}

static void unknown_and_missing_keys(void)
{
	struct run r = { 0 };

	walk(&r, "{\"ref\": \"a\", \"nn\": 1}");
	TAP_OK(r.errs == 1 && strstr(r.msgs, "tasks.t.x.nn: unknown key "
					     "(expected n, big, bytes, wait, "
					     "on, label, ref, mode)"),
	       "an unknown key names the known ones");
	done(&r);
	memset(&r, 0, sizeof(r));
	walk(&r, "{\"n\": 1}");
	TAP_OK(r.errs == 1 && strstr(r.msgs, "t.json:1:1: error: tasks.t.x: "
					     "missing \"ref\""),
	       "a required key missing is an error at the object");
	done(&r);
}

static void duplicate_keys_last_wins(void)
{
	struct run r = { 0 };

	walk(&r, "{\"ref\": \"a\", \"n\": 1, \"n\": 2}");
	TAP_OK(r.errs == 0 && r.args.n == 2 && !r.msgs[0],
	       "in an event's object the last of duplicate keys wins");
	done(&r);
}

/* Every row of every event kind: integers have a range, enums values,
 * custom rows a parser, and no row is named twice. */
static void every_event_key_is_well_formed(void)
{
	int bad = 0, rows = 0, was = 0;

	for (const struct event_kind *const *k = event_kinds; *k; k++)
		for (const struct key *row = (*k)->keys; row && row->name;
		     row++) {
			rows++;
			if ((row->type == KEY_INT || row->type == KEY_INT64 ||
			     row->type == KEY_COUNT ||
			     row->type == KEY_DURATION_US) &&
			    row->min >= row->max)
				bad++;
			if (row->type == KEY_ENUM && !row->values)
				bad++;
			if (row->type == KEY_CUSTOM && !row->parse)
				bad++;
			/* Only a duration or a size may be a distribution. */
			if ((row->flags & KEYF_DIST) &&
			    row->type != KEY_DURATION_US &&
			    row->type != KEY_COUNT)
				bad++;
			if (keys_find((*k)->keys, row->name) != row)
				bad++;
			/* A default, when there is one, is in range. */
			if (!(row->flags & (KEYF_NO_DEFAULT | KEYF_REQUIRED)) &&
			    row->type != KEY_BOOL &&
			    (row->def < row->min ||
			     (row->max && row->def > row->max)))
				bad++;
			if (!row->help)
				bad++;
			if (bad > was)
				printf("# bad row: %s.%s\n", (*k)->key,
				       row->name);
			was = bad;
		}
	TAP_OK(rows > 20 && bad == 0,
	       "%d rows of event keys: ranges, values, parsers, help (%d bad)",
	       rows, bad);
}

int main(void)
{
	defaults_are_applied();
	values_are_read();
	type_errors_name_the_place();
	range_errors();
	unknown_and_missing_keys();
	duplicate_keys_last_wins();
	every_event_key_is_well_formed();
	return tap_done();
}
