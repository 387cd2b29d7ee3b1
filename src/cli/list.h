/*
 * list.h - mimic list (the canned workloads, one line each) and mimic
 * show NAME (what one is, its parameters and the real tool's command
 * line it stands for). Each returns the exit status.
 */
#ifndef MIMIC_LIST_H
#define MIMIC_LIST_H

int list_main(int argc, char **argv);
int show_main(int argc, char **argv);

#endif
