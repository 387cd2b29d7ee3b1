/*
 * search.c - the canned workloads' search path (search.h), and the
 * message for a name that is in none of its directories: where mimic
 * looked and which names are close.
 */
#define _GNU_SOURCE
#include "cli/search.h"
#include "lib/near.h"

#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MIMIC_WORKLOAD_DIR
#define MIMIC_WORKLOAD_DIR "/usr/local/share/mimic/workloads"
#endif

static bool search_is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

static bool search_is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static int search_add(struct search_path *sp, const char *path,
		      const char *why)
{
	struct search_dir *dirs;

	dirs = realloc(sp->dirs, (sp->n + 1) * sizeof(*dirs));
	if (!dirs)
		return -1;
	sp->dirs = dirs;
	dirs[sp->n].path = strdup(path);
	dirs[sp->n].why = why;
	if (!dirs[sp->n].path)
		return -1;
	sp->n++;
	return 0;
}

/*
 * <tree>/workloads when this binary is <tree>/src/mimic of a configured
 * tree (config.status is there); an installed binary's parent has
 * neither. A tree configured outside its sources (make distcheck's
 * VPATH build) has no workloads/ of its own: the sources' it was
 * configured from. Writes it to buf, or returns false.
 */
static bool search_build_tree(char *buf, size_t size)
{
	char exe[PATH_MAX], probe[PATH_MAX + 32];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return false;
	exe[n] = '\0';
	for (int k = 0; k < 2; k++) { /* <tree>/src/mimic -> <tree> */
		slash = strrchr(exe, '/');
		if (!slash)
			return false;
		*slash = '\0';
	}
	snprintf(probe, sizeof(probe), "%s/config.status", exe);
	if (!search_is_file(probe))
		return false;
	if ((size_t)snprintf(buf, size, "%s/workloads", exe) >= size)
		return false;
	if (search_is_dir(buf))
		return true;
#ifdef MIMIC_BUILD_SRCDIR
	if ((size_t)snprintf(buf, size, "%s/workloads", MIMIC_BUILD_SRCDIR) >=
	    size)
		return false;
	return search_is_dir(buf);
#else
	return false;
#endif
}

int search_path_get(struct search_path *sp)
{
	const char *env = getenv("MIMIC_WORKLOAD_PATH");
	char tree[PATH_MAX + 16];
	char *dirs = NULL, *dir, *save = NULL;

	*sp = (struct search_path){ 0 };
	if (env && !(dirs = strdup(env)))
		goto fail;
	for (dir = dirs ? strtok_r(dirs, ":", &save) : NULL; dir;
	     dir = strtok_r(NULL, ":", &save))
		if (search_add(sp, dir, "$MIMIC_WORKLOAD_PATH"))
			goto fail;
	if (search_build_tree(tree, sizeof(tree)) &&
	    search_add(sp, tree, "build tree"))
		goto fail;
	if (search_add(sp, MIMIC_WORKLOAD_DIR, "installed"))
		goto fail;
	free(dirs);
	return 0;
fail:
	free(dirs);
	search_path_free(sp);
	return -1;
}

void search_path_free(struct search_path *sp)
{
	for (size_t k = 0; k < sp->n; k++)
		free(sp->dirs[k].path);
	free(sp->dirs);
	*sp = (struct search_path){ 0 };
}

/* Close to what was typed: 2 edits at most, or one begins the other
 * (three letters at least: "perf" finds both perf-sched ones). */
static bool search_near(const char *typed, const char *name)
{
	size_t lt = strlen(typed), ln = strlen(name);
	size_t common = lt < ln ? lt : ln;

	if (near_distance(typed, name) <= 2)
		return true;
	return common >= 3 && !strncmp(typed, name, common);
}

static int search_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Prints the names of the search path's workloads near typed, each
 * once (the first 16). */
static void search_print_near(const struct search_path *sp,
			      const char *typed)
{
	char near[16][256];
	int n = 0;

	for (size_t k = 0; k < sp->n; k++) {
		DIR *dir = opendir(sp->dirs[k].path);
		struct dirent *e;

		while (dir && (e = readdir(dir)) && n < 16) {
			size_t len = strlen(e->d_name);
			int j;

			if (len <= 5 || len > 255 ||
			    strcmp(e->d_name + len - 5, ".json"))
				continue;
			snprintf(near[n], sizeof(near[n]), "%.*s",
				 (int)(len - 5), e->d_name);
			for (j = 0; j < n && strcmp(near[j], near[n]); j++)
				;
			if (j == n && search_near(typed, near[n]))
				n++;
		}
		if (dir)
			closedir(dir);
	}
	qsort(near, (size_t)n, sizeof(near[0]), search_cmp);
	for (int j = 0; j < n; j++)
		fprintf(stderr, "%s%s", j ? ", " : "mimic: did you mean ",
			near[j]);
	if (n)
		fputs("?\n", stderr);
}

static void search_not_found(const struct search_path *sp, const char *name)
{
	char typed[256];
	size_t len = strlen(name);

	fprintf(stderr, "mimic: %s: no such file, nor a canned workload of "
		"that name (mimic list shows them)\n", name);
	fprintf(stderr, "mimic: searched:");
	for (size_t k = 0; k < sp->n; k++)
		fprintf(stderr, "%s %s (%s)", k ? "," : "", sp->dirs[k].path,
			sp->dirs[k].why);
	fputc('\n', stderr);
	if (len > 5 && !strcmp(name + len - 5, ".json"))
		len -= 5;
	snprintf(typed, sizeof(typed), "%.*s", (int)len, name);
	search_print_near(sp, typed);
}

char *search_workload(const char *name)
{
	static const char *const suffixes[] = { "", ".json" };
	struct search_path sp;
	char *found = NULL;

	if (!strcmp(name, "-") || search_is_file(name) || strchr(name, '/'))
		return strdup(name);
	if (search_path_get(&sp)) {
		fprintf(stderr, "mimic: out of memory\n");
		return NULL;
	}
	for (size_t k = 0; k < sp.n && !found; k++)
		for (int s = 0; s < 2 && !found; s++) {
			if (asprintf(&found, "%s/%s%s", sp.dirs[k].path, name,
				     suffixes[s]) < 0) {
				found = NULL;
				goto out;
			}
			if (!search_is_file(found)) {
				free(found);
				found = NULL;
			}
		}
	if (!found)
		search_not_found(&sp, name);
out:
	search_path_free(&sp);
	return found;
}
