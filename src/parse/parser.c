/*
 * parser.c - the parser's state and the helpers every part of parsing
 * shares (the key walker, the object parsers, event kinds): messages with
 * file:line:col and the JSON path, paths, names and times.
 */
#include "parse/parser.h"

#include "lib/arena.h"
#include "lib/diag.h"
#include "model/policy.h"
#include "parse/jtree.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static void parser_vmsg(struct parser *p, bool error, const struct jnode *v,
			const char *path, const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (error)
		diag_error(p->d, v ? v->line : 0, v ? v->col : 0, path, "%s",
			   msg);
	else
		diag_warn(p->d, v ? v->line : 0, v ? v->col : 0, path, "%s",
			  msg);
}

void parser_error(struct parser *p, const struct jnode *v, const char *path,
		  const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	parser_vmsg(p, true, v, path, fmt, ap);
	va_end(ap);
}

void parser_warn(struct parser *p, const struct jnode *v, const char *path,
		 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	parser_vmsg(p, false, v, path, fmt, ap);
	va_end(ap);
}

char *parser_path(struct parser *p, const char *base, const char *key)
{
	return base && *base ? arena_printf(p->a, "%s.%s", base, key)
			     : arena_strdup(p->a, key);
}

const char *parser_name(struct parser *p, const char *path,
			const struct jnode *v, const char *what)
{
	if (v->type == J_STRING && *v->s)
		return v->s;
	parser_error(p, v, path, "expected %s (a non-empty string), got %s",
		     what, jtype_name(v->type));
	return NULL;
}

int parser_time_us(struct parser *p, const char *path, const struct jnode *v,
		   int64_t *ns)
{
	double us;

	if (v->type == J_INT)
		us = (double)v->i;
	else if (v->type == J_DOUBLE && isfinite(v->d))
		us = v->d;
	else {
		parser_error(p, v, path,
			     "expected a time in microseconds, got %s",
			     jtype_name(v->type));
		return -1;
	}
	if (us < 0) {
		parser_error(p, v, path, "must be >= 0 (got %g)", us);
		return -1;
	}
	if (us > 1e12) {
		parser_error(p, v, path, "too large: %g us", us);
		return -1;
	}
	*ns = llround(us * 1000.0);
	return 0;
}

unsigned long parser_task_tag(const struct parser *p)
{
	return (unsigned long)(uintptr_t)p->task;
}

const char *parser_describe(const struct jnode *v)
{
	return jtype_name(v->type);
}

const char *parser_shown(struct parser *p, const struct jnode *v)
{
	return v->type == J_STRING ? arena_printf(p->a, "\"%s\"", v->s)
				   : parser_describe(v);
}

int parser_policy(struct parser *p, const char *path,
		  const struct jnode *v, int *out)
{
	int pol = v->type == J_STRING ? policy_from_name(v->s) : -1;

	if (pol < 0) {
		parser_error(p, v, path,
			     "unknown policy %s (expected SCHED_OTHER, "
			     "SCHED_BATCH, SCHED_IDLE, SCHED_FIFO, SCHED_RR or "
			     "SCHED_DEADLINE)",
			     parser_shown(p, v));
		return -1;
	}
	*out = pol;
	return 0;
}

int parser_mode(struct parser *p, const char *path, const struct jnode *v,
		enum run_mode *mode)
{
	if (v->type == J_STRING && !strcmp(v->s, "thread"))
		*mode = MODE_THREAD;
	else if (v->type == J_STRING && !strcmp(v->s, "process"))
		*mode = MODE_PROCESS;
	else {
		parser_error(p, v, path, "expected \"thread\" or \"process\", "
			     "got %s", parser_describe(v));
		return -1;
	}
	return 0;
}

/* Reports at the key rather than the value (for unknown keys). */
void parser_key_error(struct parser *p, const struct jnode *m,
		      const char *path, const char *msg)
{
	diag_error(p->d, m->key_line, m->key_col, path, "%s", msg);
}
