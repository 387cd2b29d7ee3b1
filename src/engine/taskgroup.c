/*
 * taskgroup.c - cgroup handling for "taskgroup". rt-app supports only
 * cgroup v1; mimic also uses a cgroup v2 "cpu" hierarchy, where single
 * threads can be placed only in threaded groups, which it makes them.
 */
#define _GNU_SOURCE
#include "engine/taskgroup.h"

#include "model/workload.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <mntent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TASKGROUP_MAX_CREATED 256

static char tg_root[PATH_MAX];
static bool tg_v2;
static char *tg_created[TASKGROUP_MAX_CREATED];
static int tg_n_created;

static bool has_option(const char *opts, const char *want)
{
	size_t n = strlen(want);

	for (const char *p = opts; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, want, n) && (p[n] == ',' || !p[n]))
			return true;
	return false;
}

static int find_hierarchy(char *err, size_t len)
{
	FILE *m = setmntent("/proc/mounts", "r");
	struct mntent *e;
	char v2[PATH_MAX] = "";

	if (!m) {
		snprintf(err, len, "taskgroup: /proc/mounts: %s", strerror(errno));
		return -1;
	}
	while ((e = getmntent(m))) {
		if (!strcmp(e->mnt_type, "cgroup") &&
		    has_option(e->mnt_opts, "cpu")) {
			snprintf(tg_root, sizeof(tg_root), "%s", e->mnt_dir);
			break;
		}
		if (!strcmp(e->mnt_type, "cgroup2") && !*v2)
			snprintf(v2, sizeof(v2), "%s", e->mnt_dir);
	}
	endmntent(m);
	if (!*tg_root && *v2) {
		snprintf(tg_root, sizeof(tg_root), "%s", v2);
		tg_v2 = true;
	}
	if (!*tg_root) {
		snprintf(err, len, "taskgroup: no cgroup hierarchy with the cpu "
			 "controller is mounted (cgroup v1 \"cpu\" or cgroup2)");
		return -1;
	}
	return 0;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), rc = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, text, strlen(text)) < 0)
		rc = -errno;
	close(fd);
	return rc;
}

/* mkdir -p, remembering what was made so it can be removed. */
static int make_group(const char *group, char *err, size_t len)
{
	char path[PATH_MAX];
	size_t base = strlen(tg_root);

	snprintf(path, sizeof(path), "%s%s", tg_root, group);
	for (char *p = path + base + 1; ; p++) {
		if (*p != '/' && *p)
			continue;
		char c = *p;

		*p = '\0';
		if (tg_v2) {
			/* The parent must hand the cpu controller down. */
			char f[PATH_MAX + 32], *slash = strrchr(path, '/');

			*slash = '\0';
			snprintf(f, sizeof(f), "%s/cgroup.subtree_control", path);
			*slash = '/';
			write_file(f, "+cpu");
		}
		if (mkdir(path, 0755) == 0) {
			if (tg_n_created < TASKGROUP_MAX_CREATED)
				tg_created[tg_n_created++] = strdup(path);
			if (tg_v2) {
				char f[PATH_MAX + 16];

				snprintf(f, sizeof(f), "%s/cgroup.type", path);
				write_file(f, "threaded");
			}
		} else if (errno != EEXIST) {
			snprintf(err, len, "taskgroup %s: mkdir %s: %s", group,
				 path, strerror(errno));
			return -1;
		}
		*p = c;
		if (!c)
			break;
	}
	return 0;
}

int taskgroup_setup(const struct workload *w, char *err, size_t len)
{
	bool any = false;

	for (size_t t = 0; t < w->n_tasks; t++) {
		const struct task *task = &w->tasks[t];

		for (size_t p = 0; p <= task->n_phases; p++) {
			const char *g = p < task->n_phases
						? task->phases[p].taskgroup
						: task->taskgroup;

			if (!g)
				continue;
			if (!any && find_hierarchy(err, len))
				return -1;
			any = true;
			if (strcmp(g, "/") && make_group(g, err, len))
				return -1;
		}
	}
	return 0;
}

int taskgroup_join(const char *group, pid_t tid, char *err, size_t len)
{
	char path[PATH_MAX + 64], id[32];
	int rc;

	snprintf(path, sizeof(path), "%s%s/%s", tg_root,
		 strcmp(group, "/") ? group : "",
		 tg_v2 ? "cgroup.threads" : "tasks");
	snprintf(id, sizeof(id), "%d", (int)tid);
	rc = write_file(path, id);
	if (rc == -EINVAL && !tg_v2)
		snprintf(err, len, "taskgroup %s: cannot join (%s): with RT "
			 "group scheduling, a real-time thread needs the "
			 "group's cpu.rt_runtime_us > 0", group, strerror(-rc));
	else if (rc)
		snprintf(err, len, "taskgroup %s: writing %s: %s", group, path,
			 strerror(-rc));
	return rc;
}

void taskgroup_cleanup(void)
{
	while (tg_n_created > 0) {
		char *dir = tg_created[--tg_n_created];

		rmdir(dir);
		free(dir);
	}
}
