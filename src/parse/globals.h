/* globals.h - the "global" object of a workload file. */
#ifndef MIMIC_GLOBALS_H
#define MIMIC_GLOBALS_H

struct globals;
struct jnode;
struct parser;

/* The defaults of every global key (before the file is read). */
void globals_defaults(struct globals *g);
/* Reads the "global" object gn into p->w->g; returns the errors reported. */
int parse_globals(struct parser *p, const struct jnode *gn);
/* Its rows, for --list-keys. */
void globals_print_keys(void);

#endif
