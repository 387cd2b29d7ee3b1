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
#include "parse/parse.h"
#include "engine/thread.h"
#include "lib/timeutil.h"

#include <json-c/json.h>
#include <math.h>
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

static int matmul_int(struct parser *p, const char *path,
		      const struct jnode *m, int64_t min, int64_t max,
		      int64_t *out)
{
	if (m->type != J_INT || m->i < min || m->i > max) {
		parser_error(p, m, path, "expected an integer %lld .. %lld",
			     (long long)min, (long long)max);
		return -1;
	}
	*out = m->i;
	return 0;
}

static int matmul_parse(struct parser *p, const char *path,
			const struct jnode *v, struct event *ev)
{
	int64_t n = 0, footprint = 0, count = 1;
	const struct jnode *size = NULL, *fp = NULL;
	int errs = 0;

	if (v->type != J_OBJECT) {
		parser_error(p, v, path, "expected an object, got %s",
			     jtype_name(v->type));
		return -1;
	}
	for (size_t k = 0; k < v->n; k++) {
		const struct jnode *m = v->kids[k];
		const char *mp = parser_path(p, path, m->key);

		if (!strcmp(m->key, "size")) {
			size = m;
			errs += !!matmul_int(p, mp, m, 1, MATMUL_N_MAX, &n);
		} else if (!strcmp(m->key, "footprint")) {
			fp = m;
			errs += !!matmul_int(p, mp, m, 24, INT64_C(1) << 40,
					     &footprint);
		} else if (!strcmp(m->key, "count")) {
			errs += !!matmul_int(p, mp, m, 0, INT64_C(1) << 40,
					     &count);
		} else if (!strcmp(m->key, "fill")) {
			if (m->type != J_BOOL) {
				parser_error(p, m, mp, "expected a boolean");
				errs++;
			} else {
				ev->matmul.fill = m->b;
				p->task->matmul_fill |= m->b;
			}
		} else {
			parser_error(p, m, mp, "unknown key (expected size, "
				     "footprint, count, fill)");
			errs++;
		}
	}
	if (errs)
		return -1;
	if (!size == !fp) {
		parser_error(p, v, path, "needs one of \"size\" and \"footprint\"");
		return -1;
	}
	if (fp) {
		n = matmul_n_for_footprint(footprint);
		if (n > MATMUL_N_MAX) {
			parser_error(p, fp, parser_path(p, path, "footprint"),
				     "matrices of %lld x %lld are too large "
				     "(at most %d)", (long long)n, (long long)n,
				     MATMUL_N_MAX);
			return -1;
		}
	}
	ev->matmul.n = n;
	ev->matmul.count = count;
	if (n > p->task->matmul_n_max)
		p->task->matmul_n_max = n;
	return 0;
}

/* The loops of schbench's do_some_math, as it is compiled (-O2). */
static void matmul_exec(struct thread *t, const struct event *ev)
{
	const size_t n = (size_t)ev->matmul.n;
	unsigned long *m1 = t->matmul, *m2 = m1 + n * n, *m3 = m2 + n * n;
	int64_t t0 = time_now_ns();

	for (int64_t c = 0; c < ev->matmul.count; c++) {
		for (size_t i = 0; i < n; i++) {
			for (size_t j = 0; j < n; j++) {
				m3[i * n + j] = 0;
				for (size_t k = 0; k < n; k++)
					m3[i * n + j] += m1[i * n + k] *
							 m2[k * n + j];
			}
			if (thread_should_stop(t))
				goto out;
		}
	}
out:
	t->it.run_ns += time_now_ns() - t0;
}

static void matmul_dump(const struct workload *w, const struct event *ev,
			struct json_object *out)
{
	(void)w;
	json_object_object_add(out, "size", json_object_new_int64(ev->matmul.n));
	json_object_object_add(out, "count",
			       json_object_new_int64(ev->matmul.count));
	json_object_object_add(out, "fill",
			       json_object_new_boolean(ev->matmul.fill));
}

const struct event_kind event_matmul = {
	.key = "matmul", .ftrace_type = RTAPP_TYPE_NONE, .parse = matmul_parse,
	.exec = matmul_exec, .dump = matmul_dump,
};
