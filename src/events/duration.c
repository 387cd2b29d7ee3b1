/* duration.c - parsing and dumping the µs value of run, runtime, sleep. */
#include "events/duration.h"

#include "report/dump.h"
#include "event.h"
#include "parse/parse.h"

#include <json-c/json.h>

int duration_parse(struct parser *p, const char *path, const struct jnode *v,
		   struct event *ev)
{
	return parser_time_us(p, path, v, &ev->duration_ns);
}

void duration_dump(const struct workload *w, const struct event *ev,
		   struct json_object *out)
{
	(void)w;
	json_object_object_add(out, "duration_us", dump_us(ev->duration_ns));
}
