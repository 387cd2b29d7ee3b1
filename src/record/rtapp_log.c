/*
 * rtapp_log.c - formats rows as rt-app does (same widths), so existing
 * post-processing (LISA, rt-audit's analyze_logs.py) reads them unchanged.
 */
#define _GNU_SOURCE
#include "record/rtapp_log.h"

#include "lib/safe_file.h"
#include "record/ring.h"
#include "lib/timeutil.h"
#include "model/workload.h"

#include <stdlib.h>
#include <string.h>

char *rtapp_log_path(const struct globals *g, const char *stem,
		     const char *ext)
{
	const char *sep = g->logdir[strlen(g->logdir) - 1] == '/' ? "" : "/";
	char *path;

	if (asprintf(&path, "%s%s%s-%s%s", g->logdir, sep, g->log_basename,
		     stem, ext) < 0)
		return NULL;
	return path;
}

const char *rtapp_log_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

FILE *rtapp_log_open(int dir_fd, const char *path, char *why, size_t len)
{
	FILE *f = safe_file_fopen(dir_fd, rtapp_log_name(path), why, len);

	if (!f)
		return NULL;
	setvbuf(f, NULL, _IONBF, 0);
	fprintf(f, "%s %8s %8s %8s %15s %15s %15s %10s %10s %10s %10s\n",
		"#idx", "perf", "run", "period", "start", "end", "rel_st",
		"slack", "c_duration", "c_period", "wu_lat");
	return f;
}

size_t rtapp_log_format(char *buf, int idx, const struct log_row *r,
			int64_t rel_to_ns)
{
	int n = snprintf(buf, RTAPP_LOG_ROW_MAX, "%4d %8lu %8lu %8lu %15llu %15llu %15llu %10ld %10lu %10lu %10lu\n",
		idx, (unsigned long)r->perf,
		(unsigned long)time_ns_to_us(r->run_ns),
		(unsigned long)time_ns_to_us(r->end_ns - r->start_ns),
		(unsigned long long)time_ns_to_us(r->start_ns),
		(unsigned long long)time_ns_to_us(r->end_ns),
		(unsigned long long)time_ns_to_us(r->start_ns - rel_to_ns),
		(long)time_ns_to_us(r->slack_ns),
		(unsigned long)time_ns_to_us(r->c_duration_ns),
		(unsigned long)time_ns_to_us(r->c_period_ns),
		(unsigned long)time_ns_to_us(r->wu_lat_ns));

	return n < 0 ? 0 : n >= RTAPP_LOG_ROW_MAX ? RTAPP_LOG_ROW_MAX - 1
						  : (size_t)n;
}

size_t rtapp_log_ring_bytes(const struct globals *g)
{
	return g->log_ring_bytes ? g->log_ring_bytes : 256 * 1024;
}
