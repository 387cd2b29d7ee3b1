/*
 * filenames.c - global.log_basename and every task name become parts of
 * file names in the log directory ("<log_basename>-<task>-<n>.log", the
 * .plot scripts and the .eps they draw): each is checked here, where its
 * line and column are known, against lib/filename.c's rules, so a bad
 * name is exit 2 before anything runs, never a file outside logdir.
 */
#include "parse/filenames.h"

#include "lib/diag.h"
#include "lib/filename.h"
#include "parse/jtree.h"
#include "model/workload.h"

#include <limits.h>
#include <string.h>

/* The member of global that gave the model its log_basename. */
static const struct jnode *filenames_basename_node(const struct workload *w,
						   const struct jnode *root)
{
	const struct jnode *g = jtree_get(root, "global");

	for (size_t k = 0; g && g->type == J_OBJECT && k < g->n; k++)
		if (g->kids[k]->type == J_STRING &&
		    g->kids[k]->s == w->g.log_basename)
			return g->kids[k];
	return NULL;
}

static int filenames_check_task(struct diag *d, const struct jnode *tn)
{
	const char *why = filename_part_bad(tn->key);
	char shown[96], path[128];

	if (!why)
		return 0;
	filename_printable(tn->key, shown, sizeof(shown));
	snprintf(path, sizeof(path), "tasks.%s", shown);
	diag_error(d, tn->key_line, tn->key_col, path,
		   "task name \"%s\" %s (task names are parts of log file "
		   "names)", shown, why);
	return 1;
}

int filenames_check(struct diag *d, const struct workload *w,
		    const struct jnode *root)
{
	const struct jnode *tasks = jtree_get(root, "tasks");
	const struct jnode *bn = filenames_basename_node(w, root);
	const char *base = w->g.log_basename, *why, *longest = "";
	char shown[96];
	int errs = 0;

	for (size_t k = 0; tasks && tasks->type == J_OBJECT && k < tasks->n;
	     k++) {
		const struct jnode *tn = tasks->kids[k];

		if (tn->type != J_OBJECT)
			continue; /* reported by the parser */
		errs += filenames_check_task(d, tn);
		if (strlen(tn->key) > strlen(longest))
			longest = tn->key;
	}
	filename_printable(base, shown, sizeof(shown));
	why = filename_part_bad(base);
	if (why) {
		diag_error(d, bn ? bn->line : 0, bn ? bn->col : 0,
			   "global.log_basename", "\"%s\" (%zu bytes) %s (it is "
			   "the first part of every log file name)", shown,
			   strlen(base), why);
		return errs + 1;
	}
	if (filename_longest(strlen(base), strlen(longest)) > NAME_MAX) {
		diag_error(d, bn ? bn->line : 0, bn ? bn->col : 0,
			   "global.log_basename", "\"%s\" is too long: with "
			   "task names of %zu bytes, log file names would be "
			   "up to %zu bytes (more than NAME_MAX, %d)", shown,
			   strlen(longest),
			   filename_longest(strlen(base), strlen(longest)),
			   NAME_MAX);
		errs++;
	}
	return errs;
}
