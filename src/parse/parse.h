/*
 * parse.h - JSON tree to workload model. No side effects and no syscalls:
 * errors name file:line:column and the JSON path, and are all reported
 * before the caller decides to exit.
 */
#ifndef MIMIC_PARSE_H
#define MIMIC_PARSE_H

#include "lib/name_index.h"
#include "model/workload.h"

#include <stdint.h>

struct arena;
struct diag;
struct jnode;

struct parser {
	struct arena *a;
	struct diag *d;
	struct workload *w;
	size_t res_cap;
	/* Lookups by name, in the order a scan of the lists would meet them. */
	struct name_index res_names;  /* name -> first resource so called */
	int *res_next;                /* per resource: next of that name, -1 */
	struct name_index task_names; /* name -> first task so called */
	struct task *task;        /* the task being parsed */
	const struct jnode *at;   /* the event being parsed, for messages */
	const char *at_path;
};

/* Builds *out from root; returns the number of errors reported. */
int parse_workload(struct arena *a, struct diag *d, const char *file,
		   const struct jnode *root, struct workload **out);

/* Helpers for event kinds' parse functions. */
void parser_error(struct parser *p, const struct jnode *v, const char *path,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void parser_warn(struct parser *p, const struct jnode *v, const char *path,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A non-negative time in µs (fractions allowed) to ns; -1 on error. */
int parser_time_us(struct parser *p, const char *path, const struct jnode *v,
		   int64_t *ns);
/* The resource named name of that type, created on first use as rt-app does. */
int parser_resource(struct parser *p, const char *name,
		    enum resource_type type, bool unique);
char *parser_path(struct parser *p, const char *base, const char *key);
/* The channel called name: declared as pipe or socket, else a new pipe. */
int parser_channel(struct parser *p, const char *name);
/* A resource name: the string value, or an error naming what is wanted. */
const char *parser_name(struct parser *p, const char *path,
			const struct jnode *v, const char *what);
/*
 * The common event value "name": sets ev->sync.resource to the resource of
 * that type (created on first use) and ev->desc to "key:name".
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
