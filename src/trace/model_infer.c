/*
 * model_infer.c - the inference of `mimic model` (doc/model.md): per
 * thread, the class of blocking its loop is made of (the most frequent),
 * its CPU per iteration and the blockings' lengths as distributions,
 * less mimic's own cost of the events; periodic sleeps into timers; the
 * channels between the threads are model_links.c's. Everything left out
 * becomes a warning.
 */
#define _GNU_SOURCE
#include "trace/model_infer.h"
#include "trace/model_links.h"

#include "lib/ks.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MD_FIXED_SPREAD 0.10  /* (p90 - p10) / p50 below this: one value */
#define MD_TIMER_CV 0.05      /* wake-up intervals this regular: a timer */
#define MD_TIMER_TIE 1.1     /* intervals as narrow as the sleeps: a timer */
#define MD_TIMER_MIN 8        /* wake-ups needed to call it periodic */
#define MD_KERN_MIN 8         /* calls needed to take their kernel part */
#define MD_RUN_MIN_US 0.1     /* the least run written */
#define MD_RUN_UNSURE_US 0.5  /* runs next to other events up to this are
			       * within the error of mimic's cost: none */
/* mimic's own CPU per event, µs (md_cost) */
#define MD_COST_LOOP_US 0.3   /* an iteration and its run */
#define MD_COST_WAKE_US 9.5   /* a blocking: switched out, woken, back */
#define MD_COST_USER_US 4.1   /* a sleep's or timer's part outside the
			       * kernel (with the iteration), at least:
			       * what the recorded kernel part leaves */
#define MD_COST_COLD 3.0      /* the same per µs of the kernel's way
			       * back from it (switch in to exit): a CPU
			       * gone cold over a long sleep slows both */
#define MD_COST_HOT_US 0.45   /* any other blocking's part outside the
			       * kernel, back within MD_HOT_US */
#define MD_HOT_US 40.0
#define MD_COST_COOLING_US 0.6 /* more per doubling of the time away
				* beyond MD_HOT_US */
#define MD_COST_MSG_USER_US 0.3 /* a message read or written, beyond its
				 * call's recorded kernel part */
/* the same, whole, when the recording does not show the calls */
#define MD_COST_RECV_US 2.0   /* a message read (waiting: one read) */
#define MD_COST_SEND_US 2.0   /* a message written */
#define MD_COST_SOCK_US 3.6   /* a message read or written, AF_UNIX socket */
#define MD_COST_PROCESS_US 700.0 /* a process instance's start and end */
#define MD_COST_THREAD_US 200.0  /* a thread instance's */
#define MD_DGRAM_MAX 65536    /* mimic's largest datagram */

static double round_us(double us)
{
	return us >= 100 ? round(us) : round(us * 10) / 10;
}

/* The distribution of samples (ns, sorted here) in µs. */
static void md_dist_make(struct md_dist *d, double *ns, size_t n)
{
	double lo, hi, sum = 0;

	memset(d, 0, sizeof(*d));
	d->samples = n;
	if (!n) {
		d->n = 1;
		return;
	}
	ks_sort(ns, n);
	for (size_t i = 0; i < n; i++)
		sum += ns[i];
	d->mean = sum / (double)n / 1e3;
	d->p50 = ks_quantile(ns, n, 0.5) / 1e3;
	d->p99 = ks_quantile(ns, n, 0.99) / 1e3;
	lo = ks_quantile(ns, n, 0.1);
	hi = ks_quantile(ns, n, 0.9);
	if (n == 1 || hi - lo <= MD_FIXED_SPREAD * ks_quantile(ns, n, 0.5)) {
		d->n = 1;
		d->value[0] = round_us(d->p50);
		d->weight[0] = (double)n;
		return;
	}
	/* Bins of equal width in log space over p1..p99, the tails in the
	 * end bins; each bin's value the mean of its samples. */
	lo = fmax(ks_quantile(ns, n, 0.01), 100.0);
	hi = fmax(ks_quantile(ns, n, 0.99), lo * 1.0001);
	{
		double sums[MD_DIST_BINS] = { 0 }, cnt[MD_DIST_BINS] = { 0 };
		double step = log(hi / lo) / MD_DIST_BINS;

		for (size_t i = 0; i < n; i++) {
			double x = fmax(ns[i], 1.0);
			long b = (long)floor(log(x / lo) / step);

			if (b < 0)
				b = 0;
			if (b >= MD_DIST_BINS)
				b = MD_DIST_BINS - 1;
			sums[b] += ns[i];
			cnt[b]++;
		}
		for (int b = 0; b < MD_DIST_BINS; b++) {
			if (!cnt[b])
				continue;
			d->value[d->n] = round_us(sums[b] / cnt[b] / 1e3);
			d->weight[d->n] = cnt[b];
			d->n++;
		}
	}
}

/* The class with most blockings; outside any system call (page faults:
 * incidental) only when there is no other. */
static enum tl_class md_main_class(const struct tl_thread *t,
				   unsigned long *count)
{
	unsigned long n[TL_N_CLASSES] = { 0 };
	enum tl_class best = TL_N_CLASSES;

	for (size_t i = 0; i < t->n_blocks; i++)
		n[t->blocks[i].cls]++;
	for (int c = 0; c < TL_N_CLASSES; c++)
		if (n[c] && c != TL_NOSYS &&
		    (best == TL_N_CLASSES || n[c] > n[best]))
			best = (enum tl_class)c;
	if (best == TL_N_CLASSES && n[TL_NOSYS])
		best = TL_NOSYS;
	*count = best == TL_N_CLASSES ? 0 : n[best];
	return best;
}

/* Any thread of the tree wakes a parent's join (tl_child_exit_wakes). */
static const struct tl_thread *md_tree_thread(const void *tl, int pid)
{
	const struct tl_thread *t = timeline_find(tl, pid);

	return t && t->in_tree ? t : NULL;
}

/*
 * A parent that read no more often than it has children (their ready
 * signals) and waited for some of their ends (wait4, pthread_join's
 * futex, ended by a child's exit) is made of those waits: a join
 * (model_links.c), not a reader of ready signals.
 */
static enum tl_class md_join_class(const struct timeline *tl,
				   const struct tl_thread *t, enum tl_class cls,
				   unsigned long *count)
{
	unsigned long exits[TL_N_CLASSES] = { 0 }, kids = 0;
	enum tl_class best;

	if (cls != TL_READ && cls != TL_POLL)
		return cls;
	for (size_t i = 0; i < tl->n; i++)
		kids += tl->t[i].in_tree && tl->t[i].parent == t->pid &&
			&tl->t[i] != t;
	if (*count > kids)
		return cls;
	exits[TL_WAIT] = tl_child_exit_wakes(t, TL_WAIT, md_tree_thread, tl);
	exits[TL_FUTEX] = tl_child_exit_wakes(t, TL_FUTEX, md_tree_thread, tl);
	best = exits[TL_WAIT] >= exits[TL_FUTEX] ? TL_WAIT : TL_FUTEX;
	if (!exits[best])
		return cls;
	*count = 0;
	for (size_t b = 0; b < t->n_blocks; b++)
		*count += t->blocks[b].cls == best;
	return best;
}

/* A file-name-safe task name from a comm, unique among the first i. */
static void md_name(struct model *m, size_t i)
{
	char base[17];
	int same = 0;
	size_t k;

	snprintf(base, sizeof(base), "%s", m->t[i].src->comm[0] ?
		 m->t[i].src->comm : "task");
	for (char *c = base; *c; c++)
		if (*c == '/' || *c == '"' || *c == '\\' || *c <= ' ' ||
		    *c == 127)
			*c = '_';
	if (!strcmp(base, ".") || !strcmp(base, ".."))
		base[0] = '_';
	for (k = 0; k < i; k++)
		if (!strncmp(m->t[k].src->comm, m->t[i].src->comm, 16))
			same++;
	if (same)
		snprintf(m->t[i].name, sizeof(m->t[i].name), "%s-%d", base,
			 same + 1);
	else
		snprintf(m->t[i].name, sizeof(m->t[i].name), "%s", base);
}

/* A blocking's length: switched out to woken; a sleep's from its call's
 * entry, where its timer started (a sleep preempted before it switched
 * out was 1.6 ms shorter from the switch out, on a busy machine). */
static double md_block_len(const struct tl_block *b)
{
	unsigned long long from = b->cls == TL_SLEEP && b->entered &&
					  b->entered <= b->start ?
					  b->entered : b->start;

	return (double)(b->wake - from);
}

/* CPU per iteration: the bursts between two blockings of the loop's
 * class summed, and the lengths of those blockings (md_block_len).
 * The CPU before the first of them, when it is more than all the loop's
 * CPU after it, is a setup (hackbench's main thread forking its 80
 * children: 12 ms, its other 48 iterations 2.4 ms), run once before the
 * loop: drawn at random among the iterations it came out 0 to 3 times,
 * the thread's CPU 0.12 to 1.98 times the original's. */
static int md_shape(struct md_task *mt)
{
	const struct tl_thread *t = mt->src;
	double *cpu = malloc((t->n_blocks + 1) * sizeof(*cpu));
	double *len = malloc((t->n_blocks + 1) * sizeof(*len));
	size_t n_cpu = 0, n_len = 0;
	double acc = 0;

	if (!cpu || !len) {
		free(cpu);
		free(len);
		return -1;
	}
	for (size_t i = 0; i < t->n_bursts; i++) {
		acc += t->bursts[i];
		if (i < t->n_blocks && t->blocks[i].cls == mt->cls) {
			cpu[n_cpu++] = acc;
			acc = 0;
			len[n_len++] = md_block_len(&t->blocks[i]);
		}
	}
	/* After the last blocking: a phase of its own, not one more
	 * iteration's worth drawn into every iteration. */
	if (!n_cpu)
		cpu[n_cpu++] = acc;
	else
		mt->tail_us = round_us(acc / 1e3);
	mt->segments = n_cpu;
	if (n_cpu >= 3) {
		double rest = 0;

		for (size_t i = 1; i < n_cpu; i++)
			rest += cpu[i];
		if (cpu[0] > rest) {
			mt->head_us = round_us(cpu[0] / 1e3);
			memmove(cpu, cpu + 1, (n_cpu - 1) * sizeof(*cpu));
			n_cpu--;
		}
	}
	md_dist_make(&mt->burst, cpu, n_cpu);
	md_dist_make(&mt->wait, len, n_len);
	free(cpu);
	free(len);
	return 0;
}

/*
 * A sleep whose wake-ups come at a steady period is a timer: the middle
 * half of the intervals within MD_TIMER_CV of their median, and no wider
 * than the sleeps' own (within MD_TIMER_TIE: the sleeps make up for the
 * work, as an absolute timer's do; a fixed sleep after varying work is
 * no timer; with work too short to tell, the timer keeps the period).
 * Quartiles, not the standard deviation nor the 10th-90th percentiles:
 * on a busy VM a fifth of a timer's interrupts come late (cyclictest's
 * 1000 us: 856-1201 us between the 10th and 90th, 991-1014 between the
 * quartiles), and a late one makes the next interval short.
 */
static void md_timer(struct md_task *mt)
{
	const struct tl_thread *t = mt->src;
	double *gap = malloc(t->n_blocks * sizeof(*gap));
	double *len = malloc(t->n_blocks * sizeof(*len));
	double prev = 0, mid, gap_spread, len_spread;
	size_t n = 0;

	if (!gap || !len)
		goto out;
	for (size_t i = 0; i < t->n_blocks; i++) {
		if (t->blocks[i].cls != TL_SLEEP)
			continue;
		if (prev) {
			gap[n] = (double)t->blocks[i].wake - prev;
			len[n++] = md_block_len(&t->blocks[i]);
		}
		prev = (double)t->blocks[i].wake;
	}
	if (n + 1 < MD_TIMER_MIN)
		goto out;
	ks_sort(gap, n);
	ks_sort(len, n);
	mid = ks_quantile(gap, n, 0.5);
	gap_spread = ks_quantile(gap, n, 0.75) - ks_quantile(gap, n, 0.25);
	len_spread = ks_quantile(len, n, 0.75) - ks_quantile(len, n, 0.25);
	if (gap_spread <= MD_TIMER_CV * mid &&
	    gap_spread <= MD_TIMER_TIE * len_spread) {
		mt->block = MD_TIMER;
		mt->period_us = round_us(mid / 1e3);
		mt->jitter_us = gap_spread / 2e3;
	}
out:
	free(gap);
	free(len);
}

bool md_kern_measured(const struct md_task *mt)
{
	return mt->kern_n >= MD_KERN_MIN;
}

/* mimic's part outside the kernel of a blocking away for away_us: the
 * longer the CPU ran others or idled, the colder mimic finds it (a
 * mimic ping-pong whose partner ran 1 to 2000 µs, doc/model.md step 7) */
static double md_user_after(double away_us)
{
	return MD_COST_HOT_US +
	       MD_COST_COOLING_US * log2(fmax(away_us, MD_HOT_US) / MD_HOT_US);
}

/*
 * mimic's part of a blocking outside the kernel, µs. After a sleep or a
 * timer it grows with how cold the CPU went, as the kernel's way back
 * does: about MD_COST_COLD times that (a mimic sleep loop of 1 to 50 ms
 * recorded here: 2.3-4.0 times, 3.0 the median); never below the
 * constant measured on a 1 ms timer. After any other, with the time it
 * was away: the mean over its blockings, with the machine's own offset
 * (--costs), never below nothing.
 */
static double md_user_us(const struct model *m, const struct md_task *mt)
{
	double away;

	if (mt->cls == TL_SLEEP)
		return fmax(MD_COST_USER_US, MD_COST_COLD * mt->kern_in_us);
	away = tl_away_mean(mt->src, mt->cls, md_user_after);
	return fmax((away < 0 ? MD_COST_USER_US : away) + m->costs.block_us, 0);
}

/*
 * mimic's CPU for a message read or written: the call's kernel part as
 * the recording shows it (a write that wakes a waiting reader costs
 * several times one that does not: perf bench sched pipe's writes 4.9 us,
 * a flood's 0.5-0.9), and mimic's part outside it; whole when the
 * recording did not show the calls.
 */
static double md_msg_us(double kern_us, double whole_us)
{
	return kern_us >= 0 ? kern_us + MD_COST_MSG_USER_US : whole_us;
}

/*
 * mimic's own CPU per iteration: what its events cost beyond their
 * `run` (measured here on a 2-CPU VM while recording: doc/model.md). The
 * recorded CPU holds the original's own read, write and wake-up costs,
 * which the model's events redo, so this is taken off the run. The
 * kernel's part of a blocking (the system call's entry to the switch out,
 * the switch in to its exit) is the same call in the model: when the
 * recording shows it, it is taken from there, as the machine ran then,
 * and only mimic's part outside the kernel is a constant; the blocking
 * read's copy is in that part, so its message costs no read more.
 */
static double md_cost(const struct model *m, const struct md_task *mt)
{
	double c = MD_COST_LOOP_US, blocks = 0, reads;
	bool measured = md_kern_measured(mt);

	/* A sender that blocked on its full channel blocks so again:
	 * the back-pressure is the original's (doc/model.md step 5). */
	if ((mt->block != MD_NONE || mt->cls == TL_WRITE) && mt->loops > 0)
		blocks = fmin((double)mt->cycles, (double)mt->loops);
	if (mt->loops > 0)
		c += (measured ? mt->kern_us + md_user_us(m, mt) - MD_COST_LOOP_US
			       : MD_COST_WAKE_US + (mt->cls == TL_SLEEP ? 0 :
							    m->costs.block_us)) *
		     blocks / (double)mt->loops;
	if (mt->block == MD_RECV) {
		/* A message taken in reads of at most `read` bytes is as
		 * many calls (wc's 16 KiB of gzip's 248 KiB: 16). */
		reads = (double)mt->per_recv *
			(mt->read > 0 && mt->bytes > mt->read ?
				 ceil((double)mt->bytes / (double)mt->read) : 1);
		if (measured && mt->loops > 0)
			reads = fmax(reads - blocks / (double)mt->loops, 0);
		c += md_msg_us(mt->recv_kern_us, mt->chan == TL_CHAN_PIPE ?
						 MD_COST_RECV_US :
						 MD_COST_SOCK_US) *
		     reads;
	}
	for (size_t l = 0; l < mt->n_out; l++)
		if (mt->out[l].when == MD_EACH)
			c += md_msg_us(mt->send_kern_us,
				       m->t[mt->out[l].to].chan == TL_CHAN_PIPE ?
					       MD_COST_SEND_US :
					       MD_COST_SOCK_US) *
			     (double)mt->out[l].count /
			     (double)(mt->out[l].every > 1 ? mt->out[l].every
							    : 1);
	return c;
}

/* The weighted mean of d's bins, each shifted down by shift and kept at
 * MD_RUN_MIN_US at least. */
static double md_clamped_mean(const struct md_dist *d, double shift)
{
	double sum = 0, w = 0;

	for (int i = 0; i < d->n; i++) {
		sum += d->weight[i] * fmax(d->value[i] - shift, MD_RUN_MIN_US);
		w += d->weight[i];
	}
	return w > 0 ? sum / w : MD_RUN_MIN_US;
}

/*
 * The shift that takes d's mean to per once its bins are kept at the
 * floor: a plain shift (mean - per) raises the mean again wherever a bin
 * falls below the floor, as most of cyclictest's periods do (its CPU per
 * period is about mimic's cost of a timer wake-up). The clamped mean
 * falls as the shift grows: bisection.
 */
static double md_shift_to_mean(const struct md_dist *d, double per)
{
	double lo = d->mean - per, hi = lo;

	for (int i = 0; i < d->n; i++)
		hi = fmax(hi, d->value[i] - MD_RUN_MIN_US);
	if (per <= MD_RUN_MIN_US || md_clamped_mean(d, lo) <= per)
		return per <= MD_RUN_MIN_US ? hi : lo;
	for (int k = 0; k < 60; k++) {
		double mid = (lo + hi) / 2;

		if (md_clamped_mean(d, mid) > per)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/* d shifted to a mean of per µs, each value kept at the floor at least. */
static void md_burst_to_mean(struct md_dist *d, double per)
{
	double shift = md_shift_to_mean(d, per);

	for (int i = 0; i < d->n; i++)
		d->value[i] = round_us(fmax(d->value[i] - shift,
					    MD_RUN_MIN_US));
	d->p50 = fmax(d->p50 - shift, MD_RUN_MIN_US);
	d->p99 = fmax(d->p99 - shift, MD_RUN_MIN_US);
	d->mean = fmax(per, MD_RUN_MIN_US);
}

/* Takes up to cost µs off *us (rounded; 0 when all of it); what is left
 * of cost. */
static double md_take(double *us, double cost)
{
	double take = fmin(cost, *us);

	if (*us <= 0)
		return cost;
	*us = take < *us ? round_us(*us - take) : 0;
	return cost - take;
}

/*
 * A sender's setup ends at its first write at the latest: after it may
 * come its first messages (a hackbench sender: its ready byte at 1.5 ms,
 * then 4.2 ms of writing until a socket was full, of its 14.9 ms), which
 * the model's loop sends and pays for again. When mimic's cost of the
 * loop's events is more than the loop's CPU, the setup's CPU after that
 * write goes to the loop, up to what the loop lacks; otherwise the
 * totals are the same either way, and a write there may as well be a
 * line on stdout before the setup's work (hackbench's parent forks
 * after its banner).
 */
static void md_head_until_write(struct md_task *mt, double *loop_us)
{
	const struct tl_thread *t = mt->src;
	bool sends = false;
	double after, lack;

	for (size_t l = 0; l < mt->n_out; l++)
		sends |= mt->out[l].when == MD_EACH;
	if (!sends || !t->wrote || mt->head_us <= 0)
		return;
	after = mt->head_us - (double)t->cpu_first_write / 1e3;
	lack = (double)mt->loops * (mt->cost_us + MD_RUN_MIN_US) - *loop_us;
	if (after <= 0 || lack <= 0)
		return;
	if (after > lack)
		after = lack;
	*loop_us += after;
	mt->head_us = round_us(mt->head_us - after);
}

/*
 * The run of an iteration: the recorded CPU of the loop (its last CPU
 * too when the loop is driven by messages now), spread over the model's
 * iterations, less mimic's own cost of the iteration's events. When the
 * iterations are the recorded blockings (within 20 %), the recorded
 * distribution shifted by the difference; else one number.
 */
static void md_run_budget(struct model *m, struct md_task *mt)
{
	bool same = mt->loops > 0 &&
		    fabs((double)mt->loops - (double)mt->segments) <=
			    0.2 * (double)mt->segments;
	/* A setup taken out leaves its iteration a typical one's CPU */
	double loop_us = mt->burst.mean * (double)(same ? mt->segments :
						   mt->burst.samples),
	       per, start;

	if (mt->loops < 1)
		return;
	mt->cost_us = md_cost(m, mt);
	/* Iterations by messages now: the CPU after the last blocking goes
	 * into them (a sender's last writes are there); a setup stays
	 * once, before them (wc's exec, 1 ms, against 0.6 ms of reading:
	 * spread over its 45 reads it made each slower than gzip's writes,
	 * and gzip blocked at each) */
	if (!same) {
		loop_us += mt->tail_us;
		mt->tail_us = 0;
	}
	md_head_until_write(mt, &loop_us);
	/* mimic's start and end of the instance: from the CPU after the
	 * last blocking (the original's exit is there), then from its
	 * setup's (its exec), the rest from the loop's */
	start = mt->as_thread ? MD_COST_THREAD_US : MD_COST_PROCESS_US;
	start = md_take(&mt->tail_us, start);
	start = md_take(&mt->head_us, start);
	per = loop_us / (double)mt->loops - mt->cost_us;
	if (per - start / (double)mt->loops >= MD_RUN_MIN_US)
		per -= start / (double)mt->loops;
	else if (per > MD_RUN_MIN_US)
		per = MD_RUN_MIN_US;
	if (per < MD_RUN_MIN_US)
		model_warn(m, "%s: its CPU per iteration (%.1f us) is less than "
			"mimic's own cost of the iteration's events (%.1f us): "
			"the model runs longer", mt->name,
			loop_us / (double)mt->loops, mt->cost_us);
	if (!same) {
		if (mt->loops != (long long)mt->segments && mt->block == MD_NONE)
			model_warn(m, "%s: %lld iterations for its %zu recorded "
				"blockings (one per write to each receiver): "
				"its CPU per iteration is one number", mt->name,
				mt->loops, mt->segments);
		else if (mt->loops != (long long)mt->segments &&
			 mt->per_recv > 1)
			model_warn(m, "%s: %lld iterations for its %zu recorded "
				"blockings (one per %ld messages it reads): its "
				"CPU per iteration is one number", mt->name,
				mt->loops, mt->segments, mt->per_recv);
		else if (mt->loops != (long long)mt->segments)
			model_warn(m, "%s: %lld iterations for its %zu recorded "
				"blockings (one per message it reads): its CPU "
				"per iteration is one number", mt->name,
				mt->loops, mt->segments);
		mt->burst.n = 1;
		mt->burst.value[0] = round_us(fmax(per, MD_RUN_MIN_US));
		mt->burst.p50 = mt->burst.p99 = mt->burst.value[0];
		mt->burst.mean = mt->burst.value[0];
		return;
	}
	md_burst_to_mean(&mt->burst, per);
}

/*
 * A run at the floor is not written when the iteration has another
 * event: the event alone costs mimic more than the work it stands for
 * (a second `run` of 0.1 in a loop: 0.17 us more per iteration
 * here), and it is at the floor because mimic's cost of the other
 * events is already more than the recorded CPU. Inferred, nor is one of
 * at most MD_RUN_UNSURE_US: less than the error of that cost, it only
 * moves a ping-pong's timing (doc/model.md step 7); a run --refine
 * measured lacking is written from the floor (limit_us).
 */
static void md_floor_run(struct md_task *mt, double limit_us)
{
	bool other = mt->block != MD_NONE, floor = true;

	for (size_t l = 0; l < mt->n_out; l++)
		other = other || mt->out[l].when == MD_EACH;
	for (int i = 0; i < mt->burst.n; i++)
		floor = floor && mt->burst.value[i] <= limit_us;
	mt->no_run = other && mt->loops >= 1 && floor;
}

/*
 * A task's runs corrected by what its model's run cost more (excess_us
 * > 0) or less than the original (model_refine.c). A surplus comes off
 * the setup's run first, where mimic's start of an instance is, then off
 * the CPU after the last blocking, then off each iteration's run down to
 * the floor; a shortfall goes to the iterations' runs (to the setup's,
 * without iterations). What could not be taken off, µs.
 */
double md_correct_runs(struct md_task *mt, double excess_us)
{
	double now, per;

	if (excess_us > 0) {
		excess_us = md_take(&mt->head_us, excess_us);
		excess_us = md_take(&mt->tail_us, excess_us);
	}
	if (excess_us < 0 && (mt->loops < 1 || mt->burst.n < 1)) {
		mt->head_us = round_us(mt->head_us - excess_us);
		return 0;
	}
	if (!excess_us || mt->loops < 1 || mt->burst.n < 1)
		return excess_us;
	/* A run not written costs nothing: nothing to take off, and less
	 * than the floor to add is not a run. */
	now = mt->no_run ? 0 : mt->burst.mean;
	per = now - excess_us / (double)mt->loops;
	if (mt->no_run && per < MD_RUN_MIN_US)
		return excess_us;
	per = fmax(per, MD_RUN_MIN_US);
	md_burst_to_mean(&mt->burst, per);
	mt->no_run = false;
	md_floor_run(mt, MD_RUN_MIN_US);
	return excess_us - (now - per) * (double)mt->loops;
}

/*
 * What mt reads from, by the channels the nearest of its process and its
 * ancestors that made any made (tl_channels_made): sockets of one
 * kind and no pipe, that socket; else a pipe, with a warning when
 * sockets were made too. A join's channel is mimic's stand-in for a
 * wait: a pipe. A datagram is at most MD_DGRAM_MAX bytes.
 */
static void md_channel(struct model *m, const struct timeline *tl,
		       struct md_task *mt, size_t i)
{
	unsigned long made[TL_N_CHANS];

	mt->chan = TL_CHAN_PIPE;
	if (mt->joins || mt->block == MD_FUTEX ||
	    (mt->block != MD_RECV && !mt->in_start && !mt->in_end))
		return;
	tl_channels_made(tl, mt->src, made);
	if (!made[TL_CHAN_STREAM] && !made[TL_CHAN_DGRAM] &&
	    !made[TL_CHAN_OTHER])
		return;
	if (made[TL_CHAN_PIPE] || made[TL_CHAN_OTHER] ||
	    (made[TL_CHAN_STREAM] && made[TL_CHAN_DGRAM])) {
		model_warn(m, "%s: its process or its ancestor made %lu "
			"pipes, %lu stream, %lu datagram and %lu other socket "
			"pairs: which it reads is not known, a pipe", mt->name,
			made[TL_CHAN_PIPE], made[TL_CHAN_STREAM],
			made[TL_CHAN_DGRAM], made[TL_CHAN_OTHER]);
		return;
	}
	mt->chan = made[TL_CHAN_STREAM] ? TL_CHAN_STREAM : TL_CHAN_DGRAM;
	if (mt->chan != TL_CHAN_DGRAM)
		return;
	mt->read = 0; /* one read takes a datagram whole */
	if (mt->bytes > MD_DGRAM_MAX)
		mt->bytes = MD_DGRAM_MAX;
	for (size_t s = 0; s < m->n; s++)
		for (size_t l = 0; l < m->t[s].n_out; l++)
			if (m->t[s].out[l].to == (int)i &&
			    m->t[s].out[l].bytes > MD_DGRAM_MAX)
				m->t[s].out[l].bytes = MD_DGRAM_MAX;
}

/* " (NR 56 x5, NR 61 x1)": the other system calls blocked in. */
static const char *md_sys_list(const struct tl_thread *t)
{
	static char out[128];
	long nr[4];
	unsigned long cnt[4] = { 0 };
	int n = 0;
	size_t at;

	for (size_t b = 0; b < t->n_blocks; b++) {
		int k;

		if (t->blocks[b].cls != TL_OTHER)
			continue;
		for (k = 0; k < n && nr[k] != t->blocks[b].sys; k++)
			;
		if (k == n && n < 4)
			nr[n++] = t->blocks[b].sys;
		if (k < n)
			cnt[k]++;
	}
	at = (size_t)snprintf(out, sizeof(out), " (");
	for (int k = 0; k < n; k++)
		at += (size_t)snprintf(out + at, sizeof(out) - at,
				       "%sNR %ld x%lu", k ? ", " : "", nr[k],
				       cnt[k]);
	snprintf(out + at, sizeof(out) - at, ")");
	return out;
}

/* What a thread did that its loop leaves out. */
static void md_leftovers(struct model *m, struct md_task *mt)
{
	unsigned long n[TL_N_CLASSES] = { 0 };

	for (size_t b = 0; b < mt->src->n_blocks; b++)
		n[mt->src->blocks[b].cls]++;
	for (int c = 0; c < TL_N_CLASSES; c++) {
		if (!n[c] || (enum tl_class)c == mt->cls)
			continue;
		if (c == TL_WRITE)
			model_warn(m, "%s: %lu blockings in write (a full "
				"channel): not an event; the model's sends "
				"block when its receivers lag", mt->name, n[c]);
		else
			model_warn(m, "%s: %lu blockings in %s%s left out (its "
				"loop is made of its %lu in %s; their CPU is "
				"kept)", mt->name, n[c], tl_class_name(c),
				c == TL_OTHER ? md_sys_list(mt->src) : "",
				mt->cycles, tl_class_name(mt->cls));
	}
}

/*
 * Which tasks are threads of mimic: the threads, and a process whose
 * threads are modelled (they are mimic's threads, so it is one too: the
 * original's shared one address space; cyclictest's main thread as a
 * process of its own, its 10 ms sleeps switching address spaces, ran
 * 1.4 times its CPU).
 */
static void md_as_threads(struct model *m)
{
	for (size_t i = 0; i < m->n; i++)
		m->t[i].as_thread = m->t[i].src->is_thread;
	for (size_t i = 0; i < m->n; i++)
		for (size_t j = 0; m->t[i].src->is_thread && j < m->n; j++)
			if (m->t[j].src->pid == m->t[i].src->tgid)
				m->t[j].as_thread = true;
}

/*
 * The /dev/cpu_dma_latency limit the tree held (cyclictest holds 0 for
 * its whole run, which keeps the CPUs out of deep idle states and makes
 * every wake-up cheaper): the value its tightest request held longest,
 * when that was at least half the run; the rest named in warnings.
 */
static void md_qos(struct model *m, const struct timeline *tl)
{
	const struct tl_qos_held *best = NULL;

	m->cpu_dma_latency_us = -1;
	for (size_t k = 0; k < tl->n_qos_held; k++)
		if (!best || tl->qos_held[k].ns > best->ns)
			best = &tl->qos_held[k];
	if (!best)
		return;
	if ((double)best->ns >= 0.5 * m->elapsed_s * 1e9)
		m->cpu_dma_latency_us = best->us;
	else
		model_warn(m, "the tree held /dev/cpu_dma_latency at %ld us "
			"for %.3f s of its %.3f s: not modelled", best->us,
			(double)best->ns / 1e9, m->elapsed_s);
	for (size_t k = 0; k < tl->n_qos_held; k++)
		if (&tl->qos_held[k] != best && m->cpu_dma_latency_us >= 0)
			model_warn(m, "the tree also held /dev/cpu_dma_latency "
				"at %ld us for %.3f s: the model holds %ld us "
				"for its whole run", tl->qos_held[k].us,
				(double)tl->qos_held[k].ns / 1e9,
				m->cpu_dma_latency_us);
}

int model_infer(struct model *m, const struct timeline *tl,
		const struct md_costs *costs)
{
	unsigned long long last = tl->t0;

	memset(m, 0, sizeof(*m));
	if (costs)
		m->costs = *costs;
	m->n_cpus = tl->info.n_cpus;
	m->t = calloc(tl->n ? tl->n : 1, sizeof(*m->t));
	if (!m->t)
		return -1;
	/* The tree's threads, in the order they were born. */
	for (size_t i = 0; i < tl->n; i++) {
		const struct tl_thread *t = &tl->t[i];

		if (!t->in_tree)
			continue;
		if (!t->cpu_ns && !t->n_blocks) {
			model_warn(m, "%s (pid %d): never ran in the recording: "
				"left out", t->comm, t->pid);
			continue;
		}
		m->t[m->n++].src = t;
	}
	for (size_t i = 1; i < m->n; i++)
		for (size_t k = i; k > 0 && m->t[k].src->born <
				   m->t[k - 1].src->born; k--) {
			struct md_task x = m->t[k];

			m->t[k] = m->t[k - 1];
			m->t[k - 1] = x;
		}
	for (size_t i = 0; i < m->n; i++) {
		struct md_task *mt = &m->t[i];
		const struct tl_thread *t = mt->src;
		unsigned long long end = t->died ? t->died : tl->t_end;

		md_name(m, i);
		if (!t->has_attrs && t->kprio >= 0 && t->kprio < 100)
			model_warn(m, "%s: no mimic_task line: real-time priority "
				"%d from sched_switch, SCHED_FIFO assumed (RR "
				"is not told apart)", mt->name, 99 - t->kprio);
		mt->cls = md_main_class(t, &mt->cycles);
		mt->cls = md_join_class(tl, t, mt->cls, &mt->cycles);
		mt->kern_us = tl_kern_mean(t, mt->cls, &mt->kern_n) / 1e3;
		mt->kern_in_us = tl_kern_in_mean(t, mt->cls) / 1e3;
		mt->recv_kern_us = t->n_read_kern >= MD_KERN_MIN ?
			t->read_kern_ns / (double)t->n_read_kern / 1e3 : -1;
		mt->send_kern_us = t->n_write_kern >= MD_KERN_MIN ?
			t->write_kern_ns / (double)t->n_write_kern / 1e3 : -1;
		if (md_shape(mt))
			return -1;
		mt->loops = mt->cycles ? (long long)mt->cycles : 1;
		mt->delay_us = t->root ? 0 : round_us((t->born - tl->t0) / 1e3);
		mt->elapsed_s = (end - t->born) / 1e9;
		if (end > last)
			last = end;
		if (t->n_reads)
			mt->bytes = lround(t->read_bytes / t->n_reads);
		if (mt->bytes < 8)
			mt->bytes = 8;
		if (mt->bytes > 65536)
			mt->bytes = 65536;
		if (t->is_thread)
			m->any_thread = true;
		else
			m->any_process = true;
		switch (mt->cls) {
		case TL_SLEEP: mt->block = MD_SLEEP; md_timer(mt); break;
		case TL_READ: case TL_POLL: mt->block = MD_RECV; break;
		case TL_FUTEX: mt->block = MD_FUTEX; break;
		case TL_WRITE: case TL_N_CLASSES: mt->block = MD_NONE; break;
		default: mt->block = MD_SLEEP; break;
		}
	}
	m->elapsed_s = (last - tl->t0) / 1e9;
	md_qos(m, tl);
	md_as_threads(m);
	if (model_links(m))
		return -1;
	for (size_t i = 0; i < m->n; i++)
		md_channel(m, tl, &m->t[i], i);
	for (size_t i = 0; i < m->n; i++) {
		struct md_task *mt = &m->t[i];

		md_leftovers(m, mt);
		md_run_budget(m, mt);
		md_floor_run(mt, MD_RUN_UNSURE_US);
		if (mt->block == MD_SLEEP && (mt->cls == TL_OTHER ||
					      mt->cls == TL_NOSYS))
			model_warn(m, "%s: its %lu blockings in %s are modelled "
				"as sleeps of their recorded length", mt->name,
				mt->cycles, tl_class_name(mt->cls));
		if (mt->block == MD_RECV && mt->joins)
			model_warn(m, "%s: its %lu blockings in %s are a join: "
				"it reads a message its children send as they "
				"end", mt->name, mt->cycles,
				tl_class_name(mt->cls));
		else if (mt->block == MD_RECV && mt->cycles > 0 &&
			 mt->cls != TL_READ && mt->cls != TL_POLL)
			model_warn(m, "%s: its %lu blockings in %s are replaced by "
				"the recv of what the threads it woke from a "
				"full channel send it", mt->name, mt->cycles,
				tl_class_name(mt->cls));
	}
	if (tl->info.missed)
		model_warn(m, "the recording lost %llu events (its kernel buffer "
			"was full): the threads' timelines have gaps",
			tl->info.missed);
	return 0;
}
