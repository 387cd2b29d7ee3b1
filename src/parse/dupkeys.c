/*
 * dupkeys.c - rt-app reads its file with json-c, whose objects hold one
 * value per key: a repeated key replaces the value but keeps the place of
 * its first occurrence ({"run": 1, "sleep": 2, "run": 3} runs run 3, then
 * sleep 2). jtree keeps every member; this applies json-c's rule to the
 * tree before anything reads it, so a file runs what rt-app runs, and says
 * what it drops. --keep-duplicate-keys (or "keep_duplicate_keys": true in
 * "global") keeps every member instead, each a separate event.
 */
#include "parse/dupkeys.h"

#include "lib/diag.h"
#include "lib/name_index.h"
#include "parse/jtree.h"

#include <stdio.h>
#include <stdlib.h>

bool dupkeys_file_keeps(const struct jnode *root)
{
	const struct jnode *g, *k;

	if (!root || root->type != J_OBJECT)
		return false;
	g = jtree_get(root, "global");
	if (!g || g->type != J_OBJECT)
		return false;
	k = jtree_get(g, "keep_duplicate_keys");
	return k && k->type == J_BOOL && k->b;
}

/* path + "." + key (or "[i]" in an array), in buf; the key alone at the top. */
static void dupkeys_path(char *buf, size_t len, const char *path,
			 const struct jnode *kid, size_t i)
{
	if (kid->key)
		snprintf(buf, len, "%s%s%s", path, *path ? "." : "", kid->key);
	else
		snprintf(buf, len, "%s[%zu]", path, i);
}

static int dupkeys_object(struct diag *d, struct jnode *obj,
			  const char *path)
{
	struct name_index first = { 0 }; /* key -> its slot in the output */
	struct name_index last = { 0 };  /* key -> its last member */
	int *place = malloc(obj->n * 2 * sizeof(*place)); /* slot's line:col */
	size_t out = 0;
	int dropped = 0;
	char kpath[1024];

	if (!place)
		return 0; /* left as written: every member kept */
	for (size_t k = 0; k < obj->n; k++)
		name_index_put(&last, obj->kids[k]->key, (int)k);
	/* Members are moved only to slots before k: the last ones stay. */
	for (size_t k = 0; k < obj->n; k++) {
		struct jnode *m = obj->kids[k];
		int slot = name_index_get(&first, m->key);
		const struct jnode *was, *kept;

		if (slot < 0) {
			name_index_put(&first, m->key, (int)out);
			place[2 * out] = m->key_line;
			place[2 * out + 1] = m->key_col;
			obj->kids[out++] = m;
			continue;
		}
		/* m replaces the value in slot: the one it drops is warned. */
		was = obj->kids[slot];
		kept = obj->kids[name_index_get(&last, m->key)];
		dupkeys_path(kpath, sizeof(kpath), path, m, 0);
		diag_warn(d, was->key_line, was->key_col, kpath,
			  "duplicate key: this value is dropped, as rt-app "
			  "(json-c) drops it; kept: the last one (%s:%d:%d), "
			  "at the first one's place (%d:%d); "
			  "--keep-duplicate-keys runs every one",
			  d->file, kept->key_line, kept->key_col,
			  place[2 * slot], place[2 * slot + 1]);
		obj->kids[slot] = m;
		dropped++;
	}
	obj->n = out;
	name_index_free(&first);
	name_index_free(&last);
	free(place);
	return dropped;
}

static int dupkeys_walk(struct diag *d, struct jnode *v, const char *path)
{
	char kpath[1024];
	int dropped = 0;

	if (v->type == J_OBJECT)
		dropped += dupkeys_object(d, v, path);
	if (v->type != J_OBJECT && v->type != J_ARRAY)
		return dropped;
	for (size_t k = 0; k < v->n; k++) {
		dupkeys_path(kpath, sizeof(kpath), path, v->kids[k], k);
		dropped += dupkeys_walk(d, v->kids[k], kpath);
	}
	return dropped;
}

int dupkeys_resolve(struct diag *d, struct jnode *root, bool keep)
{
	if (!root || keep || dupkeys_file_keeps(root))
		return 0;
	return dupkeys_walk(d, root, "");
}
