/* duration.c - parsing and dumping the µs value of run and runtime. */
#include "events/duration.h"

#include "model/dump_value.h"
#include "event.h"
#include "parse/parser.h"

#include <json-c/json.h>

int duration_parse(struct parser *p, const char *path, const struct jnode *v,
		   struct event *ev)
{
	struct duration_args *a = ev->args;

	p->task->records |= 1u << RECORD_WORK;
	return parser_time_dist_us(p, path, v, &a->ns);
}

void duration_dump(const struct workload *w, const struct event *ev,
		   struct json_object *out)
{
	const struct duration_args *a = ev->args;

	(void)w;
	json_object_object_add(out, "duration_us", dump_dist_us(&a->ns));
}
