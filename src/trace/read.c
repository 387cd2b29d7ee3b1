/*
 * read.c - decodes a trace.dat's scheduling, task, syscall and print
 * events into struct trace_ev, in time order, through libtracecmd's
 * public reader (tracecmd_open, tracecmd_iterate_events) and
 * libtraceevent's field lookups: the one file that knows the formats.
 */
#define _GNU_SOURCE
#include "trace/read.h"

#include <stdio.h>
#include <string.h>
#include <trace-cmd/trace-cmd.h>
#include <traceevent/event-parse.h>

#define READ_MAX_KINDS 16

/* One recorded event kind: its id in this file, and how to decode it. */
struct read_kind {
	const char *sys, *name;
	enum trace_ev_kind kind;
	struct tep_event *ev;
};

struct read_ctx {
	struct tep_handle *tep;
	struct read_kind kinds[READ_MAX_KINDS];
	int n_kinds;
	int (*cb)(const struct trace_ev *, void *);
	void *data;
	struct trace_read_info *info;
	int stop;
};

static const struct read_kind read_kinds[] = {
	{ "sched", "sched_switch", TEV_SWITCH, NULL },
	{ "sched", "sched_waking", TEV_WAKING, NULL },
	{ "sched", "sched_wakeup", TEV_WAKEUP, NULL },
	{ "sched", "sched_wakeup_new", TEV_WAKEUP, NULL },
	{ "sched", "sched_process_fork", TEV_FORK, NULL },
	{ "task", "task_newtask", TEV_NEWTASK, NULL },
	{ "sched", "sched_process_exec", TEV_EXEC, NULL },
	{ "sched", "sched_process_exit", TEV_EXIT, NULL },
	{ "task", "task_rename", TEV_RENAME, NULL },
	{ "raw_syscalls", "sys_enter", TEV_SYS_ENTER, NULL },
	{ "raw_syscalls", "sys_exit", TEV_SYS_EXIT, NULL },
	{ "ftrace", "print", TEV_PRINT, NULL },
	{ "power", "pm_qos_add_request", TEV_QOS, NULL },
	{ "power", "pm_qos_update_request", TEV_QOS, NULL },
	{ "power", "pm_qos_remove_request", TEV_QOS_REMOVE, NULL },
};
_Static_assert(sizeof(read_kinds) / sizeof(read_kinds[0]) <= READ_MAX_KINDS,
	       "read_ctx's kinds hold every read_kinds entry");

static long long read_num(struct tep_event *ev, struct tep_record *rec,
			  const char *name)
{
	unsigned long long v = 0;
	struct tep_format_field *f = tep_find_field(ev, name);

	if (!f || tep_read_number_field(f, rec->data, &v))
		return 0;
	/* Sign-extend the 4-byte fields (pid_t, int). */
	if (f->size == 4 && (f->flags & TEP_FIELD_IS_SIGNED))
		return (int)v;
	return (long long)v;
}

/* The first n elements of an array field of unsigned longs (raw_syscalls'
 * args) into out; 0 where the field is shorter or missing. */
static void read_args(struct tep_event *ev, struct tep_record *rec,
		      unsigned long *out, int n)
{
	struct tep_format_field *f = tep_find_field(ev, "args");
	int len = f ? (int)f->arraylen : 0;
	int elem = len > 0 ? f->size / len : 0;

	for (int i = 0; i < n; i++) {
		out[i] = 0;
		if (elem > 0 && elem <= (int)sizeof(out[i]) && i < len &&
		    (size_t)f->offset + (size_t)(i + 1) * (size_t)elem <=
			    (size_t)rec->size)
			memcpy(&out[i], (const char *)rec->data + f->offset +
				       i * elem, (size_t)elem);
	}
}

/* A string field (fixed array or __data_loc) into out, NUL-terminated. */
static void read_str(struct tep_event *ev, struct tep_record *rec,
		     const char *name, char *out, size_t size)
{
	int len = 0;
	const char *s = tep_get_field_raw(NULL, ev, name, rec, &len, 0);
	size_t n = 0;

	if (s)
		while (n + 1 < size && (int)n < len && s[n])
			n++;
	if (s)
		memcpy(out, s, n);
	out[n] = '\0';
}

static int read_one(struct tracecmd_input *h, struct tep_record *rec, int cpu,
		    void *data)
{
	struct read_ctx *c = data;
	int type = tep_data_type(c->tep, rec);
	struct trace_ev e = { 0 };
	struct tep_event *ev = NULL;
	char path[256];
	int len = 0;

	(void)h;
	c->info->events++;
	if (cpu + 1 > c->info->n_cpus)
		c->info->n_cpus = cpu + 1;
	if (rec->missed_events > 0)
		c->info->missed += (unsigned long long)rec->missed_events;
	for (int i = 0; i < c->n_kinds && !ev; i++)
		if (c->kinds[i].ev && c->kinds[i].ev->id == type) {
			ev = c->kinds[i].ev;
			e.kind = c->kinds[i].kind;
		}
	if (!ev)
		return 0;
	e.ts = rec->ts;
	e.cpu = cpu;
	e.pid = tep_data_pid(c->tep, rec);
	e.irq = (tep_data_flags(c->tep, rec) &
		 (TRACE_FLAG_HARDIRQ | TRACE_FLAG_SOFTIRQ)) != 0;
	switch (e.kind) {
	case TEV_SWITCH:
		e.prev_pid = (int)read_num(ev, rec, "prev_pid");
		e.next_pid = (int)read_num(ev, rec, "next_pid");
		e.prev_state = (long)read_num(ev, rec, "prev_state");
		e.prev_prio = (int)read_num(ev, rec, "prev_prio");
		read_str(ev, rec, "prev_comm", e.comm, sizeof(e.comm));
		read_str(ev, rec, "next_comm", e.next_comm,
			 sizeof(e.next_comm));
		break;
	case TEV_WAKING:
	case TEV_WAKEUP:
		e.target = (int)read_num(ev, rec, "pid");
		break;
	case TEV_FORK:
		e.pid = (int)read_num(ev, rec, "parent_pid");
		e.target = (int)read_num(ev, rec, "child_pid");
		read_str(ev, rec, "child_comm", e.comm, sizeof(e.comm));
		break;
	case TEV_NEWTASK:
		e.target = (int)read_num(ev, rec, "pid");
		e.clone_flags = (unsigned long long)read_num(ev, rec,
							     "clone_flags");
		read_str(ev, rec, "comm", e.comm, sizeof(e.comm));
		break;
	case TEV_EXEC: {
		const char *base;

		e.target = (int)read_num(ev, rec, "pid");
		read_str(ev, rec, "filename", path, sizeof(path));
		base = strrchr(path, '/');
		/* The kernel names the task after the file, cut to 15. */
		base = base ? base + 1 : path;
		memcpy(e.comm, base, strnlen(base, 15));
		break;
	}
	case TEV_EXIT:
		e.target = (int)read_num(ev, rec, "pid");
		read_str(ev, rec, "comm", e.comm, sizeof(e.comm));
		break;
	case TEV_RENAME:
		e.target = (int)read_num(ev, rec, "pid");
		read_str(ev, rec, "newcomm", e.comm, sizeof(e.comm));
		break;
	case TEV_SYS_ENTER:
		e.sys_id = (long)read_num(ev, rec, "id");
		read_args(ev, rec, e.sys_args, 2);
		break;
	case TEV_SYS_EXIT:
		e.sys_id = (long)read_num(ev, rec, "id");
		e.sys_ret = (long)read_num(ev, rec, "ret");
		break;
	case TEV_QOS:
		e.qos_us = (long)read_num(ev, rec, "value");
		break;
	case TEV_QOS_REMOVE:
		break;
	case TEV_PRINT: {
		char text[1024];
		const char *s = tep_get_field_raw(NULL, ev, "buf", rec, &len,
						  0);
		size_t n = 0;

		if (!s)
			return 0;
		while (n + 1 < sizeof(text) && s[n] && s[n] != '\n' &&
		       (int)n < rec->size)
			n++;
		memcpy(text, s, n);
		text[n] = '\0';
		e.text = text;
		c->stop = c->cb(&e, c->data);
		return c->stop;
	}
	}
	c->stop = c->cb(&e, c->data);
	return c->stop;
}

int trace_read(const char *path, int (*cb)(const struct trace_ev *, void *),
	       void *data, struct trace_read_info *info, char *err, size_t len)
{
	struct read_ctx c = { .cb = cb, .data = data, .info = info };
	struct tracecmd_input *h;

	memset(info, 0, sizeof(*info));
	tracecmd_set_loglevel(TEP_LOG_NONE);
	h = tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!h) {
		snprintf(err, len, "%s: not a trace.dat that libtracecmd can "
			 "read", path);
		return -1;
	}
	c.tep = tracecmd_get_tep(h);
	for (size_t i = 0; i < sizeof(read_kinds) / sizeof(read_kinds[0]);
	     i++) {
		c.kinds[c.n_kinds] = read_kinds[i];
		c.kinds[c.n_kinds].ev = tep_find_event_by_name(
			c.tep, read_kinds[i].sys, read_kinds[i].name);
		c.n_kinds++;
	}
	if (!c.kinds[0].ev) {
		snprintf(err, len, "%s: no sched_switch events: not a "
			 "scheduling recording (mimic record makes one)", path);
		tracecmd_close(h);
		return -1;
	}
	tracecmd_iterate_events(h, NULL, 0, read_one, &c);
	tracecmd_close(h);
	return 0;
}
