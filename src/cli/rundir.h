/*
 * rundir.h - run directories (--outdir ROOT, global "outdir"): each run
 * gets a new ROOT/run-NNN (a --repeat set a ROOT/repeat-NNN), made with
 * mkdir so no earlier run's files are ever overwritten (doc/run-dirs.md).
 */
#ifndef MIMIC_RUNDIR_H
#define MIMIC_RUNDIR_H

struct arena;
struct jnode;
struct json_object;

struct rundir {
	char *path;               /* ROOT/<prefix>-NNN */
	char id[32];              /* <prefix>-NNN */
};

/*
 * Makes root if it is missing (one level, like mkdir), then the next
 * root/<prefix>-NNN after the highest there (NNN from 001, at least three
 * digits). A symbolic link as root's last part is refused. 0, or -1 after
 * printing why.
 */
int rundir_create(const char *root, const char *prefix, struct rundir *out);
/* Removes the directory if nothing was written in it (a run refused before
 * time zero), and frees out's path. */
void rundir_discard(struct rundir *rd);
void rundir_free(struct rundir *rd);

/* root's "params" member, or NULL (before template_expand takes it out). */
const struct jnode *rundir_params_node(const struct jnode *root);

/* The workload's "params" (the node template_expand took out, or NULL)
 * after the --set values, as a JSON object; NULL if there are none. */
struct json_object *rundir_params(struct arena *a, const struct jnode *params,
				  char *const *sets, int n_sets);

#endif
