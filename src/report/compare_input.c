/*
 * compare_input.c - reads mimic compare's sides (compare_input.h): a
 * summary file is one run; a directory with a summary.json is one run (a
 * run directory); any other directory is every run-NNN/summary.json in it,
 * in name order (a --repeat set, an --outdir root), a run directory
 * without summary.json (a run that failed before writing it) skipped
 * with a warning. Each summary must carry "mimic_summary" 2 and a
 * "tasks" list of named objects.
 */
#define _GNU_SOURCE
#include "report/compare_input.h"

#include "report/summary_json.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct json_object *compare_input_get(struct json_object *o, const char *key,
				      json_type type)
{
	struct json_object *v;

	if (!o || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, type))
		return NULL;
	return v;
}

static char *compare_slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f)
		return NULL;
	do {
		if (len + 4096 + 1 > cap) {
			char *b = realloc(buf, cap = cap * 2 + 8192);

			if (!b) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = b;
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
	} while (n > 0);
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* Reads and checks path: a summary this mimic understands, or -1. */
static int compare_load(const char *path, struct compare_run *f)
{
	enum json_tokener_error jerr;
	struct json_object *ver;
	char *text = compare_slurp(path);
	size_t n;

	f->path = strdup(path);
	if (!text || !f->path) {
		fprintf(stderr, "mimic compare: %s: cannot read: %s\n", path,
			strerror(errno));
		free(text);
		return -1;
	}
	f->root = json_tokener_parse_verbose(text, &jerr);
	free(text);
	if (!f->root) {
		fprintf(stderr, "mimic compare: %s: not JSON: %s\n", path,
			json_tokener_error_desc(jerr));
		return -1;
	}
	ver = compare_input_get(f->root, "mimic_summary", json_type_int);
	if (!ver) {
		fprintf(stderr, "mimic compare: %s: not a mimic summary (no "
			"\"mimic_summary\" version; write one with --summary)\n",
			path);
		return -1;
	}
	if (json_object_get_int(ver) != SUMMARY_JSON_VERSION) {
		fprintf(stderr, "mimic compare: %s: summary format %d, this "
			"mimic reads %d%s\n", path, json_object_get_int(ver),
			SUMMARY_JSON_VERSION, json_object_get_int(ver) == 1
			? " (format 1's wake.pipe, wake.socket and wake.futex "
			  "included queueing: run again to compare)" : "");
		return -1;
	}
	f->tasks = compare_input_get(f->root, "tasks", json_type_array);
	if (!f->tasks) {
		fprintf(stderr, "mimic compare: %s: no \"tasks\" list\n", path);
		return -1;
	}
	n = json_object_array_length(f->tasks);
	for (size_t k = 0; k < n; k++) {
		struct json_object *t = json_object_array_get_idx(f->tasks, k);

		if (!compare_input_get(t, "name", json_type_string)) {
			fprintf(stderr, "mimic compare: %s: tasks[%zu]: not a "
				"task (no \"name\")\n", path, k);
			return -1;
		}
	}
	return 0;
}

static int compare_add(struct compare_side *side, const char *path)
{
	struct compare_run *runs = realloc(side->runs, (size_t)(side->n + 1) *
						       sizeof(*runs));

	if (!runs) {
		fprintf(stderr, "mimic compare: out of memory\n");
		return -1;
	}
	side->runs = runs;
	memset(&runs[side->n], 0, sizeof(runs[0]));
	/* Counted even when it fails, so that free releases it. */
	return compare_load(path, &runs[side->n++]);
}

static int compare_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory of runs: every run-* in it that holds a summary.json. */
static int compare_dir_runs(struct compare_side *side, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, found = 0;
	int rc = 0;

	if (!d) {
		fprintf(stderr, "mimic compare: %s: cannot read: %s\n", dir,
			strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		char **grown;

		if (strncmp(e->d_name, "run-", 4))
			continue;
		grown = realloc(names, (n + 1) * sizeof(*names));
		if (!grown || !(grown[n] = strdup(e->d_name))) {
			names = grown ? grown : names;
			rc = -1;
			fprintf(stderr, "mimic compare: out of memory\n");
			break;
		}
		names = grown;
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), compare_name_cmp);
	for (size_t k = 0; k < n && !rc; k++) {
		char *path = NULL;
		struct stat st;

		if (asprintf(&path, "%s/%s/summary.json", dir, names[k]) < 0) {
			fprintf(stderr, "mimic compare: out of memory\n");
			rc = -1;
			break;
		}
		if (stat(path, &st)) {
			fprintf(stderr, "mimic compare: warning: %s/%s: no "
				"summary.json (a run that wrote none): "
				"skipped\n", dir, names[k]);
		} else {
			rc = compare_add(side, path);
			found++;
		}
		free(path);
	}
	for (size_t k = 0; k < n; k++)
		free(names[k]);
	free(names);
	if (!rc && !found) {
		fprintf(stderr, "mimic compare: %s: a directory with neither "
			"summary.json nor run-*/summary.json in it\n", dir);
		rc = -1;
	}
	return rc;
}

static int compare_arg(struct compare_side *side, const char *arg)
{
	struct stat st;
	char *path = NULL;
	int rc;

	if (stat(arg, &st) || !S_ISDIR(st.st_mode))
		return compare_add(side, arg);
	if (asprintf(&path, "%s/summary.json", arg) < 0) {
		fprintf(stderr, "mimic compare: out of memory\n");
		return -1;
	}
	rc = stat(path, &st) ? compare_dir_runs(side, arg)
			     : compare_add(side, path);
	free(path);
	return rc;
}

int compare_input_read(struct compare_side *side, char *const *args, int n)
{
	size_t len = 1;

	for (int k = 0; k < n; k++)
		len += strlen(args[k]) + 1;
	side->label = calloc(1, len);
	if (!side->label) {
		fprintf(stderr, "mimic compare: out of memory\n");
		return -1;
	}
	for (int k = 0; k < n; k++) {
		if (k)
			strcat(side->label, " ");
		strcat(side->label, args[k]);
	}
	for (int k = 0; k < n; k++)
		if (compare_arg(side, args[k]))
			return -1;
	return 0;
}

void compare_input_free(struct compare_side *side)
{
	for (int k = 0; k < side->n; k++) {
		free(side->runs[k].path);
		json_object_put(side->runs[k].root);
	}
	free(side->runs);
	free(side->label);
	side->runs = NULL;
	side->label = NULL;
	side->n = 0;
}
