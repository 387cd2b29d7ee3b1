/*
 * notice.c - the one choice of voice for "[tool] <level>" lines: mimic's
 * by default, rt-app's in rt-app mode (set before anything is printed).
 */
#include "lib/notice.h"

static bool notice_as_rtapp;
static bool notice_silent;

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

void notice_set_quiet(void)
{
	notice_silent = true;
}

bool notice_quiet(void)
{
	return notice_silent;
}
