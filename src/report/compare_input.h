/*
 * compare_input.h - what mimic compare reads: each side (BASE, NEW) is
 * one or more JSON summaries, given as summary files, run directories
 * (their summary.json) or directories of runs (a --repeat set
 * ROOT/repeat-NNN or an --outdir root: every run-NNN/summary.json in
 * it). Every summary is checked to be one this mimic reads.
 */
#ifndef MIMIC_COMPARE_INPUT_H
#define MIMIC_COMPARE_INPUT_H

#include <json-c/json.h>

/* One run's summary. */
struct compare_run {
	char *path;               /* the summary file read */
	struct json_object *root;
	struct json_object *tasks; /* root's "tasks", an array of objects
				    * each with a "name" */
};

/* One side of the comparison: its runs, in the order given (a
 * directory's runs in name order). */
struct compare_side {
	const char *role;         /* "base" or "new" */
	char *label;              /* the arguments, space-separated */
	struct compare_run *runs;
	int n;
};

/*
 * Reads the summaries args[0..n) name into side (role set by the
 * caller); -1 after printing why on stderr (a missing file, not JSON,
 * not a summary, another format version, a directory without runs).
 */
int compare_input_read(struct compare_side *side, char *const *args, int n);
void compare_input_free(struct compare_side *side);

/* o's member key if it has type type, else NULL. */
struct json_object *compare_input_get(struct json_object *o, const char *key,
				      json_type type);

#endif
