/*
 * yaml_write.c: YAML text written through libyaml's emitter, so that
 * every string is written in a form any YAML reader gives back as that
 * string: quoted when plain text would misread it (a colon, a leading
 * dash, a '#'), and also when a YAML 1.1 or core-schema reader would
 * take it for a boolean, null or number ("yes", "null", "1e3"), which the
 * emitter itself does not know. Block style, unbounded lines, UTF-8 as
 * is: a file stays one to read and edit, and the same bytes every time.
 * This is the ruleset layer's, the only code that includes libyaml; the
 * scenario files are written with it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "internal.h"

struct rs_yw {
	yaml_emitter_t em;
	char *s; /* the text so far */
	size_t n, cap;
};

/* Append k bytes of text. */
static void
yw_put(struct rs_yw *w, const char *t, size_t k)
{
	if (w->n + k + 1 > w->cap) {
		w->cap = (w->n + k + 1) * 2;
		w->s = xrealloc(w->s, w->cap);
	}
	memcpy(w->s + w->n, t, k);
	w->n += k;
	w->s[w->n] = '\0';
}

/* The emitter's output handler: into the text. */
static int
yw_output(void *data, unsigned char *buf, size_t k)
{
	yw_put(data, (const char *)buf, k);
	return 1;
}

/* Emit ev. The events are ours and the strings are checked, so a
 * refusal is a bug here (or no memory): stop as xmalloc does. */
static void
yw_emit(struct rs_yw *w, yaml_event_t *ev)
{
	if (!yaml_emitter_emit(&w->em, ev)) {
		fprintf(stderr, "sandtable: writing YAML: %s\n",
		    w->em.problem != NULL ? w->em.problem : "out of memory");
		abort();
	}
}

struct rs_yw *
rs_yw_new(const char *head)
{
	struct rs_yw *w = xcalloc(1, sizeof(*w));
	yaml_event_t ev;

	if (!yaml_emitter_initialize(&w->em)) {
		fputs("sandtable: out of memory\n", stderr);
		abort();
	}
	yaml_emitter_set_output(&w->em, yw_output, w);
	yaml_emitter_set_encoding(&w->em, YAML_UTF8_ENCODING);
	yaml_emitter_set_unicode(&w->em, 1);
	yaml_emitter_set_width(&w->em, -1);
	yaml_emitter_set_break(&w->em, YAML_LN_BREAK);
	if (head != NULL)
		yw_put(w, head, strlen(head));
	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	yw_emit(w, &ev);
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
	yw_emit(w, &ev);
	return w;
}

char *
rs_yw_finish(struct rs_yw *w)
{
	yaml_event_t ev;
	char *s;

	yaml_document_end_event_initialize(&ev, 1);
	yw_emit(w, &ev);
	yaml_stream_end_event_initialize(&ev);
	yw_emit(w, &ev);
	yaml_emitter_delete(&w->em);
	s = w->s != NULL ? w->s : xstrdup("");
	free(w);
	return s;
}

/*
 * A comment, appended as is. libyaml writes no comments; but it breaks
 * the line before the next node, not after the last, so text added
 * once the events are written out ends the current line (begin it with
 * "\n" for lines of its own). With events still queued (a collection
 * just begun), nothing has its place yet: the comment is left out.
 */
void
rs_yw_comment(struct rs_yw *w, const char *text)
{
	if (w->em.events.head != w->em.events.tail ||
	    !yaml_emitter_flush(&w->em))
		return;
	yw_put(w, text, strlen(text));
}

/* 1 when a YAML reader would take plain s for something other than a
 * string: YAML 1.1's booleans and nulls, or a number (any sign, digits,
 * '.', exponent, base prefix or sexagesimal ':'), or a date. */
static int
typed(const char *s)
{
	static const char *words[] = { "y", "Y", "yes", "Yes", "YES", "n", "N",
		"no", "No", "NO", "true", "True", "TRUE", "false", "False",
		"FALSE", "on", "On", "ON", "off", "Off", "OFF", "null", "Null",
		"NULL", "~", ".inf", ".Inf", ".INF", "-.inf", "-.Inf", "-.INF",
		"+.inf", "+.Inf", "+.INF", ".nan", ".NaN", ".NAN", NULL };
	const char *p = s;
	size_t i;

	if (*s == '\0')
		return 1;
	for (i = 0; words[i] != NULL; i++)
		if (strcmp(s, words[i]) == 0)
			return 1;
	if (*p == '+' || *p == '-')
		p++;
	if (*p == '.')
		p++;
	if (*p < '0' || *p > '9')
		return 0;
	return strspn(s, "0123456789+-._:eExXoObBabcdefABCDEF") == strlen(s) ||
	    (strspn(s, "0123456789") == 4 && s[4] == '-');
}

void
rs_yw_scalar(struct rs_yw *w, const char *t, int string)
{
	yaml_event_t ev;

	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)t,
	    (int)strlen(t), !(string && typed(t)), 1, YAML_ANY_SCALAR_STYLE);
	yw_emit(w, &ev);
}

/*
 * A string: the bytes that are not UTF-8, and control characters, become
 * U+FFFD and spaces. Names come checked from the reader, but a path
 * need not be UTF-8, and a file the reader would refuse is not
 * written.
 */
void
rs_yw_str(struct rs_yw *w, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), i = 0, k, o = 0;
	unsigned long cp;
	char *t = xmalloc(len * 3 + 1);

	while (i < len) {
		if ((k = utf8_seq(p + i, len - i, &cp)) == 0) {
			memcpy(t + o, "\xef\xbf\xbd", 3);
			o += 3;
			i++;
		} else if (is_control(cp)) {
			t[o++] = ' ';
			i += k;
		} else {
			memcpy(t + o, p + i, k);
			o += k;
			i += k;
		}
	}
	t[o] = '\0';
	rs_yw_scalar(w, t, 1);
	free(t);
}

void
rs_yw_key(struct rs_yw *w, const char *key)
{
	rs_yw_scalar(w, key, 0);
}

void
rs_yw_int(struct rs_yw *w, long long v)
{
	char t[32];

	snprintf(t, sizeof(t), "%lld", v);
	rs_yw_scalar(w, t, 0);
}

void
rs_yw_map(struct rs_yw *w)
{
	yaml_event_t ev;

	yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
	    YAML_BLOCK_MAPPING_STYLE);
	yw_emit(w, &ev);
}

void
rs_yw_map_end(struct rs_yw *w)
{
	yaml_event_t ev;

	yaml_mapping_end_event_initialize(&ev);
	yw_emit(w, &ev);
}

void
rs_yw_seq(struct rs_yw *w, int flow)
{
	yaml_event_t ev;

	yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
	    flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE);
	yw_emit(w, &ev);
}

void
rs_yw_seq_end(struct rs_yw *w)
{
	yaml_event_t ev;

	yaml_sequence_end_event_initialize(&ev);
	yw_emit(w, &ev);
}
