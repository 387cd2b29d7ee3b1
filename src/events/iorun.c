/*
 * iorun.c - "iorun": write N bytes of the task's buffer to global
 * io_device (/dev/null by default; one descriptor for all threads).
 */
#include "event.h"
#include "events/membuf.h"
#include "parse/parse.h"
#include "resources/membuf.h"
#include "engine/thread.h"

#include <errno.h>
#include <unistd.h>


static int iorun_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev)
{
	p->w->uses_io_device = true;
	return mem_parse_bytes(p, path, v, ev);
}

static void iorun_exec(struct thread *t, const struct event *ev)
{
	const struct live_resource *l = thread_live(t, ev->mem.resource);
	int64_t size = l->r->size, left = ev->mem.bytes;

	while (left > 0 && !thread_should_stop(t)) {
		ssize_t n = write(thread_io_fd(t), membuf_live(l),
				  (size_t)(left < size ? left : size));

		if (n < 0 && errno != EINTR)
			break; /* the device refuses: nothing more to do */
		if (n > 0)
			left -= n;
	}
}

const struct event_kind event_iorun = {
	.key = "iorun", .ftrace_type = RTAPP_TYPE_IORUN, .parse = iorun_parse,
	.finalize = mem_finalize, .exec = iorun_exec, .dump = mem_dump,
};
