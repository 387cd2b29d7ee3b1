/*
 * model_timeline.h - per-thread timelines of a recorded process tree,
 * built from the decoded events (trace/read.h): each thread's CPU bursts
 * between blockings, and each blocking's system call, length and waker.
 */
#ifndef MIMIC_TRACE_MODEL_TIMELINE_H
#define MIMIC_TRACE_MODEL_TIMELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "trace/read.h"

/* What a blocking was, from the system call open when it switched out. */
enum tl_class {
	TL_SLEEP,   /* nanosleep, clock_nanosleep */
	TL_READ,    /* read, recvfrom, recvmsg: a channel's receiving end */
	TL_FUTEX,   /* futex */
	TL_POLL,    /* poll, ppoll, select, pselect6, epoll_wait, epoll_pwait */
	TL_WRITE,   /* write, sendto, sendmsg: a full channel */
	TL_WAIT,    /* wait4, waitid: a child's end */
	TL_OTHER,   /* any other system call */
	TL_NOSYS,   /* outside any system call (a page fault, ...) */
	TL_N_CLASSES
};

/* What a channel made in the tree was (pipe, pipe2, socketpair). */
enum tl_chan {
	TL_CHAN_PIPE,    /* pipe, pipe2 */
	TL_CHAN_STREAM,  /* socketpair(AF_UNIX, SOCK_STREAM) */
	TL_CHAN_DGRAM,   /* socketpair(AF_UNIX, SOCK_DGRAM) */
	TL_CHAN_OTHER,   /* any other socketpair (SOCK_SEQPACKET, ...) */
	TL_N_CHANS
};

/* The values a tree's PM QoS requests are counted for (more: the
 * later ones are not); 2000000000 us and up ask for no limit (the
 * kernel's PM_QOS_CPU_LATENCY_DEFAULT_VALUE). */
#define TL_QOS_VALUES 8
#define TL_QOS_NONE 2000000000L

#define TL_WAKER_IRQ 0      /* woken from an interrupt (a timer, I/O) */
#define TL_WAKER_OUTSIDE -1 /* woken by a task outside the tree */

struct tl_block {
	unsigned long long start;  /* switched out, ns */
	unsigned long long wake;   /* woken (sched_waking, else wakeup) */
	unsigned long long back;   /* switched in again */
	/* ns in the kernel around the sleep, on CPU: from the system call's
	 * entry to the switch out, and from the switch in to its exit
	 * (0: a side not seen, or preempted in between) */
	unsigned long long kern;
	unsigned long long kern_in; /* its second side alone (switch in to
				     * exit), when kern has it; else 0 */
	long sys;                  /* the system call open, -1 none */
	unsigned long long entered; /* that call's entry, 0 unseen */
	int waker;                 /* a tree pid, or TL_WAKER_* */
	enum tl_class cls;
};

/* A task's scheduling attributes, from a mimic_task line. */
struct tl_attrs {
	char policy[12], cpus[128];
	int prio, nice;
	unsigned long long dl_runtime, dl_deadline, dl_period;
};

struct tl_thread {
	int pid, tgid, parent;
	bool in_tree, is_thread, root;
	char comm[17];
	unsigned long long born;   /* forked (the root: first seen) */
	unsigned long long died;   /* exit, or 0 */
	unsigned long long cpu_ns; /* on CPU in all */
	unsigned long preempted;   /* switched out runnable */
	int kprio;                 /* sched_switch's last prio (120: nice 0) */
	unsigned long long clone_flags;
	/* the bursts (ns on CPU between blockings) and the blockings */
	double *bursts;
	size_t n_bursts, cap_bursts;
	struct tl_block *blocks;
	size_t n_blocks, cap_blocks;
	/* read/recv and write/send calls that moved data, and their bytes:
	 * the messages' count and size */
	double read_bytes, write_bytes;
	unsigned long n_reads, n_writes;
	long read_max;             /* the most one read returned: its buffer,
				    * when a message was larger */
	/* the kernel's part of those that ran through on CPU (neither
	 * blocked nor preempted): system call entry to exit, summed, and
	 * their count */
	double read_kern_ns, write_kern_ns;
	unsigned long n_read_kern, n_write_kern;
	/* its CPU before its first write-class call that moved data: what
	 * a setup holds after it may be its first messages' writes */
	unsigned long long cpu_first_write;
	bool wrote;
	/* the channels it made: those that returned 0 */
	unsigned long made[TL_N_CHANS];
	/* a process's leader (pid == tgid): the sums of made over its
	 * threads in the tree, once the recording is read */
	unsigned long proc_made[TL_N_CHANS];
	bool has_proc_made;
	/* from the mimic_task line held longest: a thread's policy while it
	 * did its work, not the one it was born with or reset before its
	 * exit (cyclictest's threads go back to SCHED_OTHER at the end) */
	bool has_attrs;
	struct tl_attrs attrs, cur;
	unsigned long long cur_since, attrs_ns;
	/* its /dev/cpu_dma_latency request (PM QoS), if one is open and
	 * asks for a limit */
	bool qos_on;
	long qos_us;
	/* while reading */
	bool on_cpu, open_block, exit_pending;
	unsigned long long on_since, burst_ns;
	long cur_sys;
	unsigned long cur_args[2];
	unsigned long long sys_since; /* cur_sys entered */
	unsigned long long cpu_at_sys; /* its CPU then, until it wrote */
};

struct timeline {
	struct tl_thread *t;
	size_t n, cap;
	int *index;                /* open-addressing pid -> t index + 1 */
	size_t index_size;
	int root;                  /* the tree's first pid */
	const char *want_comm;     /* --comm: root is the first such task */
	char record_line[1024];    /* the recording's mimic_record line */
	unsigned long long t0, t_end;
	struct trace_read_info info;
	/* How long the tree's tightest /dev/cpu_dma_latency request held
	 * each value (ns); qos_cur the one it holds now (-1: none). */
	struct tl_qos_held {
		long us;
		unsigned long long ns;
	} qos_held[TL_QOS_VALUES];
	size_t n_qos_held;
	long qos_cur;
	unsigned long long qos_since;
};

/* Reads path into tl; root_pid (or 0: the recording's own), comm (or
 * NULL). 0, or -1 with why. */
int timeline_build(struct timeline *tl, const char *path, int root_pid,
		   const char *comm, char *err, size_t len);

struct tl_thread *timeline_find(const struct timeline *tl, int pid);

void timeline_free(struct timeline *tl);

/* c's name; TL_N_CLASSES (a thread that never blocked): "no blocking" */
const char *tl_class_name(enum tl_class c);

/* Whether t woke a thread at wake after its last blocking: its exit (a
 * child's end ends its parent's wait4, a thread's its joiner's futex;
 * the wake-up comes after sched_process_exit). */
bool tl_exit_wake(const struct tl_thread *t, unsigned long long wake);
/* The mean of the kernel's ns around t's blockings of class cls (their
 * `kern`), over *n (out) blockings that have it; 0 when none. */
double tl_kern_mean(const struct tl_thread *t, enum tl_class cls,
		    size_t *n);
/* The same of their second side alone: switched in to the call's exit
 * (the wake-up's way back to user space, longer the colder the CPU). */
double tl_kern_in_mean(const struct tl_thread *t, enum tl_class cls);
/* The mean of f(µs away) over t's blockings of class cls that it came
 * back from (switched out to switched in again); -1 when none. */
double tl_away_mean(const struct tl_thread *t, enum tl_class cls,
		    double (*f)(double away_us));

/* The channels made by the nearest of t's process and its ancestors'
 * processes that made any (its threads' sums): what t reads from, made
 * or inherited (a shell's earlier pipeline is not its children's). */
void tl_channels_made(const struct timeline *tl, const struct tl_thread *t,
		      unsigned long made[TL_N_CHANS]);

/* How many of t's blockings of class cls the exit of one of its children
 * ended (the wake-up after the child's last blocking: tl_exit_wake).
 * find says which wakers count: the waker's thread, or NULL. */
unsigned long tl_child_exit_wakes(const struct tl_thread *t, enum tl_class cls,
				  const struct tl_thread *(*find)(
					  const void *ctx, int pid),
				  const void *ctx);

#endif
