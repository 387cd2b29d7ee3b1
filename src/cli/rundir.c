/*
 * rundir.c - a new numbered directory for each run inside the --outdir
 * root (rundir.h), and the run's params for its run.json.
 */
#define _GNU_SOURCE
#include "cli/rundir.h"

#include "lib/diag.h"
#include "lib/safe_file.h"
#include "parse/jtree.h"
#include "parse/params.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The highest NNN of the root's <prefix>-NNN entries, 0 if none. */
static unsigned long rundir_highest(int root_fd, const char *prefix)
{
	size_t pl = strlen(prefix);
	unsigned long best = 0;
	int fd = dup(root_fd);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	while ((e = readdir(d))) {
		char *end;
		unsigned long n;

		if (strncmp(e->d_name, prefix, pl) || e->d_name[pl] != '-' ||
		    e->d_name[pl + 1] < '0' || e->d_name[pl + 1] > '9')
			continue;
		n = strtoul(e->d_name + pl + 1, &end, 10);
		if (!*end && n > best)
			best = n;
	}
	closedir(d);
	return best;
}

int rundir_create(const char *root, const char *prefix, struct rundir *out)
{
	unsigned long n;
	int fd, err = 0;

	out->path = NULL;
	out->id[0] = '\0';
	if (mkdir(root, 0777) && errno != EEXIST) {
		fprintf(stderr, "mimic: --outdir: cannot create %s: %s\n", root,
			strerror(errno));
		return -1;
	}
	fd = safe_dir_open(root, false);
	if (fd < 0) {
		fprintf(stderr, "mimic: --outdir: cannot open %s: %s\n", root,
			safe_file_strerror(root, errno));
		return -1;
	}
	/* mkdir is the lock: a name another run took meanwhile fails with
	 * EEXIST and the next one is tried. */
	for (n = rundir_highest(fd, prefix) + 1;; n++) {
		snprintf(out->id, sizeof(out->id), "%s-%03lu", prefix, n);
		if (!mkdirat(fd, out->id, 0777))
			break;
		if (errno != EEXIST || n > 999999) {
			err = errno;
			break;
		}
	}
	close(fd);
	if (err) {
		fprintf(stderr, "mimic: --outdir: cannot create %s/%s: %s\n",
			root, out->id, strerror(err));
		return -1;
	}
	if (asprintf(&out->path, "%s%s%s", root,
		     root[strlen(root) - 1] == '/' ? "" : "/", out->id) < 0) {
		out->path = NULL;
		fprintf(stderr, "mimic: out of memory\n");
		return -1;
	}
	return 0;
}

void rundir_discard(struct rundir *rd)
{
	if (rd->path)
		rmdir(rd->path); /* fails, as it should, unless empty */
	rundir_free(rd);
}

void rundir_free(struct rundir *rd)
{
	free(rd->path);
	rd->path = NULL;
}

static struct json_object *rundir_value(const struct jnode *v)
{
	switch (v->type) {
	case J_INT: return json_object_new_int64(v->i);
	case J_DOUBLE: return json_object_new_double(v->d);
	case J_STRING: return json_object_new_string(v->s);
	case J_BOOL: return json_object_new_boolean(v->b);
	default: return NULL;
	}
}

struct json_object *rundir_params(struct arena *a, const struct jnode *params,
				  char *const *sets, int n_sets)
{
	struct diag quiet = { .quiet = true };
	struct json_object *o;
	struct params ps;

	/* Read and set as template_expand did: no error can be new here. */
	if (!params || params_read(a, &quiet, params, &ps) ||
	    params_set(a, &quiet, &ps, sets, n_sets) || !ps.n)
		return NULL;
	o = json_object_new_object();
	for (size_t k = 0; k < ps.n; k++)
		json_object_object_add(o, ps.v[k].name,
				       rundir_value(ps.v[k].value));
	return o;
}

const struct jnode *rundir_params_node(const struct jnode *root)
{
	if (!root || root->type != J_OBJECT)
		return NULL;
	for (size_t k = 0; k < root->n; k++)
		if (!strcmp(root->kids[k]->key, "params"))
			return root->kids[k];
	return NULL;
}
