/*
 * parser.h - the parser's state and the helpers every part of parsing
 * shares: the key walker (keys.c), the object parsers (parse.c) and the
 * event kinds. Messages are "file:line:col: error: json.path: message".
 * Event kinds (and resource kinds) parse their own JSON through this header,
 * jtree.h and keys.h only, never parse.h (the root/task/phase parser).
 */
#ifndef MIMIC_PARSER_H
#define MIMIC_PARSER_H

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

void parser_error(struct parser *p, const struct jnode *v, const char *path,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void parser_warn(struct parser *p, const struct jnode *v, const char *path,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* "base.key", or key at the root. */
char *parser_path(struct parser *p, const char *base, const char *key);
/* A name: the string value, or an error naming what is wanted. */
const char *parser_name(struct parser *p, const char *path,
			const struct jnode *v, const char *what);
/* A non-negative time in µs (fractions allowed) to ns; -1 on error. */
int parser_time_us(struct parser *p, const char *path, const struct jnode *v,
		   int64_t *ns);

/*
 * The model being built, for event kinds' parse hooks (defined in parse.c,
 * which owns the workload's resource and task lists).
 */
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

/*
 * The hex tag rt-app appends (%lx) to a task's own names in ftrace descs
 * ("mem<tag>", "timer:unique<tag>", "memrun_read_4096<tag>"): there the
 * address of its parsed task, here that of the task being parsed. The same
 * for every event of the task, and for its instances and forks.
 */
unsigned long parser_task_tag(const struct parser *p);

/* The JSON type of v, for "expected X, got <type>" messages. */
const char *parser_describe(const struct jnode *v);
/* A string value in quotes, or the type of any other, for messages. */
const char *parser_shown(struct parser *p, const struct jnode *v);
/* Reports at the key rather than the value (for unknown keys). */
void parser_key_error(struct parser *p, const struct jnode *m,
		      const char *path, const char *msg);
/* A policy name (SCHED_*) into *out; reports and returns -1 otherwise. */
int parser_policy(struct parser *p, const char *path, const struct jnode *v,
		  int *out);
/* "thread" or "process" into *mode; reports and returns -1 otherwise. */
int parser_mode(struct parser *p, const char *path, const struct jnode *v,
		enum run_mode *mode);

#endif
