/*
 * plan.c: what the PDF book (rulebook.c) and the HTML book (html.c) both
 * print, decided once: the index's terms (headings, bold terms, the
 * names in the Units, Weapons and Terrain tables) and their order, and
 * how a prose table is said to a player.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../../engine/engine.h"
#include "../internal.h"
#include "plan.h"

/* A term for the index, its punctuation at either end left out;
 * nothing when it is empty, long or starts with a digit. */
static void
rb_term(struct rb_terms *ts, const char *text, size_t blk, int row)
{
	struct iterm t;
	const char *a = text, *e = text + strlen(text);

	while (*a == ' ' || *a == '(' || *a == '"')
		a++;
	while (e > a && strchr(" .,:;!?)\"", e[-1]) != NULL)
		e--;
	/* An em or en dash at the end ("Move —"). */
	while (e - a >= 3 && (unsigned char)e[-3] == 0xe2 &&
	    (unsigned char)e[-2] == 0x80 &&
	    ((unsigned char)e[-1] == 0x94 || (unsigned char)e[-1] == 0x93)) {
		e -= 3;
		while (e > a && e[-1] == ' ')
			e--;
	}
	if (e == a || e - a > 48 || (*a >= '0' && *a <= '9'))
		return;
	memset(&t, 0, sizeof(t));
	t.term = xstrndup(a, (size_t)(e - a));
	t.blk = blk;
	t.row = row;
	XPUSH(ts->v, ts->n, ts->cap, t);
}

/* The bold terms of m, in block blk. */
static void
rb_bold(struct rb_terms *ts, const struct rs_md *m, size_t blk)
{
	size_t i;

	if (m->kind == RS_MD_TABLE)
		return;
	if (m->kind == RS_MD_STRONG) {
		char *t = rs_md_text(m);

		rb_term(ts, t, blk, -1);
		free(t);
		return;
	}
	for (i = 0; i < m->nkids; i++)
		rb_bold(ts, m->kids[i], blk);
}

void
rb_terms_of(struct rb_terms *ts, const struct rs_md *m, size_t n0, size_t n1)
{
	size_t i;

	if (n1 <= n0)
		return;
	if (m->kind == RS_MD_HEADING) {
		char *t = rs_md_text(m);

		if (m->level >= 2)
			rb_term(ts, t, n0, -1);
		free(t);
		return;
	}
	if (m->kind == RS_MD_LIST && n1 - n0 == m->nkids) {
		for (i = 0; i < m->nkids; i++)
			rb_bold(ts, m->kids[i], n0 + i);
		return;
	}
	rb_bold(ts, m, n0);
}

void
rb_table_terms(struct rb_terms *ts, const struct ruleset *rs, const char *sec,
    const struct rs_md *m, size_t blk)
{
	const char *en = sec != NULL ? rs_heading_en(rs->lang, sec) : "";
	size_t r;

	if (!rs_name_eq(en, "Units") && !rs_name_eq(en, "Weapons") &&
	    !rs_name_eq(en, "Terrain"))
		return;
	for (r = 1; r < m->nkids; r++)
		if (m->kids[r]->nkids > 0) {
			char *t = rs_md_text(m->kids[r]->kids[0]);

			rb_term(ts, t, blk, (int)r);
			free(t);
		}
}

/* The key of an index term, for sorting (caller frees): case-folded,
 * its accents left out (NFKD, combining marks dropped), compared byte by
 * byte, so that the order is the same in every locale. */
static char *
term_key(const char *t)
{
	char *f = g_utf8_casefold(t, -1);
	char *d = g_utf8_normalize(f, -1, G_NORMALIZE_ALL);
	char *r = xstrdup(d != NULL ? d : f), *q = r;
	const char *p;

	for (p = r; *p != '\0'; p = g_utf8_next_char(p)) {
		gunichar c = g_utf8_get_char(p);
		const char *n = g_utf8_next_char(p);

		if (c >= 0x300 && c <= 0x36f)
			continue;
		memmove(q, p, (size_t)(n - p));
		q += n - p;
	}
	*q = '\0';
	g_free(f);
	g_free(d);
	return r;
}

static int
term_cmp(const void *a, const void *b)
{
	const struct iterm *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c == 0)
		c = x->page - y->page;
	return c;
}

void
rb_terms_sort(struct rb_terms *ts)
{
	size_t i;

	for (i = 0; i < ts->n; i++)
		if (ts->v[i].key == NULL)
			ts->v[i].key = term_key(ts->v[i].term);
	qsort(ts->v, ts->n, sizeof(*ts->v), term_cmp);
}

void
rb_terms_free(struct rb_terms *ts)
{
	size_t i;

	for (i = 0; i < ts->n; i++) {
		free(ts->v[i].term);
		free(ts->v[i].key);
	}
	free(ts->v);
	memset(ts, 0, sizeof(*ts));
}

/* Whether a table's header cell names the column en, in English or the
 * ruleset's German or French word for it (FORMAT.md, Languages). */
static int
col_is(const struct rs_md *cell, const char *en, const char *de,
    const char *fr)
{
	char *t = rs_md_text(cell);
	int is = rs_name_eq(t, en) || (de != NULL && rs_name_eq(t, de)) ||
	    (fr != NULL && rs_name_eq(t, fr));

	free(t);
	return is;
}

/* Table m's cells as the family says them to a player
 * (eng_show.cell_words), its columns keep[c]: 1 when it says one. */
static int
plan_words(const struct eng_show *sh, const struct rs_md *m, const int *keep,
    const char *sec, struct rb_table *t)
{
	const struct rs_md *hd = m->kids[0];
	size_t r, c, nk = 0, n = hd->nkids;
	int said = 0;

	if (sh == NULL || sh->cell_words == NULL)
		return 0;
	for (c = 0; c < n; c++)
		nk += keep[c] != 0;
	if (nk == 0)
		return 0;
	t->words = xcalloc(m->nkids * n + 1, sizeof(char *));
	for (r = 0; r < m->nkids; r++)
		for (c = 0; c < n; c++) {
			const struct rs_md *cell = c < m->kids[r]->nkids ?
			    m->kids[r]->kids[c] :
			    NULL;
			char *x, *h;

			if (!keep[c])
				continue;
			x = cell != NULL ? rs_md_text(cell) : xstrdup("");
			h = rs_md_text(hd->kids[c]);
			t->words[r * n + c] = sh->cell_words(sec, h, r, x);
			said |= t->words[r * n + c] != NULL;
			free(h);
			free(x);
		}
	return said;
}

int
rb_table_plan(const struct ruleset *rs, const char *section,
    const struct rs_md *m, int *keep, struct rb_table *t)
{
	const char *sec = section != NULL ? rs_heading_en(rs->lang, section) :
	                                    "";
	const struct rs_md *hd = m->kids[0];
	size_t c, r, n = hd->nkids, ls = strlen(sec);
	const struct eng_show *sh = eng_show_of(rs);
	char **set, **val;

	memset(t, 0, sizeof(*t));
	t->rows = m->nkids;
	t->cols = n;
	/* The engine's words left to the designer's own text: the
	 * Terrain table's Kind column, a modifiers table's Key column. */
	if (rs_name_eq(sec, "Terrain") && n > 2)
		for (c = 0; c < n; c++)
			if (col_is(hd->kids[c], "Kind", "Art", "Nature"))
				keep[c] = 0;
	if (ls >= 9 && rs_name_eq(sec + ls - 9, "modifiers") && n > 2)
		for (c = 0; c < n; c++)
			if (col_is(hd->kids[c], "Key", "Schl\xc3\xbcssel",
			        "Cl\xc3\xa9"))
				keep[c] = 0;
	/* A table of the family's said in a player's words. */
	if (plan_words(sh, m, keep, sec, t))
		return 1;
	rb_table_free(t);
	t->rows = m->nkids;
	t->cols = n;
	/* The family's settings table, said as rules in its words. */
	if (sh == NULL || sh->setting_words == NULL ||
	    sh->settings_section == NULL ||
	    !rs_name_eq(sec, sh->settings_section) || n != 2 ||
	    !col_is(hd->kids[0], "Setting", NULL, NULL) ||
	    !col_is(hd->kids[1], "Value", NULL, NULL))
		return 0;
	set = xcalloc(m->nkids, sizeof(*set));
	val = xcalloc(m->nkids, sizeof(*val));
	for (r = 1; r < m->nkids; r++) {
		if (m->kids[r]->nkids < 2)
			continue;
		set[r] = rs_md_text(m->kids[r]->kids[0]);
		val[r] = rs_md_text(m->kids[r]->kids[1]);
	}
	t->rules = xcalloc(m->nkids + 1, sizeof(char *));
	for (r = 1; r < m->nkids; r++)
		if (set[r] != NULL)
			t->rules[r] =
			    sh->setting_words((const char *const *)set,
			        (const char *const *)val, m->nkids, r);
	for (r = 0; r < m->nkids; r++) {
		free(set[r]);
		free(val[r]);
	}
	free(set);
	free(val);
	return 2;
}

void
rb_table_free(struct rb_table *t)
{
	size_t i;

	if (t->words != NULL)
		for (i = 0; i < t->rows * t->cols; i++)
			free(t->words[i]);
	if (t->rules != NULL)
		for (i = 0; i < t->rows; i++)
			free(t->rules[i]);
	free(t->words);
	free(t->rules);
	memset(t, 0, sizeof(*t));
}
