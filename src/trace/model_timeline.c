/*
 * model_timeline.c - follows a recording event by event and keeps, per
 * thread of the tree (the root and what it forks and clones), its CPU
 * bursts between blockings and each blocking: the system call it was in
 * (raw_syscalls, x86-64 numbers), when it was woken and by whom.
 */
#define _GNU_SOURCE
#include "trace/model_timeline.h"

#include "lib/ks.h"

#include <sched.h>
#include <sys/socket.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TASK_INTERRUPTIBLE 0x01
#define TASK_UNINTERRUPTIBLE 0x02
#define TASK_IDLE_BIT 0x80
#define STATE_MASK 0xff /* above: the "+" (preempted) bit */

static const char *const tl_class_names[TL_N_CLASSES + 1] = {
	"sleep", "read", "futex", "poll", "write", "wait", "other syscall",
	"no syscall", "no blocking",
};

const char *tl_class_name(enum tl_class c)
{
	return tl_class_names[c < TL_N_CLASSES ? c : TL_N_CLASSES];
}

bool tl_exit_wake(const struct tl_thread *t, unsigned long long wake)
{
	unsigned long long last = t->n_blocks ?
		t->blocks[t->n_blocks - 1].back : t->born;

	return t->died && wake >= last;
}

unsigned long tl_child_exit_wakes(const struct tl_thread *t, enum tl_class cls,
				  const struct tl_thread *(*find)(
					  const void *ctx, int pid),
				  const void *ctx)
{
	unsigned long n = 0;

	for (size_t b = 0; b < t->n_blocks; b++) {
		const struct tl_block *k = &t->blocks[b];
		const struct tl_thread *w;

		if (k->cls != cls || k->waker <= 0)
			continue;
		w = find(ctx, k->waker);
		n += w && w != t && w->parent == t->pid &&
		     tl_exit_wake(w, k->wake);
	}
	return n;
}

#define TL_MAX_DEPTH 64 /* ancestors followed */

/* What a's process made: its leader's sums (tl_sum_made), else the sum
 * over the tree's threads of a->tgid (a leader outside the tree). */
static unsigned long tl_process_made(const struct timeline *tl,
				     const struct tl_thread *a,
				     unsigned long made[TL_N_CHANS])
{
	const struct tl_thread *lead = timeline_find(tl, a->tgid);
	unsigned long any = 0;

	if (lead && lead->has_proc_made) {
		for (int c = 0; c < TL_N_CHANS; c++) {
			made[c] += lead->proc_made[c];
			any += lead->proc_made[c];
		}
		return any;
	}
	for (size_t i = 0; i < tl->n; i++)
		for (int c = 0; tl->t[i].in_tree && tl->t[i].tgid == a->tgid &&
				c < TL_N_CHANS; c++) {
			made[c] += tl->t[i].made[c];
			any += tl->t[i].made[c];
		}
	return any;
}

void tl_channels_made(const struct timeline *tl, const struct tl_thread *t,
		      unsigned long made[TL_N_CHANS])
{
	int depth = 0, last = 0;

	memset(made, 0, TL_N_CHANS * sizeof(made[0]));
	for (const struct tl_thread *a = t; a && a->in_tree &&
	     depth < TL_MAX_DEPTH;
	     a = a->root ? NULL : timeline_find(tl, a->parent), depth++) {
		if (a->tgid == last)
			continue;
		last = a->tgid;
		if (tl_process_made(tl, a, made))
			return;
	}
}

/* Each process's channels summed once on its leader: tl_channels_made
 * looks them up per ancestor instead of going over every thread. */
static void tl_sum_made(struct timeline *tl)
{
	for (size_t i = 0; i < tl->n; i++) {
		struct tl_thread *t = &tl->t[i];
		struct tl_thread *lead = t->in_tree ?
						 timeline_find(tl, t->tgid) : NULL;

		if (!lead || !lead->in_tree || lead->tgid != t->tgid)
			continue;
		lead->has_proc_made = true;
		for (int c = 0; c < TL_N_CHANS; c++)
			lead->proc_made[c] += t->made[c];
	}
}

/* x86-64 system call numbers (the machine's: see doc/model.md). */
static enum tl_class tl_classify(long sys)
{
	switch (sys) {
	case -1: return TL_NOSYS;
	case 35: case 230: return TL_SLEEP;          /* nanosleep, clock_ */
	case 0: case 17: case 19: case 45: case 47: case 299:
		return TL_READ; /* read pread64 readv recvfrom recvmsg recvmmsg */
	case 202: case 449: return TL_FUTEX;         /* futex, futex_waitv */
	case 7: case 23: case 232: case 270: case 271: case 281: case 441:
		return TL_POLL; /* poll select epoll_wait pselect6 ppoll ... */
	case 1: case 18: case 20: case 44: case 46: case 307:
		return TL_WRITE; /* write pwrite64 writev sendto sendmsg .. */
	case 61: case 247: return TL_WAIT;           /* wait4, waitid */
	default: return TL_OTHER;
	}
}

/* The channel a call that returned 0 made, or TL_N_CHANS: pipe 22, pipe2
 * 293, socketpair 53 (its domain and type: args[0], args[1]). */
static enum tl_chan tl_chan_made(long sys, const unsigned long *args)
{
	const unsigned long af_unix = 1, type_mask = 0xf; /* SOCK_CLOEXEC.. */

	if (sys == 22 || sys == 293)
		return TL_CHAN_PIPE;
	if (sys != 53)
		return TL_N_CHANS;
	if (args[0] == af_unix && (args[1] & type_mask) == SOCK_STREAM)
		return TL_CHAN_STREAM;
	if (args[0] == af_unix && (args[1] & type_mask) == SOCK_DGRAM)
		return TL_CHAN_DGRAM;
	return TL_CHAN_OTHER;
}

/* A call that returned 0: the channel it made, if it made one. */
static void tl_count_made(struct tl_thread *t, long sys)
{
	enum tl_chan c = tl_chan_made(sys, t->cur_args);

	if (c != TL_N_CHANS)
		t->made[c]++;
}

static size_t tl_hash(int pid, size_t size)
{
	return ((unsigned)pid * 2654435761u) & (size - 1);
}

static int tl_reindex(struct timeline *tl)
{
	size_t size = tl->index_size ? tl->index_size * 2 : 1024;
	int *idx = calloc(size, sizeof(*idx));

	if (!idx)
		return -1;
	for (size_t i = 0; i < tl->n; i++) {
		size_t h = tl_hash(tl->t[i].pid, size);

		while (idx[h])
			h = (h + 1) & (size - 1);
		idx[h] = (int)i + 1;
	}
	free(tl->index);
	tl->index = idx;
	tl->index_size = size;
	return 0;
}

struct tl_thread *timeline_find(const struct timeline *tl, int pid)
{
	if (!tl->index_size)
		return NULL;
	for (size_t h = tl_hash(pid, tl->index_size); tl->index[h];
	     h = (h + 1) & (tl->index_size - 1))
		if (tl->t[tl->index[h] - 1].pid == pid)
			return &tl->t[tl->index[h] - 1];
	return NULL;
}

/* The thread of pid, made if new (NULL when out of memory). */
static struct tl_thread *tl_get(struct timeline *tl, int pid)
{
	struct tl_thread *t = timeline_find(tl, pid);

	if (t)
		return t;
	if (tl->n == tl->cap) {
		size_t cap = tl->cap ? tl->cap * 2 : 64;
		struct tl_thread *n = realloc(tl->t, cap * sizeof(*n));

		if (!n)
			return NULL;
		tl->t = n;
		tl->cap = cap;
	}
	if ((tl->n + 1) * 2 > tl->index_size) {
		if (tl_reindex(tl))
			return NULL;
	}
	t = &tl->t[tl->n];
	memset(t, 0, sizeof(*t));
	t->pid = pid;
	t->tgid = pid;
	t->cur_sys = -1;
	tl->n++;
	{
		size_t h = tl_hash(pid, tl->index_size);

		while (tl->index[h])
			h = (h + 1) & (tl->index_size - 1);
		tl->index[h] = (int)tl->n;
	}
	return t;
}

static int tl_push_burst(struct tl_thread *t)
{
	if (ks_sample_push(&t->bursts, &t->n_bursts, &t->cap_bursts, 64,
			   (double)t->burst_ns))
		return -1;
	t->burst_ns = 0;
	return 0;
}

static struct tl_block *tl_push_block(struct tl_thread *t)
{
	if (t->n_blocks == t->cap_blocks) {
		size_t cap = t->cap_blocks ? t->cap_blocks * 2 : 64;
		struct tl_block *n = realloc(t->blocks, cap * sizeof(*n));

		if (!n)
			return NULL;
		t->blocks = n;
		t->cap_blocks = cap;
	}
	memset(&t->blocks[t->n_blocks], 0, sizeof(t->blocks[0]));
	return &t->blocks[t->n_blocks++];
}

static void tl_make_root(struct timeline *tl, struct tl_thread *t,
			 unsigned long long ts)
{
	t->in_tree = true;
	t->root = true;
	t->born = ts;
	tl->root = t->pid;
	tl->t0 = ts;
}

/* The attributes held until ts are kept if held longer than the kept
 * ones (ties: the later). */
static void tl_attrs_held(struct tl_thread *t, unsigned long long ts)
{
	unsigned long long held = ts > t->cur_since ? ts - t->cur_since : 0;

	if (held >= t->attrs_ns) {
		t->attrs = t->cur;
		t->attrs_ns = held;
	}
}

/* "mimic_task: pid=N tgid=N policy=P prio=N nice=N cpus=L [dl] comm=C" */
static void tl_task_line(struct timeline *tl, const char *s,
			 unsigned long long ts)
{
	struct tl_thread *t;
	struct tl_attrs *a;
	const char *v;
	int pid, tgid;

	if (sscanf(s, "mimic_task: pid=%d tgid=%d", &pid, &tgid) != 2)
		return;
	t = tl_get(tl, pid);
	if (!t)
		return;
	if (t->has_attrs)
		tl_attrs_held(t, ts);
	t->has_attrs = true;
	t->tgid = tgid;
	t->cur_since = ts;
	a = &t->cur;
	if ((v = strstr(s, " policy=")))
		sscanf(v, " policy=%11s", a->policy);
	if ((v = strstr(s, " prio=")))
		sscanf(v, " prio=%d", &a->prio);
	if ((v = strstr(s, " nice=")))
		sscanf(v, " nice=%d", &a->nice);
	if ((v = strstr(s, " cpus=")))
		sscanf(v, " cpus=%127s", a->cpus);
	if ((v = strstr(s, " runtime_ns=")))
		sscanf(v, " runtime_ns=%llu deadline_ns=%llu period_ns=%llu",
		       &a->dl_runtime, &a->dl_deadline, &a->dl_period);
}

static void tl_print(struct timeline *tl, const struct trace_ev *e)
{
	int root;

	if (!strncmp(e->text, "mimic_record: ", 14)) {
		snprintf(tl->record_line, sizeof(tl->record_line), "%s",
			 e->text + 14);
		if (!tl->root && !tl->want_comm &&
		    sscanf(e->text, "mimic_record: root_pid=%d", &root) == 1) {
			struct tl_thread *t = tl_get(tl, root);

			if (t)
				tl_make_root(tl, t, e->ts);
		}
	} else if (!strncmp(e->text, "mimic_task: ", 12)) {
		tl_task_line(tl, e->text, e->ts);
	}
}

/*
 * An event in pid's own context while it is off CPU: the kernel's pid
 * filter dropped its switch in (seen here when a task outside the tree
 * switched to it). It has been running since at least now.
 */
static void tl_seen_running(struct timeline *tl, int pid,
			    unsigned long long ts)
{
	struct tl_thread *t = timeline_find(tl, pid);

	if (!pid || !t || !t->in_tree || t->on_cpu)
		return;
	if (t->open_block) {
		struct tl_block *b = &t->blocks[t->n_blocks - 1];

		if (!b->wake)
			b->wake = ts;
		b->back = ts;
		b->kern = 0; /* its switch in unseen */
		t->open_block = false;
	}
	t->on_cpu = true;
	t->on_since = ts;
}

static void tl_switch(struct timeline *tl, const struct trace_ev *e)
{
	long state = e->prev_state & STATE_MASK;
	struct tl_thread *p, *n;

	/* --comm: the first task of that name to run is the root. */
	if (tl->want_comm && !tl->root && e->next_pid &&
	    !strcmp(e->next_comm, tl->want_comm) &&
	    (n = tl_get(tl, e->next_pid)))
		tl_make_root(tl, n, e->ts);
	tl_seen_running(tl, e->prev_pid, e->ts);
	p = timeline_find(tl, e->prev_pid);
	n = timeline_find(tl, e->next_pid);
	if (p && p->in_tree) {
		if (p->on_cpu) {
			p->burst_ns += e->ts - p->on_since;
			p->cpu_ns += e->ts - p->on_since;
		}
		p->on_cpu = false;
		p->kprio = e->prev_prio;
		snprintf(p->comm, sizeof(p->comm), "%s", e->comm);
		if (!state) {
			p->preempted++;
		} else if (state & (TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE |
				    TASK_IDLE_BIT)) {
			struct tl_block *b;

			tl_push_burst(p);
			b = tl_push_block(p);
			if (b) {
				b->start = e->ts;
				/* entered on CPU since: its half of the
				 * kernel's part of the blocking */
				if (p->cur_sys >= 0 && p->sys_since >= p->on_since)
					b->kern = e->ts - p->sys_since;
				b->sys = p->cur_sys;
				b->entered = p->cur_sys >= 0 ? p->sys_since : 0;
				b->cls = tl_classify(p->cur_sys);
				b->waker = TL_WAKER_IRQ;
				p->open_block = true;
			}
		}
	}
	if (n && n->in_tree) {
		n->on_cpu = true;
		n->on_since = e->ts;
		if (n->open_block) {
			struct tl_block *b = &n->blocks[n->n_blocks - 1];

			if (!b->wake)
				b->wake = e->ts;
			b->back = e->ts;
			n->open_block = false;
			n->exit_pending = b->kern > 0;
		}
	}
}

static void tl_wake(struct timeline *tl, const struct trace_ev *e)
{
	struct tl_thread *t = timeline_find(tl, e->target), *w;
	struct tl_block *b;

	if (!t || !t->in_tree || !t->open_block)
		return;
	b = &t->blocks[t->n_blocks - 1];
	if (b->wake)
		return; /* sched_wakeup after its sched_waking */
	b->wake = e->ts;
	w = timeline_find(tl, e->pid);
	if (e->irq || !e->pid)
		b->waker = TL_WAKER_IRQ;
	else if (w && w->in_tree)
		b->waker = e->pid;
	else
		b->waker = TL_WAKER_OUTSIDE;
}

/* The tree's tightest request held its value from qos_since to ts. */
static void tl_qos_account(struct timeline *tl, unsigned long long ts)
{
	size_t k = 0;

	if (tl->qos_cur >= 0 && ts > tl->qos_since) {
		while (k < tl->n_qos_held && tl->qos_held[k].us != tl->qos_cur)
			k++;
		if (k == tl->n_qos_held && k < TL_QOS_VALUES)
			tl->qos_held[tl->n_qos_held++].us = tl->qos_cur;
		if (k < tl->n_qos_held)
			tl->qos_held[k].ns += ts - tl->qos_since;
	}
	tl->qos_since = ts;
}

/* A tree thread opens, sets or drops its /dev/cpu_dma_latency request:
 * the kernel keeps the lowest of all requests, so the tree's is the
 * lowest of its threads'. */
static void tl_qos(struct timeline *tl, const struct trace_ev *e)
{
	struct tl_thread *t = timeline_find(tl, e->pid);

	if (!t || !t->in_tree)
		return;
	tl_qos_account(tl, e->ts);
	t->qos_on = e->kind == TEV_QOS && e->qos_us >= 0 &&
		    e->qos_us < TL_QOS_NONE;
	t->qos_us = e->qos_us;
	tl->qos_cur = -1;
	for (size_t i = 0; i < tl->n; i++)
		if (tl->t[i].in_tree && tl->t[i].qos_on &&
		    (tl->qos_cur < 0 || tl->t[i].qos_us < tl->qos_cur))
			tl->qos_cur = tl->t[i].qos_us;
}

static int tl_event(const struct trace_ev *e, void *data)
{
	struct timeline *tl = data;
	struct tl_thread *t;
	bool entered, through;

	tl->t_end = e->ts;
	/* --pid: time zero is the recording's first event. */
	if (tl->root && !tl->t0) {
		tl->t0 = e->ts;
		t = timeline_find(tl, tl->root);
		if (t)
			t->born = e->ts;
	}
	if (e->kind != TEV_PRINT && e->kind != TEV_SWITCH)
		tl_seen_running(tl, e->pid, e->ts);
	switch (e->kind) {
	case TEV_PRINT: tl_print(tl, e); break;
	case TEV_SWITCH: tl_switch(tl, e); break;
	case TEV_WAKING: case TEV_WAKEUP: tl_wake(tl, e); break;
	case TEV_QOS: case TEV_QOS_REMOVE: tl_qos(tl, e); break;
	case TEV_NEWTASK:
		t = tl_get(tl, e->target);
		if (t)
			t->clone_flags = e->clone_flags;
		break;
	case TEV_FORK: {
		struct tl_thread *parent = timeline_find(tl, e->pid);

		if (!parent || !parent->in_tree)
			break;
		t = tl_get(tl, e->target);
		parent = timeline_find(tl, e->pid); /* tl_get may move it */
		if (!t)
			break;
		t->in_tree = true;
		t->parent = e->pid;
		t->born = e->ts;
		t->is_thread = (t->clone_flags & CLONE_THREAD) != 0;
		t->tgid = t->is_thread ? parent->tgid : t->pid;
		snprintf(t->comm, sizeof(t->comm), "%s", e->comm);
		break;
	}
	case TEV_EXEC: case TEV_RENAME:
		t = timeline_find(tl, e->target);
		if (t && t->in_tree)
			snprintf(t->comm, sizeof(t->comm), "%s", e->comm);
		break;
	case TEV_EXIT:
		t = timeline_find(tl, e->target);
		if (t && t->in_tree)
			t->died = e->ts;
		break;
	case TEV_SYS_ENTER:
		t = timeline_find(tl, e->pid);
		if (t && t->in_tree) {
			if (t->exit_pending && t->n_blocks)
				t->blocks[t->n_blocks - 1].kern = 0; /* no exit */
			t->cur_sys = e->sys_id;
			t->cur_args[0] = e->sys_args[0];
			t->cur_args[1] = e->sys_args[1];
			t->sys_since = e->ts;
			if (!t->wrote) /* only the first write reads it */
				t->cpu_at_sys = t->cpu_ns + (t->on_cpu ?
						e->ts - t->on_since : 0);
			t->exit_pending = false;
		}
		break;
	case TEV_SYS_EXIT:
		t = timeline_find(tl, e->pid);
		if (!t || !t->in_tree)
			break;
		entered = e->sys_id == t->cur_sys;
		if (!e->sys_ret && entered)
			tl_count_made(t, e->sys_id);
		/* On CPU from its entry: neither blocked nor preempted */
		through = entered && !t->exit_pending && t->on_cpu &&
			  t->on_since <= t->sys_since;
		/* The blocking call returns: its other half, when it ran
		 * through from its switch in. */
		if (t->exit_pending && t->n_blocks) {
			struct tl_block *b = &t->blocks[t->n_blocks - 1];

			if (t->on_cpu && t->on_since == b->back &&
			    b->sys == e->sys_id) {
				b->kern += e->ts - b->back;
				b->kern_in = e->ts - b->back;
			} else {
				b->kern = 0;
			}
			t->exit_pending = false;
		}
		t->cur_sys = -1;
		if (e->sys_ret <= 0)
			break;
		if (tl_classify(e->sys_id) == TL_READ) {
			t->read_bytes += (double)e->sys_ret;
			t->n_reads++;
			if (e->sys_ret > t->read_max)
				t->read_max = e->sys_ret;
			if (through) {
				t->read_kern_ns += (double)(e->ts - t->sys_since);
				t->n_read_kern++;
			}
		} else if (tl_classify(e->sys_id) == TL_WRITE) {
			t->write_bytes += (double)e->sys_ret;
			t->n_writes++;
			if (!t->wrote && entered) {
				t->wrote = true;
				t->cpu_first_write = t->cpu_at_sys;
			}
			if (through) {
				t->write_kern_ns += (double)(e->ts - t->sys_since);
				t->n_write_kern++;
			}
		}
		break;
	}
	return 0;
}

int timeline_build(struct timeline *tl, const char *path, int root_pid,
		   const char *comm, char *err, size_t len)
{
	memset(tl, 0, sizeof(*tl));
	tl->want_comm = comm;
	tl->qos_cur = -1;
	if (root_pid) {
		struct tl_thread *t = tl_get(tl, root_pid);

		if (!t) {
			snprintf(err, len, "out of memory");
			return -1;
		}
		tl_make_root(tl, t, 0);
	}
	if (trace_read(path, tl_event, tl, &tl->info, err, len))
		return -1;
	tl_qos_account(tl, tl->t_end);
	if (!tl->root) {
		if (comm)
			snprintf(err, len, "%s: no task named %s runs in the "
				 "recording", path, comm);
		else
			snprintf(err, len, "%s: no mimic_record line (not made "
				 "by mimic record?): give --pid or --comm",
				 path);
		return -1;
	}
	for (size_t i = 0; i < tl->n; i++) {
		struct tl_thread *t = &tl->t[i];

		if (!t->in_tree)
			continue;
		if (t->on_cpu) {
			t->burst_ns += tl->t_end - t->on_since;
			t->cpu_ns += tl->t_end - t->on_since;
		}
		if (t->burst_ns)
			tl_push_burst(t);
		if (t->has_attrs)
			tl_attrs_held(t, t->died ? t->died : tl->t_end);
		/* Still blocked at the end: no length, not a blocking. */
		if (t->open_block)
			t->n_blocks--;
	}
	tl_sum_made(tl);
	return 0;
}

void timeline_free(struct timeline *tl)
{
	for (size_t i = 0; i < tl->n; i++) {
		free(tl->t[i].bursts);
		free(tl->t[i].blocks);
	}
	free(tl->t);
	free(tl->index);
	memset(tl, 0, sizeof(*tl));
}

double tl_kern_in_mean(const struct tl_thread *t, enum tl_class cls)
{
	double sum = 0;
	size_t n = 0;

	for (size_t b = 0; b < t->n_blocks; b++)
		if (t->blocks[b].cls == cls && t->blocks[b].kern &&
		    t->blocks[b].kern_in && t->blocks[b].back) {
			sum += (double)t->blocks[b].kern_in;
			n++;
		}
	return n ? sum / (double)n : 0;
}

double tl_away_mean(const struct tl_thread *t, enum tl_class cls,
		    double (*f)(double away_us))
{
	double sum = 0;
	size_t n = 0;

	for (size_t b = 0; b < t->n_blocks; b++)
		if (t->blocks[b].cls == cls && t->blocks[b].back >
						      t->blocks[b].start) {
			sum += f((double)(t->blocks[b].back -
					  t->blocks[b].start) / 1e3);
			n++;
		}
	return n ? sum / (double)n : -1;
}

double tl_kern_mean(const struct tl_thread *t, enum tl_class cls, size_t *n)
{
	double sum = 0;

	*n = 0;
	for (size_t b = 0; b < t->n_blocks; b++)
		if (t->blocks[b].cls == cls && t->blocks[b].kern &&
		    t->blocks[b].back) {
			sum += (double)t->blocks[b].kern;
			(*n)++;
		}
	return *n ? sum / (double)*n : 0;
}
