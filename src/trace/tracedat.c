/*
 * tracedat.c - writing a trace-cmd trace.dat, file format version 6
 * (trace-cmd.dat.v6(5)): the header built in memory from tracefs's
 * format files, then each CPU's raw pages, page-aligned.
 *
 * Why not libtracecmd's writer: its public header (trace-cmd.h of
 * libtracecmd 1.3) declares the reader only; tracecmd_output_* are
 * exported but declared in trace-cmd's private header, which is not
 * installed and changes between releases. Version 6 is documented and
 * every trace-cmd and KernelShark reads it.
 */
#define _GNU_SOURCE
#include "trace/tracedat.h"

#include <endian.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <tracefs.h>
#include <unistd.h>

/* The option ids of trace-cmd's file format. */
enum {
	TRACEDAT_OPTION_DONE = 0,
	TRACEDAT_OPTION_CPUSTAT = 2,
	TRACEDAT_OPTION_TRACECLOCK = 4,
	TRACEDAT_OPTION_UNAME = 5,
};

/* A growing byte buffer; a failed allocation sticks in oom. */
struct tdbuf {
	char *p;
	size_t len, cap;
	bool oom;
};

static void tdbuf_add(struct tdbuf *b, const void *data, size_t n)
{
	if (b->oom)
		return;
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 65536;
		char *p;

		while (cap < b->len + n)
			cap *= 2;
		p = realloc(b->p, cap);
		if (!p) {
			b->oom = true;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, data, n);
	b->len += n;
}

/* Numbers in the host's order: the header says which it is. */
static void tdbuf_u16(struct tdbuf *b, uint16_t v)
{
	tdbuf_add(b, &v, 2);
}

static void tdbuf_u32(struct tdbuf *b, uint32_t v)
{
	tdbuf_add(b, &v, 4);
}

static void tdbuf_u64(struct tdbuf *b, uint64_t v)
{
	tdbuf_add(b, &v, 8);
}

static void tdbuf_str(struct tdbuf *b, const char *s)
{
	tdbuf_add(b, s, strlen(s) + 1);
}

/* A tracefs file with its size first (8 bytes): the format files. */
static int add_file8(struct tdbuf *b, struct tracefs_instance *inst,
		     const char *file, char *err, size_t len)
{
	int size = 0;
	char *text = tracefs_instance_file_read(inst, file, &size);

	if (!text) {
		snprintf(err, len, "tracefs: cannot read %s: %s", file,
			 strerror(errno ? errno : EIO));
		return -1;
	}
	tdbuf_u64(b, (uint64_t)size);
	tdbuf_add(b, text, (size_t)size);
	free(text);
	return 0;
}

static void add_option(struct tdbuf *b, uint16_t id, const char *text)
{
	tdbuf_u16(b, id);
	tdbuf_u32(b, (uint32_t)strlen(text) + 1);
	tdbuf_str(b, text);
}

/* Every format file of the "ftrace" system (markers among them). */
static int add_ftrace_formats(struct tdbuf *b, char *err, size_t len)
{
	char **names = tracefs_system_events(NULL, "ftrace");
	int n = names ? tracefs_list_size(names) : 0, ret = 0;

	tdbuf_u32(b, (uint32_t)n);
	for (int i = 0; i < n && !ret; i++) {
		char file[512];

		snprintf(file, sizeof(file), "events/ftrace/%s/format",
			 names[i]);
		ret = add_file8(b, NULL, file, err, len);
	}
	tracefs_list_free(names);
	return ret;
}

/* The formats of the recorded events, by system. */
static int add_event_formats(struct tdbuf *b, const char *const *events,
			     char *err, size_t len)
{
	int n_systems = 0;

	for (int i = 0; events[i]; i++)
		if (!i || strncmp(events[i], events[i - 1],
				  strcspn(events[i], "/") + 1))
			n_systems++;
	tdbuf_u32(b, (uint32_t)n_systems);
	for (int i = 0; events[i];) {
		size_t syslen = strcspn(events[i], "/");
		char system[128], file[512];
		int n = 0;

		snprintf(system, sizeof(system), "%.*s", (int)syslen,
			 events[i]);
		while (events[i + n] &&
		       !strncmp(events[i + n], events[i], syslen + 1))
			n++;
		tdbuf_str(b, system);
		tdbuf_u32(b, (uint32_t)n);
		for (int k = 0; k < n; k++) {
			snprintf(file, sizeof(file), "events/%s/format",
				 events[i + k]);
			if (add_file8(b, NULL, file, err, len))
				return -1;
		}
		i += n;
	}
	return 0;
}

/*
 * Of /proc/kallsyms, only the function markers are written from (and
 * the next symbol, where it ends): the one kernel address the recorded
 * events carry (print's ip), which trace-cmd report then shows by name.
 * The whole table is megabytes.
 */
static void add_kallsyms(struct tdbuf *b)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[512], found[1024] = "";
	size_t at = 0;

	bool next = false;

	/* The function and the symbol after it, where it ends. */
	while (f && fgets(line, sizeof(line), f)) {
		unsigned long long addr;
		char type, name[256];
		bool mark;

		if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3 ||
		    !addr)
			continue;
		mark = !strcmp(name, "tracing_mark_write");
		if ((mark || next) && at + strlen(line) < sizeof(found))
			at += (size_t)snprintf(found + at, sizeof(found) - at,
					       "%s", line);
		next = mark;
	}
	if (f)
		fclose(f);
	tdbuf_u32(b, (uint32_t)at);
	tdbuf_add(b, found, at);
}

/* Whether trace_clock's list ("local global [mono] ...") marks one
 * clock selected. */
static bool has_selected_clock(const char *list)
{
	const char *open = strchr(list, '[');

	return open && strchr(open, ']');
}

/* The header up to the CPU offset table. *clock_option is set when the
 * TRACECLOCK option is written: that option tells readers a clock
 * section follows the table (see tracedat_write). */
static int add_header(struct tdbuf *b, const struct tracedat_meta *m,
		      const struct tracedat_cpu *cpus, bool *clock_option,
		      char *err, size_t len)
{
	static const char magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c',
				      'i', 'n', 'g' };
	char *printk, *clock;
	struct utsname u;
	int size = 0;

	tdbuf_add(b, magic, sizeof(magic));
	tdbuf_str(b, "6");
	tdbuf_add(b, &(char){ __BYTE_ORDER == __BIG_ENDIAN }, 1);
	tdbuf_add(b, &(char){ sizeof(long) }, 1);
	tdbuf_u32(b, (uint32_t)m->page_size);

	tdbuf_str(b, "header_page");
	if (add_file8(b, NULL, "events/header_page", err, len))
		return -1;
	tdbuf_str(b, "header_event");
	if (add_file8(b, NULL, "events/header_event", err, len))
		return -1;
	if (add_ftrace_formats(b, err, len) ||
	    add_event_formats(b, m->events, err, len))
		return -1;

	add_kallsyms(b);
	printk = tracefs_instance_file_read(NULL, "printk_formats", &size);
	tdbuf_u32(b, printk ? (uint32_t)size : 0);
	if (printk)
		tdbuf_add(b, printk, (size_t)size);
	free(printk);
	tdbuf_u64(b, m->cmdlines_len);
	tdbuf_add(b, m->cmdlines, m->cmdlines_len);

	tdbuf_u32(b, (uint32_t)m->n_cpus);
	tdbuf_add(b, "options  ", 10);
	clock = tracefs_instance_file_read(m->instance, "trace_clock", &size);
	*clock_option = clock && has_selected_clock(clock);
	if (*clock_option)
		add_option(b, TRACEDAT_OPTION_TRACECLOCK, clock);
	free(clock);
	if (!uname(&u)) {
		char text[5 * sizeof(u.sysname) + 8];

		snprintf(text, sizeof(text), "%s %s %s %s %s", u.sysname,
			 u.nodename, u.release, u.version, u.machine);
		add_option(b, TRACEDAT_OPTION_UNAME, text);
	}
	for (int c = 0; c < m->n_cpus; c++) {
		char *text;

		if (!cpus[c].stats ||
		    asprintf(&text, "CPU: %d\n%s", c, cpus[c].stats) < 0)
			continue;
		add_option(b, TRACEDAT_OPTION_CPUSTAT, text);
		free(text);
	}
	tdbuf_u16(b, TRACEDAT_OPTION_DONE);
	tdbuf_add(b, "flyrecord", 10);
	return 0;
}

static int write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		ssize_t w = write(fd, c, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Appends in's first size bytes to out (at out's offset). */
static int copy_data(int out, int in, off_t size)
{
	char buf[65536];
	off_t at = 0;

	while (at < size) {
		size_t want = size - at < (off_t)sizeof(buf)
				      ? (size_t)(size - at) : sizeof(buf);
		ssize_t r = pread(in, buf, want, at);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (!r)
				errno = EIO; /* shorter than it was */
			return -1;
		}
		if (write_all(out, buf, (size_t)r))
			return -1;
		at += r;
	}
	return 0;
}

int tracedat_write(int out, const struct tracedat_meta *m,
		   const struct tracedat_cpu *cpus, char *err, size_t len)
{
	struct tdbuf b = { 0 };
	bool clock_option;
	uint64_t at;
	int ret = -1;

	if (add_header(&b, m, cpus, &clock_option, err, len))
		goto out;
	/*
	 * The data of each CPU starts on a page, after the offset table
	 * and, with a TRACECLOCK option, the clock section readers then
	 * expect there (its size, then the text): without it they take
	 * the 8 bytes after the table as its size, and where the table
	 * ends within 8 bytes of a page those are a CPU page's time stamp.
	 * Empty, where trace-cmd's writer puts "[name]": libtracecmd
	 * (1.3 to 1.5) parses a name there as well as the option's, and
	 * leaks the first; the option already names the clock.
	 */
	at = b.len + 16 * (uint64_t)m->n_cpus + (clock_option ? 8 : 0);
	for (int c = 0; c < m->n_cpus; c++) {
		at = (at + m->page_size - 1) / m->page_size * m->page_size;
		tdbuf_u64(&b, at);
		tdbuf_u64(&b, (uint64_t)cpus[c].size);
		at += (uint64_t)cpus[c].size;
	}
	if (clock_option)
		tdbuf_u64(&b, 0);
	if (b.oom) {
		snprintf(err, len, "out of memory");
		goto out;
	}
	if (write_all(out, b.p, b.len))
		goto io;
	at = b.len;
	for (int c = 0; c < m->n_cpus; c++) {
		static const char zeros[65536];
		uint64_t pad = (m->page_size - at % m->page_size) %
			       m->page_size;

		if (write_all(out, zeros, pad) ||
		    copy_data(out, cpus[c].fd, cpus[c].size))
			goto io;
		at += pad + (uint64_t)cpus[c].size;
	}
	ret = 0;
	goto out;
io:
	snprintf(err, len, "writing the trace: %s", strerror(errno));
out:
	free(b.p);
	return ret;
}
