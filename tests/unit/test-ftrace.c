/*
 * test-ftrace.c - every rtapp_* marker is rt-app's line byte for byte
 * (LISA's regexes read them), one write() each, and a category that is
 * off writes nothing.
 */
#define _GNU_SOURCE
#include "model/rtapp_types.h"
#include "model/workload.h"
#include "record/ftrace.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* A datagram socket keeps write() boundaries: one marker, one datagram. */
static int sink[2];

static const char *next_marker(void)
{
	static char buf[512];
	ssize_t n = recv(sink[0], buf, sizeof(buf) - 1, MSG_DONTWAIT);

	buf[n > 0 ? n : 0] = '\0';
	return n > 0 ? buf : NULL;
}

static void expect(const char *want, const char *what)
{
	const char *got = next_marker();

	TAP_OK(got && !strcmp(got, want), "%s: \"%s\" (got \"%s\")", what,
	       want, got ? got : "nothing");
}

int main(void)
{
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sink))
		return 1;
	ftrace_open_fd(sink[1], FTRACE_MAIN | FTRACE_TASK | FTRACE_LOOP |
				FTRACE_EVENT | FTRACE_STATS | FTRACE_ATTRS);
	ftrace_main("start");
	expect("rtapp_main: event=start", "main start");
	ftrace_main_clock_ref(1234567890123LL);
	expect("rtapp_main: event=clock_ref data=1234567890123", "clock_ref");
	ftrace_task("end");
	expect("rtapp_task: event=end", "task end");
	ftrace_loop("start", 3, 1, 0);
	expect("rtapp_loop: event=start thread_loop=3 phase=1 phase_loop=0",
	       "loop start");
	ftrace_event(2, RTAPP_TYPE_LOCK, "lock:m");
	expect("rtapp_event: id=2 type=8 desc=lock:m", "event (lock is type 8)");
	ftrace_stats(10000, 5000, 61, 4939, 10000, 5000);
	expect("rtapp_stats: period=10000 run=5000 wu_lat=61 slack=4939 "
	       "c_period=10000 c_run=5000", "stats, c_period before c_run");
	ftrace_attrs_dl(2000000, 10000000, 10000000);
	expect("rtapp_attrs: event=policy policy=dl runtime=2000000 "
	       "deadline=10000000 period=10000000", "attrs of SCHED_DEADLINE");
	ftrace_attrs_policy("SCHED_FIFO", 30);
	expect("rtapp_attrs: event=policy policy=SCHED_FIFO prio=30",
	       "attrs of a policy");
	TAP_OK(!next_marker(), "each marker is one write");

	close(sink[0]);
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sink))
		return 1;
	ftrace_open_fd(sink[1], FTRACE_LOOP);
	ftrace_main("start");
	ftrace_stats(1, 1, 1, 1, 1, 1);
	ftrace_loop("end", 0, 0, 0);
	expect("rtapp_loop: event=end thread_loop=0 phase=0 phase_loop=0",
	       "with only \"loop\" on, only the loop marker is written");
	TAP_OK(!next_marker(), "main and stats, off, wrote nothing");
	ftrace_close();
	return tap_done();
}
