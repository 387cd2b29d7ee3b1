/*
 * iorun.c - "iorun": write N bytes of the task's buffer to global
 * io_device (/dev/null by default; one descriptor for all threads).
 */
#include "event.h"
#include "events/membuf.h"
#include "parse/parse.h"
#include "resources/membuf.h"
#include "event_ctx.h"

#include <errno.h>
#include <unistd.h>


static int iorun_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev)
{
	p->w->uses_io_device = true;
	return mem_parse_bytes(p, path, v, ev);
}

static void iorun_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct mem_args *a = ev->args;
	const struct live_resource *l = event_ctx_live(ctx, ev->resource);
	int64_t size = l->r->size, left = a->bytes;

	while (left > 0 && !event_ctx_stopping(ctx)) {
		ssize_t n = write(event_ctx_io_fd(ctx), membuf_live(l),
				  (size_t)(left < size ? left : size));

		if (n < 0 && errno != EINTR)
			break; /* the device refuses: nothing more to do */
		if (n > 0)
			left -= n;
	}
}

const struct event_kind event_iorun = {
	.key = "iorun", .ftrace_type = RTAPP_TYPE_IORUN,
	.help = "bytes to write to global.io_device",
	.args_size = sizeof(struct mem_args), .parse = iorun_parse,
	.finalize = mem_finalize, .exec = iorun_exec, .dump = mem_dump,
};
