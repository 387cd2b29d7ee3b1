/*
 * stack_pool.h - the stacks of many threads in one mapping: each a slot of
 * a guard page and its stack, the guard a page-table marker
 * (MADV_GUARD_INSTALL) rather than a mapping of its own. The C library
 * maps each thread's stack and protects its guard page as it creates the
 * thread, two calls that take the address space's lock for writing; at
 * 10000 threads they were a tenth of creating them.
 */
#ifndef MIMIC_STACK_POOL_H
#define MIMIC_STACK_POOL_H

#include <stddef.h>

struct stack_pool {
	void *base;               /* NULL: none */
	size_t size;              /* bytes of each stack, a page multiple */
	size_t slot;              /* size and the guard page below it */
	size_t n;
};

/* n stacks of at least size bytes; -errno when this kernel has no guard
 * pages of this kind (before 6.13) or the mapping fails: the caller lets
 * the C library map each stack instead. A child process does not inherit
 * the pool (MADV_DONTFORK): fork would copy its page tables, guard
 * markers and resident pages into every child, and a child's threads
 * need stacks of their own. */
int stack_pool_init(struct stack_pool *p, size_t n, size_t size);
/* Slot k's stack: its lowest address (pthread_attr_setstack). */
void *stack_pool_stack(const struct stack_pool *p, size_t k);
/* The top pages of a stack a thread writes before its first iteration:
 * the C library's descriptor of the thread in the top one as it creates
 * it, the thread's frames in the next. */
#define STACK_POOL_TOP_PAGES 2
/* Makes those pages of the n stacks slots[] resident, in a few calls; a
 * fault each otherwise (16 us on a guest with shadow page tables, against
 * 0.9 for the call and 8 at the first write). */
void stack_pool_prefault_tops(const struct stack_pool *p, const size_t *slots,
			      size_t n);
/* Unmaps every stack: no thread may be using one. */
void stack_pool_free(struct stack_pool *p);

#endif
