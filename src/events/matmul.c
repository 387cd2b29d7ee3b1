/*
 * matmul.c - "matmul": real CPU and cache work, schbench's naive matrix
 * multiplication C = A x B of n x n unsigned longs (i-j-k loops), count
 * times, on matrices of the thread's own.
 *   "matmul": {"size": n | "footprint": bytes, "count": 1, "fill": false}
 * "footprint" gives n as schbench's -F does: the largest n whose three
 * matrices fit in it. The time it takes is logged as run time.
 */
#include "events/matmul.h"

#include "event.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parser.h"
#include "event_ctx.h"
#include "lib/timeutil.h"

#include <json-c/json.h>
#include <math.h>
#include <stddef.h>
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

/* Per thread: matrices for the task's largest matmul. */
struct matmul_state {
	unsigned long *m;         /* three matrices of n x n */
	int64_t n;
};

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

static int matmul_state_init(void *state, const struct workload *w,
			     const struct task *task)
{
	struct matmul_state *s = state;
	const struct event *first = NULL;
	bool fill = false;

	(void)w;
	s->n = matmul_task_n(task, &fill, &first);
	s->m = matmul_buffer_create(s->n, fill);
	return s->m ? 0 : -1;
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

static void matmul_state_release(void *state, const struct task *task)
{
	struct matmul_state *s = state;

	(void)task;
	matmul_buffer_free(s->m, s->n);
}

static const struct event_state matmul_state = {
	.size = sizeof(struct matmul_state),
	.init = matmul_state_init,
	.release = matmul_state_release,
	.bytes = matmul_state_bytes,
};

/* The loops of schbench's do_some_math, as it is compiled (-O2). */
static void matmul_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct matmul_args *a = ev->args;
	const size_t n = (size_t)a->n;
	const struct matmul_state *s = event_ctx_state(ctx);
	unsigned long *m1 = s->m, *m2 = m1 + n * n, *m3 = m2 + n * n;
	int64_t t0 = time_now_ns();

	for (int64_t c = 0; c < a->count; c++) {
		for (size_t i = 0; i < n; i++) {
			for (size_t j = 0; j < n; j++) {
				m3[i * n + j] = 0;
				for (size_t k = 0; k < n; k++)
					m3[i * n + j] += m1[i * n + k] *
							 m2[k * n + j];
			}
			if (event_ctx_stopping(ctx))
				goto out;
		}
	}
out:
	event_ctx_add_work(ctx, 0, time_now_ns() - t0, 0, false);
}

static void matmul_dump(const struct workload *w, const struct event *ev,
			struct json_object *out)
{
	const struct matmul_args *a = ev->args;

	(void)w;
	json_object_object_add(out, "size", json_object_new_int64(a->n));
	json_object_object_add(out, "count", json_object_new_int64(a->count));
	json_object_object_add(out, "fill", json_object_new_boolean(a->fill));
}

const struct event_kind event_matmul = {
	.key = "matmul", .ftrace_type = RTAPP_TYPE_NONE,
	.help = "an object: schbench's naive matrix multiplication",
	.keys = matmul_keys, .args_size = sizeof(struct matmul_args),
	.parse = matmul_parse, .state = &matmul_state,
	.exec = matmul_exec, .dump = matmul_dump,
};
