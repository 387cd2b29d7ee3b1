/* test-sha256.c - SHA-256 against the FIPS 180-2 / NIST test vectors. */
#include "lib/sha256.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static void sha256_of(const char *msg, const char *want, const char *what)
{
	char hex[SHA256_HEX_BYTES];

	sha256_hex(msg, strlen(msg), hex);
	TAP_OK(!strcmp(hex, want), "%s (got %s)", what, hex);
}

/* The same message fed in pieces of every size gives the same digest. */
static void sha256_split_is_whole(const char *msg, const char *want)
{
	size_t n = strlen(msg);
	bool all = true;

	for (size_t cut = 0; cut <= n; cut++) {
		struct sha256 s;
		uint8_t d[SHA256_DIGEST_BYTES];
		char hex[SHA256_HEX_BYTES];

		sha256_init(&s);
		sha256_update(&s, msg, cut);
		sha256_update(&s, msg + cut, n - cut);
		sha256_final(&s, d);
		for (int k = 0; k < SHA256_DIGEST_BYTES; k++)
			sprintf(hex + 2 * k, "%02x", d[k]);
		if (strcmp(hex, want))
			all = false;
	}
	TAP_OK(all, "sha256_update_in_two_pieces_at_every_cut");
}

static void sha256_million_a(void)
{
	char *m = malloc(1000000);
	char hex[SHA256_HEX_BYTES];

	if (!m) {
		TAP_OK(false, "sha256_million_a (out of memory)");
		return;
	}
	memset(m, 'a', 1000000);
	sha256_hex(m, 1000000, hex);
	TAP_OK(!strcmp(hex, "cdc76e5c9914fb9281a1c7e284d73e67"
			    "f1809a48a497200e046d39ccc7112cd0"),
	       "sha256_million_a (got %s)", hex);
	free(m);
}

int main(void)
{
	static const char two_blocks[] =
		"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	static const char two_blocks_sum[] =
		"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1";

	sha256_of("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		  "sha256_empty_message");
	sha256_of("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		  "sha256_abc_one_block");
	sha256_of(two_blocks, two_blocks_sum, "sha256_448_bits_two_blocks");
	sha256_of("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
		  "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
		  "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
		  "sha256_896_bits");
	sha256_split_is_whole(two_blocks, two_blocks_sum);
	sha256_million_a();
	return tap_done();
}
