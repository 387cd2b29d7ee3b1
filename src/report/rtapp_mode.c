/*
 * rtapp_mode.c - what mimic prints and leaves behind when it runs as
 * rt-app (doc/rtapp-mode.md): rt-app's notice lines at the points of a
 * run where rt-app 55cb0c0 prints them, the info level's view of the
 * workload, and the header-only logs of a run refused before time zero.
 */
#include "report/rtapp_mode.h"
#include "lib/filename.h"
#include "lib/notice.h"
#include "lib/safe_file.h"
#include "model/policy.h"
#include "model/workload.h"
#include "record/result.h"
#include "record/rtapp_log.h"
#include "report/dump.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6
#endif

/* rt-app's log_notice(): one line at level 50 and above. */
#define RTAPP_NOTICE(level, fmt, ...)                                        \
	do {                                                                 \
		if ((level) >= RTAPP_LOG_NOTICE)                             \
			fprintf(stderr, "%s<notice> " fmt "\n",              \
				notice_prefix(), __VA_ARGS__);               \
	} while (0)

/* The policy rt-app names in "Starting with": the task's, else the
 * global default. */
static int rtapp_mode_policy(const struct workload *w, const struct task *t)
{
	return t->sched.policy != MIMIC_UNSET ? t->sched.policy
					      : w->g.default_policy;
}

void rtapp_mode_setup_notices(const struct workload *w, int level)
{
	if (w->g.log_mode == LOG_FILE && w->g.log_ring_bytes)
		RTAPP_NOTICE(level, "Log buffer size fixed to %zuMB per threads",
			     w->g.log_ring_bytes >> 20);
	if (w->g.ftrace)
		RTAPP_NOTICE(level, "%s", "configuring ftrace");
}

void rtapp_mode_start_notices(const struct workload *w, int level)
{
	int idx = 0;

	/* create_thread(): each thread's unique name, in JSON order. */
	for (size_t k = 0; k < w->n_tasks; k++)
		for (int i = 0; i < w->tasks[k].instance; i++, idx++)
			RTAPP_NOTICE(level, "thread_data_set_unique_name %d %s-%d",
				     idx, w->tasks[k].name, idx);
	/* thread_body(), at time zero: rt-app's "starting thread ...\n"
	 * carries its own newline, hence the empty line after it. */
	idx = 0;
	for (size_t k = 0; k < w->n_tasks; k++) {
		const struct task *t = &w->tasks[k];
		int policy = rtapp_mode_policy(w, t);
		int prio = t->sched.priority != MIMIC_UNSET &&
					   policy != SCHED_DEADLINE
				   ? t->sched.priority
				   : 0;

		for (int i = 0; i < t->instance; i++, idx++) {
			RTAPP_NOTICE(level, "[%d] starting thread ...\n", idx);
			RTAPP_NOTICE(level,
				     "[%d] Starting with %s policy with priority %d",
				     idx, policy_name(policy), prio);
			/* rt-app forces lock_pages off for the CFS classes. */
			if (w->g.lock_pages && (policy_is_rt(policy) ||
						policy == SCHED_DEADLINE))
				RTAPP_NOTICE(level, "[%d] Locking pages in memory",
					     idx);
		}
	}
}

void rtapp_mode_end_notices(const struct run_result *r, int level)
{
	/* A thread stopped at the duration or by a signal is cancelled by
	 * rt-app and says nothing; one that ended its loops says so. */
	for (int k = 0; k < r->n_threads; k++)
		if (r->threads[k].loops_done)
			RTAPP_NOTICE(level, "[%d] Exiting.", r->threads[k].idx);
	if (r->w->g.ftrace)
		RTAPP_NOTICE(level, "%s", "deconfiguring ftrace");
}

int rtapp_mode_info_dump(const struct workload *w)
{
	char *text = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return -1;
	dump_workload(w, f);
	if (fclose(f)) {
		free(text);
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		fprintf(stderr, "%s<info> [json] %s\n", notice_prefix(), line);
	free(text);
	return 0;
}

/* One thread's log, as rt-app leaves it when the run fails before its
 * first row: created (truncated) and holding the header only. */
static int rtapp_mode_header_log(const struct workload *w, int dir_fd,
				 const struct task *t, int idx)
{
	char stem[FILENAME_TASK_BYTES + 16], why[128];
	char *path;
	FILE *f;
	int rc = 0;

	snprintf(stem, sizeof(stem), "%.*s-%d", FILENAME_TASK_BYTES, t->name,
		 idx);
	path = rtapp_log_path(&w->g, stem, ".log");
	if (!path)
		return -1;
	f = rtapp_log_open(dir_fd, path, why, sizeof(why));
	if (!f || fclose(f))
		rc = -1;
	free(path);
	return rc;
}

int rtapp_mode_header_logs(const struct workload *w)
{
	int dir_fd, idx = 0, rc = 0;

	if (w->g.log_mode != LOG_FILE)
		return 0;
	dir_fd = safe_dir_open(w->g.logdir, false);
	if (dir_fd < 0)
		return -1; /* no such directory: rt-app leaves nothing either */
	for (size_t k = 0; k < w->n_tasks; k++) {
		const struct task *t = &w->tasks[k];

		for (int i = 0; i < t->instance; i++, idx++)
			if (rtapp_mode_header_log(w, dir_fd, t, idx))
				rc = -1;
	}
	close(dir_fd);
	return rc;
}
