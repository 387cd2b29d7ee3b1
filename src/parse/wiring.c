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

#define WIRING_ROLES (ROLE_TICK + 1)
#define NONE ((size_t)-1)
#define WIRING_NEAR_BUDGET 4000000L

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
	/* Per resource: its first use in each role (NONE if none), and
	 * each use's next use of the same resource. */
	size_t (*first)[WIRING_ROLES];
	size_t *next;
	/* Name comparisons left for "did you mean" hints: a bound, so a
	 * model of 100000 lone ends is still checked in a moment. */
	long near_budget;
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

/* The per-resource lists: first use per role, next use of each. */
static int wiring_index(struct wiring *wr)
{
	size_t nres = wr->w->n_resources;
	size_t *last = malloc((nres ? nres : 1) * sizeof(*last));

	wr->first = malloc((nres ? nres : 1) * sizeof(*wr->first));
	wr->next = malloc((wr->n ? wr->n : 1) * sizeof(*wr->next));
	if (!last || !wr->first || !wr->next) {
		free(last);
		return -1;
	}
	for (size_t r = 0; r < nres; r++) {
		last[r] = NONE;
		for (int k = 0; k < WIRING_ROLES; k++)
			wr->first[r][k] = NONE;
	}
	for (size_t k = 0; k < wr->n; k++) {
		const struct wiring_use *u = &wr->uses[k];
		size_t r = (size_t)u->resource;

		wr->next[k] = NONE;
		if (last[r] != NONE)
			wr->next[last[r]] = k;
		last[r] = k;
		if (wr->first[r][u->role] == NONE)
			wr->first[r][u->role] = k;
	}
	free(last);
	return 0;
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
	return wiring_index(wr);
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
	size_t k = wr->first[r][role];

	return k == NONE ? NULL : &wr->uses[k];
}

/*
 * The first use in the role of a resource other than r whose name looks
 * like a typo of r's, or NULL: the "did you mean" of a lone end.
 */
static const struct wiring_use *wiring_near(struct wiring *wr, int r,
					    enum event_role role)
{
	for (size_t k = 0; k < wr->w->n_resources; k++) {
		const struct wiring_use *u = wiring_first(wr, (int)k, role);

		if (!u || (int)k == r || --wr->near_budget < 0)
			continue;
		if (near_typo(wiring_name(wr, r), wiring_name(wr, (int)k)))
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

		if ((int)k == r || !o->declared || --wr->near_budget < 0 ||
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

/* The use of r in the role after k (or from k itself), or NULL. */
static const struct wiring_use *wiring_other_size(struct wiring *wr, size_t k,
						  enum event_role role,
						  int64_t amount)
{
	for (; k != NONE; k = wr->next[k])
		if (wr->uses[k].role == role && wr->uses[k].amount >= 0 &&
		    wr->uses[k].amount != amount)
			return &wr->uses[k];
	return NULL;
}

/* The first use from u on in the role with a fixed size, or NULL. */
static const struct wiring_use *wiring_fixed(struct wiring *wr,
					     const struct wiring_use *u,
					     enum event_role role)
{
	for (size_t k = (size_t)(u - wr->uses); k != NONE; k = wr->next[k])
		if (wr->uses[k].role == role && wr->uses[k].amount >= 0)
			return &wr->uses[k];
	return NULL;
}

/*
 * Two ends that disagree on the size: a recv of another size than the
 * first fixed send, else a fixed send of another size than the first
 * recv. A drawn size is compared with nothing: recv takes each message
 * whole at the size it was sent with.
 */
static void wiring_sizes(struct wiring *wr, int r, const struct wiring_use *s,
			 const struct wiring_use *v)
{
	const struct wiring_use *y;

	if (!(s = wiring_fixed(wr, s, ROLE_SEND)) ||
	    !(v = wiring_fixed(wr, v, ROLE_RECV)))
		return;
	y = wiring_other_size(wr, (size_t)(v - wr->uses), ROLE_RECV, s->amount);

	if (!y) {
		s = wiring_other_size(wr, (size_t)(s - wr->uses), ROLE_SEND,
				      v->amount);
		y = v;
	}
	if (!s)
		return;
	wiring_report(wr, false, s, arena_printf(wr->a,
		"channel \"%s\": %lld-byte messages are sent here but %s "
		"expects %lld bytes: each message is still read whole at its "
		"sent size (a stream channel carries its length)",
		wiring_name(wr, r), (long long)s->amount, wiring_where(wr, y),
		(long long)y->amount));
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
		wiring_sizes(wr, (int)r, s, v);
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

		size_t k0 = wr->first[r][ROLE_ARRIVE];

		for (size_t k = k0; k != NONE; k = wr->next[k]) {
			const struct wiring_use *u = &wr->uses[k];

			if (u->role != ROLE_ARRIVE)
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

/* Per resource, while one task is checked (reset after it). */
enum { LOCKED_BY_TASK = 1, WARNED = 2 };

struct lock_walk {
	unsigned char *mark;              /* LOCKED_BY_TASK, WARNED */
	const struct wiring_use **held;   /* the lock that holds it, or NULL */
	struct lock_seen *seen;           /* per use of the task */
};

/* Unlocked at u, never locked by u's task: the unlock does nothing. */
static void wiring_unlock_unlocked(struct wiring *wr, size_t first,
				   size_t end, const struct wiring_use *u)
{
	const struct wiring_use *other = NULL;

	for (size_t j = first; j < end && !other; j++)
		if (wr->uses[j].role == ROLE_LOCK &&
		    near_typo(wiring_name(wr, u->resource),
			      wiring_name(wr, wr->uses[j].resource)))
			other = &wr->uses[j];
	if (other) {
		wiring_report(wr, false, u, arena_printf(wr->a,
			"task \"%s\" unlocks mutex \"%s\" here but never locks "
			"it, so the unlock does nothing; did you mean \"%s\" "
			"(locked at %s)?", u->t->name,
			wiring_name(wr, u->resource),
			wiring_name(wr, other->resource),
			wiring_where(wr, other)));
		return;
	}
	other = wiring_first(wr, u->resource, ROLE_LOCK);
	wiring_report(wr, false, u, arena_printf(wr->a,
		"task \"%s\" unlocks mutex \"%s\" here but never locks it, so "
		"the unlock does nothing%s%s", u->t->name,
		wiring_name(wr, u->resource),
		other ? "; it is locked at " : "",
		other ? wiring_where(wr, other) : ""));
}

/* One pass of a phase's uses [k, stop): what is held after it. */
static void wiring_walk_phase(struct wiring *wr, struct lock_walk *lw,
			      size_t first, size_t k, size_t stop)
{
	for (size_t j = k; j < stop; j++) {
		const struct wiring_use *u = &wr->uses[j];
		struct lock_seen *s = &lw->seen[j - first];

		if (u->role == ROLE_LOCK) {
			if (lw->held[u->resource] && !s->reported) {
				s->reported = true;
				wiring_relock(wr, u, lw->held[u->resource]);
			}
			lw->held[u->resource] = u;
		} else if (u->role == ROLE_UNLOCK) {
			if (lw->held[u->resource])
				s->held = true;
			else
				s->free = true;
			lw->held[u->resource] = NULL;
		}
	}
}

static void wiring_task_locks(struct wiring *wr, struct lock_walk *lw,
			      size_t first, size_t end)
{
	const struct task *t = wr->uses[first].t;
	size_t passes = t->loop == 1 ? 1 : 2;
	bool endless = false;

	for (size_t k = first; k < end; k++)
		if (wr->uses[k].role == ROLE_LOCK)
			lw->mark[wr->uses[k].resource] |= LOCKED_BY_TASK;
	for (size_t k = first; k < end; k++) {
		const struct wiring_use *u = &wr->uses[k];

		if (u->role != ROLE_UNLOCK || lw->mark[u->resource])
			continue;
		lw->mark[u->resource] |= WARNED; /* once per mutex */
		wiring_unlock_unlocked(wr, first, end, u);
	}
	/* The sequence as it runs: every phase, in order, even one without
	 * locks (it may loop forever, and then the rest never runs). */
	for (size_t pass = 0; pass < passes && !endless; pass++) {
		size_t k = first;

		for (size_t p = 0; p < t->n_phases && !endless; p++) {
			const struct phase *ph = &t->phases[p];
			size_t stop = k, iters = ph->loop == 1 ? 1 : 2;

			while (stop < end && wr->uses[stop].ph == ph)
				stop++;
			endless = ph->loop <= 0;
			for (size_t it = 0; it < iters; it++)
				wiring_walk_phase(wr, lw, first, k, stop);
			k = stop;
		}
	}
	/* Unlocks that never find their mutex held, in a task that locks it. */
	for (size_t k = first; k < end; k++) {
		const struct wiring_use *u = &wr->uses[k];

		if (u->role != ROLE_UNLOCK ||
		    !(lw->mark[u->resource] & LOCKED_BY_TASK) ||
		    lw->seen[k - first].held || !lw->seen[k - first].free)
			continue;
		for (size_t j = first; j < end; j++)
			if (wr->uses[j].resource == u->resource &&
			    wr->uses[j].role == ROLE_LOCK) {
				wiring_report(wr, true, u, arena_printf(wr->a,
					"task \"%s\" unlocks mutex \"%s\" here, "
					"where it never holds it (its lock is at "
					"%s)", t->name, wiring_name(wr, u->resource),
					wiring_where(wr, &wr->uses[j])));
				break;
			}
	}
	for (size_t k = first; k < end; k++) {
		lw->mark[wr->uses[k].resource] = 0;
		lw->held[wr->uses[k].resource] = NULL;
		lw->seen[k - first] = (struct lock_seen){ 0 };
	}
}

static void wiring_locks(struct wiring *wr)
{
	size_t nres = wr->w->n_resources ? wr->w->n_resources : 1;
	struct lock_walk lw = {
		.mark = calloc(nres, sizeof(*lw.mark)),
		.held = calloc(nres, sizeof(*lw.held)),
		.seen = calloc(wr->n ? wr->n : 1, sizeof(*lw.seen)),
	};
	size_t k = 0;

	if (!lw.mark || !lw.held || !lw.seen) {
		diag_error(wr->d, 0, 0, NULL, "out of memory");
		wr->errors++;
		goto out;
	}
	while (k < wr->n) {
		size_t end = k;
		bool locks = false;

		while (end < wr->n && wr->uses[end].t == wr->uses[k].t) {
			locks |= wr->uses[end].role == ROLE_LOCK ||
				 wr->uses[end].role == ROLE_UNLOCK;
			end++;
		}
		/* A task that loops 0 times runs nothing. */
		if (locks && wr->uses[k].t->loop != 0)
			wiring_task_locks(wr, &lw, k, end);
		k = end;
	}
out:
	free(lw.mark);
	free(lw.held);
	free(lw.seen);
}

static void wiring_free(struct wiring *wr)
{
	free(wr->uses);
	free(wr->first);
	free(wr->next);
}

int wiring_check(struct arena *a, struct diag *d, const struct jnode *root,
		 const struct workload *w)
{
	struct wiring wr = { .a = a, .d = d, .root = root, .w = w,
			     .near_budget = WIRING_NEAR_BUDGET };

	if (wiring_collect(&wr)) {
		wiring_free(&wr);
		diag_error(d, 0, 0, NULL, "out of memory");
		return 1;
	}
	wiring_timers(&wr);
	wiring_channels(&wr);
	wiring_conds(&wr);
	wiring_barriers(&wr);
	wiring_locks(&wr);
	wiring_free(&wr);
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
