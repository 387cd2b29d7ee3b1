/*
 * dump_value.c - JSON forms of model values: times in µs and resources by
 * name, as --dump prints them.
 */
#include "model/dump_value.h"

#include "model/dist.h"
#include "model/workload.h"

#include <json-c/json.h>

struct json_object *dump_us(int64_t ns)
{
	if (ns % 1000 == 0)
		return json_object_new_int64(ns / 1000);
	return json_object_new_double((double)ns / 1000.0);
}

/* An integer when it is one, as dump_us. */
static struct json_object *dump_dist_number(double x)
{
	if (x > -9e18 && x < 9e18 && x == (double)(int64_t)x)
		return json_object_new_int64((int64_t)x);
	return json_object_new_double(x);
}

struct json_object *dump_dist_us(const struct dist_value *v)
{
	return v->dist ? dump_dist(v->dist) : dump_us(v->fixed);
}

/* {"name": params} in written units: the form the parser reads back. */
struct json_object *dump_dist(const struct dist *d)
{
	struct json_object *o = json_object_new_object(), *params;

	switch (d->kind) {
	case DIST_EXPONENTIAL:
		params = dump_dist_number(d->a / d->scale);
		break;
	case DIST_CHOICE:
		params = json_object_new_array();
		for (size_t k = 0; k < d->n; k++) {
			struct json_object *e = json_object_new_array();
			double w = d->weights[k];

			json_object_array_add(e, dump_dist_number(d->values[k] /
								  d->scale));
			json_object_array_add(e, dump_dist_number(w));
			json_object_array_add(params, e);
		}
		break;
	default:
		params = json_object_new_array();
		json_object_array_add(params, dump_dist_number(d->a / d->scale));
		json_object_array_add(params, dump_dist_number(d->b / d->scale));
		break;
	}
	json_object_object_add(o, dist_names[d->kind], params);
	return o;
}

void dump_resource(struct json_object *out, const char *key,
		   const struct workload *w, int index)
{
	json_object_object_add(out, key,
			       json_object_new_string(w->resources[index].name));
}
