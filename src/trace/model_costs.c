/*
 * model_costs.c - the file `mimic model --measure-costs` writes and `--costs`
 * reads: {"mimic_costs": 1, "measured_on": "...", "block_us": x}
 * (doc/model.md).
 */
#define _GNU_SOURCE
#include "trace/model_costs.h"

#include "lib/json_str.h"

#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define MD_COSTS_VERSION 1

int md_costs_read(const char *path, struct md_costs *c, char *err,
		  size_t len)
{
	struct json_object *root = json_object_from_file(path), *v;
	int ret = -1;

	*c = (struct md_costs){ 0 };
	if (!root) {
		snprintf(err, len, "%s: %s", path, json_util_get_last_err());
		return -1;
	}
	if (!json_object_object_get_ex(root, "mimic_costs", &v) ||
	    json_object_get_int(v) != MD_COSTS_VERSION) {
		snprintf(err, len, "%s: not a costs file of this mimic (no "
			 "\"mimic_costs\": %d; write one with --measure-costs)",
			 path, MD_COSTS_VERSION);
		goto out;
	}
	json_object_object_foreach(root, key, val) {
		if (!strcmp(key, "mimic_costs") || !strcmp(key, "measured_on"))
			continue;
		if (strcmp(key, "block_us")) {
			snprintf(err, len, "%s: .%s: not a key of a costs file",
				 path, key);
			goto out;
		}
		if (!json_object_is_type(val, json_type_double) &&
		    !json_object_is_type(val, json_type_int)) {
			snprintf(err, len, "%s: .%s: not a number", path, key);
			goto out;
		}
		c->block_us = json_object_get_double(val);
		if (!isfinite(c->block_us) ||
		    fabs(c->block_us) > MD_COSTS_MAX_US) {
			snprintf(err, len, "%s: .%s: %g us: not within +-%.0f",
				 path, key, c->block_us, MD_COSTS_MAX_US);
			goto out;
		}
	}
	ret = 0;
out:
	json_object_put(root);
	return ret;
}

int md_costs_write(const char *path, const struct md_costs *c,
		   const char *measured_on)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fprintf(f, "{\n  \"mimic_costs\": %d,\n  \"measured_on\": ",
		MD_COSTS_VERSION);
	json_str_put(f, measured_on);
	fprintf(f, ",\n  \"block_us\": %.2f\n}\n", c->block_us);
	return fclose(f) ? -1 : 0;
}
