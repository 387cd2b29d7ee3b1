/*
 * read.h - reading a recording (trace.dat) with libtracecmd's reader:
 * the events `mimic model` uses, decoded into one plain struct each and
 * handed over in time order (doc/model.md).
 */
#ifndef MIMIC_TRACE_READ_H
#define MIMIC_TRACE_READ_H

#include <stddef.h>

enum trace_ev_kind {
	TEV_SWITCH,     /* sched_switch */
	TEV_WAKING,     /* sched_waking: pid (the current task) wakes target */
	TEV_WAKEUP,     /* sched_wakeup, sched_wakeup_new */
	TEV_FORK,       /* sched_process_fork: pid forked target */
	TEV_NEWTASK,    /* task_newtask: target and its clone_flags */
	TEV_EXEC,       /* sched_process_exec: target now runs comm */
	TEV_EXIT,       /* sched_process_exit: target ends */
	TEV_RENAME,     /* task_rename: target is now comm */
	TEV_SYS_ENTER,  /* raw_syscalls: sys_id, sys_args */
	TEV_SYS_EXIT,   /* raw_syscalls: sys_id, sys_ret */
	TEV_PRINT,      /* ftrace print (trace_marker): text */
	TEV_QOS,        /* pm_qos_add/update_request: pid asks qos_us of
			 * /dev/cpu_dma_latency (-1: the default, none) */
	TEV_QOS_REMOVE, /* pm_qos_remove_request: pid drops its request */
};

struct trace_ev {
	enum trace_ev_kind kind;
	unsigned long long ts;  /* ns, the recording's clock */
	int cpu;
	int pid;                /* the task the event happened in */
	int irq;                /* in hard or soft interrupt context */
	int target;             /* the task it is about (see the kinds) */
	int prev_pid, next_pid; /* TEV_SWITCH */
	long prev_state;        /* TEV_SWITCH: the kernel's state bits */
	int prev_prio;
	unsigned long long clone_flags;
	long sys_id, sys_ret;
	long qos_us;            /* TEV_QOS */
	unsigned long sys_args[2]; /* TEV_SYS_ENTER: its first two arguments */
	char comm[17];          /* switch: prev_comm; exec, rename, newtask */
	char next_comm[17];
	const char *text;       /* TEV_PRINT, valid during the callback */
};

struct trace_read_info {
	int n_cpus;
	unsigned long long events;  /* all events read */
	unsigned long long missed;  /* events the kernel dropped, as marked */
};

/* Calls cb for each known event in time order; a non-zero return stops.
 * 0, or -1 with why (the file cannot be read, a required event missing). */
int trace_read(const char *path, int (*cb)(const struct trace_ev *, void *),
	       void *data, struct trace_read_info *info, char *err,
	       size_t len);

#endif
