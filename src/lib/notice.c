/*
 * notice.c - the one choice of voice for "[tool] <level>" lines: mimic's
 * by default, rt-app's in rt-app mode (set before anything is printed).
 */
#include "lib/notice.h"

static bool notice_as_rtapp;

void notice_set_rtapp(void)
{
	notice_as_rtapp = true;
}

bool notice_rtapp(void)
{
	return notice_as_rtapp;
}

const char *notice_prefix(void)
{
	return notice_as_rtapp ? "[rt-app] " : "[mimic] ";
}
