/*
 * test-shm.c - the shared region's bump allocator: blocks are zeroed,
 * cache-line aligned and apart; an aligned block puts the byte asked for
 * on the boundary asked for; a block the region cannot hold is refused
 * without using up what is left; threads allocating at once get blocks
 * that do not overlap.
 */
#include "lib/shm.h"
#include "tap.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>

static void blocks_are_zeroed_aligned_and_apart(void)
{
	struct shm s;
	char *a, *b;
	bool zero = true;

	TAP_OK(shm_init(&s, 1 << 20) == 0, "a 1 MiB region maps");
	a = shm_alloc(&s, 100);
	b = shm_alloc(&s, 1);
	for (int i = 0; a && i < 100; i++)
		zero &= a[i] == 0;
	TAP_OK(a && b && zero && (uintptr_t)a % 64 == 0 &&
	       (uintptr_t)b % 64 == 0 && b >= a + 100,
	       "zeroed, on cache lines, the second after the first's 100 bytes");
	shm_free(&s);
}

static void an_aligned_block_puts_its_byte_on_the_boundary(void)
{
	struct shm s;
	char *a, *b, *c;

	shm_init(&s, 1 << 20);
	a = shm_alloc(&s, 64);
	b = shm_alloc_aligned(&s, 8192, 4096, 4096 - 64);
	c = shm_alloc_aligned(&s, 64, 4096, 0);
	TAP_OK(b && (uintptr_t)(b + 4096 - 64) % 4096 == 0 && b > a,
	       "byte 4032 of the block on a page boundary (offset %zu)",
	       (size_t)((uintptr_t)(b + 4096 - 64) % 4096));
	TAP_OK(c && (uintptr_t)c % 4096 == 0 && c >= b + 8192,
	       "offset 0: the block starts a page, after the last");
	shm_free(&s);
}

static void a_block_too_big_leaves_the_rest(void)
{
	struct shm s;

	shm_init(&s, 64 * 1024);
	TAP_OK(shm_alloc(&s, 1 << 20) == NULL, "1 MiB from a 64 KiB region: NULL");
	TAP_OK(shm_alloc_aligned(&s, 62 * 1024, 4096, 0) == NULL,
	       "62 KiB from the first page boundary past the counter: NULL");
	TAP_OK(shm_alloc(&s, 62 * 1024) != NULL,
	       "62 KiB from the counter's next line still fits");
	shm_free(&s);
}

#define ALLOCATORS 4
#define BLOCKS 2000
static struct shm shared;
static char *got[ALLOCATORS][BLOCKS];

static void *allocate(void *arg)
{
	long id = (long)arg;

	for (int i = 0; i < BLOCKS; i++) {
		got[id][i] = i % 2 ? shm_alloc(&shared, 100)
				   : shm_alloc_aligned(&shared, 200, 256, 64);
		if (got[id][i])
			memset(got[id][i], (int)id + 1, i % 2 ? 100 : 200);
	}
	return NULL;
}

static void threads_at_once_get_blocks_apart(void)
{
	pthread_t t[ALLOCATORS];
	bool apart = true, aligned = true;

	shm_init(&shared, 16 << 20);
	for (long k = 0; k < ALLOCATORS; k++)
		pthread_create(&t[k], NULL, allocate, (void *)k);
	for (int k = 0; k < ALLOCATORS; k++)
		pthread_join(t[k], NULL);
	/* Each block still holds only its own thread's mark. */
	for (int k = 0; k < ALLOCATORS; k++)
		for (int i = 0; i < BLOCKS; i++) {
			const char *p = got[k][i];
			int len = i % 2 ? 100 : 200;

			if (!p) {
				apart = false;
				continue;
			}
			for (int j = 0; j < len; j++)
				apart &= p[j] == k + 1;
			if (!(i % 2))
				aligned &= (uintptr_t)(p + 64) % 256 == 0;
		}
	TAP_OK(apart, "%d threads x %d blocks: none overlaps another",
	       ALLOCATORS, BLOCKS);
	TAP_OK(aligned, "and each aligned one is aligned");
	shm_free(&shared);
}

int main(void)
{
	blocks_are_zeroed_aligned_and_apart();
	an_aligned_block_puts_its_byte_on_the_boundary();
	a_block_too_big_leaves_the_rest();
	threads_at_once_get_blocks_apart();
	return tap_done();
}
