/*
 * progress.c: a progress bar on standard error for long runs, drawn only
 * when standard error is a terminal and the user did not ask for quiet.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static int progress_quiet;

void
progress_set_quiet(int q)
{
	progress_quiet = q;
}

/* Whether a bar would be drawn at all. */
static int
progress_on(void)
{
	return !progress_quiet && isatty(STDERR_FILENO);
}

void
progress_begin(struct progress *p, const char *label, unsigned long total)
{
	memset(p, 0, sizeof(*p));
	p->label = label;
	p->total = total ? total : 1;
	p->on = progress_on();
	p->start_ms = -1;
}

/* Redraw at most ten times a second, and always at the end. */
void
progress_update(struct progress *p, unsigned long done)
{
	struct timespec ts;
	long ms;
	int width = 30, fill;

	if (!p->on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ms = ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
	if (done < p->total && ms - p->last_ms < 100)
		return;
	p->last_ms = ms;
	if (p->start_ms < 0)
		p->start_ms = ms;
	fill = (int)((double)done / (double)p->total * width);
	if (fill > width)
		fill = width;
	fprintf(stderr, "\r%-18.18s [%.*s%*s] %lu/%lu", p->label, fill,
	    "##############################", width - fill, "", done,
	    p->total);
	/* What is left, at the pace so far: a long run says so early. */
	if (done > 0 && done < p->total && ms - p->start_ms >= 500)
		fprintf(stderr, " ~%.0f s left  ",
		    (double)(ms - p->start_ms) / 1000.0 *
		        (double)(p->total - done) / (double)done);
	else
		fputs("              ", stderr);
	p->drawn = 1;
}

void
progress_end(struct progress *p)
{
	if (p->on && p->drawn)
		fputs("\r\033[K", stderr);
	p->drawn = 0;
}

/* An adapter for lower layers that report progress by callback. */
void
progress_callback(void *arg, unsigned long done, unsigned long total)
{
	struct progress *p = arg;

	p->total = total ? total : 1;
	progress_update(p, done);
}
