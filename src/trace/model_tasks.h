/*
 * model_tasks.h - an inferred model (doc/model.md): one task per
 * recorded thread, its loop, its blocking, its links to the threads it
 * sends to, and the warnings of the inference.
 */
#ifndef MIMIC_TRACE_MODEL_TASKS_H
#define MIMIC_TRACE_MODEL_TASKS_H

#include <stdbool.h>
#include <stddef.h>

#include "trace/model_costs.h"
#include "trace/model_timeline.h"

#define MD_DIST_BINS 12
#define MD_ONCE_MAX 4         /* messages on a link sent once, at most */

/* A duration's distribution in µs: one value, or an empirical choice. */
struct md_dist {
	int n;                        /* 1: fixed value[0]; more: choice */
	double value[MD_DIST_BINS];   /* µs */
	double weight[MD_DIST_BINS];  /* samples in the bin */
	unsigned long samples;
	double p50, p99, mean;        /* µs, of the samples */
};

enum md_block {
	MD_NONE,    /* runs (and sends) only */
	MD_SLEEP,   /* sleep for the recorded blocking's length */
	MD_TIMER,   /* a periodic timer */
	MD_RECV,    /* recv from its channel (read, recv, poll) */
	MD_FUTEX,   /* futex_wait on its word */
};

/* Messages (or futex posts) a thread sends a receiver each iteration. */
struct md_link {
	int to;             /* index of the receiving md_task */
	long count;         /* per iteration of the sender */
	long bytes;         /* a message's size */
	unsigned long wakes; /* wake-ups seen in the recording */
	bool by_volume;     /* messages as the sender's writes, not wake-ups */
	enum { MD_EACH, MD_AT_START, MD_AT_END, MD_SPREAD } when;
				/* per iteration, once (a ready signal, a
				 * result), or count messages in all, one at
				 * each of at[] */
	double at[MD_ONCE_MAX]; /* MD_SPREAD: when each was sent, as a share
				 * of the sender's life (0 born, 1 ended) */
	long every;         /* MD_EACH: sent in every n-th iteration only
			     * (send's "every"); 0 or 1: each */
};

/* The messages a link of a sender that iterates `loops` times carries
 * through its loop: every n-th iteration's (C's truncation, as the
 * template's `/` does), else each one's. */
static inline long long md_link_in_loop(const struct md_link *ln,
					long long loops)
{
	return ln->count * (ln->every > 1 ? loops / ln->every : loops);
}

struct md_task {
	const struct tl_thread *src;
	char name[48];
	enum tl_class cls;          /* the blockings the loop is made of */
	enum md_block block;
	unsigned long cycles;       /* those blockings in the recording */
	long long loops;            /* the model's iterations */
	struct md_dist burst;       /* CPU per iteration */
	bool no_run;                /* burst at the floor: no `run` written
				     * (the event costs mimic more) */
	size_t segments;            /* CPU between blockings: the recorded
				     * iterations, the setup's too */
	double head_us;             /* CPU before the first, when a setup
				     * (more than all the loop's after it) */
	double tail_us;             /* CPU after the last blocking */
	struct md_dist wait;        /* a sleep's length */
	double period_us, jitter_us; /* MD_TIMER */
	long bytes;                 /* MD_RECV: a message's size */
	enum tl_chan chan;          /* what it reads from: pipe or socket */
	long per_recv;              /* MD_RECV: messages read per iteration */
	long read;                  /* MD_RECV: bytes per read() when its
				     * reads were smaller than a message,
				     * else 0 (each read whole) */
	long long in_start, in_end; /* messages read once, before/after */
	double cost_us;             /* mimic's own CPU per iteration */
	double kern_us;             /* the kernel's part of a blocking of cls */
	double kern_in_us;          /* its switch in to the call's exit */
	size_t kern_n;              /* the blockings it was measured on */
	/* the kernel's part of a message read without blocking and of a
	 * message written, as recorded (model_timeline.h); < 0: too few
	 * calls seen to tell */
	double recv_kern_us, send_kern_us;
	bool sends_first;           /* sends, then blocks (it starts chains) */
	bool joins;                 /* its recv is its children's ends */
	bool joins_in_order;        /* each child's from its own channel, in
				     * the order they were born (a
				     * pthread_join, not a wait for any) */
	bool as_thread;             /* a thread of mimic: a thread, or a
				     * process whose threads are modelled */
	struct md_link *out;
	size_t n_out;
	double delay_us;            /* forked this long after the root */
	double elapsed_s;           /* its life in the recording */
};

struct model {
	struct md_task *t;
	size_t n;
	char **warn;
	size_t n_warn;
	double elapsed_s;           /* the root's start to the last exit */
	int n_cpus;
	bool any_thread, any_process;
	int refined;                /* runs of it measured to correct it */
	long cpu_dma_latency_us;    /* the tree's PM QoS limit, -1: none */
	struct md_costs costs;      /* the machine's, beyond the constants */
};

/* Adds a warning to m (printf-style; dropped when out of memory). */
void model_warn(struct model *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

void model_free(struct model *m);

#endif
