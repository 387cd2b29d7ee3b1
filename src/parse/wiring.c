/*
 * wiring.c - the wiring checks on a parsed workload: every event says what
 * it does to which resource (event_kind.uses), and this file checks that
 * the ends meet: a channel both sent to and received from, with the same
 * message size; a condition waited on is signalled by someone; a mutex is
 * unlocked by a task that locks it, and never locked twice by one thread;
 * a barrier's count can be reached; a timer has a period. Resources are
 * per (name, kind), as the model keeps them, so a mutex and a condition of
 * one name are checked apart.
 *
 * What can only hang or spin is an error (exit 2); what may be meant, or
 * cannot be decided here, a warning that --strict makes an error
 * (diag_check). Each message names the event at fault and, where there is
 * one, the other end: file:line:col and JSON path of both.
 */
#include "parse/wiring.h"

#include "event.h"
#include "lib/arena.h"
#include "lib/diag.h"
#include "lib/near.h"
#include "parse/jtree.h"
#include "resource.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* One use of a resource by one event of one phase of one task. */
struct wiring_use {
	const struct task *t;
	const struct phase *ph;
	const struct event *ev;
	int resource;
	enum event_role role;
	int64_t amount;
};

struct wiring {
	struct arena *a;
	struct diag *d;
	const struct jnode *root;
	const struct workload *w;
	struct wiring_use *uses;  /* every use, in task, phase, event order */
	size_t n, cap;
	int errors;
};

/* ---- collecting ---- */

static int wiring_add(struct wiring *wr, const struct task *t,
		      const struct phase *ph, const struct event *ev)
{
	struct event_use buf[16], *u = buf;
	size_t n = ev->kind->uses(ev, buf, 16);

	if (n > 16) {
		u = malloc(n * sizeof(*u));
		if (!u)
			return -1;
		ev->kind->uses(ev, u, n);
	}
	if (wr->n + n > wr->cap) {
		size_t cap = (wr->n + n) * 2;
		struct wiring_use *grown = realloc(wr->uses, cap * sizeof(*grown));

		if (!grown)
			goto fail;
		wr->uses = grown;
		wr->cap = cap;
	}
	for (size_t k = 0; k < n; k++)
		wr->uses[wr->n++] = (struct wiring_use){
			.t = t, .ph = ph, .ev = ev, .resource = u[k].resource,
			.role = u[k].role, .amount = u[k].amount };
	if (u != buf)
		free(u);
	return 0;
fail:
	if (u != buf)
		free(u);
	return -1;
}

static int wiring_collect(struct wiring *wr)
{
	const struct workload *w = wr->w;

	for (size_t k = 0; k < w->n_tasks; k++) {
		const struct task *t = &w->tasks[k];

		for (size_t p = 0; p < t->n_phases; p++)
			for (size_t e = 0; e < t->phases[p].n_events; e++) {
				const struct event *ev = &t->phases[p].events[e];

				if (ev->kind->uses &&
				    wiring_add(wr, t, &t->phases[p], ev))
					return -1;
			}
	}
	return 0;
}

/* ---- where things are ---- */

/* The JSON path of u's event: with the phase when the task has phases. */
static const char *wiring_path(struct wiring *wr, const struct wiring_use *u)
{
	const struct jnode *tn =
		jtree_get(jtree_get(wr->root, "tasks"), u->t->name);
	const struct jnode *phases = jtree_get(tn, "phases");

	if (phases && phases->type == J_OBJECT)
		return arena_printf(wr->a, "tasks.%s.phases.%s.%s", u->t->name,
				    u->ph->name, u->ev->key);
	return arena_printf(wr->a, "tasks.%s.%s", u->t->name, u->ev->key);
}

/* "file:line:col (path)": the other end, inside a message. */
static const char *wiring_where(struct wiring *wr, const struct wiring_use *u)
{
	return arena_printf(wr->a, "%s:%d:%d (%s)", wr->d->file, u->ev->line,
			    u->ev->col, wiring_path(wr, u));
}

/* Where resource r is declared in "resources", or NULL. */
static const struct jnode *wiring_declared(struct wiring *wr, int r)
{
	const struct resource *res = &wr->w->resources[r];

	if (!res->declared)
		return NULL;
	return jtree_get(jtree_get(wr->root, "resources"), res->name);
}

static const char *wiring_name(struct wiring *wr, int r)
{
	return wr->w->resources[r].name;
}

/* The first use of r in the role, or NULL. */
static const struct wiring_use *wiring_first(struct wiring *wr, int r,
					     enum event_role role)
{
	for (size_t k = 0; k < wr->n; k++)
		if (wr->uses[k].resource == r && wr->uses[k].role == role)
			return &wr->uses[k];
	return NULL;
}

/*
 * The first use in the role of a resource other than r whose name looks
 * like a typo of r's, or NULL: the "did you mean" of a lone end.
 */
static const struct wiring_use *wiring_near(struct wiring *wr, int r,
					    enum event_role role)
{
	for (size_t k = 0; k < wr->n; k++) {
		const struct wiring_use *u = &wr->uses[k];

		if (u->resource != r && u->role == role &&
		    near_typo(wiring_name(wr, r), wiring_name(wr, u->resource)))
			return u;
	}
	return NULL;
}

/* "; did you mean "x" (used at file:l:c (path))?", or "". */
static const char *wiring_hint(struct wiring *wr, int r, enum event_role role,
			       const char *verb)
{
	const struct wiring_use *n = wiring_near(wr, r, role);

	if (!n)
		return "";
	return arena_printf(wr->a, "; did you mean \"%s\" (%s at %s)?",
			    wiring_name(wr, n->resource), verb,
			    wiring_where(wr, n));
}

/* ---- the checks ---- */

static void wiring_report(struct wiring *wr, bool error,
			  const struct wiring_use *u, const char *msg)
{
	if (error) {
		diag_error(wr->d, u->ev->line, u->ev->col, wiring_path(wr, u),
			   "%s", msg);
		wr->errors++;
	} else {
		int before = wr->d->errors;

		diag_check(wr->d, u->ev->line, u->ev->col, wiring_path(wr, u),
			   "%s", msg);
		wr->errors += wr->d->errors - before;
	}
}

/* A period of 0 never sleeps: every use is an overrun, a busy loop. */
static void wiring_timers(struct wiring *wr)
{
	for (size_t k = 0; k < wr->n; k++) {
		const struct wiring_use *u = &wr->uses[k];

		if (u->role == ROLE_TICK && u->amount == 0)
			wiring_report(wr, true, u, arena_printf(wr->a,
				"timer \"%s\" has period 0: it never sleeps and "
				"every use is an overrun (a busy loop); give a "
				"period above 0", wiring_name(wr, u->resource)));
	}
}

/* A channel name declared nowhere, close to one that is declared. */
static void wiring_channel_typo(struct wiring *wr, int r,
				const struct wiring_use *first)
{
	const struct workload *w = wr->w;

	if (w->resources[r].declared)
		return;
	for (size_t k = 0; k < w->n_resources; k++) {
		const struct resource *o = &w->resources[k];
		const struct jnode *at;

		if ((int)k == r || !o->declared ||
		    !resource_kind_matches(o->type, w->resources[r].type) ||
		    !near_typo(w->resources[r].name, o->name))
			continue;
		at = wiring_declared(wr, (int)k);
		wiring_report(wr, false, first, arena_printf(wr->a,
			"channel \"%s\" is declared nowhere (it is made a new "
			"pipe); did you mean \"%s\" (declared at %s:%d:%d "
			"(resources.%s))?", w->resources[r].name, o->name,
			wr->d->file, at ? at->line : 0, at ? at->col : 0,
			o->name));
		return;
	}
}

/* Both ends of each channel, and the same size on both. */
static void wiring_channels(struct wiring *wr)
{
	for (size_t r = 0; r < wr->w->n_resources; r++) {
		const struct wiring_use *s = wiring_first(wr, (int)r, ROLE_SEND);
		const struct wiring_use *v = wiring_first(wr, (int)r, ROLE_RECV);
		const char *name = wiring_name(wr, (int)r);

		if (!s && !v)
			continue;
		wiring_channel_typo(wr, (int)r, s ? s : v);
		if (s && !v)
			wiring_report(wr, false, s, arena_printf(wr->a,
				"channel \"%s\" is sent to here but nothing "
				"receives from it: the sends fill it, then "
				"block%s", name,
				wiring_hint(wr, (int)r, ROLE_RECV, "received")));
		if (v && !s)
			wiring_report(wr, false, v, arena_printf(wr->a,
				"channel \"%s\" is received from here but "
				"nothing sends to it: the recv blocks until the "
				"run stops%s", name,
				wiring_hint(wr, (int)r, ROLE_SEND, "sent")));
		if (!s || !v)
			continue;
		/* The first pair of ends that disagree on the size. */
		for (size_t a = 0; a < wr->n; a++) {
			const struct wiring_use *x = &wr->uses[a];
			const struct wiring_use *y = NULL;

			if (x->resource != (int)r || x->role != ROLE_SEND)
				continue;
			for (size_t b = 0; b < wr->n && !y; b++)
				if (wr->uses[b].resource == (int)r &&
				    wr->uses[b].role == ROLE_RECV &&
				    wr->uses[b].amount != x->amount)
					y = &wr->uses[b];
			if (!y)
				continue;
			wiring_report(wr, false, x, arena_printf(wr->a,
				"channel \"%s\": %lld-byte messages are sent "
				"here but %s receives %lld bytes at a time: the "
				"receiver finds them damaged", name,
				(long long)x->amount, wiring_where(wr, y),
				(long long)y->amount));
			break;
		}
	}
}

/* A condition waited on that nothing signals. */
static void wiring_conds(struct wiring *wr)
{
	for (size_t r = 0; r < wr->w->n_resources; r++) {
		const struct wiring_use *wt = wiring_first(wr, (int)r, ROLE_WAIT);

		if (!wt || wiring_first(wr, (int)r, ROLE_SIGNAL))
			continue;
		wiring_report(wr, false, wt, arena_printf(wr->a,
			"condition \"%s\" is waited on here but nothing "
			"signals it (no signal, broad or sync names it): the "
			"wait blocks until the run stops%s",
			wiring_name(wr, (int)r),
			wiring_hint(wr, (int)r, ROLE_SIGNAL, "signalled")));
	}
}

/* Threads that use barrier r at all, and the arrivals it waits for. */
static void wiring_barriers(struct wiring *wr)
{
	const struct workload *w = wr->w;

	for (size_t r = 0; r < w->n_resources; r++) {
		const struct wiring_use *first = NULL, *twice = NULL;
		const struct task *last = NULL;
		int64_t threads = 0, named = 0;

		for (size_t k = 0; k < wr->n; k++) {
			const struct wiring_use *u = &wr->uses[k];

			if (u->resource != (int)r || u->role != ROLE_ARRIVE)
				continue;
			if (!first)
				first = u;
			if (u->t != last) {
				threads += u->t->instance;
				last = u->t;
				named = 0;
			}
			if (++named == 2 && !twice)
				twice = u;
		}
		if (!first || w->resources[r].participants <= threads)
			continue;
		wiring_report(wr, false, twice ? twice : first, arena_printf(wr->a,
			"barrier \"%s\" waits for %d arrivals but only %lld "
			"thread%s use%s it, and each arrives once and then "
			"waits: the count is never reached (a task that names "
			"it twice, here and at %s, counts twice)",
			w->resources[r].name, w->resources[r].participants,
			(long long)threads, threads == 1 ? "" : "s",
			threads == 1 ? "s" : "", wiring_where(wr, first)));
	}
}

/*
 * Locks and unlocks, per task: a mutex unlocked by a task that never
 * locks it (the unlock does nothing: a warning), and, walking the task's
 * sequence as it runs (each phase twice when it loops, the phase list
 * twice when the task loops: what a thread holds is then what it will
 * always hold there), a lock of a mutex the thread holds already (it
 * blocks on itself forever: an error) and an unlock of one it never holds
 * at that point (an error).
 */
struct lock_seen {
	bool held, free;          /* at this use: held on a visit, not held */
	bool reported;
};

/* A lock of a mutex the thread holds: taken at prev, never let go. */
static void wiring_relock(struct wiring *wr, const struct wiring_use *u,
			  const struct wiring_use *prev)
{
	const char *taken = prev == u
		? "taken by this same lock on the loop before"
		: arena_printf(wr->a, "taken at %s", wiring_where(wr, prev));

	wiring_report(wr, true, u, arena_printf(wr->a,
		"task \"%s\" locks mutex \"%s\" here while it still holds it "
		"(%s, and not unlocked since): the thread blocks on itself "
		"forever", u->t->name, wiring_name(wr, u->resource), taken));
}

static void wiring_task_locks(struct wiring *wr, size_t first, size_t end)
{
	const struct task *t = wr->uses[first].t;
	size_t nres = wr->w->n_resources;
	bool *locks = calloc(nres, sizeof(*locks));
	const struct wiring_use **held = calloc(nres, sizeof(*held));
	struct lock_seen *seen = calloc(end - first, sizeof(*seen));
	size_t passes = t->loop == 1 ? 1 : 2;
	bool endless = false;

	if (!locks || !held || !seen)
		goto out;
	for (size_t k = first; k < end; k++)
		if (wr->uses[k].role == ROLE_LOCK)
			locks[wr->uses[k].resource] = true;
	/* Unlocked here, never locked by this task. */
	for (size_t k = first; k < end; k++) {
		const struct wiring_use *u = &wr->uses[k], *other;

		bool again = false;

		if (u->role != ROLE_UNLOCK || locks[u->resource])
			continue;
		for (size_t j = first; j < k && !again; j++)
			again = wr->uses[j].resource == u->resource &&
				wr->uses[j].role == ROLE_UNLOCK;
		if (again)
			continue; /* once per mutex */
		other = NULL;
		for (size_t j = first; j < end && !other; j++)
			if (wr->uses[j].role == ROLE_LOCK &&
			    near_typo(wiring_name(wr, u->resource),
				      wiring_name(wr, wr->uses[j].resource)))
				other = &wr->uses[j];
		if (other) {
			wiring_report(wr, false, u, arena_printf(wr->a,
				"task \"%s\" unlocks mutex \"%s\" here but "
				"never locks it, so the unlock does nothing; did "
				"you mean \"%s\" (locked at %s)?", t->name,
				wiring_name(wr, u->resource),
				wiring_name(wr, other->resource),
				wiring_where(wr, other)));
			continue;
		}
		other = wiring_first(wr, u->resource, ROLE_LOCK);
		wiring_report(wr, false, u, arena_printf(wr->a,
			"task \"%s\" unlocks mutex \"%s\" here but never locks "
			"it, so the unlock does nothing%s%s", t->name,
			wiring_name(wr, u->resource),
			other ? "; it is locked at " : "",
			other ? wiring_where(wr, other) : ""));
	}
	for (size_t pass = 0; pass < passes && !endless; pass++) {
		size_t k = first;

		while (k < end && !endless) {
			const struct phase *ph = wr->uses[k].ph;
			size_t stop = k, iters = ph->loop == 1 ? 1 : 2;

			while (stop < end && wr->uses[stop].ph == ph)
				stop++;
			endless = ph->loop <= 0;
			for (size_t it = 0; it < iters; it++)
				for (size_t j = k; j < stop; j++) {
					const struct wiring_use *u = &wr->uses[j];
					struct lock_seen *s = &seen[j - first];

					if (u->role == ROLE_LOCK) {
						if (held[u->resource] && !s->reported) {
							s->reported = true;
							wiring_relock(wr, u, held[u->resource]);
						}
						held[u->resource] = u;
					} else if (u->role == ROLE_UNLOCK) {
						if (held[u->resource])
							s->held = true;
						else
							s->free = true;
						held[u->resource] = NULL;
					}
				}
			k = stop;
		}
	}
	/* Unlocks that never find their mutex held, in a task that locks it. */
	for (size_t k = first; k < end; k++) {
		const struct wiring_use *u = &wr->uses[k], *lk = NULL;

		if (u->role != ROLE_UNLOCK || !locks[u->resource] ||
		    seen[k - first].held || !seen[k - first].free)
			continue;
		for (size_t j = first; j < end && !lk; j++)
			if (wr->uses[j].resource == u->resource &&
			    wr->uses[j].role == ROLE_LOCK)
				lk = &wr->uses[j];
		wiring_report(wr, true, u, arena_printf(wr->a,
			"task \"%s\" unlocks mutex \"%s\" here, where it never "
			"holds it (its lock is at %s)", t->name,
			wiring_name(wr, u->resource), wiring_where(wr, lk)));
	}
out:
	free(locks);
	free(held);
	free(seen);
}

static void wiring_locks(struct wiring *wr)
{
	size_t k = 0;

	while (k < wr->n) {
		size_t end = k, first = wr->n;

		while (end < wr->n && wr->uses[end].t == wr->uses[k].t)
			end++;
		for (size_t j = k; j < end && first == wr->n; j++)
			if (wr->uses[j].role == ROLE_LOCK ||
			    wr->uses[j].role == ROLE_UNLOCK)
				first = j;
		/* A task that loops 0 times runs nothing. */
		if (first < end && wr->uses[k].t->loop != 0)
			wiring_task_locks(wr, k, end);
		k = end;
	}
}

int wiring_check(struct arena *a, struct diag *d, const struct jnode *root,
		 const struct workload *w)
{
	struct wiring wr = { .a = a, .d = d, .root = root, .w = w };

	if (wiring_collect(&wr)) {
		free(wr.uses);
		diag_error(d, 0, 0, NULL, "out of memory");
		return 1;
	}
	wiring_timers(&wr);
	wiring_channels(&wr);
	wiring_conds(&wr);
	wiring_barriers(&wr);
	wiring_locks(&wr);
	free(wr.uses);
	return wr.errors;
}

/* ---- event keys ---- */

int wiring_event_key(struct diag *d, const struct jnode *m, const char *path,
		     const struct event_kind *kind)
{
	char base[64];
	size_t n = strlen(m->key), best_d = 99, own;
	const struct event_kind *best = NULL;

	/* rt-app's numbered copies: "run0", "lock12". */
	while (n && m->key[n - 1] >= '0' && m->key[n - 1] <= '9')
		n--;
	if (n >= sizeof(base))
		return 0;
	memcpy(base, m->key, n);
	base[n] = '\0';
	if (!strcmp(base, kind->key))
		return 0;
	own = near_distance(base, kind->key);
	for (const struct event_kind *const *k = event_kinds; *k; k++) {
		size_t dist;

		if (*k == kind)
			continue;
		dist = near_distance(base, (*k)->key);
		if (dist < best_d) {
			best_d = dist;
			best = *k;
		}
	}
	if (!best || best_d > 2 || best_d >= own || best_d >= strlen(base))
		return 0;
	diag_check(d, m->key_line, m->key_col, path,
		   "\"%s\" is read as a \"%s\" event (event keys match by "
		   "prefix); did you mean \"%s\"?", m->key, kind->key,
		   best->key);
	return 1;
}
