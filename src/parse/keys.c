/*
 * keys.c - the one key walker: every key of every object goes through
 * keys_apply(), which checks the value's type and range as its row says
 * and stores it at the row's offset. No integer is read without a range.
 */
#include "parse/keys.h"

#include "lib/arena.h"
#include "parse/dist.h"
#include "lib/near.h"
#include "parse/jtree.h"
#include "parse/parser.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

const struct key *keys_find(const struct key *table, const char *name)
{
	for (; table && table->name; table++)
		if (!strcmp(table->name, name))
			return table;
	return NULL;
}

void keys_defaults(const struct key *table, void *obj)
{
	for (const struct key *k = table; k && k->name; k++) {
		char *field = (char *)obj + k->offset;

		if (k->flags & KEYF_NO_DEFAULT)
			continue;
		switch (k->type) {
		case KEY_INT:
		case KEY_ENUM:
			*(int *)field = (int)k->def;
			break;
		case KEY_INT64:
		case KEY_COUNT:
			*(int64_t *)field = k->def;
			break;
		case KEY_DURATION_US:
			*(int64_t *)field = k->def * 1000;
			break;
		case KEY_BOOL:
			*(bool *)field = k->def != 0;
			break;
		case KEY_STRING:
		case KEY_NAME:
			*(const char **)field = k->def_str;
			break;
		case KEY_CUSTOM:
		case KEY_IGNORED:
		case KEY_STRUCTURE:
			break;
		}
	}
}

int keys_integer(struct parser *p, const char *path, const struct jnode *v,
		 int64_t min, int64_t max, int64_t *out)
{
	int64_t x;

	if (v->type == J_INT) {
		x = v->i;
	} else if (v->type == J_DOUBLE && isfinite(v->d) &&
		   v->d == floor(v->d) && fabs(v->d) < 9e18) {
		x = (int64_t)v->d;
	} else {
		parser_error(p, v, path, "expected an integer, got %s",
			     jtype_name(v->type));
		return -1;
	}
	if (x < min || x > max) {
		parser_error(p, v, path,
			     "out of range: %lld (allowed %lld .. %lld)",
			     (long long)x, (long long)min, (long long)max);
		return -1;
	}
	*out = x;
	return 0;
}

/* A count or size of an event: a JSON integer, one message for all faults. */
static int keys_count(struct parser *p, const char *path,
		      const struct jnode *v, const struct key *k, int64_t *out)
{
	if (v->type != J_INT || v->i < k->min || v->i > k->max) {
		if (k->max == INT64_MAX)
			parser_error(p, v, path, "expected an integer >= %lld",
				     (long long)k->min);
		else
			parser_error(p, v, path,
				     "expected an integer %lld .. %lld",
				     (long long)k->min, (long long)k->max);
		return -1;
	}
	*out = v->i;
	return 0;
}

static int keys_duration(struct parser *p, const char *path,
			 const struct jnode *v, const struct key *k,
			 int64_t *ns)
{
	int64_t x;

	if (parser_time_us(p, path, v, &x))
		return -1;
	if (x < k->min * 1000 || (k->max && x > k->max * 1000)) {
		parser_error(p, v, path,
			     "out of range: %g us (allowed %lld .. %lld)",
			     (double)x / 1000.0, (long long)k->min,
			     (long long)k->max);
		return -1;
	}
	*ns = x;
	return 0;
}

static int keys_enum(struct parser *p, const char *path,
		     const struct jnode *v, const struct key *k, int *out)
{
	char expected[256] = "";
	size_t len = 0;
	int n = 0;

	for (; v->type == J_STRING && k->values[n]; n++)
		if (!strcmp(k->values[n], v->s)) {
			*out = n;
			return 0;
		}
	for (n = 0; k->values[n]; n++)
		len += (size_t)snprintf(expected + len,
					len < sizeof(expected)
						? sizeof(expected) - len : 0,
					"%s\"%s\"",
					!n ? ""
					: k->values[n + 1] ? ", " : " or ",
					k->values[n]);
	parser_error(p, v, path, "expected %s", expected);
	return -1;
}

int keys_apply(struct parser *p, const char *path, const struct key *k,
	       const struct jnode *v, void *obj)
{
	char *field = (char *)obj + k->offset;
	int64_t x;

	switch (k->type) {
	case KEY_INT:
		if (keys_integer(p, path, v, k->min, k->max, &x))
			return -1;
		*(int *)field = (int)x;
		return 0;
	case KEY_INT64:
		return keys_integer(p, path, v, k->min, k->max,
				    (int64_t *)field);
	case KEY_COUNT:
		if ((k->flags & KEYF_DIST) && v->type == J_OBJECT)
			return dist_parse_size(p, path, v, (double)k->min,
					       (double)k->max,
					       (struct dist_value *)field);
		if (k->flags & KEYF_DIST)
			((struct dist_value *)field)->dist = NULL;
		return keys_count(p, path, v, k, (int64_t *)field);
	case KEY_DURATION_US:
		if ((k->flags & KEYF_DIST) && v->type == J_OBJECT)
			return dist_parse(p, path, v, 1000.0, (double)k->min,
					  (double)(k->max ? k->max
							  : KEY_DURATION_MAX_US),
					  (struct dist_value *)field);
		if (k->flags & KEYF_DIST)
			((struct dist_value *)field)->dist = NULL;
		return keys_duration(p, path, v, k, (int64_t *)field);
	case KEY_BOOL:
		if (v->type != J_BOOL) {
			parser_error(p, v, path, "expected true or false, got %s",
				     jtype_name(v->type));
			return -1;
		}
		*(bool *)field = v->b;
		return 0;
	case KEY_STRING:
		if (v->type != J_STRING) {
			parser_error(p, v, path, "expected a string, got %s",
				     jtype_name(v->type));
			return -1;
		}
		*(const char **)field = v->s;
		return 0;
	case KEY_NAME: {
		const char *name = parser_name(p, path, v, k->help);

		if (!name)
			return -1;
		*(const char **)field = name;
		return 0;
	}
	case KEY_ENUM:
		return keys_enum(p, path, v, k, (int *)field);
	case KEY_CUSTOM:
		return k->parse(p, path, v, field);
	case KEY_IGNORED:
		parser_warn(p, v, path, "%s", k->help);
		return 0;
	case KEY_STRUCTURE:
		return 0; /* walked by its owner */
	}
	return -1;
}

/* "a, b, c": the names of the rows, for "unknown key" messages. */
static const char *keys_names(struct parser *p, const struct key *table)
{
	const char *s = "";

	for (const struct key *k = table; k->name; k++)
		s = arena_printf(p->a, "%s%s%s", s, k == table ? "" : ", ",
				 k->name);
	return s;
}

const char *keys_near(const struct key *table, const char *name)
{
	for (const struct key *k = table; k && k->name; k++)
		if (near_typo(name, k->name))
			return k->name;
	return NULL;
}

int keys_walk(struct parser *p, const char *path, const struct jnode *v,
	      const struct key *table, void *obj)
{
	int errs = 0;

	for (size_t n = 0; n < v->n; n++) {
		const struct jnode *m = v->kids[n];
		const char *mpath = parser_path(p, path, m->key);
		const struct key *k = keys_find(table, m->key);

		if (!k) {
			const char *near = keys_near(table, m->key);

			parser_error(p, m, mpath, "unknown key (expected %s)%s",
				     keys_names(p, table),
				     near ? arena_printf(p->a, "; did you mean "
							 "\"%s\"?", near)
					  : "");
			errs++;
			continue;
		}
		errs += keys_apply(p, mpath, k, m, obj) ? 1 : 0;
	}
	for (const struct key *k = table; !errs && k->name; k++)
		if ((k->flags & KEYF_REQUIRED) && !jtree_get(v, k->name)) {
			parser_error(p, v, path, "missing \"%s\"", k->name);
			errs++;
		}
	return errs;
}

static const char *const key_type_names[] = {
	[KEY_INT] = "integer",   [KEY_INT64] = "integer",
	[KEY_COUNT] = "integer", [KEY_DURATION_US] = "us",
	[KEY_BOOL] = "boolean",  [KEY_STRING] = "string",
	[KEY_NAME] = "name",     [KEY_ENUM] = "enum",
	[KEY_CUSTOM] = "custom", [KEY_IGNORED] = "ignored",
	[KEY_STRUCTURE] = "object",
};

void keys_print(const char *object, const struct key *table)
{
	for (const struct key *k = table; k && k->name; k++)
		printf("%-8s %-18s %-8s %s\n", object, k->name,
		       k->unit ? k->unit : key_type_names[k->type], k->help);
}
