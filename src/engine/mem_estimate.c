/*
 * mem_estimate.c - will the workload's memory fit? Summed per kind of
 * allocation, each counted at the size it can reach while running (a
 * buffer written over, a log ring gone round, a stack used to its size):
 * an upper bound, so that a 16 GiB buffer or a 6 GiB matrix set per thread
 * is refused with the JSON path that asked for it, before time zero,
 * rather than OOM-killed mid-run.
 */
#define _GNU_SOURCE
#include "engine/mem_estimate.h"

#include "event.h"
#include "engine/hostlimits.h"
#include "engine/thread.h"
#include "lib/diag.h"
#include "lib/hist.h"
#include "record/e2e.h"
#include "record/rtapp_log.h"
#include "record/lock_stats.h"
#include "record/samples.h"
#include "resource.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A cgroup limit at or above this is none (v1 prints 2^63 rounded down
 * to a page). */
#define MEM_NO_LIMIT (1ull << 60)

enum mem_kind {
	MEM_BUFFERS,              /* mem/iorun buffers, memrun buffers */
	MEM_MATMUL,               /* three n x n matrices per thread */
	MEM_MESSAGES,             /* send + receive buffer per thread */
	MEM_CHANNELS,             /* kernel buffers of pipes and sockets */
	MEM_STACKS,
	MEM_RECORDS,              /* log rings, histograms, samples, traces */
	MEM_KINDS
};

static const char *const mem_kind_names[] = {
	"memory buffers", "matmul matrices", "message buffers",
	"channel buffers in the kernel", "thread stacks",
	"log rings, histograms and samples",
};

struct mem_part {
	uint64_t bytes;
	/* The largest single contributor: where it is asked for. */
	uint64_t top;
	const char *path;         /* allocated */
	int line, col;
};

struct mem_sum {
	struct mem_part part[MEM_KINDS];
	uint64_t total;
	bool overflow;
	bool forks;               /* count the fork slots' threads too */
};

static uint64_t mem_mul(struct mem_sum *s, uint64_t a, uint64_t b)
{
	uint64_t r;

	if (__builtin_mul_overflow(a, b, &r)) {
		s->overflow = true;
		return UINT64_MAX;
	}
	return r;
}

/* Adds bytes to a kind; one_bytes, the contributor's own size, decides
 * whether path becomes the kind's place to point at. */
static void mem_add(struct mem_sum *s, enum mem_kind k, uint64_t bytes,
		    uint64_t one_bytes, const char *path, int line, int col)
{
	struct mem_part *p = &s->part[k];

	if (__builtin_add_overflow(p->bytes, bytes, &p->bytes))
		s->overflow = true, p->bytes = UINT64_MAX;
	if (one_bytes > p->top || !p->path) {
		p->top = one_bytes;
		free((char *)p->path);
		p->path = path ? strdup(path) : NULL;
		p->line = line;
		p->col = col;
	}
}

static bool mem_is(const struct event *ev, const char *key)
{
	return !strcmp(ev->kind->key, key);
}

/* The line of the breakdown a kind's per-thread state is counted in. */
static enum mem_kind mem_kind_of(const struct event *ev)
{
	return mem_is(ev, "matmul") ? MEM_MATMUL : MEM_MESSAGES;
}

/* Forks are "up to": counted when the run starts, not at --check, where
 * only what every run of the workload needs is judged. */
static uint64_t mem_task_threads(const struct mem_sum *s, const struct task *t)
{
	return (uint64_t)t->instance + (s->forks ? (uint64_t)t->fork_max : 0);
}

/* Buffers are resources: each counted once, at the first event using it. */
static void mem_buffers(const struct workload *w, struct mem_sum *s)
{
	bool *seen = calloc(w->n_resources + 1, 1);
	char path[512];

	if (!seen)
		return;
	for (size_t t = 0; t < w->n_tasks; t++) {
		const struct task *task = &w->tasks[t];

		for (size_t p = 0; p < task->n_phases; p++)
			for (size_t e = 0; e < task->phases[p].n_events; e++) {
				const struct event *ev = &task->phases[p].events[e];
				int r;

				if (mem_is(ev, "mem") || mem_is(ev, "iorun") ||
				    mem_is(ev, "memrun"))
					r = ev->resource;
				else
					continue;
				if (r < 0 || seen[r])
					continue;
				seen[r] = true;
				uint64_t b = (uint64_t)w->resources[r].size;

				if (mem_is(ev, "memrun"))
					snprintf(path, sizeof(path),
						 "tasks.%s.%s.size", task->name,
						 ev->key);
				if (!mem_is(ev, "memrun"))
					mem_add(s, MEM_BUFFERS, b, b,
						"global.mem_buffer_size",
						w->g.at_mem_buffer_size.line,
						w->g.at_mem_buffer_size.col);
				else
					mem_add(s, MEM_BUFFERS, b, b, path,
						ev->line, ev->col);
			}
	}
	free(seen);
}

/*
 * Per thread: what each kind's state takes (matmul's matrices, the message
 * buffers), as the kind says, pointed at by the event that asks for it.
 */
static void mem_per_thread(const struct workload *w, struct mem_sum *s)
{
	char path[512];

	for (size_t t = 0; t < w->n_tasks; t++) {
		const struct task *task = &w->tasks[t];
		const struct event_state *seen[8];
		size_t n_seen = 0;
		uint64_t n = mem_task_threads(s, task);

		for (size_t p = 0; p < task->n_phases; p++)
			for (size_t e = 0; e < task->phases[p].n_events; e++) {
				const struct event_state *st =
					task->phases[p].events[e].kind->state;
				const struct event *ev = NULL;
				uint64_t one, all;
				size_t k = 0;

				if (!st || !st->bytes)
					continue;
				while (k < n_seen && seen[k] != st)
					k++;
				if (k < n_seen || n_seen == 8)
					continue;
				seen[n_seen++] = st;
				one = st->bytes(w, task, &ev);
				if (!one || !ev)
					continue;
				snprintf(path, sizeof(path), "tasks.%s.%s",
					 task->name, ev->key);
				all = mem_mul(s, one, n);
				mem_add(s, mem_kind_of(ev), all, all, path,
					ev->line, ev->col);
			}
	}
}

static void mem_channels(const struct workload *w, struct mem_sum *s)
{
	for (size_t k = 0; k < w->n_resources; k++) {
		const struct resource *r = &w->resources[k];
		uint64_t b = resource_kind_of(r)->kernel_bytes;

		if (b)
			mem_add(s, MEM_CHANNELS, b, b, NULL, 0, 0);
	}
}

/* Stacks and what the engine keeps per thread (engine.c, thread.c). */
static void mem_threads(const struct workload *w, struct mem_sum *s,
			uint64_t extra)
{
	uint64_t all = (uint64_t)w->n_threads +
		       (s->forks ? (uint64_t)w->fork_capacity : 0);
	char path[512];

	mem_add(s, MEM_STACKS, mem_mul(s, all, (uint64_t)w->g.stack_size),
		(uint64_t)w->g.stack_size, "global.stack_size",
		w->g.at_stack_size.line, w->g.at_stack_size.col);
	for (size_t t = 0; t < w->n_tasks; t++) {
		const struct task *task = &w->tasks[t];
		uint64_t per = extra + 2 * sizeof(struct shist) +
			       (3 + WAKE_PATHS) * sizeof(struct hist) +
			       thread_locks_count(task) * sizeof(struct lock_stats);

		for (int p = 0; p < WAKE_PATHS; p++)
			if (task->wake_paths & (1u << p) &&
			    wake_path_has_messages((enum wake_path)p))
				per += (w->g.us_clock_messages ? 2 : 1) *
				       sizeof(struct hist); /* message_us,
							     * message_clock_us */

		if (e2e_wanted(task))
			per += sizeof(struct e2e_stats);
		if (w->g.log_mode != LOG_DISABLED)
			per += rtapp_log_ring_bytes(&w->g);
		if (task->samples)
			per += samples_bytes();
		snprintf(path, sizeof(path), "tasks.%s", task->name);
		mem_add(s, MEM_RECORDS,
			mem_mul(s, per, mem_task_threads(s, task)),
			mem_mul(s, per, mem_task_threads(s, task)), path,
			task->line, task->col);
	}
}

/* "12.3 GiB" */
static const char *mem_human(uint64_t b, char *buf, size_t len)
{
	static const char *const units[] = { "bytes", "KiB", "MiB", "GiB",
					     "TiB", "PiB", "EiB" };
	double v = (double)b;
	int u = 0;

	while (v >= 1024 && u < 6) {
		v /= 1024;
		u++;
	}
	if (!u)
		snprintf(buf, len, "%llu bytes", (unsigned long long)b);
	else
		snprintf(buf, len, "%.1f %s", v, units[u]);
	return buf;
}

/* "MemAvailable:" and the like from meminfo, in bytes; -1 if absent. */
static long long mem_meminfo(const char *key)
{
	char *path = hostlimits_proc_path("meminfo");
	FILE *f = path ? fopen(path, "r") : NULL;
	char line[256];
	size_t n = strlen(key);
	long long kb = -1;

	free(path);
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':' &&
		    sscanf(line + n + 1, "%lld", &kb) == 1)
			break;
	fclose(f);
	return kb < 0 ? -1 : kb * 1024;
}

/* The memory controller's group of ours, from self/cgroup: v1 "memory"
 * under /sys/fs/cgroup/memory, else v2 under /sys/fs/cgroup. */
static bool mem_cgroup_dir(char *dir, size_t len, bool *v2)
{
	char *path = hostlimits_proc_path("self/cgroup");
	FILE *f = path ? fopen(path, "r") : NULL;
	char line[512];

	free(path);
	*dir = '\0';
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		char *c = strchr(line, ':'), *g = c ? strchr(c + 1, ':') : NULL;

		if (!g)
			continue;
		*g++ = '\0';
		g[strcspn(g, "\n")] = '\0';
		if (!strcmp(c + 1, "memory")) {
			snprintf(dir, len, "/sys/fs/cgroup/memory%s", g);
			*v2 = false;
			break;
		}
		if (!strcmp(c + 1, "")) {
			snprintf(dir, len, "/sys/fs/cgroup%s", g);
			*v2 = true;
		}
	}
	fclose(f);
	return *dir != '\0';
}

/*
 * The smallest limit on the way up from our group, and the room left
 * under it (limit - usage); 0 and 0 when there is no limit.
 */
static void mem_cgroup(uint64_t *limit, uint64_t *room)
{
	char dir[512], file[600];
	bool v2 = false;

	*limit = *room = 0;
	if (!mem_cgroup_dir(dir, sizeof(dir), &v2))
		return;
	for (;;) {
		long long max, cur;

		snprintf(file, sizeof(file), "%s/%s", dir,
			 v2 ? "memory.max" : "memory.limit_in_bytes");
		max = hostlimits_read_ll(file); /* "max": -1 */
		snprintf(file, sizeof(file), "%s/%s", dir,
			 v2 ? "memory.current" : "memory.usage_in_bytes");
		cur = hostlimits_read_ll(file);
		if (max > 0 && (uint64_t)max < MEM_NO_LIMIT &&
		    (!*limit || (uint64_t)max < *limit)) {
			*limit = (uint64_t)max;
			*room = cur >= 0 && cur < max ? (uint64_t)(max - cur) : 0;
		}
		char *slash = strrchr(dir, '/');

		if (!slash || slash == dir || !strcmp(dir, "/sys/fs/cgroup") ||
		    !strcmp(dir, "/sys/fs/cgroup/memory"))
			break;
		*slash = '\0';
	}
}

static int mem_part_cmp(const void *a, const void *b)
{
	const struct mem_part *x = *(const struct mem_part *const *)a;
	const struct mem_part *y = *(const struct mem_part *const *)b;

	return x->bytes < y->bytes ? 1 : x->bytes > y->bytes ? -1 : 0;
}

/* "6.0 GiB matmul matrices, 1.0 MiB thread stacks, ..." biggest first. */
static void mem_breakdown(struct mem_sum *s, const struct mem_part **order,
			  char *buf, size_t len)
{
	size_t at = 0;
	char h[32];

	for (int k = 0; k < MEM_KINDS; k++)
		order[k] = &s->part[k];
	qsort(order, MEM_KINDS, sizeof(*order), mem_part_cmp);
	buf[0] = '\0';
	for (int k = 0; k < MEM_KINDS && order[k]->bytes; k++) {
		int kind = (int)(order[k] - s->part);

		at += (size_t)snprintf(buf + at, at < len ? len - at : 0,
				       "%s%s %s", k ? ", " : "",
				       mem_human(order[k]->bytes, h, sizeof(h)),
				       mem_kind_names[kind]);
		if (at >= len)
			break;
	}
}

static int mem_verdict(const struct workload *w,
		       const struct mem_estimate_opts *o, struct diag *d,
		       struct mem_sum *s)
{
	long long total = mem_meminfo("MemTotal");
	long long avail = mem_meminfo("MemAvailable");
	uint64_t cg_limit, cg_room, most, room;
	const struct mem_part *order[MEM_KINDS];
	char parts[512], need[32], h1[32], h2[32], h3[32], h4[32];
	bool input;

	if (total < 0 || avail < 0)
		return MIMIC_EXIT_OK; /* no meminfo: nothing to compare */
	mem_cgroup(&cg_limit, &cg_room);
	most = cg_limit && cg_limit < (uint64_t)total ? cg_limit
						      : (uint64_t)total;
	room = cg_limit && cg_room < (uint64_t)avail ? cg_room
						     : (uint64_t)avail;
	if (!s->overflow && s->total <= room)
		return MIMIC_EXIT_OK;
	input = s->overflow || s->total > most;
	if (o->check_only && !input)
		return MIMIC_EXIT_OK; /* only the moment's free memory */
	mem_breakdown(s, order, parts, sizeof(parts));
	snprintf(need, sizeof(need), "%s%s", s->overflow ? "more than " : "",
		 mem_human(s->total, h1, sizeof(h1)));
	mem_human((uint64_t)total, h1, sizeof(h1));
	mem_human((uint64_t)avail, h2, sizeof(h2));
	if (cg_limit) {
		mem_human(cg_limit, h3, sizeof(h3));
		mem_human(cg_room, h4, sizeof(h4));
	}
	if (o->allow_overcommit) {
		if (!o->quiet)
			fprintf(stderr, "mimic: warning: the run needs about %s "
				"of memory, %s (%s): running anyway "
				"(--allow-overcommit)\n", need,
				input ? "more than this machine has"
				      : "more than is available now", parts);
		return MIMIC_EXIT_OK;
	}
	char where[256];

	if (cg_limit)
		snprintf(where, sizeof(where), "MemTotal %s, MemAvailable %s; "
			 "cgroup memory limit %s, %s of it free", h1, h2, h3,
			 h4);
	else
		snprintf(where, sizeof(where), "MemTotal %s, MemAvailable %s; "
			 "no cgroup memory limit", h1, h2);
	if (input) {
		diag_error(d, order[0]->line, order[0]->col, order[0]->path,
			   "the run needs about %s of memory, more than this "
			   "machine can give it (%s): %s; make it smaller, or "
			   "pass --allow-overcommit", need, where, parts);
		return MIMIC_EXIT_BADINPUT;
	}
	fprintf(stderr, "%s: error: the run needs about %s of memory, more "
		"than is available now (%s): %s; free some memory, or pass "
		"--allow-overcommit\n", w->file, need, where, parts);
	return MIMIC_EXIT_FAILURE;
}

int mem_estimate_check(const struct workload *w,
		       const struct mem_estimate_opts *o, struct diag *d)
{
	struct mem_sum s = { .forks = !o->check_only };
	int rc;

	mem_buffers(w, &s);
	mem_per_thread(w, &s);
	mem_channels(w, &s);
	mem_threads(w, &s, o->per_thread_extra);
	for (int k = 0; k < MEM_KINDS; k++)
		if (__builtin_add_overflow(s.total, s.part[k].bytes, &s.total))
			s.overflow = true;
	rc = mem_verdict(w, o, d, &s);
	for (int k = 0; k < MEM_KINDS; k++)
		free((char *)s.part[k].path);
	return rc;
}
