/*
 * task_attrs.c - samples each recorded task's scheduling attributes
 * (sched_getattr, sched_getaffinity) and writes a line into the
 * recording when they are new or changed: the policy is not in
 * sched_switch (only the priority), and the allowed CPUs in no event.
 * The tree is walked from its root through /proc/PID/task/TID/children.
 */
#define _GNU_SOURCE
#include "trace/task_attrs.h"

#include "lib/sched_abi.h"

#include <dirent.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define TASK_ATTRS_MAX 4096 /* tasks remembered; more are marked each time */

struct task_seen {
	pid_t tid;
	unsigned long hash; /* of the last line written */
};

struct task_attrs {
	struct task_seen seen[TASK_ATTRS_MAX];
	int n_seen;
	pid_t *stack;       /* processes still to walk */
};

struct task_attrs *task_attrs_new(void)
{
	struct task_attrs *t = calloc(1, sizeof(*t));

	if (t && !(t->stack = malloc(TASK_ATTRS_MAX * sizeof(*t->stack)))) {
		free(t);
		t = NULL;
	}
	return t;
}

void task_attrs_free(struct task_attrs *t)
{
	if (t)
		free(t->stack);
	free(t);
}

static const char *policy_name(uint32_t policy)
{
	static const char *const names[] = { "other", "fifo", "rr", "batch",
					     "iso", "idle", "deadline" };

	return policy < sizeof(names) / sizeof(names[0]) ? names[policy]
							 : "unknown";
}

/* "0-3,6": the CPUs of set, as the kernel writes lists. */
static void cpu_list(const cpu_set_t *set, char *out, size_t len)
{
	size_t at = 0;

	out[0] = '\0';
	for (int c = 0; c < CPU_SETSIZE && at < len; c++) {
		int last = c;

		if (!CPU_ISSET(c, set))
			continue;
		while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, set))
			last++;
		at += (size_t)snprintf(out + at, len - at, last > c ? "%s%d-%d"
						     : "%s%d", at ? "," : "",
				       c, last);
		c = last;
	}
}

static unsigned long hash_text(const char *s)
{
	unsigned long h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* Whether tid's line differs from the last one written (and remember). */
static bool task_changed(struct task_attrs *t, pid_t tid, const char *line)
{
	unsigned long h = hash_text(line);

	for (int i = 0; i < t->n_seen; i++) {
		if (t->seen[i].tid != tid)
			continue;
		if (t->seen[i].hash == h)
			return false;
		t->seen[i].hash = h;
		return true;
	}
	if (t->n_seen < TASK_ATTRS_MAX)
		t->seen[t->n_seen++] = (struct task_seen){ tid, h };
	return true;
}

static void sample_task(struct task_attrs *t, struct capture *c, pid_t pid,
			pid_t tid)
{
	struct kernel_sched_attr a = { .size = sizeof(a) };
	char path[96], comm[32] = "", cpus[512] = "", line[768];
	cpu_set_t set;
	FILE *f;
	int at;

	if (syscall(SYS_sched_getattr, tid, &a, sizeof(a), 0))
		return; /* gone */
	if (!sched_getaffinity(tid, sizeof(set), &set))
		cpu_list(&set, cpus, sizeof(cpus));
	snprintf(path, sizeof(path), "/proc/%d/task/%d/comm", (int)pid,
		 (int)tid);
	f = fopen(path, "r");
	if (f) {
		if (fgets(comm, sizeof(comm), f))
			comm[strcspn(comm, "\n")] = '\0';
		fclose(f);
	}
	/* The comm last: it may hold spaces. */
	at = snprintf(line, sizeof(line), "mimic_task: pid=%d tgid=%d "
		      "policy=%s prio=%u nice=%d cpus=%s", (int)tid, (int)pid,
		      policy_name(a.sched_policy), a.sched_priority,
		      a.sched_nice, cpus);
	if (a.sched_policy == 6 /* SCHED_DEADLINE */)
		at += snprintf(line + at, sizeof(line) - at, " runtime_ns=%llu "
			       "deadline_ns=%llu period_ns=%llu",
			       (unsigned long long)a.sched_runtime,
			       (unsigned long long)a.sched_deadline,
			       (unsigned long long)a.sched_period);
	snprintf(line + at, sizeof(line) - at, " comm=%s", comm);
	if (task_changed(t, tid, line))
		capture_mark(c, line);
}

/* Appends the children of pid's thread tid to the walk. */
static int push_children(struct task_attrs *t, pid_t pid, pid_t tid, int n)
{
	char path[96];
	FILE *f;
	int child;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int)pid,
		 (int)tid);
	f = fopen(path, "r");
	while (f && n < TASK_ATTRS_MAX && fscanf(f, "%d", &child) == 1)
		t->stack[n++] = (pid_t)child;
	if (f)
		fclose(f);
	return n;
}

void task_attrs_sample(struct task_attrs *t, struct capture *c, pid_t root)
{
	int n = 0;

	if (!t)
		return;
	t->stack[n++] = root;
	while (n) {
		pid_t pid = t->stack[--n];
		char dir[64];
		struct dirent *e;
		DIR *d;

		snprintf(dir, sizeof(dir), "/proc/%d/task", (int)pid);
		d = opendir(dir);
		while (d && (e = readdir(d))) {
			pid_t tid = (pid_t)atoi(e->d_name);

			if (tid <= 0)
				continue;
			sample_task(t, c, pid, tid);
			n = push_children(t, pid, tid, n);
		}
		if (d)
			closedir(d);
	}
}
