/* diag.c: findings with a source position, printed in the mandoc style. */
#include <ctype.h>
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

const struct msg_row msgs[MSG__COUNT] = {
#define MSG_ROW(id, sev, text) { #id, SEV_##sev, text },
#include "msgs.def"
#undef MSG_ROW
};

char *
msg_code(enum msg m, char *buf, size_t sz)
{
	const char *s = m >= 0 && m < MSG__COUNT ? msgs[m].id : "";
	size_t i;

	for (i = 0; s[i] != '\0' && i + 1 < sz; i++)
		buf[i] = s[i] == '_' ? '-' :
		                       (char)tolower((unsigned char)s[i]);
	if (sz > 0)
		buf[i] = '\0';
	return buf;
}

void
msgs_list(FILE *fp)
{
	char code[128];
	int m;

	for (m = 0; m < MSG__COUNT; m++)
		fprintf(fp, "%s\t%s\t%s\n",
		    msg_code((enum msg)m, code, sizeof(code)),
		    severity_name(msgs[m].sev), msgs[m].text);
}

/* Add a message of severity sev, row m, worded as raw (taken). */
static void
add(struct diags *d, enum severity sev, enum msg m, struct pos p, char *raw)
{
	struct diag x;
	size_t limit = d->limit ? d->limit : DIAG_DEFAULT_LIMIT;

	if (d->n >= limit) {
		/* Keep the worst severity visible even when dropping. */
		d->dropped++;
		if (sev == SEV_ERROR && diags_worst(d) < SEV_ERROR && d->n > 0)
			d->v[d->n - 1].sev = SEV_ERROR;
		free(raw);
		return;
	}
	x.sev = sev;
	x.code = m;
	/* Names and messages may quote the input: no control character
	 * reaches a terminal. */
	x.file = p.file ? str_escape(p.file) : NULL;
	x.line = p.line;
	x.col = p.col;
	x.msg = str_escape(raw);
	free(raw);
	XPUSH(d->v, d->n, d->cap, x);
}

void
diag_vmsg(struct diags *d, struct pos p, enum msg m, const char *fmt,
    va_list ap)
{
	add(d, msgs[m].sev, m, p, xvasprintf(fmt, ap));
}

void
diag_msg(struct diags *d, struct pos p, enum msg m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vmsg(d, p, m, fmt, ap);
	va_end(ap);
}

void
diag_msg_text(struct diags *d, struct pos p, enum msg m, const char *text)
{
	add(d, msgs[m].sev, m, p, xstrdup(text));
}

void
diag_copy(struct diags *d, const struct diag *x)
{
	struct pos p = { x->file, x->line, x->col };

	add(d, x->sev, x->code, p, xstrdup(x->msg));
}

void
diag_msg_at(struct diags *d, size_t at, struct pos p, enum msg m,
    const char *fmt, ...)
{
	struct diag x;
	size_t n = d->n;
	va_list ap;

	va_start(ap, fmt);
	diag_vmsg(d, p, m, fmt, ap);
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

int
diags_error_on_line(const struct diags *d, const char *file, int line)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->v[i].sev == SEV_ERROR && d->v[i].line == line &&
		    d->v[i].file != NULL && file != NULL &&
		    strcmp(d->v[i].file, file) == 0)
			return 1;
	return 0;
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
		add(captured, sev, MSG_NONE, p, xstrdup(msg));
}

/* Copy d into the capture: every severity, whatever -q prints, since a
 * script filters by "severity" itself. */
static void
capture(const struct diags *d)
{
	size_t i;

	if (captured == NULL || captured == d)
		return;
	for (i = 0; i < d->n; i++)
		diag_copy(captured, &d->v[i]);
	if (d->dropped)
		diag_msg(captured, (struct pos){ NULL, 0, 0 },
		    MSG(MORE_MESSAGES_NOT_SHOWN), d->dropped);
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
	/* Whole lines: rulesets built side by side print their messages
	 * from their own threads. */
	flockfile(fp);
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
	if (d->dropped && print_level <= SEV_NOTE) {
		fputs("sandtable: note: ", fp);
		fprintf(fp, MSGF_MORE_MESSAGES_NOT_SHOWN, d->dropped);
		fputc('\n', fp);
	}
	funlockfile(fp);
}

void
diags_append(struct diags *to, const struct diags *from)
{
	size_t i;

	for (i = 0; i < from->n; i++)
		diag_copy(to, &from->v[i]);
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
