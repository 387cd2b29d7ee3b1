/*
 * futex.c - the futex word resource of futex_wait/wake/reset: created at
 * 0 (no posts), woken at stop so waiters see the stop flag; and its wake
 * list, the words of the threads waiting for its answer (futex_wake_list).
 */
#define _GNU_SOURCE
#include "resources/futex.h"

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

long futex_syscall(struct live_resource *l, int op, uint32_t val)
{
	if (!l->shared)
		op |= FUTEX_PRIVATE_FLAG;
	return syscall(SYS_futex, &futex_live(l)->word, op, val, NULL, NULL, 0);
}

bool futex_list_push(struct live_futex *head, struct live_futex *self_f,
		     int self)
{
	int old;

	if (atomic_exchange(&self_f->listed, true))
		return false;
	old = atomic_load(&head->list_head);
	do
		self_f->list_next = old;
	while (!atomic_compare_exchange_weak(&head->list_head, &old, self));
	return true;
}

int futex_list_take(struct live_futex *head, bool fifo,
		    struct live_futex *(*word)(void *arg, int index),
		    void *arg)
{
	int k = atomic_exchange(&head->list_head, -1), reversed = -1;

	if (!fifo)
		return k;
	while (k >= 0) {
		struct live_futex *f = word(arg, k);
		int next = f->list_next;

		f->list_next = reversed;
		reversed = k;
		k = next;
	}
	return reversed;
}

static int futex_create(struct live_resource *l, const struct globals *g)
{
	struct live_futex *f = futex_live(l);

	(void)g;
	atomic_init(&f->word, 0);
	atomic_init(&f->waiters, 0);
	atomic_init(&f->stamp, 0);
	atomic_init(&f->list_head, -1);
	f->list_next = -1;
	atomic_init(&f->listed, false);
	return 0;
}

static void futex_kick(struct live_resource *l)
{
	futex_syscall(l, FUTEX_WAKE, INT32_MAX);
}

const struct resource_kind resource_futex = {
	.name = "futex",
	.declared_as = "futex",
	.wake_path = WAKE_FUTEX,
	.live_size = sizeof(struct live_futex),
	.create = futex_create,
	.kick = futex_kick,
};
