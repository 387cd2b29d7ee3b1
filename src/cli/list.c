/*
 * list.c - mimic list and mimic show (list.h): they read a canned file's
 * "description", "equivalent" and "params" (doc/grammar.md), nothing
 * else, so a file is listed even when its tasks would not parse here.
 */
#define _GNU_SOURCE
#include "cli/list.h"

#include "cli/search.h"
#include "lib/arena.h"
#include "lib/diag.h"
#include "parse/jtree.h"
#include "parse/params.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct list_entry {
	char *name;
	char *path;
	const char *description;
};

/* The top-level object of path, or NULL with the error printed. */
static const struct jnode *list_read(struct arena *a, struct diag *d,
				     const char *path)
{
	size_t len;
	char *text = jtree_read_file(path, &len, d);
	struct jnode *root;

	if (!text)
		return NULL;
	root = jtree_parse(a, d, arena_strndup(a, text, len), len);
	free(text);
	if (root && root->type != J_OBJECT) {
		diag_error(d, root->line, root->col, NULL,
			   "the workload must be a JSON object");
		return NULL;
	}
	return root;
}

static const char *list_text(const struct jnode *root, const char *key)
{
	const struct jnode *v = jtree_get(root, key);

	return v && v->type == J_STRING ? v->s : NULL;
}

static bool list_seen(const struct list_entry *e, size_t n, const char *name)
{
	for (size_t k = 0; k < n; k++)
		if (!strcmp(e[k].name, name))
			return true;
	return false;
}

static int list_json(const struct dirent *e)
{
	size_t len = strlen(e->d_name);

	return len > 5 && !strcmp(e->d_name + len - 5, ".json");
}

/* The workloads of dir not seen in an earlier one, appended to *e;
 * -1 when out of memory. */
static int list_dir(struct arena *a, const char *dir, struct list_entry **e,
		    size_t *n)
{
	struct dirent **names;
	int count = scandir(dir, &names, list_json, alphasort);
	int status = 0;

	for (int k = 0; k < count; k++) {
		const char *file = names[k]->d_name;
		char *name = arena_strndup(a, file, strlen(file) - 5);
		char *path = arena_printf(a, "%s/%s", dir, file);
		struct diag d = { .file = path };
		const struct jnode *root;
		struct list_entry *more;

		free(names[k]);
		if (status || list_seen(*e, *n, name))
			continue;
		more = realloc(*e, (*n + 1) * sizeof(**e));
		if (!more) {
			status = -1;
			continue;
		}
		*e = more;
		root = list_read(a, &d, path);
		diag_flush(&d);
		(*e)[(*n)++] = (struct list_entry){
			.name = name, .path = path,
			.description = !root ? "(unreadable: see above)"
				       : list_text(root, "description")
					       ?: "(no \"description\")"
		};
	}
	if (count >= 0)
		free(names);
	return status;
}

int list_main(int argc, char **argv)
{
	struct arena a = { 0 };
	struct search_path sp;
	struct list_entry *e = NULL;
	size_t n = 0;
	int wname = 4, wdesc = 0, status = 0;

	if (argc > 1) {
		bool help = !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h");

		fprintf(help ? stdout : stderr, "Usage: mimic list\n"
			"The canned workloads (mimic NAME runs one): name, "
			"description, file.\n");
		return help ? 0 : 2;
	}
	if (search_path_get(&sp))
		return 1;
	for (size_t k = 0; k < sp.n && !status; k++)
		if (list_dir(&a, sp.dirs[k].path, &e, &n))
			status = 1;
	for (size_t k = 0; k < n; k++) {
		if ((int)strlen(e[k].name) > wname)
			wname = (int)strlen(e[k].name);
		if ((int)strlen(e[k].description) > wdesc)
			wdesc = (int)strlen(e[k].description);
	}
	for (size_t k = 0; k < n; k++)
		printf("%-*s  %-*s  %s\n", wname, e[k].name, wdesc,
		       e[k].description, e[k].path);
	if (!n && !status)
		fprintf(stderr, "mimic: no canned workloads in the search "
			"path (mimic(1), FILES)\n");
	free(e);
	search_path_free(&sp);
	arena_free(&a);
	return status;
}

/* "any integer", "pipe, socket", ... */
static const char *show_allowed(struct arena *a, const struct param *p)
{
	if (p->values)
		return params_choices(a, p);
	return p->value->type == J_INT ? "integer" : "text";
}

static void show_params(struct arena *a, const struct params *ps)
{
	int wname = 4, wdef = 7, wallow = 7;

	for (size_t k = 0; k < ps->n; k++) {
		const struct param *p = &ps->v[k];
		const char *def = p->value->type == J_INT
					  ? arena_printf(a, "%lld",
							 (long long)p->value->i)
					  : p->value->s;
		int l;

		if ((l = (int)strlen(p->name)) > wname)
			wname = l;
		if ((l = (int)strlen(def)) > wdef)
			wdef = l;
		if ((l = (int)strlen(show_allowed(a, p))) > wallow)
			wallow = l;
	}
	printf("\nparams (mimic --set NAME=VALUE):\n  %-*s  %-*s  %-*s  %s\n",
	       wname, "name", wdef, "default", wallow, "allowed", "what");
	for (size_t k = 0; k < ps->n; k++) {
		const struct param *p = &ps->v[k];

		printf("  %-*s  ", wname, p->name);
		if (p->value->type == J_INT)
			printf("%-*lld  ", wdef, (long long)p->value->i);
		else
			printf("%-*s  ", wdef, p->value->s);
		printf("%-*s  %s\n", wallow, show_allowed(a, p),
		       p->doc ? p->doc : "");
	}
}

int show_main(int argc, char **argv)
{
	struct arena a = { 0 };
	struct diag d = { 0 };
	const struct jnode *root;
	struct params ps;
	const char *text;
	char *path;
	int status = 2;

	if (argc != 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		bool help = argc == 2;

		fprintf(help ? stdout : stderr, "Usage: mimic show NAME|FILE\n"
			"What a workload is, its params and the real tool's "
			"command line it stands for.\n");
		return help ? 0 : 2;
	}
	path = search_workload(argv[1]);
	if (!path)
		return 2;
	d.file = strcmp(path, "-") ? path : "<stdin>";
	root = list_read(&a, &d, path);
	if (!root || params_read(&a, &d, jtree_get(root, "params"), &ps))
		goto out;
	printf("%s: %s\n", argv[1],
	       list_text(root, "description") ?: "(no \"description\")");
	printf("file: %s\n", d.file);
	if ((text = list_text(root, "equivalent")))
		printf("equivalent: %s\n", text);
	if (ps.n)
		show_params(&a, &ps);
	status = 0;
out:
	diag_flush(&d);
	free(path);
	arena_free(&a);
	return status;
}
