/* report_style.c - the table of report styles (one per src/reports/ file). */
#include "report_style.h"

#include <string.h>

extern const struct report_style report_schbench, report_schbench_classic;

const struct report_style *const report_styles[] = {
	&report_schbench,
	&report_schbench_classic,
	NULL
};

const struct report_style *report_style_find(const char *name)
{
	for (size_t k = 0; report_styles[k]; k++)
		if (!strcmp(report_styles[k]->name, name))
			return report_styles[k];
	return NULL;
}
