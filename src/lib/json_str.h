/*
 * json_str.h - a C string written as a JSON string literal, for the
 * writers that print JSON themselves (trace JSON, mimic model's output).
 */
#ifndef MIMIC_LIB_JSON_STR_H
#define MIMIC_LIB_JSON_STR_H

#include <stdio.h>

/* s between double quotes, with '"', '\' and control bytes escaped. */
void json_str_put(FILE *f, const char *s);

#endif
