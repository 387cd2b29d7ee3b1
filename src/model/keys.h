/*
 * keys.h - the row type of the key tables. Every JSON key of every object
 * (global, task, phase, and each event kind's object) is one row, declared
 * with designated initialisers next to the code it configures (the shape of
 * tmux's options-table.c): its type, where its value goes in the object's
 * struct, its range, default, unit and help. One walker (parse/keys.c)
 * validates and applies them all; --list-keys and the docs test read the
 * same rows. This header needs no parser: event kinds include it.
 */
#ifndef MIMIC_KEYS_H
#define MIMIC_KEYS_H

#include <stddef.h>
#include <stdint.h>

struct jnode;
struct parser;

enum key_type {
	KEY_INT,         /* int; an integral JSON number within .min .. .max */
	KEY_INT64,       /* int64_t; the same */
	KEY_COUNT,       /* int64_t; a JSON integer only, within .min .. .max
			  * ("expected an integer MIN .. MAX" otherwise) */
	KEY_DURATION_US, /* int64_t ns, written in µs (fractions allowed),
			  * within .min .. .max µs */
	KEY_BOOL,        /* bool */
	KEY_STRING,      /* const char * */
	KEY_NAME,        /* const char *: a resource's name, non-empty */
	KEY_ENUM,        /* int: the index of the string among .values */
	KEY_CUSTOM,      /* .parse reads it into the field at .offset */
	KEY_IGNORED,     /* accepted with a warning: .help says why */
	KEY_STRUCTURE,   /* walked by its owner (a task's "phases") */
};

/* The longest duration any key takes: about 11.6 days, in µs. */
#define KEY_DURATION_MAX_US INT64_C(1000000000000)

struct key {
	const char *name;
	enum key_type type;
	size_t offset;            /* of the field in the object's struct */
	int64_t min, max;         /* integers and durations (µs): inclusive */
	int64_t def;              /* default of an integer, bool or enum */
	const char *def_str;      /* default of a string or name, or NULL */
	const char *unit;         /* for --list-keys: "us", "bytes", ... */
	const char *help;
	const char *const *values; /* KEY_ENUM: accepted strings, NULL-ended */
	/* KEY_CUSTOM: reads v into field; reports errors, returns -1 then. */
	int (*parse)(struct parser *p, const char *path, const struct jnode *v,
		     void *field);
	unsigned flags;           /* KEYF_* */
};

enum {
	KEYF_REQUIRED = 1u << 0,  /* an object without it is an error */
	KEYF_NO_DEFAULT = 1u << 1, /* the walker leaves the field alone */
	KEYF_DIST = 1u << 2,      /* KEY_DURATION_US or KEY_COUNT (a size):
				   * a distribution object too; the field is
				   * a struct dist_value (model/dist.h) */
};

#endif
