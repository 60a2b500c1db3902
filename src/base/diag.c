/* diag.c: findings with a source position, printed in the mandoc style. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

#define DIAG_DEFAULT_LIMIT 500

const char *
severity_name(enum severity s)
{
	switch (s) {
	case SEV_NOTE:
		return "note";
	case SEV_WARNING:
		return "warning";
	case SEV_ERROR:
	default:
		return "error";
	}
}

void
diag_vadd(struct diags *d, enum severity sev, struct pos p, const char *fmt,
    va_list ap)
{
	struct diag x;
	size_t limit = d->limit ? d->limit : DIAG_DEFAULT_LIMIT;
	char *raw;

	if (d->n >= limit) {
		/* Keep the worst severity visible even when dropping. */
		d->dropped++;
		if (sev == SEV_ERROR && diags_worst(d) < SEV_ERROR && d->n > 0)
			d->v[d->n - 1].sev = SEV_ERROR;
		return;
	}
	x.sev = sev;
	/* Names and messages may quote the input: no control character
	 * reaches a terminal. */
	x.file = p.file ? str_escape(p.file) : NULL;
	x.line = p.line;
	x.col = p.col;
	raw = xvasprintf(fmt, ap);
	x.msg = str_escape(raw);
	free(raw);
	XPUSH(d->v, d->n, d->cap, x);
}

void
diag_add(struct diags *d, enum severity sev, struct pos p, const char *fmt,
    ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vadd(d, sev, p, fmt, ap);
	va_end(ap);
}

void
diag_insert(struct diags *d, size_t at, enum severity sev, struct pos p,
    const char *fmt, ...)
{
	struct diag x;
	size_t n = d->n;
	va_list ap;

	va_start(ap, fmt);
	diag_vadd(d, sev, p, fmt, ap);
	va_end(ap);
	if (d->n == n || at >= n)
		return; /* dropped past the limit, or at the end already */
	x = d->v[n];
	memmove(&d->v[at + 1], &d->v[at], (n - at) * sizeof(x));
	d->v[at] = x;
}

int
diags_worst(const struct diags *d)
{
	int w = -1;
	size_t i;

	for (i = 0; i < d->n; i++)
		if ((int)d->v[i].sev > w)
			w = (int)d->v[i].sev;
	return w;
}

size_t
diags_count(const struct diags *d, enum severity sev)
{
	size_t i, n = 0;

	for (i = 0; i < d->n; i++)
		if (d->v[i].sev == sev)
			n++;
	return n;
}

/* Set once by the command line, before any thread starts. */
static enum severity print_level = SEV_NOTE;
/* --json: a copy of every diagnostic printed goes here too (diags_capture). */
static struct diags *captured;

void
diags_capture(struct diags *to)
{
	captured = to;
}

void
diags_capture_add(enum severity sev, const char *msg)
{
	struct pos p = { NULL, 0, 0 };

	if (captured != NULL)
		diag_add(captured, sev, p, "%s", msg);
}

/* Copy d into the capture: every severity, whatever -q prints, since a
 * script filters by "severity" itself. */
static void
capture(const struct diags *d)
{
	size_t i;

	if (captured == NULL || captured == d)
		return;
	for (i = 0; i < d->n; i++) {
		struct pos p = { d->v[i].file, d->v[i].line, d->v[i].col };

		diag_add(captured, d->v[i].sev, p, "%s", d->v[i].msg);
	}
	if (d->dropped) {
		char *m = xasprintf("%zu more messages not shown", d->dropped);

		diags_capture_add(SEV_NOTE, m);
		free(m);
	}
}

void
diags_set_level(enum severity s)
{
	print_level = s;
}

int
diags_quiet(void)
{
	return print_level > SEV_NOTE;
}

void
diags_print(const struct diags *d, FILE *fp)
{
	size_t i;
	const struct diag *x;

	capture(d);
	for (i = 0; i < d->n; i++) {
		x = &d->v[i];
		if (x->sev < print_level)
			continue;
		fputs("sandtable: ", fp);
		if (x->file != NULL) {
			fputs(x->file, fp);
			if (x->line > 0) {
				fprintf(fp, ":%d", x->line);
				if (x->col > 0)
					fprintf(fp, ":%d", x->col);
			}
			fputs(": ", fp);
		}
		fprintf(fp, "%s: %s\n", severity_name(x->sev), x->msg);
	}
	if (d->dropped && print_level <= SEV_NOTE)
		fprintf(fp, "sandtable: note: %zu more messages not shown\n",
		    d->dropped);
}

void
diags_append(struct diags *to, const struct diags *from)
{
	size_t i;

	for (i = 0; i < from->n; i++)
		diag_add(to, from->v[i].sev,
		    (struct pos){ from->v[i].file, from->v[i].line,
		        from->v[i].col },
		    "%s", from->v[i].msg);
	to->dropped += from->dropped;
}

void
diags_free(struct diags *d)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].msg);
	}
	free(d->v);
	memset(d, 0, sizeof(*d));
}
