/*
 * capture_none.c - capture.h in a build without libtracefs,
 * libtraceevent and libtracecmd (configure --with-tracing=no, or they
 * were not found): recording says which packages it needs.
 */
#include "trace/capture.h"

#include <stdio.h>

bool capture_supported(char *err, size_t len)
{
	snprintf(err, len, "this mimic was built without tracing support: "
		 "install libtracefs-dev, libtraceevent-dev and "
		 "libtracecmd-dev (Debian's names), then configure and build "
		 "again");
	return false;
}

struct capture *capture_new(const char *output, unsigned buffer_kb,
			    char *err, size_t len)
{
	(void)output;
	(void)buffer_kb;
	capture_supported(err, len);
	return NULL;
}

int capture_start(struct capture *c, const pid_t *pids, int n_pids,
		  char *err, size_t len)
{
	(void)c;
	(void)pids;
	(void)n_pids;
	capture_supported(err, len);
	return -1;
}

void capture_mark(struct capture *c, const char *text)
{
	(void)c;
	(void)text;
}

int capture_stop(struct capture *c, struct capture_report *r, char *err,
		 size_t len)
{
	(void)c;
	(void)r;
	capture_supported(err, len);
	return -1;
}

void capture_free(struct capture *c)
{
	(void)c;
}

int capture_sweep(void)
{
	return 0; /* this build never made an instance */
}
