/*
 * wiring.h - the wiring checks on a parsed workload (doc/checks.md): who
 * sends, receives, waits, signals, locks and unlocks what, and whether the
 * two ends meet. Run by --check and before every run, before time zero.
 */
#ifndef MIMIC_WIRING_H
#define MIMIC_WIRING_H

#include "model/workload.h"

struct arena;
struct diag;
struct event_kind;
struct jnode;

/*
 * Reports what is wired wrong: warnings (errors with d->strict) for what
 * may be meant or cannot be decided, errors for what can only hang or
 * spin. root: the expanded JSON tree (for the places resources are
 * declared and the phases' paths). Returns the errors reported.
 */
int wiring_check(struct arena *a, struct diag *d, const struct jnode *root,
		 const struct workload *w);

/*
 * An event key that the prefix match read as kind but that is closer to
 * another kind's key ("runtim" is a run, not a runtime): a warning (an
 * error with d->strict) at key m. Returns 1 if reported.
 */
int wiring_event_key(struct diag *d, const struct jnode *m, const char *path,
		     const struct event_kind *kind);

#endif
