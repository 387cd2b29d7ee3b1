/*
 * jtree.c - validates JSON with json-c's tokener, then walks the accepted
 * text into a tree of its own so that duplicate keys and positions survive
 * (json-c keeps only the last of duplicate keys, which silently drops
 * repeated events from real workload files).
 */
#include "parse/jtree.h"

#include "lib/arena.h"
#include "lib/diag.h"

#include <ctype.h>
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct walker {
	struct arena *a;
	const char *p, *end;
	int line;
	const char *line_start;
	struct diag *d;
	bool failed;
};

static void offset_to_linecol(const char *buf, size_t off, int *line,
			      int *col);

/*
 * Reads at most JTREE_MAX_FILE bytes: json-c needs ~40 bytes of memory per
 * byte of a dense array, so a file far larger than any workload (a wrong
 * file, a generator gone wild) is refused instead of taking GiB and
 * seconds.
 */
char *jtree_read_file(const char *path, size_t *len, struct diag *d)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	size_t cap = 64 * 1024, n = 0;
	char *buf;

	if (!f) {
		diag_error(d, 0, 0, NULL, "cannot open: %s", strerror(errno));
		return NULL;
	}
	buf = malloc(cap + 1);
	while (buf) {
		size_t got = fread(buf + n, 1, cap - n, f);

		n += got;
		if (n < cap)
			break;
		if (n > JTREE_MAX_FILE) {
			int line, col;

			offset_to_linecol(buf, JTREE_MAX_FILE, &line, &col);
			diag_error(d, line, col, NULL,
				   "file too large: more than %d bytes (%d MiB)",
				   JTREE_MAX_FILE, JTREE_MAX_FILE >> 20);
			free(buf);
			if (f != stdin)
				fclose(f);
			return NULL;
		}
		/* One byte past the limit is enough to know. */
		cap = cap * 2 > JTREE_MAX_FILE ? JTREE_MAX_FILE + 1 : cap * 2;
		char *bigger = realloc(buf, cap + 1);
		if (!bigger) {
			free(buf);
			buf = NULL;
		}
		buf = bigger;
	}
	if (!buf || ferror(f)) {
		diag_error(d, 0, 0, NULL, "cannot read: %s",
			   buf ? strerror(errno) : "out of memory");
		free(buf);
		buf = NULL;
	} else {
		buf[n] = '\0';
		*len = n;
	}
	if (f != stdin)
		fclose(f);
	return buf;
}

static void offset_to_linecol(const char *buf, size_t off, int *line, int *col)
{
	const char *ls = buf;

	*line = 1;
	for (size_t i = 0; i < off; i++) {
		if (buf[i] == '\n') {
			(*line)++;
			ls = buf + i + 1;
		}
	}
	*col = (int)(buf + off - ls) + 1;
}

/* json-c's verdict on the text; reports the error where json-c stopped. */
static bool jtree_validate(struct diag *d, const char *buf, size_t len,
			   size_t *parse_end)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *obj;
	enum json_tokener_error err;
	int line, col;
	bool ok = false;

	if (!tok) {
		diag_error(d, 0, 0, NULL, "out of memory");
		return false;
	}
	obj = json_tokener_parse_ex(tok, buf, (int)len);
	err = json_tokener_get_error(tok);
	*parse_end = json_tokener_get_parse_end(tok);
	if (obj) {
		ok = true;
	} else if (err == json_tokener_continue || err == json_tokener_success) {
		offset_to_linecol(buf, len, &line, &col);
		diag_error(d, line, col, NULL,
			   "unexpected end of file (unclosed object, array or string)");
	} else {
		/* json-c stops at the offending byte (the x of {"a": x},
		 * the 33rd '[' of too deep a nesting), not past it. */
		offset_to_linecol(buf, *parse_end, &line, &col);
		diag_error(d, line, col, NULL, "invalid JSON: %s",
			   json_tokener_error_desc(err));
	}
	json_object_put(obj);
	json_tokener_free(tok);
	return ok;
}

static void w_advance(struct walker *w)
{
	if (*w->p == '\n') {
		w->line++;
		w->line_start = w->p + 1;
	}
	w->p++;
}

static int w_col(const struct walker *w)
{
	return (int)(w->p - w->line_start) + 1;
}

static void w_fail(struct walker *w, const char *what)
{
	if (!w->failed)
		diag_error(w->d, w->line, w_col(w), NULL, "invalid JSON: %s",
			   what);
	w->failed = true;
}

static void w_skip_space(struct walker *w)
{
	while (w->p < w->end) {
		char c = *w->p;

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\f' || c == '\v') {
			w_advance(w);
		} else if (c == '/' && w->p + 1 < w->end && w->p[1] == '/') {
			while (w->p < w->end && *w->p != '\n')
				w_advance(w);
		} else if (c == '/' && w->p + 1 < w->end && w->p[1] == '*') {
			w_advance(w);
			w_advance(w);
			while (w->p + 1 < w->end &&
			       !(w->p[0] == '*' && w->p[1] == '/'))
				w_advance(w);
			if (w->p + 1 < w->end) {
				w_advance(w);
				w_advance(w);
			} else {
				w->p = w->end;
			}
		} else {
			break;
		}
	}
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static bool w_hex4(struct walker *w, unsigned *out)
{
	unsigned v = 0;

	for (int k = 0; k < 4; k++) {
		int h = w->p < w->end ? hexval(*w->p) : -1;

		if (h < 0)
			return false;
		v = v * 16 + (unsigned)h;
		w_advance(w);
	}
	*out = v;
	return true;
}

static size_t utf8_put(char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* A "..." or '...' string; decoded bytes are never longer than the source. */
static const char *w_string(struct walker *w)
{
	char quote = *w->p;
	const char *start;
	char *out, *o;

	w_advance(w);
	start = w->p;
	while (w->p < w->end && *w->p != quote) {
		if (*w->p == '\\' && w->p + 1 < w->end)
			w_advance(w);
		w_advance(w);
	}
	out = o = arena_alloc(w->a, (size_t)(w->p - start) + 4);
	w->p = start;
	while (w->p < w->end && *w->p != quote) {
		char c = *w->p;

		if (!c) {
			w_fail(w, "NUL byte in a string");
			return out;
		}
		w_advance(w);
		if (c != '\\') {
			*o++ = c;
			continue;
		}
		c = *w->p;
		w_advance(w);
		switch (c) {
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'u': {
			unsigned cp, lo;

			if (!w_hex4(w, &cp)) {
				w_fail(w, "bad \\u escape");
				return out;
			}
			if (cp >= 0xd800 && cp < 0xdc00 && w->p + 1 < w->end &&
			    w->p[0] == '\\' && w->p[1] == 'u') {
				w_advance(w);
				w_advance(w);
				if (w_hex4(w, &lo) && lo >= 0xdc00 && lo < 0xe000)
					cp = 0x10000 + ((cp - 0xd800) << 10) +
					     (lo - 0xdc00);
			}
			if (!cp) {
				/* A C string would end there, silently. */
				w_fail(w, "\\u0000 (NUL) in a string");
				return out;
			}
			o += utf8_put(o, cp);
			break;
		}
		default: *o++ = c; break;
		}
	}
	*o = '\0';
	if (w->p < w->end)
		w_advance(w); /* closing quote */
	else
		w_fail(w, "unterminated string");
	return out;
}

static bool w_word(struct walker *w, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(w->end - w->p) < n || strncasecmp(w->p, word, n))
		return false;
	for (size_t k = 0; k < n; k++)
		w_advance(w);
	return true;
}

static void w_number(struct walker *w, struct jnode *n)
{
	const char *start = w->p;
	bool is_double = false;
	char *endp;

	if (*w->p == '-' || *w->p == '+')
		w_advance(w);
	if (w_word(w, "infinity") || w_word(w, "nan")) {
		n->type = J_DOUBLE;
		n->d = tolower((unsigned char)w->p[-1]) == 'n' ? NAN : INFINITY;
		if (*start == '-')
			n->d = -n->d;
		return;
	}
	while (w->p < w->end &&
	       (strchr("0123456789", *w->p) ||
		(*w->p && strchr(".eE+-", *w->p)))) {
		if (*w->p == '.' || *w->p == 'e' || *w->p == 'E')
			is_double = true;
		w_advance(w);
	}
	char *text = arena_strndup(w->a, start, (size_t)(w->p - start));
	errno = 0;
	if (!is_double) {
		n->type = J_INT;
		n->i = strtoll(text, &endp, 10);
		/* json-c saturates; mimic refuses rather than run with
		 * INT64_MAX for 99999999999999999999. */
		if (errno == ERANGE && endp != text) {
			if (!w->failed)
				diag_error(w->d, n->line, n->col, NULL,
					   "integer out of the 64-bit range: %s",
					   text);
			w->failed = true;
			return;
		}
	} else {
		n->type = J_DOUBLE;
		n->d = strtod(text, &endp);
	}
	if (endp == text)
		w_fail(w, "bad number");
}

static struct jnode *w_value(struct walker *w);

static void w_push(struct walker *w, struct jnode *parent, struct jnode *kid,
		   size_t *cap)
{
	if (parent->n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 8;

		parent->kids = arena_grow(w->a, parent->kids,
					  *cap * sizeof(*parent->kids),
					  ncap * sizeof(*parent->kids));
		*cap = ncap;
	}
	parent->kids[parent->n++] = kid;
}

static void w_container(struct walker *w, struct jnode *n)
{
	char close = *w->p == '{' ? '}' : ']';
	size_t cap = 0;

	n->type = close == '}' ? J_OBJECT : J_ARRAY;
	w_advance(w);
	for (;;) {
		const char *key = NULL;
		int kl = 0, kc = 0;

		w_skip_space(w);
		if (w->p >= w->end || w->failed)
			return w_fail(w, "unexpected end of input");
		if (*w->p == close)
			break;
		if (close == '}') {
			if (*w->p != '"' && *w->p != '\'')
				return w_fail(w, "expected a quoted key");
			kl = w->line;
			kc = w_col(w);
			key = w_string(w);
			w_skip_space(w);
			if (w->p >= w->end || *w->p != ':')
				return w_fail(w, "expected ':'");
			w_advance(w);
		}
		struct jnode *kid = w_value(w);
		if (!kid)
			return;
		kid->key = key;
		kid->key_line = kl;
		kid->key_col = kc;
		w_push(w, n, kid, &cap);
		w_skip_space(w);
		if (w->p < w->end && *w->p == ',') {
			w_advance(w);
			continue;
		}
		if (w->p >= w->end || *w->p != close)
			return w_fail(w, "expected ',' or a closing bracket");
	}
	w_advance(w);
}

static struct jnode *w_value(struct walker *w)
{
	struct jnode *n = arena_alloc(w->a, sizeof(*n));

	w_skip_space(w);
	n->line = w->line;
	n->col = w_col(w);
	if (w->p >= w->end) {
		w_fail(w, "unexpected end of input");
		return NULL;
	}
	switch (*w->p) {
	case '{':
	case '[':
		w_container(w, n);
		break;
	case '"':
	case '\'':
		n->type = J_STRING;
		n->s = w_string(w);
		break;
	default:
		if (w_word(w, "true")) {
			n->type = J_BOOL;
			n->b = true;
		} else if (w_word(w, "false")) {
			n->type = J_BOOL;
		} else if (w_word(w, "null")) {
			n->type = J_NULL;
		} else {
			w_number(w, n);
		}
	}
	return w->failed ? NULL : n;
}

struct jnode *jtree_parse(struct arena *a, struct diag *d, const char *buf,
			  size_t len)
{
	struct walker w = {
		.a = a, .p = buf, .end = buf + len, .line = 1,
		.line_start = buf, .d = d,
	};
	size_t parse_end;
	const char *nul = memchr(buf, '\0', len);
	int line, col;

	if (nul) {
		offset_to_linecol(buf, (size_t)(nul - buf), &line, &col);
		diag_error(d, line, col, NULL, "NUL byte in the file");
		return NULL;
	}
	if (!jtree_validate(d, buf, len, &parse_end))
		return NULL;
	w.end = buf + parse_end;
	struct jnode *root = w_value(&w);
	if (!root)
		return NULL;
	w.end = buf + len;
	w_skip_space(&w);
	if (w.p < w.end)
		diag_warn(d, w.line, w_col(&w), NULL,
			  "ignoring text after the end of the root value");
	return root;
}

const char *jtype_name(enum jtype t)
{
	static const char *const names[] = {
		"null", "boolean", "integer", "number", "string", "array",
		"object",
	};
	return names[t];
}

const struct jnode *jtree_get(const struct jnode *obj, const char *key)
{
	const struct jnode *found = NULL;

	if (!obj || obj->type != J_OBJECT)
		return NULL;
	for (size_t k = 0; k < obj->n; k++)
		if (!strcmp(obj->kids[k]->key, key))
			found = obj->kids[k];
	return found;
}
