/* futex.h - what the futex events see of a futex word resource. */
#ifndef MIMIC_RESOURCES_FUTEX_H
#define MIMIC_RESOURCES_FUTEX_H

#include "resource.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/*
 * A futex word counting posted wake-ups, and who waits on it. Its wake
 * list (schbench's xlist) holds the words of the threads that posted it
 * and wait to be answered, by resource index: list_head the most recent
 * (-1: empty), each listed word's list_next the one before it.
 */
struct live_futex {
	_Atomic uint32_t word;
	atomic_int waiters;
	_Atomic int64_t stamp;    /* the waker's CLOCK_MONOTONIC ns */
	_Atomic int64_t wake_stamp; /* ... just before its FUTEX_WAKE */
	_Atomic int64_t origin;   /* the last post's chain origin */
	atomic_int list_head;     /* this word's wake list */
	int list_next;            /* on another word's list: the next one */
	atomic_bool listed;       /* on a list now */
};

static inline struct live_futex *futex_live(const struct live_resource *l)
{
	return l->state;
}

/* FUTEX_WAIT/WAKE on the word, private to the process unless l is shared. */
long futex_syscall(struct live_resource *l, int op, uint32_t val);

/*
 * Pushes the word of resource index self (live self_f) on head's wake list
 * (a compare-and-swap prepend, as schbench's xlist_add); false, and no
 * push, if it is on a list already.
 */
bool futex_list_push(struct live_futex *head, struct live_futex *self_f,
		     int self);

/*
 * Takes head's whole wake list (an exchange, as schbench's xlist_splice)
 * and returns the index of the word to wake first, each word's list_next
 * the one after it, -1 at the end (-1: the list was empty). The order is
 * the most recent poster first (lifo, schbench's xlist_wake_all), or with
 * fifo the first poster first; word(arg, index) is a listed word's state.
 */
int futex_list_take(struct live_futex *head, bool fifo,
		    struct live_futex *(*word)(void *arg, int index),
		    void *arg);

#endif
