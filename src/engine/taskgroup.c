/*
 * taskgroup.c - cgroup handling for "taskgroup". rt-app supports only
 * cgroup v1; mimic also uses a cgroup v2 "cpu" hierarchy, where single
 * threads can be placed only in threaded groups, which it makes them.
 */
#define _GNU_SOURCE
#include "engine/taskgroup.h"

#include "lib/safe_file.h"
#include "model/workload.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <limits.h>
#include <mntent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

static char tg_root[PATH_MAX];
static bool tg_v2;
/* Every directory this run made, in the order made: removed backwards. */
static char **tg_created;
static size_t tg_n_created, tg_cap_created;
/* The run's registry file (taskgroup.h): -1 when it cannot be written. */
static int tg_reg_fd = -1;
static char tg_reg_path[PATH_MAX];

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

/* The kernel's start time of process pid (clock ticks since boot), which
 * tells a reused pid from the one that wrote a registry; -1 if gone. */
static long long taskgroup_start_time(pid_t pid)
{
	char path[64], buf[1024], *p;
	long long t = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f) && (p = strrchr(buf, ')')) &&
	    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u "
		   "%*u %*d %*d %*d %*d %*d %*d %lld", &t) != 1)
		t = -1;
	fclose(f);
	return t;
}

const char *taskgroup_state_dir(void)
{
	const char *dir = getenv("MIMIC_STATE_DIR");

	return dir && *dir ? dir : TASKGROUP_STATE_DIR;
}

/*
 * The registry: "<state dir>/taskgroups.<pid>", a first line "mimic <pid>
 * <start time>", then each directory made, written as soon as it is made,
 * so that a run killed by SIGKILL leaves the list for "mimic cleanup".
 */
static void taskgroup_registry_open(void)
{
	const char *dir = taskgroup_state_dir();
	char head[128], why[128];
	int n;

	if (tg_reg_fd >= 0)
		return;
	mkdir(dir, 0700);
	snprintf(tg_reg_path, sizeof(tg_reg_path), "%s/taskgroups.%d", dir,
		 (int)getpid());
	/* No link followed, no FIFO waited on (MIMIC_STATE_DIR may be
	 * anywhere): lib/safe_file.h. */
	tg_reg_fd = safe_file_create(AT_FDCWD, tg_reg_path, 0600, why,
				     sizeof(why));
	if (tg_reg_fd < 0) {
		fprintf(stderr, "mimic: warning: cannot write %s (%s): groups "
			"left by a killed run will not be known to mimic "
			"cleanup\n", tg_reg_path, why);
		return;
	}
	n = snprintf(head, sizeof(head), "mimic %d %lld\n", (int)getpid(),
		     taskgroup_start_time(getpid()));
	if (write(tg_reg_fd, head, (size_t)n) != n) {
		close(tg_reg_fd);
		tg_reg_fd = -1;
	}
}

static int taskgroup_remember(const char *path)
{
	char *copy = strdup(path);
	size_t n = strlen(path);

	if (!copy)
		return -1;
	if (tg_n_created == tg_cap_created) {
		size_t cap = tg_cap_created ? 2 * tg_cap_created : 64;
		char **grown = realloc(tg_created, cap * sizeof(*grown));

		if (!grown) {
			free(copy);
			return -1;
		}
		tg_created = grown;
		tg_cap_created = cap;
	}
	tg_created[tg_n_created++] = copy;
	if (tg_reg_fd >= 0 && (write(tg_reg_fd, path, n) != (ssize_t)n ||
			       write(tg_reg_fd, "\n", 1) != 1)) {
		/* A short registry is worse than none: cleanup would miss
		 * the rest silently. */
		close(tg_reg_fd);
		tg_reg_fd = -1;
		unlink(tg_reg_path);
	}
	return 0;
}

static bool taskgroup_made(const char *path)
{
	for (size_t k = 0; k < tg_n_created; k++)
		if (!strcmp(tg_created[k], path))
			return true;
	return false;
}

/*
 * mkdir -p, remembering what was made so it can be removed. On cgroup2
 * the cpu controller is handed down (cgroup.subtree_control) only by a
 * group this run made: never by the root or a group that was there.
 */
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
			char f[PATH_MAX + 32], *slash = strrchr(path, '/');

			*slash = '\0';
			if (taskgroup_made(path)) {
				snprintf(f, sizeof(f), "%s/cgroup.subtree_control",
					 path);
				write_file(f, "+cpu");
			}
			*slash = '/';
		}
		if (mkdir(path, 0755) == 0) {
			if (taskgroup_remember(path)) {
				rmdir(path);
				snprintf(err, len, "taskgroup %s: out of memory",
					 group);
				return -1;
			}
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
			if (!any)
				taskgroup_registry_open();
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
	bool left = false;

	while (tg_n_created > 0) {
		char *dir = tg_created[--tg_n_created];

		if (rmdir(dir) && errno != ENOENT) {
			fprintf(stderr, "mimic: warning: cannot remove taskgroup "
				"%s: %s (mimic cleanup removes it once this run "
				"is gone)\n", dir, strerror(errno));
			left = true;
		}
		free(dir);
	}
	free(tg_created);
	tg_created = NULL;
	tg_cap_created = 0;
	if (tg_reg_fd >= 0) {
		close(tg_reg_fd);
		tg_reg_fd = -1;
		if (!left)
			unlink(tg_reg_path);
	}
}

/* Only directories of a cgroup file system are ever removed. */
static bool taskgroup_is_cgroup(const char *path)
{
	struct statfs sf;

	return !statfs(path, &sf) && (sf.f_type == CGROUP_SUPER_MAGIC ||
				      sf.f_type == CGROUP2_SUPER_MAGIC);
}

/* One registry: its groups removed, deepest (last made) first, if the
 * run that wrote it is gone. Returns the groups that could not be. */
static int taskgroup_sweep_one(const char *path, int *removed)
{
	FILE *f = fopen(path, "r");
	char line[PATH_MAX + 2], **dirs = NULL;
	size_t n = 0, cap = 0;
	long long start;
	int pid, failed = 0, gone = 0;

	if (!f)
		return 0;
	if (!fgets(line, sizeof(line), f) ||
	    sscanf(line, "mimic %d %lld", &pid, &start) != 2) {
		fclose(f);
		return 0; /* not ours */
	}
	if (kill(pid, 0) == 0 || errno == EPERM) {
		long long now = taskgroup_start_time(pid);

		if (now < 0 || start < 0 || now == start) {
			printf("mimic cleanup: mimic %d is still running: its "
			       "groups are left to it\n", pid);
			fclose(f);
			return 0;
		}
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!*line)
			continue;
		if (n == cap) {
			char **g = realloc(dirs, (cap = cap * 2 + 16) * sizeof(*g));

			if (!g)
				break;
			dirs = g;
		}
		dirs[n] = strdup(line);
		if (dirs[n])
			n++;
	}
	fclose(f);
	while (n > 0) {
		char *dir = dirs[--n];

		if (!taskgroup_is_cgroup(dir))
			gone += errno == ENOENT;
		else if (rmdir(dir) == 0)
			(*removed)++;
		else if (errno == ENOENT)
			gone++;
		else {
			fprintf(stderr, "mimic cleanup: cannot remove %s: %s\n",
				dir, strerror(errno));
			failed++;
		}
		free(dir);
	}
	free(dirs);
	if (!failed)
		unlink(path);
	printf("mimic cleanup: mimic %d (gone): %d groups removed, %d already "
	       "gone%s\n", pid, *removed, gone,
	       failed ? ", some left (above)" : "");
	return failed;
}

int taskgroup_sweep(void)
{
	const char *state = taskgroup_state_dir();
	DIR *d = opendir(state);
	struct dirent *de;
	int failed = 0, runs = 0;

	if (!d && errno != ENOENT) {
		fprintf(stderr, "mimic cleanup: %s: %s\n", state,
			strerror(errno));
		return 1;
	}
	while (d && (de = readdir(d))) {
		char path[PATH_MAX];
		int removed = 0;

		if (strncmp(de->d_name, "taskgroups.", 11))
			continue;
		snprintf(path, sizeof(path), "%s/%s", state, de->d_name);
		failed += taskgroup_sweep_one(path, &removed);
		runs++;
	}
	if (d)
		closedir(d);
	if (!runs)
		printf("mimic cleanup: no groups left by mimic runs (%s)\n",
		       state);
	return failed ? 1 : 0;
}
