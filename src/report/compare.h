/*
 * compare.h - "mimic compare BASE.json NEW.json": two --summary files side
 * by side, per task and metric, with the regressions flagged.
 */
#ifndef MIMIC_COMPARE_H
#define MIMIC_COMPARE_H

/* argv[0] is "compare"; returns the exit status: 0 no regression,
 * 1 a regression, 2 bad usage or input. */
int compare_main(int argc, char **argv);

#endif
