/*
 * read_none.c - trace_read() of a build without libtracecmd: says
 * which packages `mimic model` needs.
 */
#include "trace/read.h"

#include <stdio.h>
#include <string.h>

int trace_read(const char *path, int (*cb)(const struct trace_ev *, void *),
	       void *data, struct trace_read_info *info, char *err, size_t len)
{
	(void)path;
	(void)cb;
	(void)data;
	memset(info, 0, sizeof(*info));
	snprintf(err, len, "this mimic was built without libtracecmd and "
		 "libtraceevent (Debian: libtracecmd-dev libtraceevent-dev "
		 "libtracefs-dev), so it cannot read a trace.dat");
	return -1;
}
