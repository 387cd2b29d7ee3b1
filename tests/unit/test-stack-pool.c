/* test-stack-pool.c - many threads' stacks in one mapping, each above a
 * guard page that faults; madvise over many ranges in few calls; the top
 * pages of the stacks asked for made resident. */
#define _GNU_SOURCE
#include "lib/madv.h"
#include "lib/stack_pool.h"
#include "tap.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 16
#define STACK (64 * 1024 + 100) /* not a page multiple: rounded up */

static size_t page;

/* The pages of [p, p + len) resident, by mincore. */
static size_t resident(void *p, size_t len)
{
	unsigned char v[64];
	size_t n = len / page, r = 0;

	if (n > sizeof(v) || mincore(p, len, v))
		return (size_t)-1;
	for (size_t k = 0; k < n; k++)
		r += v[k] & 1;
	return r;
}

static void populate_many_ranges(void)
{
	size_t n = 3000; /* more than one process_madvise call takes */
	char *m = mmap(NULL, n * 2 * page, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	struct iovec *iov = calloc(n, sizeof(*iov));
	size_t in = 0, out = 0;

	for (size_t k = 0; k < n; k++)
		iov[k] = (struct iovec){ m + k * 2 * page, page };
	TAP_OK(madv_ranges(iov, n, MADV_POPULATE_WRITE) == 0,
	       "MADV_POPULATE_WRITE over %zu ranges", n);
	for (size_t k = 0; k < n; k++) {
		in += resident(m + k * 2 * page, page);
		out += resident(m + k * 2 * page + page, page);
	}
	TAP_OK(in == n && out == 0,
	       "each range resident, the pages between not (%zu, %zu)", in,
	       out);
	TAP_OK(madv_ranges(iov, 0, MADV_POPULATE_WRITE) == 0,
	       "no range: nothing to do");
	free(iov);
	munmap(m, n * 2 * page);
}

static void *deep(void *arg)
{
	volatile char buf[32 * 1024];

	memset((char *)buf, 1, sizeof(buf));
	*(uintptr_t *)arg = (uintptr_t)buf; /* where, compared only */
	return NULL;
}

/* A child writes at offset off from stack k's lowest byte (-1: the guard
 * page below it); its status, or -1. The child's SIGSEGV is the default
 * action set by the system call itself: a sanitizer build's handler
 * would report the fault and exit 1, and it intercepts sigaction(). */
static int write_in_child(const struct stack_pool *p, size_t k, long off)
{
	int st;
	pid_t pid = fork();

	if (pid == 0) {
		struct {
			void (*handler)(int);
			unsigned long flags;
			void (*restorer)(void);
			uint64_t mask;
		} dfl = { SIG_DFL, 0, NULL, 0 };

		syscall(SYS_rt_sigaction, SIGSEGV, &dfl, NULL, sizeof(dfl.mask));
		((volatile char *)stack_pool_stack(p, k))[off] = 1;
		_exit(0);
	}
	return pid < 0 || waitpid(pid, &st, 0) < 0 ? -1 : st;
}

static void threads_run_on_their_slots(void)
{
	struct stack_pool p;
	pthread_t t[N];
	uintptr_t at[N];
	bool inside = true;
	int rc = stack_pool_init(&p, N, STACK), st;

	if (rc == -EINVAL) {
		/* A kernel before 6.13: the engine lets the C library map
		 * each stack; nothing more to test here. */
		TAP_OK(p.base == NULL, "no guard pages here (%s): no pool",
		       strerror(-rc));
		return;
	}
	TAP_OK(rc == 0 && p.base, "a pool of %d stacks", N);
	TAP_OK(p.size % page == 0 && p.size >= STACK && p.slot == p.size + page,
	       "each stack rounded up to pages (%zu), a guard page below it",
	       p.size);
	for (int k = 0; k < N; k++) {
		pthread_attr_t a;

		pthread_attr_init(&a);
		pthread_attr_setstack(&a, stack_pool_stack(&p, (size_t)k),
				      p.size);
		pthread_create(&t[k], &a, deep, &at[k]);
		pthread_attr_destroy(&a);
	}
	for (int k = 0; k < N; k++) {
		char *lo = stack_pool_stack(&p, (size_t)k);

		pthread_join(t[k], NULL);
		inside &= at[k] >= (uintptr_t)lo &&
			  at[k] < (uintptr_t)lo + p.size;
	}
	TAP_OK(inside, "every thread ran on its own slot's stack");
	st = write_in_child(&p, 3, 0);
	TAP_OK(st != -1 && WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV,
	       "a child process does not inherit the pool");
	/* Inherited for this test only, to see the guard fault in a child. */
	madvise(p.base, p.slot * p.n, MADV_DOFORK);
	st = write_in_child(&p, 3, 0);
	TAP_OK(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	       "inherited, a write into a stack does not fault");
	st = write_in_child(&p, 3, -1);
	TAP_OK(st != -1 && WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV,
	       "a write below a stack faults (the guard page)");
	stack_pool_free(&p);
	TAP_OK(p.base == NULL, "freed");
}

/* The pages a thread writes before its first iteration, resident for the
 * stacks asked for: its top STACK_POOL_TOP_PAGES, not the page below them,
 * nor any page of another stack. */
static void tops_made_resident(void)
{
	struct stack_pool p;
	const size_t slots[] = { 1, 5 }, top = STACK_POOL_TOP_PAGES;
	size_t asked = 0, below = 0, other;

	if (stack_pool_init(&p, N, STACK))
		return; /* no pool on this kernel: the test above says so */
	stack_pool_prefault_tops(&p, slots, 2);
	for (size_t k = 0; k < 2; k++) {
		char *end = (char *)stack_pool_stack(&p, slots[k]) + p.size;

		asked += resident(end - top * page, top * page);
		below += resident(end - (top + 1) * page, page);
	}
	other = resident(stack_pool_stack(&p, 0), p.size) +
		resident(stack_pool_stack(&p, 2), p.size);
	TAP_OK(asked == 2 * top && below == 0 && other == 0,
	       "the top %zu pages of the stacks asked for resident (%zu), not "
	       "the page below (%zu) nor other stacks (%zu)", top, asked,
	       below, other);
	stack_pool_free(&p);
}

int main(void)
{
	page = (size_t)sysconf(_SC_PAGESIZE);
	populate_many_ranges();
	threads_run_on_their_slots();
	tops_made_resident();
	return tap_done();
}
