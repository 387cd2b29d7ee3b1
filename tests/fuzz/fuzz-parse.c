/*
 * fuzz-parse.c - libFuzzer target for everything between the bytes of a
 * workload file and the model: the JSON tree, templates, the parser. Any
 * crash, leak or undefined behaviour found becomes a case in
 * tests/parse/bad. Built and run by `make fuzz` (clang needed), seeded
 * also with tests/fuzz/seeds/ and given tests/fuzz/parse.dict.
 */
#include "lib/arena.h"
#include "lib/diag.h"
#include "parse/jtree.h"
#include "parse/parse.h"
#include "parse/template.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a = { 0 };
	static FILE *devnull;
	struct diag d = { .file = "fuzz.json", .quiet = 1 };
	struct workload *w = NULL;
	char *text = malloc(size + 1);
	struct jnode *root;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	/* The parser's messages would drown the fuzzer's own output. */
	if (!devnull)
		devnull = fopen("/dev/null", "w");
	d.out = devnull;
	root = jtree_parse(&a, &d, text, size);
	if (root && !template_expand(&a, &d, root, NULL, 0))
		parse_workload(&a, &d, d.file, root, &w);
	arena_free(&a);
	free(text);
	return 0;
}
