/* stack_pool.c - many threads' stacks in one mapping (stack_pool.h). */
#define _GNU_SOURCE
#include "lib/stack_pool.h"

#include "lib/madv.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int stack_pool_init(struct stack_pool *p, size_t n, size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	struct iovec *guards;
	int rc;

	*p = (struct stack_pool){ 0 };
	size = (size + page - 1) & ~(page - 1);
	if (!n || size + page < size || (size + page) * n / n != size + page)
		return -EINVAL;
	guards = calloc(n, sizeof(*guards));
	if (!guards)
		return -ENOMEM;
	p->base = mmap(NULL, (size + page) * n, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
		       -1, 0);
	if (p->base == MAP_FAILED) {
		rc = -errno;
		p->base = NULL;
		goto out;
	}
	p->size = size;
	p->slot = size + page;
	p->n = n;
	/* A huge page would make 2 MiB of stacks resident for one thread's
	 * few touched pages (transparent_hugepage "always"). */
	madvise(p->base, p->slot * n, MADV_NOHUGEPAGE);
	/* Not in a child (stack_pool.h): hackbench -P's 160 process
	 * instances each copied the page tables of 160 stacks they never
	 * ran on. */
	madvise(p->base, p->slot * n, MADV_DONTFORK);
	for (size_t k = 0; k < n; k++)
		guards[k] = (struct iovec){ (char *)p->base + k * p->slot,
					    page };
	rc = madv_ranges(guards, n, MADV_GUARD_INSTALL);
	if (rc)
		stack_pool_free(p);
out:
	free(guards);
	return rc;
}

void *stack_pool_stack(const struct stack_pool *p, size_t k)
{
	return (char *)p->base + k * p->slot + (p->slot - p->size);
}

void stack_pool_prefault_tops(const struct stack_pool *p, const size_t *slots,
			      size_t n)
{
	size_t page = p->slot - p->size, m = 0;
	size_t top = p->size < STACK_POOL_TOP_PAGES * page
			     ? p->size : STACK_POOL_TOP_PAGES * page;
	struct iovec *tops = calloc(n ? n : 1, sizeof(*tops));

	if (!tops)
		return;
	for (size_t k = 0; k < n; k++)
		if (slots[k] < p->n)
			tops[m++] = (struct iovec){
				(char *)p->base + (slots[k] + 1) * p->slot -
					top, top };
	madv_ranges(tops, m, MADV_POPULATE_WRITE); /* best effort */
	free(tops);
}

void stack_pool_free(struct stack_pool *p)
{
	if (p->base)
		munmap(p->base, p->slot * p->n);
	*p = (struct stack_pool){ 0 };
}
