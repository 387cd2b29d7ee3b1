/*
 * model_tasks.c - an inferred model's warnings and its release.
 */
#define _GNU_SOURCE
#include "trace/model_tasks.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void model_warn(struct model *m, const char *fmt, ...)
{
	char **n = realloc(m->warn, (m->n_warn + 1) * sizeof(*n));
	va_list ap;

	if (!n)
		return;
	m->warn = n;
	va_start(ap, fmt);
	if (vasprintf(&m->warn[m->n_warn], fmt, ap) >= 0)
		m->n_warn++;
	va_end(ap);
}

void model_free(struct model *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->t[i].out);
	for (size_t i = 0; i < m->n_warn; i++)
		free(m->warn[i]);
	free(m->warn);
	free(m->t);
	memset(m, 0, sizeof(*m));
}
