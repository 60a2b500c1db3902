/* mdtext.c: the ruleset's Markdown tree into flow blocks and Pango
 * markup, optionally condensed to each paragraph's first sentence and
 * every later sentence that carries a number. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

struct mbuf {
	char *s;
	size_t n, cap;
	size_t plain; /* characters of text written */
	/* Condensing: keep[i] says whether character i of the plain text
	 * is printed; NULL prints all. */
	const char *keep;
	size_t nkeep;
	const char *mono;
	const struct rnd_hyph *hyph; /* soft hyphens in text; NULL: none */
};

/* Append len bytes. */
static void
mb_put(struct mbuf *b, const char *s, size_t len)
{
	if (b->n + len + 1 > b->cap) {
		while (b->n + len + 1 > b->cap)
			b->cap = b->cap ? b->cap * 2 : 256;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->n, s, len);
	b->n += len;
	b->s[b->n] = '\0';
}

static void
mb_puts(struct mbuf *b, const char *s)
{
	mb_put(b, s, strlen(s));
}

/* Whether plain character i is printed. */
static int
mb_kept(const struct mbuf *b, size_t i)
{
	return b->keep == NULL || (i < b->nkeep && b->keep[i]);
}

/* Append plain text escaped, only the characters of kept sentences. */
static void
mb_text(struct mbuf *b, const char *t)
{
	size_t len = strlen(t), i = 0, j;
	char *e;

	while (i < len) {
		for (j = i; j < len &&
		     mb_kept(b, b->plain + j) == mb_kept(b, b->plain + i);
		     j++)
			;
		if (mb_kept(b, b->plain + i) && b->hyph != NULL) {
			char *seg = xstrndup(t + i, j - i);
			char *hy = rnd_hyphenate(b->hyph, seg);

			e = g_markup_escape_text(hy, -1);
			mb_puts(b, e);
			g_free(e);
			free(hy);
			free(seg);
		} else if (mb_kept(b, b->plain + i)) {
			e = g_markup_escape_text(t + i, (gssize)(j - i));
			mb_puts(b, e);
			g_free(e);
		}
		i = j;
	}
	b->plain += len;
}

/* The plain text of an inline subtree, as mb_inline counts it: text and
 * code as written, a soft break as a space. */
static void
md_plain(struct mbuf *b, const struct rs_md *m)
{
	size_t i;

	switch (m->kind) {
	case RS_MD_TEXT:
	case RS_MD_CODE:
		mb_puts(b, m->text != NULL ? m->text : "");
		return;
	case RS_MD_SOFTBREAK:
		mb_puts(b, " ");
		return;
	case RS_MD_LINEBREAK:
	case RS_MD_HTML:
	case RS_MD_FOOTNOTE_REF: /* not counted: mb_inline adds no text */
		return;
	case RS_MD_FOOTNOTE_DEF:
	case RS_MD_DOCUMENT:
	case RS_MD_HEADING:
	case RS_MD_PARAGRAPH:
	case RS_MD_LIST:
	case RS_MD_ITEM:
	case RS_MD_BLOCKQUOTE:
	case RS_MD_CODE_BLOCK:
	case RS_MD_THEMATIC_BREAK:
	case RS_MD_TABLE:
	case RS_MD_TABLE_ROW:
	case RS_MD_TABLE_CELL:
	case RS_MD_EMPH:
	case RS_MD_STRONG:
	case RS_MD_LINK:
	default:
		break;
	}
	for (i = 0; i < m->nkids; i++)
		md_plain(b, m->kids[i]);
}

/* Words that carry a number as a digit would ("two dice", "half its
 * move"): a sentence with one is a rule a player must not lose. */
static const char *const num_words[] = { "one", "two", "three", "four", "five",
	"six", "seven", "eight", "nine", "ten", "eleven", "twelve", "twice",
	"half", "double", "treble", "triple", "once", NULL };

/* Returns 1 when s[a..e) has a digit or a number word. */
static int
has_number(const char *s, size_t a, size_t e)
{
	size_t i, k, n;

	for (i = a; i < e; i++) {
		if (isdigit((unsigned char)s[i]))
			return 1;
		if (!isalpha((unsigned char)s[i]) ||
		    (i > a && isalpha((unsigned char)s[i - 1])))
			continue;
		for (k = 0; num_words[k] != NULL; k++) {
			n = strlen(num_words[k]);
			if (i + n <= e &&
			    strncasecmp(s + i, num_words[k], n) == 0 &&
			    !isalpha((unsigned char)s[i + n]))
				return 1;
		}
	}
	return 0;
}

/*
 * Which characters a condensed paragraph keeps: its first sentence (the
 * first sentence end after at least 40 characters) and, unless mode is 2,
 * every later sentence that carries a number — "reduced by 1 in a river" is a rule,
 * not colour. A sentence ends at a full stop before a space or the end;
 * the space before a later sentence goes with it. Returns the flags
 * (caller frees), *n the length of the plain text.
 */
static char *
condense_keep(const struct rs_md *m, size_t *n, int mode)
{
	struct mbuf p;
	char *keep;
	size_t a = 0, i, len;

	memset(&p, 0, sizeof(p));
	mb_puts(&p, "");
	md_plain(&p, m);
	len = p.n;
	keep = xcalloc(len + 1, 1);
	for (i = 0; i <= len; i++) {
		int end = i == len ||
		    (p.s[i] == '.' &&
		        (p.s[i + 1] == ' ' || p.s[i + 1] == '\0'));

		if (!end || (a == 0 && i < 40 && i < len))
			continue;
		if (i < len)
			i++; /* the full stop */
		/* Mode 2 (RND_FIRST_SENTENCE): the first sentence only. */
		if (a == 0 || (mode != 2 && has_number(p.s, a, i)))
			memset(keep + a, 1, i - a);
		a = i;
	}
	free(p.s);
	*n = len;
	return keep;
}

/* Inline nodes into markup. */
static void
mb_inline(struct mbuf *b, const struct rs_md *m)
{
	size_t i;

	switch (m->kind) {
	case RS_MD_TEXT:
		mb_text(b, m->text != NULL ? m->text : "");
		return;
	case RS_MD_CODE: {
		char *e = g_markup_escape_text(m->text ? m->text : "", -1);

		if (mb_kept(b, b->plain)) {
			mb_puts(b, "<span font_family=\"");
			mb_puts(b, b->mono);
			mb_puts(b, "\">");
			mb_puts(b, e);
			mb_puts(b, "</span>");
		}
		b->plain += strlen(m->text ? m->text : "");
		g_free(e);
		return;
	}
	case RS_MD_SOFTBREAK:
		mb_text(b, " ");
		return;
	case RS_MD_LINEBREAK:
		if (mb_kept(b, b->plain))
			mb_puts(b, "\n");
		return;
	case RS_MD_HTML:
		return;
	case RS_MD_FOOTNOTE_REF:
		/* The note's number, raised. */
		if (mb_kept(b, b->plain) && m->level > 0) {
			char n[96];

			snprintf(n, sizeof(n),
			    "<span rise=\"%d\"><small>%d"
			    "</small></span>",
			    (int)(RND_LAYOUT_PT * PANGO_SCALE * 0.12),
			    m->level);
			mb_puts(b, n);
		}
		return;
	case RS_MD_EMPH:
		mb_puts(b, "<i>");
		break;
	case RS_MD_STRONG:
		mb_puts(b, "<b>");
		break;
	case RS_MD_DOCUMENT:
	case RS_MD_HEADING:
	case RS_MD_PARAGRAPH:
	case RS_MD_LIST:
	case RS_MD_ITEM:
	case RS_MD_BLOCKQUOTE:
	case RS_MD_CODE_BLOCK:
	case RS_MD_THEMATIC_BREAK:
	case RS_MD_TABLE:
	case RS_MD_TABLE_ROW:
	case RS_MD_TABLE_CELL:
	case RS_MD_LINK:
	case RS_MD_FOOTNOTE_DEF:
	default:
		break;
	}
	for (i = 0; i < m->nkids; i++)
		mb_inline(b, m->kids[i]);
	if (m->kind == RS_MD_EMPH)
		mb_puts(b, "</i>");
	else if (m->kind == RS_MD_STRONG)
		mb_puts(b, "</b>");
}

/* The markup of an inline subtree, hyphenated by h (may be NULL). */
static char *
md_markup(const struct rs_md *m, const char *mono, int condense,
    const struct rnd_hyph *h)
{
	struct mbuf b;
	char *keep = NULL;

	memset(&b, 0, sizeof(b));
	if (condense)
		b.keep = keep = condense_keep(m, &b.nkeep, condense);
	b.mono = mono != NULL ? mono : "DejaVu Sans Mono";
	b.hyph = h;
	mb_puts(&b, "");
	mb_inline(&b, m);
	free(keep);
	return b.s;
}

/* Returns the markup of an inline subtree (caller frees). */
char *
rnd_md_markup(const struct rs_md *m, const char *mono, int condense)
{
	return md_markup(m, mono, condense, NULL);
}

/* Prose of a flow: its style's hyphenation. */
static char *
flow_markup(struct rnd_flow *f, const struct rs_md *m, int condense)
{
	const struct rnd_style *st = rnd_flow_style(f);

	return md_markup(m, st->mono_font, condense, st->hyph);
}

static void flow_md_block(struct rnd_flow *, const struct rs_md *, int, int,
    const char *);

/* A list's items, with bullets or numbers, nested lists indented. */
static void
flow_md_list(struct rnd_flow *f, const struct rs_md *m, int condense,
    int level, const char *mono)
{
	size_t i, j;

	for (i = 0; i < m->nkids; i++) {
		const struct rs_md *it = m->kids[i];
		char *bullet = m->ordered ?
		    xasprintf("%d.", m->start + (int)i) :
		    xstrdup("\xe2\x80\xa2");
		int first = 1;

		for (j = 0; j < it->nkids; j++) {
			const struct rs_md *k = it->kids[j];

			if (k->kind == RS_MD_PARAGRAPH && first) {
				char *mk = flow_markup(f, k, condense);

				rnd_flow_item(f, k->pos, level, bullet, mk);
				free(mk);
				first = 0;
			} else
				flow_md_block(f, k, condense, level + 1, mono);
		}
		free(bullet);
	}
}

/* A Markdown table as a flow table. */
static void
flow_md_table(struct rnd_flow *f, const struct rs_md *m, const char *mono)
{
	size_t r, c, ncols = m->nkids > 0 ? m->kids[0]->nkids : 0;
	char **cells;

	if (ncols == 0)
		return;
	cells = xcalloc(m->nkids * ncols, sizeof(char *));
	for (r = 0; r < m->nkids; r++)
		for (c = 0; c < ncols; c++)
			cells[r * ncols + c] = c < m->kids[r]->nkids ?
			    rnd_md_markup(m->kids[r]->kids[c], mono, 0) :
			    xstrdup("");
	rnd_flow_table(f, m->pos, m->nkids, ncols, cells, m->kids[0]->header);
	for (r = 0; r < m->nkids * ncols; r++)
		free(cells[r]);
	free(cells);
}

/* One block node into the flow. */
static void
flow_md_block(struct rnd_flow *f, const struct rs_md *m, int condense,
    int level, const char *mono)
{
	char *mk;
	size_t i;

	switch (m->kind) {
	case RS_MD_DOCUMENT:
	case RS_MD_BLOCKQUOTE:
		for (i = 0; i < m->nkids; i++)
			flow_md_block(f, m->kids[i], condense, level, mono);
		break;
	case RS_MD_HEADING:
		mk = rnd_md_markup(m, mono, 0);
		rnd_flow_heading(f, m->pos, m->level, mk);
		free(mk);
		break;
	case RS_MD_PARAGRAPH:
		mk = flow_markup(f, m, condense);
		if (level > 0)
			rnd_flow_item(f, m->pos, level, "", mk);
		else
			rnd_flow_para(f, m->pos, mk);
		free(mk);
		break;
	case RS_MD_LIST:
		flow_md_list(f, m, condense, level, mono);
		break;
	case RS_MD_TABLE:
		flow_md_table(f, m, mono);
		break;
	case RS_MD_FOOTNOTE_DEF:
		/* A note: its number as the bullet of its first paragraph. */
		for (i = 0; i < m->nkids; i++) {
			if (i == 0 && m->kids[i]->kind == RS_MD_PARAGRAPH) {
				char n[24];

				snprintf(n, sizeof(n), "%d", m->level);
				mk = flow_markup(f, m->kids[i], condense);
				rnd_flow_item(f, m->kids[i]->pos, level + 1, n,
				    mk);
				free(mk);
			} else
				flow_md_block(f, m->kids[i], condense,
				    level + 1, mono);
		}
		break;
	case RS_MD_CODE_BLOCK:
		if (m->info != NULL && strncmp(m->info, "test-game", 9) == 0)
			break;
		{
			char *e = rnd_markup_escape(m->text ? m->text : "");

			mk = xasprintf("<span font_family=\"%s\">%s</span>",
			    mono, e);
			rnd_flow_para(f, m->pos, mk);
			free(mk);
			free(e);
		}
		break;
	case RS_MD_ITEM:
	case RS_MD_THEMATIC_BREAK:
	case RS_MD_TABLE_ROW:
	case RS_MD_TABLE_CELL:
	case RS_MD_HTML:
	case RS_MD_TEXT:
	case RS_MD_CODE:
	case RS_MD_EMPH:
	case RS_MD_STRONG:
	case RS_MD_LINK:
	case RS_MD_SOFTBREAK:
	case RS_MD_LINEBREAK:
	case RS_MD_FOOTNOTE_REF:
	default:
		break;
	}
}

void
rnd_flow_md(struct rnd_flow *f, const struct rs_md *m, int condense)
{
	flow_md_block(f, m, condense, 0, rnd_flow_style(f)->mono_font);
}
