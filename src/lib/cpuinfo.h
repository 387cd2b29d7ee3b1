/* cpuinfo.h - the CPU model as /proc/cpuinfo names it. */
#ifndef MIMIC_LIB_CPUINFO_H
#define MIMIC_LIB_CPUINFO_H

#include <stddef.h>

/*
 * The model of CPU cpu (-1: the first listed) in out, tabs made spaces;
 * "" when the file names none. Each architecture names it under its own
 * key: "model name" (x86, older ARM), "Processor" (older ARM), "Model"
 * (arm64 boards), "cpu model" (MIPS), "cpu" (POWER); the first of these
 * that the CPU's block (or the file's header) has wins.
 */
void cpuinfo_model(int cpu, char *out, size_t len);

/* The same, read from path (the tests' sample files). */
void cpuinfo_model_in(const char *path, int cpu, char *out, size_t len);

#endif
