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
	struct rnd_flow *f; /* links are links of this flow; NULL: text */
	int nolink;         /* inside a link or an emphasis (a link too) */
	char *named;        /* names linked so far (rnd_flow_name_links) */
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

static void mb_inline(struct mbuf *, const struct rs_md *);

/* A URL as printed: escaped, never hyphenated; it may break after a
 * slash or a dot past its scheme's "://" (a zero-width space there). */
static void
mb_url(struct mbuf *b, const char *url)
{
	const char *p, *host = strstr(url, "://");
	char *e;

	host = host != NULL ? host + 3 : url;
	for (p = url; *p != '\0'; p++) {
		if ((unsigned char)*p >= 0x80)
			mb_put(b, p, 1);
		else {
			e = g_markup_escape_text(p, 1);
			mb_puts(b, e);
			g_free(e);
		}
		if (p >= host && (*p == '/' || *p == '.') && p[1] != '\0' &&
		    p[1] != '/')
			mb_puts(b, "\xe2\x80\x8b");
	}
}

/* A link: its text, a PDF link in a flow, and for print its URL in
 * small type after it (unless the text is the URL, or it leads inside
 * the book). An image in a flow is drawn as a figure under its
 * paragraph (flow_md_block), so it adds nothing here; elsewhere (a
 * table's cell, a heading) its alt text stands for it. */
static void
mb_link(struct mbuf *b, const struct rs_md *m)
{
	const char *url = m->info != NULL ? m->info : "";
	struct mbuf t;
	int id = -1;
	size_t i, start = b->plain;
	void *arg;

	memset(&t, 0, sizeof(t));
	md_plain(&t, m);
	if (m->level == 1 && b->f != NULL && rnd_flow_image_fn(b->f, &arg)) {
		b->plain += t.n;
		free(t.s);
		return;
	}
	if (m->level != 1 && b->f != NULL && *url != '\0' &&
	    mb_kept(b, start)) {
		char sp[48];

		/* A link out underlined; one to a place in the book as its
		 * text. */
		id = rnd_flow_link(b->f, url);
		snprintf(sp, sizeof(sp), "<span lang=\"x-lnk%d\"%s>", id,
		    url[0] == '#' ? "" : " underline=\"low\"");
		if (id >= 0)
			mb_puts(b, sp);
	}
	if (*url != '\0' && strcmp(t.s != NULL ? t.s : "", url) == 0) {
		/* Its text is its URL: never hyphenated, broken after a
		 * slash or a dot. */
		if (mb_kept(b, start))
			mb_url(b, url);
		b->plain += t.n;
	} else {
		b->nolink++;
		for (i = 0; i < m->nkids; i++)
			mb_inline(b, m->kids[i]);
		b->nolink--;
	}
	if (id >= 0)
		mb_puts(b, "</span>");
	if (m->level != 1 && *url != '\0' && url[0] != '#' &&
	    mb_kept(b, start) && strcmp(t.s != NULL ? t.s : "", url) != 0 &&
	    (strncmp(url, "mailto:", 7) != 0 ||
	        strcmp(t.s != NULL ? t.s : "", url + 7) != 0)) {
		mb_puts(b, " <small>(");
		mb_url(b, url);
		mb_puts(b, ")</small>");
	}
	free(t.s);
}

/* Text, each "Clarification N" in it a link to that clarification
 * ("#clarification-N", where the book has it). */
static void
mb_text_clar(struct mbuf *b, const char *t)
{
	static const char word[] = "Clarification ";
	const char *at;

	while (b->f != NULL && (at = strstr(t, word)) != NULL) {
		const char *d = at + sizeof(word) - 1, *e = d;
		char *pre, *ref, *to, sp[40];
		int id;

		while (*e >= '0' && *e <= '9' && e - d < 4)
			e++;
		if (e == d || (*e >= '0' && *e <= '9') ||
		    !mb_kept(b, b->plain + (size_t)(at - t))) {
			pre = xstrndup(t, (size_t)(d - t));
			mb_text(b, pre);
			free(pre);
			t = d;
			continue;
		}
		to = xasprintf("#clarification-%.*s", (int)(e - d), d);
		id = rnd_flow_link(b->f, to);
		free(to);
		pre = xstrndup(t, (size_t)(at - t));
		mb_text(b, pre);
		free(pre);
		if (id >= 0) {
			snprintf(sp, sizeof(sp), "<span lang=\"x-lnk%d\">",
			    id);
			mb_puts(b, sp);
		}
		ref = xstrndup(at, (size_t)(e - at));
		mb_text(b, ref);
		free(ref);
		if (id >= 0)
			mb_puts(b, "</span>");
		t = e;
	}
	mb_text(b, t);
}

/* Whether the byte before p (or start) and at e end a whole word. */
static int
word_edges(const char *start, const char *p, const char *e)
{
	unsigned char a = p > start ? (unsigned char)p[-1] : ' ';
	unsigned char z = (unsigned char)*e;

	return !(isalnum(a) || a >= 0x80 || a == '_' || a == '-') &&
	    !(isalnum(z) || z >= 0x80 || z == '_');
}

/* Text, the first of each name of rnd_flow_name_links in the block (a
 * whole word, its case as written) a link to its place, then its
 * "Clarification N" references (mb_text_clar). */
static void
mb_text_refs(struct mbuf *b, const char *t)
{
	const char *const *names, *const *to, **at, *t0 = t;
	size_t n = b->f != NULL ? rnd_flow_names(b->f, &names, &to) : 0, i;
	char *known;

	if (n == 0 || b->nolink > 0) {
		mb_text_clar(b, t);
		return;
	}
	if (b->named == NULL)
		b->named = xcalloc(n, 1);
	/* Each name's next place in the text (NULL: none), looked for
	 * again only once the text is written past it: each name's search
	 * goes through the text once, however many names it holds. */
	at = xcalloc(n, sizeof(*at));
	known = xcalloc(n, 1);
	for (;;) {
		const char *best = NULL, *p;
		size_t bi = 0, bl = 0;
		char *pre, sp[40];
		int id;

		for (i = 0; i < n; i++) {
			size_t l = strlen(names[i]);

			if (b->named[i])
				continue;
			if (!known[i] || (at[i] != NULL && at[i] < t)) {
				for (p = strstr(t, names[i]); p != NULL;
				     p = strstr(p + 1, names[i]))
					if (word_edges(t0, p, p + l))
						break;
				at[i] = p;
				known[i] = 1;
			}
			/* The first in the text, the longest there. */
			if ((p = at[i]) != NULL &&
			    (best == NULL || p < best ||
			        (p == best && l > bl))) {
				best = p;
				bi = i;
				bl = l;
			}
		}
		if (best == NULL || !mb_kept(b, b->plain + (size_t)(best - t)))
			break;
		b->named[bi] = 1;
		pre = xstrndup(t, (size_t)(best - t));
		mb_text_clar(b, pre);
		free(pre);
		id = rnd_flow_link(b->f, to[bi]);
		if (id >= 0) {
			snprintf(sp, sizeof(sp), "<span lang=\"x-lnk%d\">",
			    id);
			mb_puts(b, sp);
		}
		pre = xstrndup(best, bl);
		mb_text(b, pre);
		free(pre);
		if (id >= 0)
			mb_puts(b, "</span>");
		t = best + bl;
	}
	free(at);
	free(known);
	mb_text_clar(b, t);
}

/* Inline nodes into markup. */
static void
mb_inline(struct mbuf *b, const struct rs_md *m)
{
	size_t i;
	int id = -1;

	switch (m->kind) {
	case RS_MD_LINK:
		mb_link(b, m);
		return;
	case RS_MD_TEXT:
		mb_text_refs(b, m->text != NULL ? m->text : "");
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
	case RS_MD_STRONG:
		/* A heading's name in italics or bold ("see *Melee*") links
		 * to it, where the book has it. */
		if (b->f != NULL && mb_kept(b, b->plain)) {
			char *t = rs_md_text(m), *sl = rnd_md_slug(t);
			char *to = xasprintf("#%s", sl);

			id = rnd_flow_link(b->f, to);
			free(to);
			free(sl);
			free(t);
			if (id >= 0) {
				char sp[40];

				snprintf(sp, sizeof(sp),
				    "<span lang=\"x-lnk%d\">", id);
				mb_puts(b, sp);
			}
		}
		mb_puts(b, m->kind == RS_MD_EMPH ? "<i>" : "<b>");
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
	case RS_MD_FOOTNOTE_DEF:
	default:
		break;
	}
	if (m->kind == RS_MD_EMPH || m->kind == RS_MD_STRONG)
		b->nolink++;
	for (i = 0; i < m->nkids; i++) {
		size_t k;

		/* A run of text and soft breaks as one text: a name the
		 * source breaks across its lines ("Tide\nScouts") is still
		 * found. */
		for (k = i; k < m->nkids &&
		     ((m->kids[k]->kind == RS_MD_TEXT &&
		          m->kids[k]->text != NULL) ||
		         m->kids[k]->kind == RS_MD_SOFTBREAK);
		     k++)
			;
		if (k - i < 2) {
			mb_inline(b, m->kids[i]);
			continue;
		}
		{
			GString *g = g_string_new(NULL);

			for (; i < k; i++)
				g_string_append(g,
				    m->kids[i]->kind == RS_MD_SOFTBREAK ?
				        " " :
				        m->kids[i]->text);
			i--;
			mb_text_refs(b, g->str);
			g_string_free(g, TRUE);
		}
	}
	if (m->kind == RS_MD_EMPH || m->kind == RS_MD_STRONG)
		b->nolink--;
	if (m->kind == RS_MD_EMPH)
		mb_puts(b, "</i>");
	else if (m->kind == RS_MD_STRONG)
		mb_puts(b, "</b>");
	if (id >= 0)
		mb_puts(b, "</span>");
}

/* The markup of an inline subtree, hyphenated by h (may be NULL). */
static char *
md_markup(const struct rs_md *m, const char *mono, int condense,
    const struct rnd_hyph *h, struct rnd_flow *f)
{
	struct mbuf b;
	char *keep = NULL;

	memset(&b, 0, sizeof(b));
	if (condense)
		b.keep = keep = condense_keep(m, &b.nkeep, condense);
	b.mono = mono != NULL ? mono : "DejaVu Sans Mono";
	b.hyph = h;
	b.f = f;
	mb_puts(&b, "");
	mb_inline(&b, m);
	free(keep);
	free(b.named);
	return b.s;
}

/* Returns the markup of an inline subtree (caller frees). */
char *
rnd_md_markup(const struct rs_md *m, const char *mono, int condense)
{
	return md_markup(m, mono, condense, NULL, NULL);
}

/* Prose of a flow: its style's hyphenation. */
static char *
flow_markup(struct rnd_flow *f, const struct rs_md *m, int condense)
{
	const struct rnd_style *st = rnd_flow_style(f);

	return md_markup(m, st->mono_font, condense, st->hyph, f);
}

static void flow_md_block(struct rnd_flow *, const struct rs_md *, int, int,
    const char *);
static void md_images(struct rnd_flow *, const struct rs_md *, rnd_image_fn,
    void *);

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
				void *arg;
				rnd_image_fn fn = rnd_flow_image_fn(f, &arg);

				rnd_flow_item(f, k->pos, level, bullet, mk);
				free(mk);
				if (fn != NULL)
					md_images(f, k, fn, arg);
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
	size_t r, c, k, ncols = m->nkids > 0 ? m->kids[0]->nkids : 0, nk;
	char **cells;
	int *keep;
	void *arg;
	rnd_table_fn fn = rnd_flow_table_fn(f, &arg);

	if (ncols == 0)
		return;
	keep = xcalloc(ncols, sizeof(*keep));
	for (c = 0; c < ncols; c++)
		keep[c] = 1;
	if (fn != NULL && fn(arg, f, m, keep)) {
		free(keep);
		return;
	}
	for (c = 0, nk = 0; c < ncols; c++)
		nk += keep[c] != 0;
	if (nk == 0) {
		free(keep);
		return;
	}
	cells = xcalloc(m->nkids * nk, sizeof(char *));
	for (r = 0; r < m->nkids; r++)
		for (c = 0, k = 0; c < ncols; c++)
			if (keep[c])
				cells[r * nk + k++] = c < m->kids[r]->nkids ?
				    rnd_md_markup(m->kids[r]->kids[c], mono,
				        0) :
				    xstrdup("");
	rnd_flow_table(f, m->pos, m->nkids, nk, cells, m->kids[0]->header);
	for (r = 0; r < m->nkids * nk; r++)
		free(cells[r]);
	free(cells);
	free(keep);
}

/* Whether an inline subtree has text other than its images' alt text. */
static int
has_text_sans_images(const struct rs_md *m)
{
	size_t i;
	const char *p;

	if (m->kind == RS_MD_LINK && m->level == 1)
		return 0;
	if ((m->kind == RS_MD_TEXT || m->kind == RS_MD_CODE) &&
	    m->text != NULL)
		for (p = m->text; *p != '\0'; p++)
			if (!isspace((unsigned char)*p))
				return 1;
	for (i = 0; i < m->nkids; i++)
		if (has_text_sans_images(m->kids[i]))
			return 1;
	return 0;
}

/* Each image of an inline subtree to fn, in order. */
static void
md_images(struct rnd_flow *f, const struct rs_md *m, rnd_image_fn fn,
    void *arg)
{
	size_t i;

	if (m->kind == RS_MD_LINK && m->level == 1) {
		fn(arg, f, m);
		return;
	}
	for (i = 0; i < m->nkids; i++)
		md_images(f, m->kids[i], fn, arg);
}

/* A thematic break in a book: a short rule across the middle. */
static double
break_draw(cairo_t *cr, void *arg, double x, double y, double w, double scale,
    int draw)
{
	(void)arg;
	(void)scale;
	if (draw) {
		cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
		cairo_set_line_width(cr, 0.3);
		cairo_move_to(cr, x + w * 0.35, y + 1.5);
		cairo_line_to(cr, x + w * 0.65, y + 1.5);
		cairo_stroke(cr);
	}
	return 3;
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
		for (i = 0; i < m->nkids; i++)
			flow_md_block(f, m->kids[i], condense, level, mono);
		break;
	case RS_MD_BLOCKQUOTE: {
		/* A callout box ("Designer's note"). */
		int was = rnd_flow_quoting(f);

		rnd_flow_quote(f, 1);
		for (i = 0; i < m->nkids; i++)
			flow_md_block(f, m->kids[i], condense, level, mono);
		rnd_flow_quote(f, was);
		break;
	}
	case RS_MD_HEADING: {
		char *t = rs_md_text(m), *sl = rnd_md_slug(t);

		mk = rnd_md_markup(m, mono, 0);
		rnd_flow_heading(f, m->pos, m->level, mk);
		rnd_flow_dest(f, sl);
		free(mk);
		free(sl);
		free(t);
		break;
	}
	case RS_MD_PARAGRAPH: {
		void *arg;
		rnd_image_fn fn = rnd_flow_image_fn(f, &arg);

		/* With a figure for each image under the text (a paragraph of
		 * images alone is its figures). */
		if (fn == NULL || has_text_sans_images(m)) {
			mk = flow_markup(f, m, condense);
			if (level > 0)
				rnd_flow_item(f, m->pos, level, "", mk);
			else
				rnd_flow_para(f, m->pos, mk);
			free(mk);
		}
		if (fn != NULL)
			md_images(f, m, fn, arg);
		break;
	}
	case RS_MD_THEMATIC_BREAK: {
		void *arg;

		if (rnd_flow_image_fn(f, &arg) != NULL)
			rnd_flow_custom(f, m->pos, break_draw, NULL);
		break;
	}
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

char *
rnd_md_slug(const char *text)
{
	char *s = xmalloc(strlen(text) + 1), *q = s;
	const unsigned char *p;

	/* As GitHub makes a heading's anchor: lower case, letters, digits,
	 * '-' and '_' kept (and every character past ASCII), a space a
	 * '-', the rest left out. */
	for (p = (const unsigned char *)text; *p != '\0'; p++)
		if (*p >= 0x80)
			*q++ = (char)*p;
		else if (isalnum(*p) || *p == '-' || *p == '_')
			*q++ = (char)tolower(*p);
		else if (*p == ' ')
			*q++ = '-';
	*q = '\0';
	return s;
}

void
rnd_flow_md(struct rnd_flow *f, const struct rs_md *m, int condense)
{
	flow_md_block(f, m, condense, 0, rnd_flow_style(f)->mono_font);
}
