/*
 * test-resource.c - the resource kinds through the generic code, without
 * threads: every kind is described, found and named by the table's rules,
 * and its live object is created, works, is woken and destroyed.
 */
#define _GNU_SOURCE
#include "parse/keys.h"
#include "resource.h"
#include "resources/channel.h"
#include "resources/futex.h"
#include "resources/membuf.h"
#include "resources/mutex.h"
#include "resources/percpu_mutex.h"
#include "resources/sem.h"
#include "tap.h"

#include <errno.h>
#include <json-c/json.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct globals g; /* pi_enabled false */

static void every_kind_is_described(void)
{
	bool ok = true;

	for (int a = 0; a < RES_KINDS; a++) {
		const struct resource_kind *k = resource_kinds[a];

		ok &= k && k->name && *k->name;
		ok &= !k->create == !k->live_size; /* state iff made */
		for (int b = 0; ok && b < a; b++)
			ok &= strcmp(k->name, resource_kinds[b]->name) != 0;
	}
	TAP_OK(ok, "each of the %d kinds has a distinct name, and live state "
	       "exactly when it creates something", RES_KINDS);
}

static void only_channels_hold_descriptors_and_kernel_buffers(void)
{
	bool ok = true;

	for (int a = 0; a < RES_KINDS; a++) {
		const struct resource_kind *k = resource_kinds[a];
		bool channel = a == RES_PIPE || a == RES_SOCKET;

		ok &= channel ? k->fds == 2 &&
					k->kernel_bytes >= 64 << 10
			      : k->fds == 0 && k->kernel_bytes == 0;
	}
	TAP_OK(ok, "pipes and sockets count 2 descriptors, and their kernel "
	       "buffers for the before-start checks; other kinds nothing");
}

static void declared_types_are_found_by_name(void)
{
	TAP_OK(resource_type_declared("pipe") == RES_PIPE &&
	       resource_type_declared("socket") == RES_SOCKET &&
	       resource_type_declared("futex") == RES_FUTEX,
	       "pipe, socket and futex are declared kinds");
	TAP_OK(resource_type_declared("mutex") == -1 &&
	       resource_type_declared("bogus") == -1,
	       "rt-app's legacy types and unknown names are not");
	TAP_OK(keys_find(resource_kinds[RES_SOCKET]->keys, "mode") &&
	       !keys_find(resource_kinds[RES_PIPE]->keys, "mode") &&
	       !keys_find(resource_kinds[RES_SOCKET]->keys, "type"),
	       "a socket declaration has a mode key, a pipe's has none");
}

static void names_follow_rt_apps_namespaces(void)
{
	TAP_OK(!resource_names_clash(RES_MUTEX, RES_COND) &&
	       !resource_names_clash(RES_COND, RES_MUTEX),
	       "a condition and its mutex share a name");
	TAP_OK(!resource_names_clash(RES_MUTEX, RES_BARRIER) &&
	       !resource_names_clash(RES_SEM, RES_COND) &&
	       !resource_names_clash(RES_WAKEUP, RES_MUTEX) &&
	       !resource_names_clash(RES_COND, RES_WAKEUP),
	       "rt-app's kinds have a namespace each, as its "
	       "get_resource_index(name, type) keys them");
	TAP_OK(resource_names_clash(RES_PIPE, RES_SOCKET) &&
	       resource_names_clash(RES_FUTEX, RES_PIPE) &&
	       resource_names_clash(RES_MUTEX, RES_CPU_MUTEX) &&
	       resource_names_clash(RES_BARRIER, RES_FUTEX),
	       "mimic's own kinds clash with other kinds of the same name");
	TAP_OK(!resource_names_clash(RES_TIMER, RES_BARRIER) &&
	       !resource_names_clash(RES_FUTEX, RES_MEMBUF),
	       "timers and memory buffers have their own names");
	TAP_OK(resource_kind_matches(RES_SOCKET, RES_PIPE) &&
	       !resource_kind_matches(RES_PIPE, RES_SOCKET) &&
	       !resource_kind_matches(RES_MUTEX, RES_COND),
	       "a look-up of a pipe finds a declared socket, not the reverse");
}

/* Creates r in fresh zeroed state; the caller destroys and frees. */
static int make(struct live_resource *l, const struct resource *r,
		bool shared)
{
	char err[128];
	size_t bytes = resource_live_size(r);

	memset(l, 0, sizeof(*l));
	return resource_create(l, r, &g, shared, bytes ? calloc(1, bytes) : NULL,
			       err, sizeof(err));
}

static void drop(struct live_resource *l)
{
	void *state = l->state;

	resource_destroy(l);
	free(state);
}

static void every_kind_is_created_kicked_and_destroyed(void)
{
	for (int shared = 0; shared < 2; shared++) {
		bool ok = true;

		for (int a = 0; a < RES_KINDS; a++) {
			struct resource r = { .name = "r",
					      .type = (enum resource_type)a,
					      .size = 1 << 16, .stride = 64 };
			struct live_resource l;

			ok &= make(&l, &r, shared) == 0 && l.r == &r;
			resource_kick(&l); /* nobody waits: returns at once */
			drop(&l);
			ok &= l.r == NULL;
		}
		TAP_OK(ok, "every kind is created, kicked and destroyed (%s)",
		       shared ? "process-shared" : "private");
	}
}

static void a_failed_create_leaves_nothing_to_destroy(void)
{
	struct resource r = { .name = "big", .type = RES_MEMBUF,
			      .size = INT64_C(1) << 62, .stride = 64 };
	struct live_resource l;
	char err[128] = "";

	memset(&l, 0, sizeof(l));
	l.state = calloc(1, resource_live_size(&r));
	TAP_OK(resource_create(&l, &r, &g, false, l.state, err, sizeof(err)) ==
			       -ENOMEM &&
	       !strcmp(err, "memory buffer \"big\": Cannot allocate memory") &&
	       l.r == NULL,
	       "a 4 EiB buffer fails with -ENOMEM and the message names it "
	       "(%s)", err);
	free(l.state);
}

static void mutex_and_semaphore_start_free_and_empty(void)
{
	struct resource m = { .name = "m", .type = RES_MUTEX };
	struct resource s = { .name = "s", .type = RES_SEM };
	struct live_resource lm, ls;
	bool ok;

	make(&lm, &m, false);
	make(&ls, &s, false);
	ok = pthread_mutex_trylock(mutex_live(&lm)) == 0;
	ok &= pthread_mutex_trylock(mutex_live(&lm)) == EBUSY;
	pthread_mutex_unlock(mutex_live(&lm));
	TAP_OK(ok, "a mutex starts unlocked and locks once");
	ok = sem_trywait(sem_live(&ls)) == -1 && errno == EAGAIN;
	sem_post(sem_live(&ls));
	ok &= sem_trywait(sem_live(&ls)) == 0;
	TAP_OK(ok, "a semaphore starts at 0 and counts a post");
	drop(&lm);
	drop(&ls);
}

static void channels_carry_bytes(void)
{
	static const struct {
		enum resource_type type;
		enum socket_mode mode;
		const char *kind;
	} c[] = {
		{ RES_PIPE, SOCKET_STREAM, "pipe" },
		{ RES_SOCKET, SOCKET_STREAM, "stream" },
		{ RES_SOCKET, SOCKET_DGRAM, "dgram" },
		{ RES_SOCKET, SOCKET_TCP, "tcp" },
	};

	for (size_t k = 0; k < sizeof(c) / sizeof(c[0]); k++) {
		struct resource r = { .name = "ch", .type = c[k].type,
				      .socket_mode = c[k].mode };
		struct json_object *o = json_object_new_object(), *kind;
		struct live_resource l;
		char in = 0;
		bool ok = make(&l, &r, false) == 0;

		ok &= write(channel_live(&l)->wfd, "x", 1) == 1;
		ok &= read(channel_live(&l)->rfd, &in, 1) == 1 && in == 'x';
		resource_dump(&r, o);
		ok &= json_object_object_get_ex(o, "kind", &kind) &&
		      !strcmp(json_object_get_string(kind), c[k].kind);
		TAP_OK(ok, "a %s channel carries a byte and dumps its kind",
		       c[k].kind);
		json_object_put(o);
		drop(&l);
	}
}

static void futex_word_starts_with_no_posts(void)
{
	struct resource r = { .name = "f", .type = RES_FUTEX };
	struct live_resource l;
	bool ok = make(&l, &r, false) == 0;

	ok &= atomic_load(&futex_live(&l)->word) == 0;
	/* FUTEX_WAIT returns at once when the word is not what is expected. */
	ok &= futex_syscall(&l, FUTEX_WAIT, 1) == -1 && errno == EAGAIN;
	ok &= futex_syscall(&l, FUTEX_WAKE, 1) == 0;
	TAP_OK(ok, "a futex word starts at 0, with nobody to wake");
	drop(&l);
}

/* Four futex words by index, for futex_list_take. */
static struct live_resource list_words[4];

static struct live_futex *list_word_at(void *arg, int index)
{
	(void)arg;
	return futex_live(&list_words[index]);
}

/* The order futex_list_take gives, as digits ("321"); "x" past 4 words. */
static void list_order(int k, char *out)
{
	int n = 0;

	for (; k >= 0 && n < 4; k = list_word_at(NULL, k)->list_next)
		out[n++] = (char)('0' + k);
	out[n] = k >= 0 ? 'x' : '\0';
	out[n + 1] = '\0';
}

static void futex_wake_list_is_lifo_or_fifo(void)
{
	struct resource r = { .name = "f", .type = RES_FUTEX };
	struct live_futex *head;
	char order[8];
	bool ok = true;

	for (int k = 0; k < 4; k++)
		ok &= make(&list_words[k], &r, false) == 0;
	if (!ok) {
		TAP_OK(false, "futex words for the wake list");
		return;
	}
	head = futex_live(&list_words[0]);
	ok &= futex_list_take(head, false, list_word_at, NULL) == -1;
	TAP_OK(ok, "a futex word's wake list starts empty");

	for (int fifo = 0; fifo < 2; fifo++) {
		/* Words 1, 2, 3 post word 0 in that order; 2 twice. */
		ok = true;
		for (int k = 1; k < 4; k++)
			ok &= futex_list_push(head, list_word_at(NULL, k), k);
		ok &= !futex_list_push(head, list_word_at(NULL, 2), 2);
		list_order(futex_list_take(head, fifo, list_word_at, NULL),
			   order);
		TAP_OK(ok && !strcmp(order, fifo ? "123" : "321"),
		       "a %s wake list gives %s first (order %s); a word on "
		       "the list is not listed twice", fifo ? "fifo" : "lifo",
		       fifo ? "the first poster" : "the most recent poster",
		       order);
		TAP_OK(futex_list_take(head, false, list_word_at, NULL) == -1,
		       "taking the list empties it");
		/* What futex_wake_list does as it posts each word. */
		for (int k = 1; k < 4; k++)
			atomic_store(&list_word_at(NULL, k)->listed, false);
	}
	for (int k = 0; k < 4; k++)
		drop(&list_words[k]);
}

static void membuf_chase_visits_every_slot(void)
{
	for (int seq = 0; seq < 2; seq++) {
		struct resource r = { .name = "b", .type = RES_MEMBUF,
				      .size = 64 * 1024, .stride = 64,
				      .sequential = seq };
		struct live_resource l;
		unsigned char *buf, seen[1024] = { 0 };
		void **p;
		int n = 0;
		bool ok = make(&l, &r, false) == 0;

		buf = membuf_live(&l);
		p = (void **)buf;
		do {
			size_t slot = (size_t)((unsigned char *)p - buf) / 64;

			ok &= slot < 1024 && !seen[slot];
			seen[slot % 1024] = 1;
			p = *p;
		} while (ok && ++n < 2000 && (unsigned char *)p != buf);
		TAP_OK(ok && n == 1024,
		       "a %s chase visits each of the 1024 slots once (%d)",
		       seq ? "sequential" : "spread", n);
		drop(&l);
	}
}

static void percpu_mutex_has_one_per_cpu(void)
{
	struct resource r = { .name = "p", .type = RES_CPU_MUTEX };
	struct live_resource l;
	bool ok = make(&l, &r, true) == 0;

	ok &= percpu_mutex_live(&l)->n == sysconf(_SC_NPROCESSORS_CONF);
	TAP_OK(ok, "a per-CPU mutex has one mutex per configured CPU (%d)",
	       percpu_mutex_live(&l)->n);
	drop(&l);
}

int main(void)
{
	every_kind_is_described();
	only_channels_hold_descriptors_and_kernel_buffers();
	declared_types_are_found_by_name();
	names_follow_rt_apps_namespaces();
	every_kind_is_created_kicked_and_destroyed();
	a_failed_create_leaves_nothing_to_destroy();
	mutex_and_semaphore_start_free_and_empty();
	channels_carry_bytes();
	futex_word_starts_with_no_posts();
	futex_wake_list_is_lifo_or_fifo();
	membuf_chase_visits_every_slot();
	percpu_mutex_has_one_per_cpu();
	return tap_done();
}
