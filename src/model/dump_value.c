/*
 * dump_value.c - JSON forms of model values: times in µs and resources by
 * name, as --dump prints them.
 */
#include "model/dump_value.h"

#include "model/workload.h"

#include <json-c/json.h>

struct json_object *dump_us(int64_t ns)
{
	if (ns % 1000 == 0)
		return json_object_new_int64(ns / 1000);
	return json_object_new_double((double)ns / 1000.0);
}

void dump_resource(struct json_object *out, const char *key,
		   const struct workload *w, int index)
{
	json_object_object_add(out, key,
			       json_object_new_string(w->resources[index].name));
}
