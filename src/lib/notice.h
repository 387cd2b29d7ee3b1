/*
 * notice.h - whose voice the "[tool] <level>" lines speak in: mimic's own,
 * or rt-app's when mimic runs as rt-app (doc/rtapp-mode.md). Chosen once,
 * at start, by main; read by every place that prints such a line, and by
 * the few that judge as rt-app would (the parser's checks rt-app leaves
 * to the kernel, the probe's refusal lines).
 */
#ifndef MIMIC_NOTICE_H
#define MIMIC_NOTICE_H

#include <stdbool.h>

/* From now on speak as rt-app: "[rt-app] " prefixes, rt-app's lines. */
void notice_set_rtapp(void);
/* True once notice_set_rtapp() was called. */
bool notice_rtapp(void);
/* "[mimic] " or "[rt-app] ": the prefix of every "<level>" line. */
const char *notice_prefix(void);
/* --quiet: notices printed from deep inside (an event's set-up) are not. */
void notice_set_quiet(void);
bool notice_quiet(void);

#endif
