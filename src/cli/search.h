/*
 * search.h - where canned workloads are found: `mimic NAME`, mimic list
 * and mimic show look in the same directories, in the same order.
 */
#ifndef MIMIC_SEARCH_H
#define MIMIC_SEARCH_H

#include <stddef.h>

struct search_dir {
	char *path;
	const char *why; /* "$MIMIC_WORKLOAD_PATH", "build tree", "installed" */
};

struct search_path {
	struct search_dir *dirs;
	size_t n;
};

/*
 * The search path: each directory of $MIMIC_WORKLOAD_PATH (colon-
 * separated), then the build tree's workloads/ when this binary is
 * <tree>/src/mimic of a configured tree, then the installed directory.
 * Returns -1 when out of memory.
 */
int search_path_get(struct search_path *sp);
void search_path_free(struct search_path *sp);

/*
 * The file to read for name: "-", a file that exists, or a name with a
 * '/' as it is; otherwise the first DIR/name or DIR/name.json of the
 * search path. NULL when there is none: then the message (the search path
 * and the near matches) is printed on stderr.
 */
char *search_workload(const char *name);

#endif
