/*
 * test-name-index.c - the parser's name look-ups: every name stored is
 * found with its value, a later put replaces, unknown names give -1, and
 * the index grows past its first size without losing anything.
 */
#include "lib/name_index.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>

static void an_empty_index_finds_nothing(void)
{
	struct name_index ix = { 0 };

	TAP_OK(name_index_get(&ix, "t1") == -1, "an empty index answers -1");
	name_index_free(&ix);
}

static void a_later_put_replaces(void)
{
	struct name_index ix = { 0 };

	name_index_put(&ix, "mutex", 3);
	name_index_put(&ix, "mutex", 7);
	TAP_OK(name_index_get(&ix, "mutex") == 7 && ix.n == 1,
	       "the second put replaces the first (one entry)");
	TAP_OK(name_index_get(&ix, "mutex2") == -1 &&
		       name_index_get(&ix, "mute") == -1,
	       "names that share a prefix are not confused");
	name_index_free(&ix);
}

static void it_grows_without_losing_names(void)
{
	enum { N = 40000 };
	static char names[N][16];
	struct name_index ix = { 0 };
	bool all = true;

	for (int i = 0; i < N; i++) {
		snprintf(names[i], sizeof(names[i]), "rcv%d", i);
		name_index_put(&ix, names[i], i);
	}
	for (int i = 0; i < N; i++)
		all &= name_index_get(&ix, names[i]) == i;
	TAP_OK(all && ix.n == N, "40000 names are all found with their values");
	TAP_OK(name_index_get(&ix, "rcv40000") == -1,
	       "a name never stored is not found among them");
	name_index_free(&ix);
}

int main(void)
{
	an_empty_index_finds_nothing();
	a_later_put_replaces();
	it_grows_without_losing_names();
	return tap_done();
}
