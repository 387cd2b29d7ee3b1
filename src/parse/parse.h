/*
 * parse.h - JSON tree to workload model. No side effects and no syscalls:
 * errors name file:line:column and the JSON path, and are all reported
 * before the caller decides to exit.
 */
#ifndef MIMIC_PARSE_H
#define MIMIC_PARSE_H

#include "model/workload.h"
#include "parse/parser.h"

#include <stdint.h>

/* Builds *out from root; returns the number of errors reported. */
int parse_workload(struct arena *a, struct diag *d, const char *file,
		   const struct jnode *root, struct workload **out);

/* Helpers for event kinds' parse functions, besides parser.h's. */
/* The resource named name of that type, created on first use as rt-app does. */
int parser_resource(struct parser *p, const char *name,
		    enum resource_type type, bool unique);
/* The channel called name: declared as pipe or socket, else a new pipe. */
int parser_channel(struct parser *p, const char *name);
/*
 * The common event value "name": sets ev->resource to the resource of that
 * type (created on first use) and ev->desc to "key:name".
 */
int parser_named_resource(struct parser *p, const char *path,
			  const struct jnode *v, enum resource_type type,
			  const char *what, struct event *ev);
/* The index of the task called name, or -1. */
int parser_find_task(const struct parser *p, const char *name);
/* "file:line:col: error: path: ..." for an event, after parsing. */
void parser_event_error(struct parser *p, const struct task *t,
			const struct event *ev, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Prints every key of every object, for --list-keys and the docs test. */
void parse_print_keys(void);

#endif
