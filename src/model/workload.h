/*
 * workload.h - the model: the one description of what a workload is.
 * The parser builds it in an arena; every later stage only reads it.
 * Times are nanoseconds (converted from the file's µs at the parser's edge).
 */
#ifndef MIMIC_WORKLOAD_H
#define MIMIC_WORKLOAD_H

#include "model/dist.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct event_kind;
struct report_style;

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6 /* <sched.h> of glibc < 2.41 lacks it */
#endif

#define MIMIC_UNSET INT32_MIN /* "not given" for optional integer fields */

enum log_mode { LOG_FILE, LOG_DISABLED };

/* How a task's instances run: threads of mimic, or processes of their own. */
enum run_mode { MODE_UNSET, MODE_THREAD, MODE_PROCESS };

/* ftrace categories, as rt-app's bits. */
enum {
	FTRACE_MAIN = 0x01,
	FTRACE_TASK = 0x02,
	FTRACE_LOOP = 0x04,
	FTRACE_EVENT = 0x08,
	FTRACE_STATS = 0x10,
	FTRACE_ATTRS = 0x20,
};

/* Where a value was written: line 0 when it was not (a default, an option). */
struct src_pos {
	int line, col;
};

/* Limits of the model that the engine's sizes follow (doc/limits.md). */
#define WORKLOAD_MAX_FORKS 1024     /* forks per task, as rt-app */
#define WORKLOAD_MAX_HELD 64        /* mutexes one thread holds at once */
#define WORKLOAD_MAX_THREADS 4194304 /* Linux's PID_MAX_LIMIT */

/*
 * The longest run, in seconds: 2^31 - 1 (68 years). Time zero plus this in
 * ns fits an int64_t with two centuries of uptime to spare; global.duration
 * and --duration beyond it are errors (exit 2).
 */
#define WORKLOAD_MAX_DURATION_S 2147483647.0
/* global.interval / --interval: its shortest, in seconds. */
#define WORKLOAD_MIN_INTERVAL_S 0.01
/* global.break_us / --break-us: its largest, µs (1000 s). */
#define WORKLOAD_MAX_BREAK_US INT64_C(1000000000)

struct globals {
	double duration_s;        /* <= 0: until the loops end or a signal */
	/* Watching a run: a block of per-task figures every interval_s s
	 * (0: none), and a stop on a wake-up later than break_us µs (0:
	 * none); global "interval"/"break_us", --interval/--break-us. */
	double interval_s;
	int64_t break_us;
	double calibration_ns;    /* ns per work loop; 0: calibrate */
	int calibration_cpu;
	/* A run event exists: a length in loops of calibration_ns (runtime
	 * and cputime spin by the clock whatever the number is). */
	bool calibrated_work;
	int default_policy;       /* SCHED_* */
	bool pi_enabled;
	bool lock_pages;
	const char *logdir;
	const char *outdir;       /* run directories' root, or NULL */
	const char *log_basename;
	enum log_mode log_mode;
	size_t log_ring_bytes;    /* 0: default */
	bool allow_log_drops;     /* dropped log rows are not a failure */
	bool gnuplot;
	unsigned ftrace;          /* FTRACE_* bits */
	const char *io_device;
	bool io_device_overwrite; /* --io-device-overwrite (no JSON key) */
	int64_t mem_buffer_size;
	bool cumulative_slack;
	int cpu_dma_latency_us;   /* PM QoS request while running; -1: none */
	enum run_mode mode;       /* tasks' default (MODE_THREAD) */
	int64_t stack_size;       /* bytes of stack per thread */
	uint64_t seed;            /* of every thread's generator (lib/rng.h) */
	bool seed_given;          /* "seed" or --set seed=N, not random */
	const char **print_start; /* lines printed before time zero */
	size_t n_print_start;
	const char **print_end;   /* lines after the run; %{time} expanded */
	size_t n_print_end;
	const struct report_style **reports; /* global "report", in order */
	const char **report_args; /* "style:arg": arg, or NULL; per report */
	size_t n_reports;
	/* A report style computes message latency as the tool does, from
	 * two µs clock readings (report_style.us_clock_messages). */
	bool us_clock_messages;
	/* Where some values came from, for messages about this machine. */
	struct src_pos at_logdir, at_calibration, at_mem_buffer_size,
		at_stack_size, at_io_device;
};

/* Scheduling attributes; a field left at MIMIC_UNSET keeps what is there. */
struct sched_attrs {
	int policy;               /* SCHED_*, or MIMIC_UNSET */
	int priority;             /* RT priority or nice */
	int64_t dl_runtime_ns, dl_period_ns, dl_deadline_ns;
	int util_min, util_max;   /* -1: leave unchanged */
};

struct cpu_set_list {
	int *cpus;
	size_t n;                 /* 0 with cpus == NULL: not given */
	const char *path;         /* where it was given, for messages */
	int line, col;
};

/* Named objects shared by the events that refer to them. */
struct node_list {
	int *nodes;
	size_t n;
	const char *path;
	int line, col;
};

/* Kinds of resource: indexes of resource_kinds[] (src/resource.c). */
enum resource_type {
	RES_TIMER,
	RES_MUTEX,
	RES_COND,
	RES_BARRIER,
	RES_SEM,
	RES_WAKEUP,               /* suspend/resume: one per task name */
	RES_MEMBUF,               /* memrun "ref": a shared buffer */
	RES_PIPE,                 /* a channel: pipe(2) */
	RES_SOCKET,               /* a channel: socketpair or TCP loopback */
	RES_FUTEX,                /* a 32-bit futex word */
	RES_CPU_MUTEX,            /* one mutex per CPU (percpu_lock) */
	RES_KINDS                 /* how many: each has a struct resource_kind */
};

enum socket_mode { SOCKET_STREAM, SOCKET_DGRAM, SOCKET_TCP };
/* What a channel's messages carry: their send time and chain origin, or
 * nothing but bytes (no clock read nor bookkeeping per message). */
enum channel_messages { MESSAGES_STAMPED, MESSAGES_UNSTAMPED };

/*
 * The ways a thread gets woken, each with its own wake-up latency
 * histogram (samples only when the thread slept); pipe, socket and futex
 * carry messages (a futex post is one), which also have a message
 * latency histogram (every message, queueing included).
 */
enum wake_path {
	WAKE_TIMER,
	WAKE_PIPE,
	WAKE_SOCKET,
	WAKE_FUTEX,
	WAKE_COND,                /* wait/sync woken by signal/broad */
	WAKE_PATHS
};

static inline bool wake_path_has_messages(enum wake_path p)
{
	return p == WAKE_PIPE || p == WAKE_SOCKET || p == WAKE_FUTEX;
}

/* The path's name in the summaries and the interval blocks. */
static inline const char *wake_path_name(enum wake_path p)
{
	static const char *const names[WAKE_PATHS] = {
		"timer", "pipe", "socket", "futex", "cond",
	};

	return names[p];
}

/* Per-thread recorders beyond the wake paths, allocated when needed. */
enum record_kind {
	RECORD_REQUESTS,          /* request: latency histogram */
	RECORD_RATE,              /* rate: requests-per-second histogram */
	RECORD_WORK,              /* run, runtime, cputime: run error, run_us */
};

struct resource {
	const char *name;
	enum resource_type type;
	bool unique;              /* one per thread (rt-app's "unique*" refs) */
	bool absolute;            /* timer: any user said mode "absolute" */
	int slot;                 /* timer: index among shared or unique ones */
	int participants;         /* barrier: threads that must arrive */
	int64_t size;             /* membuf: bytes */
	int64_t stride;           /* membuf: chase stride, bytes */
	bool sequential;          /* membuf: chase order */
	enum socket_mode socket_mode;
	enum channel_messages messages; /* channel: stamped (0) or unstamped */
	int64_t msg_min, msg_max; /* channel: the smallest and largest message
				   * size a send or recv of it names (drawn:
				   * its clamp range); 0 when none does */
	bool msg_drawn;           /* channel: a send draws its size */
	bool declared;            /* named in the "resources" section */
	bool wake_list;           /* futex: a futex_wake_list answers its
				   * posters, so they put themselves on its
				   * list */
};

/*
 * One event of a phase. What it does belongs to its kind (event.h): the
 * arguments are the kind's own struct, opaque here, args_size bytes.
 */
struct event {
	const struct event_kind *kind;
	const char *key;          /* as written, e.g. "run0" */
	const char *desc;         /* rt-app's ftrace desc, e.g. "timer:tick" */
	int ftrace_type;          /* rt-app's type number: its kind's, or a
				   * variant's (a unique timer, a memrun) */
	int line, col;
	int resource;             /* the resource it names first, or -1 */
	int64_t period_ns;        /* a periodic kind's period (timer), or 0 */
	int state_slot;           /* its kind's per-thread state, or -1 */
	void *args;               /* the kind's arguments (event.h) */
};

struct phase {
	const char *name;
	int line, col;
	int64_t loop;             /* <= 0: forever (as rt-app) */
	bool has_sched;
	struct sched_attrs sched;
	struct cpu_set_list cpus;
	const char *taskgroup;    /* cgroup path, NULL: unchanged */
	struct node_list nodes;   /* nodes_membind, n 0: unchanged */
	int64_t budget_ns;        /* end-to-end budget in force (its own, else
				   the task's); 0: none */
	struct event *events;
	size_t n_events;
	bool straight;            /* no event waits, none is a timer: the
				   * thread's loop runs them without its
				   * per-event bookkeeping (engine/thread.c) */
};

struct task {
	const char *name;
	int line, col;
	int instance;
	int64_t loop;             /* passes over the phase list; < 0: forever */
	struct dist_value delay_ns; /* fixed, or drawn once per thread */
	int64_t budget_ns;        /* "budget": end-to-end, 0: none */
	struct sched_attrs sched;
	int64_t legacy_period_ns, legacy_deadline_ns; /* "period", "deadline" */
	bool forked;              /* the target of a fork event */
	int fork_max;             /* forks of it the workload can make */
	enum run_mode mode;       /* MODE_PROCESS: one process per instance */
	bool samples;             /* keep every wake-up latency (samples.h) */
	unsigned wake_paths;      /* 1 << WAKE_*: latency histograms needed */
	unsigned records;         /* 1 << RECORD_*: recorders its events need */
	struct cpu_set_list cpus;
	const char *taskgroup;
	struct node_list nodes;
	struct phase *phases;
	size_t n_phases;
};

struct workload {
	const char *file;
	struct globals g;
	struct task *tasks;
	size_t n_tasks;
	struct resource *resources;
	size_t n_resources;
	int n_shared_timers, n_unique_timers;
	int n_threads;            /* sum of instances (parse/counts.c) */
	bool has_processes;       /* a task runs in MODE_PROCESS */
	bool uses_io_device;      /* an iorun event writes global.io_device */
	int fork_capacity;        /* thread slots for forks: the most the
				   * workload can make (parse/counts.c) */
	bool draws;               /* a value is drawn from a distribution */
};

#endif
