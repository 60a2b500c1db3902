/*
 * odds_doc.c: `sandtable odds` as text, laid out from the document's
 * shape alone (struct eng_emit, engine.h), whatever the family: a member
 * on a line of its own ("ruleset: …"), each table under its title as
 * lines of the columns its family declared (eng_emit.column), heads
 * first, then the table's notes.
 *
 * The lines are written entry by entry as the family emits them, never
 * the table whole (256 unit types make 65,536 melee entries): a column
 * is as wide as its head or the width its family declared (its longest
 * unit name), not as its widest value, which would take every entry to
 * know; a longer value pushes the rest of its line along. Only the entry
 * being emitted is held, the text of its cells.
 *
 * A value is written by its type: an integer or a real (4 decimals)
 * right-aligned; a string as it is, an exact chance ("4/7 (0.571)", or
 * "1" when whole, of a width that varies too much to align on), a
 * boolean (yes or no) left-aligned; null, or a value the entry lacks, as
 * "-"; a list of reals as "0.482 0.386 …" (3 decimals), a list of
 * anything else in brackets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../check/check.h"
#include "cli.h"

#define OT_DEPTH 16 /* the deepest a document nests */
#define OT_COLS 16  /* the most columns a table declares */
#define OT_NOTES 8  /* the most notes under a table */
#define OT_PATH 256 /* the longest key path of a value */

/* A column of the table open: its key path, head, width and the cell of
 * the entry being emitted. */
struct ot_col {
	char *key, *head;
	int width;
	int right;  /* a number: right-aligned (its first value's type) */
	int typed;  /* right is known */
	char *cell; /* NULL: the entry has no such value */
	size_t len, cap;
	int reals_only; /* a list whose elements are all reals */
};

struct ot {
	FILE *f;
	int written; /* a line was: a blank one goes before a title */
	int in_table;
	int in_entry; /* depth 1 and below are an entry's */
	long entries; /* of the table open */
	struct ot_col col[OT_COLS];
	int ncol;
	char *note[OT_NOTES];
	int nnote;
	int depth;
	char path[OT_PATH];        /* the key path of the value open */
	size_t plen[OT_DEPTH + 1]; /* its length before each depth's key */
	/* At each depth, what is open: an object (-2), a list no column
	 * shows (-1), or the column a list fills. */
	int list[OT_DEPTH + 1];
};

/* Append s to the cell of column c. */
static void
cell_add(struct ot_col *c, const char *s)
{
	size_t n = strlen(s);

	if (c->cell == NULL || c->len + n + 1 > c->cap) {
		c->cap = 2 * (c->len + n + 1) + 32;
		c->cell = xrealloc(c->cell, c->cap);
		if (c->len == 0)
			c->cell[0] = '\0';
	}
	memcpy(c->cell + c->len, s, n + 1);
	c->len += n;
}

static void
cell_set(struct ot_col *c, const char *s, int number)
{
	c->len = 0;
	cell_add(c, s);
	if (!c->typed) {
		c->right = number;
		c->typed = 1;
	}
}

/* Returns the width of column c: its head's or its declared one. */
static int
col_width(const struct ot_col *c)
{
	int h = (int)utf8_chars(c->head);

	return c->width > h ? c->width : h;
}

/* One line of cells (text[i] for column i), padded to the widths. */
static void
put_line(struct ot *t, const char *const *text)
{
	int i, pad, w;

	fputs("  ", t->f);
	for (i = 0; i < t->ncol; i++) {
		w = col_width(&t->col[i]);
		pad = w - (int)utf8_chars(text[i]);
		if (pad < 0)
			pad = 0;
		if (i > 0)
			fputs("  ", t->f);
		if (t->col[i].right)
			fprintf(t->f, "%*s%s", pad, "", text[i]);
		else if (i + 1 < t->ncol)
			fprintf(t->f, "%s%*s", text[i], pad, "");
		else
			fputs(text[i], t->f);
	}
	fputc('\n', t->f);
}

static void
put_heads(struct ot *t)
{
	const char *text[OT_COLS];
	int i;

	for (i = 0; i < t->ncol; i++)
		text[i] = t->col[i].head;
	put_line(t, text);
}

static void
put_entry(struct ot *t)
{
	const char *text[OT_COLS];
	int i;

	if (t->entries++ == 0)
		put_heads(t);
	for (i = 0; i < t->ncol; i++)
		text[i] = t->col[i].cell != NULL ? t->col[i].cell : "-";
	put_line(t, text);
	/* The first entry's types align the column from now on. */
	for (i = 0; i < t->ncol; i++) {
		free(t->col[i].cell);
		t->col[i].cell = NULL;
		t->col[i].len = t->col[i].cap = 0;
		t->col[i].typed = 1;
	}
}

/* The table open ends: its heads when it had no entry, its notes. */
static void
table_end(struct ot *t)
{
	int i;

	if (!t->in_table)
		return;
	if (t->entries == 0 && t->ncol > 0)
		put_heads(t);
	for (i = 0; i < t->nnote; i++) {
		fprintf(t->f, "  * %s\n", t->note[i]);
		free(t->note[i]);
	}
	for (i = 0; i < t->ncol; i++) {
		free(t->col[i].key);
		free(t->col[i].head);
		free(t->col[i].cell);
	}
	t->ncol = t->nnote = 0;
	t->in_table = 0;
}

static void
ot_table(void *arg, const char *key, const char *title)
{
	struct ot *t = arg;

	(void)key; /* JSON's; the title says it in words */
	table_end(t);
	fprintf(t->f, "%s%s\n", t->written ? "\n" : "", title);
	t->written = 1;
	t->in_table = 1;
	t->entries = 0;
}

static void
ot_column(void *arg, const char *key, const char *head, int width)
{
	struct ot *t = arg;
	struct ot_col *c;

	/* The families' tables are code, not input: a table past the
	 * limits is a mistake the tests must see, not a column dropped. */
	if (t->ncol >= OT_COLS)
		abort();
	c = &t->col[t->ncol++];
	memset(c, 0, sizeof(*c));
	c->key = xstrdup(key);
	c->head = xstrdup(head);
	c->width = width;
}

static void
ot_note(void *arg, const char *text)
{
	struct ot *t = arg;

	if (t->nnote >= OT_NOTES)
		abort(); /* as in ot_column() */
	t->note[t->nnote++] = xstrdup(text);
}

/* Returns the column of key path p, or -1. */
static int
col_of(const struct ot *t, const char *p)
{
	int i;

	for (i = 0; i < t->ncol; i++)
		if (strcmp(t->col[i].key, p) == 0)
			return i;
	return -1;
}

/* Returns the column of the value key where the document is, or -1. */
static int
col_at(const struct ot *t, const char *key)
{
	char p[2 * OT_PATH];

	if (key == NULL)
		return -1;
	snprintf(p, sizeof(p), "%s%s%s", t->path, t->path[0] ? "." : "", key);
	return col_of(t, p);
}

/* Returns 1 when a column shows key or a value inside it. */
static int
shown(const struct ot *t, const char *key)
{
	char p[2 * OT_PATH];
	size_t n;
	int i;

	if (key == NULL)
		return 0;
	n = (size_t)snprintf(p, sizeof(p), "%s%s%s", t->path,
	    t->path[0] ? "." : "", key);
	if (n >= sizeof(p))
		return 0;
	for (i = 0; i < t->ncol; i++)
		if (strncmp(t->col[i].key, p, n) == 0 &&
		    (t->col[i].key[n] == '\0' || t->col[i].key[n] == '.'))
			return 1;
	return 0;
}

/*
 * A value s (its text) of a number (right-aligned) or not, under key
 * where the document is: a member's line, an element of a list that a
 * column shows, or the cell of a column; anything else is not shown.
 * real says it is a real, for a list of reals.
 */
static void
value(struct ot *t, const char *key, const char *s, int number, int real)
{
	struct ot_col *c;
	int i, l;

	if (t->depth == 0) {
		table_end(t);
		fprintf(t->f, "%s: %s\n", key, s);
		t->written = 1;
		return;
	}
	if (!t->in_entry)
		return;
	l = t->list[t->depth];
	if (l >= 0) {
		c = &t->col[l];
		if (c->len > 0)
			cell_add(c, " ");
		cell_add(c, s);
		c->reals_only &= real;
		return;
	}
	if (l == -1) /* in a list no column shows */
		return;
	if ((i = col_at(t, key)) >= 0)
		cell_set(&t->col[i], s, number);
}

/* Whether value() would show a value under key: its text need not be
 * made when not. */
static int
wanted(const struct ot *t, const char *key)
{
	if (t->depth == 0)
		return 1;
	if (!t->in_entry || t->list[t->depth] == -1)
		return 0;
	return t->list[t->depth] >= 0 || col_at(t, key) >= 0;
}

/* Open an object or list under key: an entry (in a table, at the top),
 * a value of one, or a member's (not shown). */
static void
ot_open(void *arg, const char *key, int list)
{
	struct ot *t = arg;
	int d = t->depth, c = -2;
	size_t n = d == 0 ? 0 : strlen(t->path);

	if (d >= OT_DEPTH)
		abort();
	if (d == 0)
		t->in_entry = t->in_table && key == NULL;
	t->plen[d] = n;
	t->path[n] = '\0';
	if (d > 0 && key != NULL)
		snprintf(t->path + n, sizeof(t->path) - n, "%s%s",
		    n > 0 ? "." : "", key);
	if (d > 0 && t->list[d] != -2)
		c = -1; /* in a list: not shown */
	else if (list)
		c = t->in_entry && d > 0 ? col_of(t, t->path) : -1;
	if (c >= 0) {
		cell_set(&t->col[c], "", 0);
		t->col[c].reals_only = 1;
	}
	t->list[++t->depth] = c;
}

static void
ot_close(void *arg)
{
	struct ot *t = arg;
	int l = t->list[t->depth--];
	struct ot_col *c;
	char *s;

	if (l >= 0 && !(c = &t->col[l])->reals_only) {
		s = xasprintf("[%s]", c->cell);
		c->len = 0;
		cell_add(c, s);
		free(s);
	}
	t->path[t->plen[t->depth]] = '\0';
	if (t->depth == 0 && t->in_entry) {
		put_entry(t);
		t->in_entry = 0;
	}
}

static void
ot_string(void *arg, const char *key, const char *s)
{
	value(arg, key, s, 0, 0);
}

static void
ot_integer(void *arg, const char *key, long v)
{
	char b[32];

	if (!wanted(arg, key))
		return;
	snprintf(b, sizeof(b), "%ld", v);
	value(arg, key, b, 1, 0);
}

static void
ot_boolean(void *arg, const char *key, int v)
{
	value(arg, key, v ? "yes" : "no", 0, 0);
}

static void
ot_null(void *arg, const char *key)
{
	value(arg, key, "-", 0, 0);
}

/* A real: 4 decimals, or 3 in a list, trailing zeros dropped there. */
static void
ot_real(void *arg, const char *key, double v)
{
	struct ot *t = arg;
	char b[40];
	size_t n;

	if (!wanted(t, key))
		return;
	if (t->depth > 0 && t->list[t->depth] >= 0) {
		fmt_double(b, sizeof(b), v, 3);
		value(t, key, b, 1, 1);
		return;
	}
	fmt_double(b, sizeof(b), v, 4);
	if (strchr(b, '.') == NULL)
		strcat(b, ".");
	while ((n = strlen(strchr(b, '.'))) < 5)
		strcat(b, "0");
	value(t, key, b, 1, 1);
}

/* An exact chance: "4/7 (0.571)", "1" when whole, "4/7" in a list. */
static void
ot_exact(void *arg, const char *key, const mpq_t x)
{
	struct ot *t = arg;
	void (*gfree)(void *, size_t);
	char b[32], *q, *s;

	if (!wanted(t, key))
		return;
	q = mpq_get_str(NULL, 10, x);
	if (strchr(q, '/') == NULL || (t->depth > 0 && t->list[t->depth] >= 0))
		value(t, key, q, 0, 0);
	else {
		/* A chance too small for three decimals is not 0. */
		if (mpq_sgn(x) > 0 && mpq_get_d(x) < 0.0005)
			snprintf(b, sizeof(b), "<0.001");
		else
			fmt_double(b, sizeof(b), mpq_get_d(x), 3);
		s = xasprintf("%s (%s)", q, b);
		value(t, key, s, 0, 0);
		free(s);
	}
	mp_get_memory_functions(NULL, NULL, &gfree);
	gfree(q, strlen(q) + 1);
}

/* A value the family shares: given in full when a column shows it or a
 * value inside it, else left out (1: nothing more to emit of it). */
static int
ot_share(void *arg, const char *key, const void *id, int part)
{
	struct ot *t = arg;

	(void)id;
	(void)part;
	return !(t->in_entry && t->depth > 0 && t->list[t->depth] == -2 &&
	    shown(t, key));
}

void
odds_doc_text(const struct eng_ctx *c, const char *a, const char *b, FILE *f)
{
	struct ot t;
	struct eng_emit e = { .table = ot_table,
		.column = ot_column,
		.note = ot_note,
		.open = ot_open,
		.close = ot_close,
		.string = ot_string,
		.integer = ot_integer,
		.boolean = ot_boolean,
		.null = ot_null,
		.real = ot_real,
		.exact = ot_exact,
		.share = ot_share,
		.arg = &t };

	memset(&t, 0, sizeof(t));
	t.f = f;
	t.list[0] = -2;
	chk_odds_document(c, a, b, &e);
	table_end(&t);
}
