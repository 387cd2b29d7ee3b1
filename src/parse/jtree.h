/*
 * jtree.h - JSON text to an ordered tree that keeps duplicate keys and the
 * line:column of every key and value. json-c decides what is valid JSON
 * (so mimic accepts exactly the lenient syntax rt-app accepts); this tree
 * is what the parser walks.
 */
#ifndef MIMIC_JTREE_H
#define MIMIC_JTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct arena;
struct diag;

enum jtype { J_NULL, J_BOOL, J_INT, J_DOUBLE, J_STRING, J_ARRAY, J_OBJECT };

struct jnode {
	enum jtype type;
	int line, col;            /* where the value starts */
	const char *key;          /* member name, NULL outside objects */
	int key_line, key_col;
	bool b;
	int64_t i;
	double d;
	const char *s;
	struct jnode **kids;      /* members or elements, in file order */
	size_t n;
};

/* The largest workload file read (doc/limits.md): 8 MiB. */
#define JTREE_MAX_FILE (8 * 1024 * 1024)

/* Reads a whole file, or stdin for "-", NUL-terminated. NULL on error
 * (including a file larger than JTREE_MAX_FILE). */
char *jtree_read_file(const char *path, size_t *len, struct diag *d);

/*
 * Parses buf[0..len). Syntax errors are reported through d with
 * file:line:column; returns NULL then.
 */
struct jnode *jtree_parse(struct arena *a, struct diag *d, const char *buf,
			  size_t len);

const char *jtype_name(enum jtype t);

/* The last member named key (NULL if none). */
const struct jnode *jtree_get(const struct jnode *obj, const char *key);

#endif
