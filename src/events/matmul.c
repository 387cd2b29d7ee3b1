/*
 * matmul.c - "matmul": real CPU and cache work, schbench's naive matrix
 * multiplication C = A x B of n x n unsigned longs (i-j-k loops), count
 * times, on matrices of the thread's own.
 *   "matmul": {"size": n | "footprint": bytes, "count": 1, "fill": false,
 *              "op_time": us}
 * "footprint" gives n as schbench's -F does: the largest n whose three
 * matrices fit in it. The time it takes is logged as run time.
 * With op_time, each multiplication stands for that much CPU time, not
 * for the same instructions: the same loop runs up to 70 % slower with
 * where it sits across 64-byte lines, and on some CPUs changes speed from
 * one timer tick to the next there, so an equal count is not an equal
 * amount of work. Before time zero mimic times its own rows of n x n on
 * the thread's CPU clock (once per size and process, printed) in a loop
 * placed to run at one speed, and does count x op_time of them in that
 * loop, whole rows, as many as that takes; the run times its executions
 * again and sets the rows anew when their speed is off (matmul_pace.c).
 */
#include "events/matmul.h"
#include "events/matmul_pace.h"

#include "event.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parser.h"
#include "event_ctx.h"
#include "lib/ks.h"
#include "lib/timeutil.h"
#include "model/dump_value.h"

#include "lib/notice.h"

#include <json-c/json.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MATMUL_N_MAX 16384

static size_t matmul_bytes(int64_t n)
{
	return 3 * sizeof(unsigned long) * (size_t)n * (size_t)n;
}

unsigned long *matmul_buffer_create(int64_t n, bool fill)
{
	size_t bytes = matmul_bytes(n), page = (size_t)sysconf(_SC_PAGESIZE);
	size_t nn = (size_t)n * (size_t)n;
	unsigned long *buf = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	volatile unsigned char *vb;
	unsigned sum = 0;

	if (buf == MAP_FAILED)
		return NULL;
	if (fill) {
		for (size_t k = 0; k < 2 * nn; k++)
			buf[k] = (unsigned long)(k * 2654435761u) & 0xff;
	} else {
		/* Read faults map the zero page, as schbench's inputs get. */
		vb = (volatile unsigned char *)buf;
		for (size_t off = 0; off < 2 * nn * sizeof(*buf); off += page)
			sum += vb[off];
		__asm__ volatile("" : : "r"(sum));
	}
	memset(buf + 2 * nn, 0, nn * sizeof(*buf));
	return buf;
}

void matmul_buffer_free(unsigned long *buf, int64_t n)
{
	munmap(buf, matmul_bytes(n));
}

int64_t matmul_n_for_footprint(int64_t bytes)
{
	/* sqrt(kb * 1024 / 3 / sizeof(unsigned long)), truncated. */
	int64_t elems = bytes / 3 / (int64_t)sizeof(unsigned long);
	int64_t n = (int64_t)sqrt((double)elems);

	while (n > 0 && n * n > elems)
		n--;
	while ((n + 1) * (n + 1) <= elems)
		n++;
	return n;
}

struct matmul_args {
	int64_t n;                /* matrix dimension */
	int64_t footprint;        /* bytes, the other way to give n */
	int64_t count;            /* multiplications */
	bool fill;                /* real input matrices (task-wide) */
	int64_t op_ns;            /* CPU time per multiplication; 0: as fast
				   * as mimic's own loop runs */
};

static const struct key matmul_keys[] = {
	{ .name = "size", .type = KEY_COUNT,
	  .offset = offsetof(struct matmul_args, n), .min = 1,
	  .max = MATMUL_N_MAX, .flags = KEYF_NO_DEFAULT,
	  .help = "n: the matrices are n x n" },
	{ .name = "footprint", .type = KEY_COUNT,
	  .offset = offsetof(struct matmul_args, footprint), .min = 24,
	  .max = INT64_C(1) << 40, .unit = "bytes", .flags = KEYF_NO_DEFAULT,
	  .help = "n as schbench -F: the largest whose 3 matrices fit" },
	{ .name = "count", .type = KEY_COUNT,
	  .offset = offsetof(struct matmul_args, count), .min = 0,
	  .max = INT64_C(1) << 40, .def = 1,
	  .help = "multiplications per execution (1)" },
	{ .name = "fill", .type = KEY_BOOL,
	  .offset = offsetof(struct matmul_args, fill), .def = false,
	  .help = "real input matrices, not the zero page (false)" },
	{ .name = "op_time", .type = KEY_DURATION_US,
	  .offset = offsetof(struct matmul_args, op_ns),
	  .max = KEY_DURATION_MAX_US, .unit = "us",
	  .help = "CPU time one multiplication stands for, e.g. schbench -C's; "
		  "mimic's rows are timed at start (0: unscaled)" },
	{ NULL }
};

static int matmul_parse(struct parser *p, const char *path,
			const struct jnode *v, struct event *ev)
{
	struct matmul_args *a = ev->args;
	const struct jnode *fp;

	if (v->type != J_OBJECT) {
		parser_error(p, v, path, "expected an object, got %s",
			     jtype_name(v->type));
		return -1;
	}
	fp = jtree_get(v, "footprint");
	if (keys_walk(p, path, v, matmul_keys, a))
		return -1;
	if (!jtree_get(v, "size") == !fp) {
		parser_error(p, v, path, "needs one of \"size\" and \"footprint\"");
		return -1;
	}
	if (fp) {
		a->n = matmul_n_for_footprint(a->footprint);
		if (a->n > MATMUL_N_MAX) {
			parser_error(p, fp, parser_path(p, path, "footprint"),
				     "matrices of %lld x %lld are too large "
				     "(at most %d)", (long long)a->n,
				     (long long)a->n, MATMUL_N_MAX);
			return -1;
		}
	}
	return 0;
}

/* Per thread: matrices for the task's largest matmul, and the paces. */
struct matmul_state {
	unsigned long *m;         /* three matrices of n x n */
	int64_t n;
	struct matmul_pace *paces;
	size_t n_paces;
};

#if defined(__x86_64__)
/*
 * Row i of C = A x B in the instructions gcc 12 -O2 makes of schbench
 * 24e32b8's do_some_math, registers as schbench's (rbx and rbp renamed
 * r12 and r13: the same encoding lengths). The operands sit in the
 * registers the loop uses, 11 in all, so that a build keeping a frame
 * pointer (the sanitizers') still has enough. J_SKIP places the j loop
 * that many bytes into a 64-byte line; the k loop starts 16 bytes later.
 */
#define MATMUL_ROW_ASM(J_SKIP)						\
	"lea (%%r11,%%r13,8), %%r9\n\t"     /* end of row i of A */	\
	"lea (,%%r13,8), %%r8\n\t"          /* a row of B, bytes */	\
	"sub %%rdi, %%r12\n\t"              /* B[0][j] - C[i][j] */	\
	"xor %%r10d, %%r10d\n\t"					\
	"jmp 1f\n\t"							\
	".p2align 6\n\t"						\
	".skip " #J_SKIP ", 0x90\n"					\
	"1:\tmovq $0x0, (%%rdi)\n\t"       /* the j loop */		\
	"lea (%%rdi,%%r12,1), %%rsi\n\t"				\
	"mov %%r11, %%rax\n\t"						\
	"xor %%ecx, %%ecx\n"						\
	"2:\tmov (%%rax), %%rdx\n\t"       /* the k loop */		\
	"imul (%%rsi), %%rdx\n\t"					\
	"add $0x8, %%rax\n\t"						\
	"add %%r8, %%rsi\n\t"						\
	"add %%rdx, %%rcx\n\t"						\
	"mov %%rcx, (%%rdi)\n\t"					\
	"cmp %%r9, %%rax\n\t"						\
	"jne 2b\n\t"							\
	"add $0x1, %%r10\n\t"						\
	"add $0x8, %%rdi\n\t"						\
	"cmp %%r13, %%r10\n\t"						\
	"jne 1b\n\t"

#define MATMUL_ROW_REGS							\
	register const unsigned long *ra __asm__("r11") = a_row;	\
	register const unsigned long *rb __asm__("r12") = b;		\
	register unsigned long *rc __asm__("rdi") = c_row;		\
	register size_t rn __asm__("r13") = n

#define MATMUL_ROW_OPERANDS						\
	: "+r"(ra), "+r"(rb), "+r"(rc), "+r"(rn)			\
	:								\
	: "rax", "rcx", "rdx", "rsi", "r8", "r9", "r10", "cc", "memory"

/*
 * At schbench's own place in a line: the j loop at byte 32, the k loop at
 * 48, straddling the next line, as in schbench's build. The place matters
 * as much as the instructions, and not the same way on every CPU: on the
 * AMD EPYC development VM this loop took 880-990 us per 104 x 104
 * multiplication where the steady one took 1040; on the Intel Xeon guest
 * it runs at 450, 568 or 754 us, switching at timer ticks in shares that
 * change with its place in a page and from one process to the next,
 * where the steady one takes 444 (schbench's own build: 755 in its -C).
 * A count of multiplications runs this loop: schbench's instructions
 * wherever they come out.
 */
static void matmul_row_as_schbench(const unsigned long *a_row,
				   const unsigned long *b,
				   unsigned long *c_row, size_t n)
{
	MATMUL_ROW_REGS;

	__asm__ volatile(MATMUL_ROW_ASM(32) MATMUL_ROW_OPERANDS);
}

/*
 * The k loop at the start of a line, within it: on the Intel guest its
 * speed is the same from row to row and process to process (3954-3977
 * us per 209 x 209 in 4 processes, 10th percentiles, against 4265-5736
 * for the loop above at six places), so the rows timed at start are the
 * rows run.
 * op_time's rows run this loop.
 */
static void matmul_row_steady(const unsigned long *a_row,
			      const unsigned long *b,
			      unsigned long *c_row, size_t n)
{
	MATMUL_ROW_REGS;

	__asm__ volatile(MATMUL_ROW_ASM(48) MATMUL_ROW_OPERANDS);
}
#else
/* Row i of C = A x B: schbench's do_some_math, its i-j-k loops. */
static void matmul_row_as_schbench(const unsigned long *a_row,
				   const unsigned long *b,
				   unsigned long *c_row, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		c_row[j] = 0;
		for (size_t k = 0; k < n; k++)
			c_row[j] += a_row[k] * b[k * n + j];
	}
}

#define matmul_row_steady matmul_row_as_schbench
#endif

/*
 * Rows first .. first + rows - 1 (mod n) of C = A x B, in the steady loop
 * or schbench's; one function for the run and its timing, so both time
 * the same code. Stops between rows once *stop is set; returns the rows
 * done.
 */
static __attribute__((noinline)) int64_t
matmul_rows(unsigned long *m1, size_t n, int64_t first, int64_t rows,
	    bool steady, const atomic_bool *stop)
{
	unsigned long *m2 = m1 + n * n, *m3 = m2 + n * n;
	size_t i = (size_t)(first % (int64_t)n);
	int64_t r;

	for (r = 0; r < rows; r++) {
		if (steady)
			matmul_row_steady(m1 + i * n, m2, m3 + i * n, n);
		else
			matmul_row_as_schbench(m1 + i * n, m2, m3 + i * n, n);
		if (++i == n)
			i = 0;
		if (atomic_load_explicit(stop, memory_order_relaxed))
			return r + 1;
	}
	return r;
}

void matmul_multiply(unsigned long *buf, int64_t n, bool steady)
{
	static const atomic_bool never;

	matmul_rows(buf, (size_t)n, 0, n, steady, &never);
}

#define MATMUL_SAMPLES 100
#define MATMUL_SAMPLE_NS 2000000  /* each sample about 2 ms of rows */
#define MATMUL_WARM_NS 50000000   /* after 50 ms of rows, not timed */
#define MATMUL_SAMPLES_NS 200000000 /* and no more than 0.2 s of samples */

/*
 * CPU ns per row of n x n on this thread (its CPU clock, so other threads
 * sharing the CPU do not count): the 10th percentile of MATMUL_SAMPLES
 * samples of whole rows, after MATMUL_WARM_NS of them untimed, about
 * 0.25 s in all. On the 2-CPU VM the same rows ran up to 35 % slower for
 * stretches of up to 300 ms (a CPU just out of idle, the host's other
 * guests): a median of 0.1 s of samples was 10-35 % high in 2 starts of
 * 6. The low percentile of a longer stretch finds the steady speed a run
 * has most of the time (within 2 % of its median there).
 */
static double matmul_measure_row_ns(unsigned long *m, int64_t n)
{
	static const atomic_bool never;
	double per_row[MATMUL_SAMPLES];
	int64_t t0 = time_thread_cpu_ns(), rows, first = 0, took;
	int n_samples;

	do
		first += matmul_rows(m, (size_t)n, first, 1, true, &never);
	while (time_thread_cpu_ns() - t0 < MATMUL_WARM_NS);
	rows = MATMUL_SAMPLE_NS * first / (time_thread_cpu_ns() - t0) + 1;
	/* Rows of large matrices take long: at least 10 samples, else stop
	 * once the samples took MATMUL_SAMPLES_NS. */
	for (n_samples = 0, took = 0; n_samples < MATMUL_SAMPLES &&
	     (n_samples < 10 || took < MATMUL_SAMPLES_NS); n_samples++) {
		t0 = time_thread_cpu_ns();
		matmul_rows(m, (size_t)n, first, rows, true, &never);
		t0 = time_thread_cpu_ns() - t0;
		took += t0;
		per_row[n_samples] = (double)t0 / (double)rows;
		first += rows;
	}
	ks_sort(per_row, (size_t)n_samples);
	return per_row[n_samples / 10];
}

/* Sizes timed in this process: each once, whichever thread asks first. */
#define MATMUL_SIZES_MAX 32
static struct {
	int64_t n;
	double row_ns;
} matmul_timed[MATMUL_SIZES_MAX];
static size_t matmul_n_timed;
static pthread_mutex_t matmul_timed_lock = PTHREAD_MUTEX_INITIALIZER;

/* CPU ns per row of n x n, timed on m (n x n or larger) the first time. */
static double matmul_row_ns(unsigned long *m, int64_t n, int64_t op_ns)
{
	double row_ns = 0;
	int64_t t0;

	pthread_mutex_lock(&matmul_timed_lock);
	for (size_t k = 0; k < matmul_n_timed; k++)
		if (matmul_timed[k].n == n)
			row_ns = matmul_timed[k].row_ns;
	if (row_ns > 0)
		goto out;
	t0 = time_now_ns();
	row_ns = matmul_measure_row_ns(m, n);
	if (matmul_n_timed < MATMUL_SIZES_MAX) {
		matmul_timed[matmul_n_timed].n = n;
		matmul_timed[matmul_n_timed++].row_ns = row_ns;
	}
	if (!notice_quiet())
		fprintf(stderr, "%s<notice> matmul %lld x %lld: one "
			"multiplication takes %.1f us of CPU time here "
			"(timed in %.0f ms); op_time %.1f us does %.3f of it\n",
			notice_prefix(), (long long)n, (long long)n,
			row_ns * (double)n / 1e3,
			(double)(time_now_ns() - t0) / 1e6,
			(double)op_ns / 1e3, (double)op_ns / (row_ns * (double)n));
out:
	pthread_mutex_unlock(&matmul_timed_lock);
	return row_ns;
}

static const struct event_state matmul_state;

/* The largest n of the task's matmuls (its first event), and any fill. */
static int64_t matmul_task_n(const struct task *task, bool *fill,
			     const struct event **first)
{
	int64_t n = 0;

	for (size_t p = 0; p < task->n_phases; p++)
		for (size_t e = 0; e < task->phases[p].n_events; e++) {
			const struct event *ev = &task->phases[p].events[e];
			const struct matmul_args *a = ev->args;

			if (ev->kind->state != &matmul_state)
				continue;
			*fill |= a->fill;
			if (a->n > n) {
				n = a->n;
				*first = ev;
			}
		}
	return n;
}

/* Pass 0 counts ev if it has op_time; pass 1 keeps its rows too. */
static void matmul_pace_add(struct matmul_state *s, const struct event *ev,
			    int pass)
{
	const struct matmul_args *a = ev->args;

	if (ev->kind->state != &matmul_state || a->op_ns <= 0)
		return;
	if (pass == 1)
		matmul_pace_start(&s->paces[s->n_paces], ev, a->count, a->op_ns,
				  matmul_row_ns(s->m, a->n, a->op_ns));
	s->n_paces++;
}

static int matmul_state_init(void *state, const struct workload *w,
			     const struct task *task)
{
	struct matmul_state *s = state;
	const struct event *first = NULL;
	bool fill = false;

	(void)w;
	s->n = matmul_task_n(task, &fill, &first);
	s->m = matmul_buffer_create(s->n, fill);
	if (!s->m)
		return -1;
	/* Two passes over the task's matmuls: count those with op_time,
	 * then time their sizes and keep their rows. */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t p = 0; p < task->n_phases; p++)
			for (size_t e = 0; e < task->phases[p].n_events; e++)
				matmul_pace_add(s, &task->phases[p].events[e],
						pass);
		if (pass == 0 && s->n_paces) {
			s->paces = calloc(s->n_paces, sizeof(*s->paces));
			if (!s->paces)
				return -1;
			s->n_paces = 0;
		}
	}
	return 0;
}

static uint64_t matmul_state_bytes(const struct workload *w,
				   const struct task *task,
				   const struct event **ev)
{
	(void)w;
	bool fill = false;
	int64_t n = matmul_task_n(task, &fill, ev);

	return n > 0 ? (uint64_t)matmul_bytes(n) : 0;
}

/* Once a process: the first thread to end whose rows the run set again
 * says so (all its threads' rows were timed alike). */
static void matmul_retimed_notice(const struct matmul_pace *pc)
{
	static atomic_bool said;
	const struct matmul_args *a = ((const struct event *)pc->ev)->args;

	if (!pc->retimed || notice_quiet() ||
	    atomic_exchange(&said, true))
		return;
	fprintf(stderr, "%s<notice> matmul %lld x %lld: rows set anew %d "
		"time%s in the run (the median of its last %d timings, each "
		"of %d executions): one multiplication took %.1f us there, "
		"%.1f at the start; op_time %.1f us did %.3f of it at the "
		"end\n", notice_prefix(),
		(long long)a->n, (long long)a->n, pc->retimed,
		pc->retimed > 1 ? "s" : "", MATMUL_WINDOWS, MATMUL_RETIME,
		pc->row_ns * (double)a->n / 1e3,
		pc->start_row_ns * (double)a->n / 1e3, (double)a->op_ns / 1e3,
		(double)a->op_ns / (pc->row_ns * (double)a->n));
}

static void matmul_state_release(void *state, const struct task *task)
{
	struct matmul_state *s = state;

	(void)task;
	matmul_buffer_free(s->m, s->n);
	for (size_t k = 0; k < s->n_paces; k++)
		matmul_retimed_notice(&s->paces[k]);
	free(s->paces);
}

static const struct event_state matmul_state = {
	.size = sizeof(struct matmul_state),
	.init = matmul_state_init,
	.release = matmul_state_release,
	.bytes = matmul_state_bytes,
};

/* ev's pace (it has op_time), else NULL. */
static struct matmul_pace *matmul_pace_of(struct matmul_state *s,
					  const struct event *ev)
{
	for (size_t k = 0; k < s->n_paces; k++)
		if (s->paces[k].ev == ev)
			return &s->paces[k];
	return NULL;
}

/*
 * count multiplications, or the rows op_time says, those timed for the
 * pace on the wall clock read anyway (the pace's low percentile leaves
 * the preempted ones out). Not on the thread's CPU clock: its read is a
 * system call, and a system call between two multiplications lets a
 * woken thread in at once where schbench's loop runs on to the next
 * tick: with two an execution, `-m 2 -t 4` went from wake-up p50 3884 us
 * and 242 requests/s to 8 us and 113 (2026-12-07, one 10 s run each).
 */
static void matmul_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct matmul_args *a = ev->args;
	struct matmul_state *s = event_ctx_state(ctx);
	struct matmul_pace *pc = a->op_ns > 0 ? matmul_pace_of(s, ev) : NULL;
	int64_t rows = pc ? pc->rows : a->count * a->n;
	int64_t t0 = time_now_ns(), took;
	int64_t done = matmul_rows(s->m, (size_t)a->n, 0, rows, pc != NULL,
				   event_ctx_stop_flag(ctx));

	took = time_now_ns() - t0;
	if (pc && done == rows)
		matmul_pace_seen(pc, (double)took / (double)rows);
	event_ctx_add_work(ctx, 0, took, 0, false);
}

static void matmul_dump(const struct workload *w, const struct event *ev,
			struct json_object *out)
{
	const struct matmul_args *a = ev->args;

	(void)w;
	json_object_object_add(out, "size", json_object_new_int64(a->n));
	json_object_object_add(out, "count", json_object_new_int64(a->count));
	json_object_object_add(out, "fill", json_object_new_boolean(a->fill));
	if (a->op_ns)
		json_object_object_add(out, "op_time_us", dump_us(a->op_ns));
}

const struct event_kind event_matmul = {
	.key = "matmul", .ftrace_type = RTAPP_TYPE_NONE,
	.help = "an object: schbench's naive matrix multiplication",
	.keys = matmul_keys, .args_size = sizeof(struct matmul_args),
	.parse = matmul_parse, .state = &matmul_state,
	.exec = matmul_exec, .dump = matmul_dump,
};
