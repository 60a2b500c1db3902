/*
 * html.c: the rulebook as one self-contained HTML file (issue 38),
 * `rulebook -o book.html`. The prose goes through cmark-gfm's own HTML
 * renderer (raw HTML and unsafe links left out, as its safe mode does),
 * block by block, so that the book's order holds: the sections a book
 * leaves out (the test games) are left out, every heading gets an
 * anchor and a place in the contents, and the examples of play follow
 * the section they explain, drawn by the same Cairo code as the PDF's,
 * as inline SVG. Pictures are inlined as data: URIs; the file makes no
 * request of its own, reads on a phone (one column, pictures and
 * diagrams as wide as the screen) and prints from the browser.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>
#include <glib.h>

#include "../../engine/engine.h"
#include "../internal.h"
#include "html.h"
#include "plan.h"

/* The page's look: readable on a phone and on paper. */
static const char css[] =
    "body{font-family:'DejaVu Serif',Georgia,serif;line-height:1.5;"
    "margin:0 auto;padding:1em;max-width:44em;color:#1a1a1a}"
    "h1,h2,h3,h4{font-family:'DejaVu Sans',Helvetica,sans-serif;"
    "line-height:1.2;color:#6b1d1d}"
    "h2{border-bottom:1px solid #6b1d1d;padding-bottom:.1em}"
    "table{border-collapse:collapse;margin:.5em 0;display:block;"
    "overflow-x:auto;font-size:.92em}"
    "th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left;"
    "vertical-align:top}th{background:#6b1d1d;color:#fff}"
    "tr:nth-child(even) td{background:#f1ece1}"
    "img,svg{max-width:100%;height:auto}"
    "figure svg{width:100%;max-width:28em}"
    "figure{margin:1em 0}figcaption{font-size:.9em;color:#555}"
    "blockquote{border-left:4px solid #6b1d1d;background:#f1ece1;"
    "margin:1em 0;padding:.5em 1em}"
    "nav ol{padding-left:1.2em}.credits{color:#555}"
    ".book-title{font:bold 2em 'DejaVu Sans',Helvetica,sans-serif;"
    "color:#6b1d1d;margin:.5em 0 .2em}.subtitle{font-style:italic}"
    "header{text-align:center}.cover img{max-height:70vh}"
    "header p{margin:.3em 0}h1+header{text-align:left}"
    ".index ul{list-style:none;padding-left:0;columns:16em}"
    ".index li{break-inside:avoid;padding:.15em 0}"
    "@media print{body{max-width:none}a{color:inherit}"
    "h2,h3{break-after:avoid}figure,table{break-inside:avoid}}";

/* s escaped for HTML text or an attribute, appended to g. */
static void
esc(GString *g, const char *s)
{
	char *e = rnd_xml_escape(s);

	g_string_append(g, e);
	free(e);
}

/* A heading's anchor as GitHub names it (rnd_md_slug, as the PDF's
 * destinations: a link to "#name" finds the same heading in both), and
 * unique in the page: a second of the same name "-1", a third "-2". */
static char *
slug(const char *text, GHashTable *seen)
{
	char *s = rnd_md_slug(text), *u;

	if (*s == '\0') {
		free(s);
		s = xstrdup("section");
	}
	u = g_strdup(s);
	for (int k = 1; g_hash_table_contains(seen, u); k++) {
		g_free(u);
		u = g_strdup_printf("%s-%d", s, k);
	}
	g_hash_table_add(seen, g_strdup(u));
	free(s);
	return u;
}

/* A block of the prose as cmark-gfm renders it, and where it begins. */
struct cblock {
	char *html, *text;
	int lvl, line, col;
};

/* A place of the book an index entry links to: a top-level block, or
 * an item of a list whose items are places of their own (as the PDF's
 * blocks). */
struct slot {
	size_t kid;  /* in rs->doc */
	int item;    /* the list's item, or -1 */
	int want;    /* an index term is here: it gets an id */
	char *id;    /* its id, once written */
	char *where; /* the heading (level 2 or 3) it is under */
	int *rows;   /* a table's rows a term is in (1: wanted) */
	size_t nrows;
};

/* What one run of the writer keeps between the blocks. */
struct html_run {
	const struct rnd_html *h;
	GString *body, *nav;
	GHashTable *seen;
	struct cblock *cb; /* the prose's blocks, in order */
	size_t ncb, capcb;
	struct slot *slot; /* the index's places */
	size_t nslot, capslot;
	struct rb_terms terms;
	char *h1; /* the first level-1 heading's text */
	int *fn;  /* footnotes referred to in the open section */
	size_t nfn, capfn;
	int placed;
};

/* A picture of the prose inlined: its url a data: URI of its file
 * (read as the PDF's figures are, with their limits), or "" where it
 * cannot be (nothing is fetched from elsewhere). */
static char *
inline_image(const char *url, void *arg)
{
	const struct html_run *run = arg;
	const char *kind;
	char why[256], *file, *data = NULL, *err = NULL, *out;
	size_t len = 0;
	gchar *b64;

	if (url == NULL || strncmp(url, "data:", 5) == 0)
		return NULL;
	file = rs_image_file(run->h->rs, url, &kind, why, sizeof(why));
	if (file == NULL ||
	    file_slurp(file, RS_MAX_IMAGE_FILE, &data, &len, &err) != 0) {
		free(file);
		free(err);
		return xstrdup("");
	}
	b64 = g_base64_encode((const guchar *)data, len);
	out = xasprintf("data:image/%s;base64,%s",
	    strcmp(kind, "svg") == 0 ? "svg+xml" : kind, b64);
	g_free(b64);
	free(data);
	free(file);
	return out;
}

/* At p, after an id's quote or a reference's '#': Cairo's "surfaceN", N
 * from a counter of every surface the process made (so that the same
 * figure would differ between `html` and a build that drew other products
 * first), appended as the figure's own "surfaceK", K in the order the
 * figure names them. Returns where the rest begins (p: nothing taken). */
static const char *
svg_surface_id(GString *out, const char *p, GHashTable *ids)
{
	const char *e;
	gpointer k;
	char *num;

	if (strncmp(p, "surface", 7) != 0 || p[7] < '0' || p[7] > '9')
		return p;
	for (e = p + 7; *e >= '0' && *e <= '9'; e++)
		;
	num = g_strndup(p + 7, (gsize)(e - p - 7));
	if ((k = g_hash_table_lookup(ids, num)) == NULL) {
		k = GUINT_TO_POINTER(g_hash_table_size(ids) + 1);
		g_hash_table_insert(ids, num, k);
	} else
		g_free(num);
	g_string_append_printf(out, "surface%u", GPOINTER_TO_UINT(k) - 1);
	return e;
}

/* Cairo's SVG of one drawing, its ids made the figure's own (n), so
 * that several in one page do not take each other's glyphs, and its
 * surfaces numbered from 0 in the figure. */
static void
svg_append(GString *out, const char *svg, int n)
{
	static const char *const refs[] = { "id=\"", "href=\"#", "url(#" };
	const char *p = strstr(svg, "<svg");
	GHashTable *ids;
	char pre[32];
	size_t i, len;

	if (p == NULL)
		return;
	ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	snprintf(pre, sizeof(pre), "f%d-", n);
	while (*p != '\0') {
		for (i = 0; i < sizeof(refs) / sizeof(refs[0]); i++)
			if (strncmp(p, refs[i], len = strlen(refs[i])) == 0)
				break;
		if (i == sizeof(refs) / sizeof(refs[0])) {
			g_string_append_c(out, *p++);
			continue;
		}
		g_string_append(out, refs[i]);
		g_string_append(out, pre);
		p = svg_surface_id(out, p + len, ids);
	}
	g_hash_table_destroy(ids);
}

static cairo_status_t
svg_write(void *closure, const unsigned char *data, unsigned int length)
{
	g_string_append_len(closure, (const char *)data, length);
	return CAIRO_STATUS_SUCCESS;
}

/* An example of play as a figure: its diagram and steps in SVG, drawn
 * by the PDF's code at the width of a column of two on A4 (85 mm), so
 * that on a phone its words are at the size of the text. */
static void
example_figure(GString *out, struct rnd_example_ctx *c, int n)
{
	const double w = 85.0, k = 72.0 / 25.4;
	cairo_surface_t *rec, *svg;
	cairo_t *cr;
	GString *s = g_string_new(NULL);
	double hgt;

	rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cr = cairo_create(rec);
	cairo_scale(cr, k, k);
	hgt = rnd_example_draw(cr, c, 0, 0, w, 1.0, 0);
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
	svg = cairo_svg_surface_create_for_stream(svg_write, s, w * k,
	    hgt * k + 1);
	cr = cairo_create(svg);
	cairo_scale(cr, k, k);
	(void)rnd_example_draw(cr, c, 0, 0, w, 1.0, 1);
	cairo_destroy(cr);
	cairo_surface_finish(svg);
	cairo_surface_destroy(svg);
	g_string_append_printf(out,
	    "<figure id=\"example-%d\" role=\"img\" "
	    "aria-label=\"",
	    c->number);
	{
		char *alt = xasprintf(_("Example %d: %s"), c->number,
		    c->ex->caption != NULL ? c->ex->caption : "");

		esc(out, alt);
		free(alt);
	}
	g_string_append(out, "\">\n");
	svg_append(out, s->str, n);
	g_string_append(out, "\n</figure>\n");
	g_string_free(s, TRUE);
}

/* The examples that belong under the section titled title and are not
 * placed yet (NULL: every one left). */
static void
examples_of(const struct rnd_html *h, GString *out, const char *title,
    int *placed)
{
	size_t i;

	for (i = 0; i < h->nexamples; i++) {
		struct rnd_example_ctx *c = &h->exc[i];

		if (c->number > 0 ||
		    (title != NULL &&
		        !rs_heading_eq(h->rs->lang, c->ex->section, title)))
			continue;
		c->number = ++*placed;
		example_figure(out, c, c->number);
	}
}

/* rs_html_blocks: each block kept, to be found by where it begins. */
static void
html_keep(const char *html, int lvl, const char *text, int line, int col,
    void *arg)
{
	struct html_run *run = arg;
	struct cblock c;

	c.html = xstrdup(html);
	c.text = xstrdup(text);
	c.lvl = lvl;
	c.line = line;
	c.col = col;
	XPUSH(run->cb, run->ncb, run->capcb, c);
}

/* The block cmark-gfm rendered where m begins, or NULL (a table read
 * from a spreadsheet has none of its own). */
static const struct cblock *
html_of(const struct html_run *run, const struct rs_md *m, size_t *from)
{
	size_t i;

	for (i = *from; i < run->ncb; i++)
		if (run->cb[i].line == m->pos.line &&
		    run->cb[i].col == m->pos.col) {
			*from = i + 1;
			return &run->cb[i];
		}
	for (i = 0; i < *from && i < run->ncb; i++)
		if (run->cb[i].line == m->pos.line &&
		    run->cb[i].col == m->pos.col)
			return &run->cb[i];
	return NULL;
}

/* An inline subtree (a table's cell) as HTML, as cmark-gfm's safe mode
 * would write it: links only to the page, the web or mail; a picture
 * its alt text. */
static void
inline_html(GString *g, const struct rs_md *m)
{
	size_t i;
	const char *u = m->info;
	int link = 0;

	if (m->kind == RS_MD_TEXT || m->kind == RS_MD_CODE) {
		g_string_append(g, m->kind == RS_MD_CODE ? "<code>" : "");
		esc(g, m->text != NULL ? m->text : "");
		g_string_append(g, m->kind == RS_MD_CODE ? "</code>" : "");
		return;
	}
	if (m->kind == RS_MD_SOFTBREAK || m->kind == RS_MD_LINEBREAK) {
		g_string_append(g, m->kind == RS_MD_LINEBREAK ? "<br>" : " ");
		return;
	}
	if (m->kind == RS_MD_HTML)
		return;
	if (m->kind == RS_MD_FOOTNOTE_REF) {
		g_string_append_printf(g,
		    "<sup class=\"footnote-ref\"><a href=\"#fn-%d\">%d</a>"
		    "</sup>",
		    m->level, m->level);
		return;
	}
	if (m->kind == RS_MD_EMPH)
		g_string_append(g, "<em>");
	else if (m->kind == RS_MD_STRONG)
		g_string_append(g, "<strong>");
	else if (m->kind == RS_MD_LINK) {
		link = m->level == 0 && u != NULL &&
		    (u[0] == '#' || g_str_has_prefix(u, "http://") ||
		        g_str_has_prefix(u, "https://") ||
		        g_str_has_prefix(u, "mailto:"));
		if (link) {
			g_string_append(g, "<a href=\"");
			esc(g, u);
			g_string_append(g, "\">");
		}
	}
	for (i = 0; i < m->nkids; i++)
		inline_html(g, m->kids[i]);
	if (m->kind == RS_MD_EMPH)
		g_string_append(g, "</em>");
	else if (m->kind == RS_MD_STRONG)
		g_string_append(g, "</strong>");
	else if (link)
		g_string_append(g, "</a>");
}

/* A slot's id (made when first asked). */
static const char *
slot_id(struct html_run *run, size_t s)
{
	if (run->slot[s].id == NULL)
		run->slot[s].id = xasprintf("ix-%zu", s);
	return run->slot[s].id;
}

/* A prose table as the book prints it (plan.c, as the PDF's): the
 * engine's columns left out, cells in a player's words, a settings
 * table as rules; each row an index term is in with its id. */
static void
table_html(struct html_run *run, const struct rs_md *m, const char *sec,
    size_t s)
{
	GString *g = run->body;
	struct rb_table t;
	size_t r, c, n = m->nkids > 0 ? m->kids[0]->nkids : 0;
	int *keep, how;

	if (n == 0)
		return;
	keep = xcalloc(n, sizeof(*keep));
	for (c = 0; c < n; c++)
		keep[c] = 1;
	how = rb_table_plan(run->h->rs, sec, m, keep, &t);
	if (how == 2) {
		g_string_append(g, "<ul>\n");
		for (r = 1; r < m->nkids; r++)
			if (t.rules[r] != NULL) {
				g_string_append(g, "<li>");
				esc(g, t.rules[r]);
				g_string_append(g, "</li>\n");
			}
		g_string_append(g, "</ul>\n");
	} else {
		g_string_append(g, "<table>\n");
		for (r = 0; r < m->nkids; r++) {
			const struct rs_md *row = m->kids[r];
			int head = r == 0 && row->header;

			if (r == 0 && head)
				g_string_append(g, "<thead>\n");
			if (r == 1 || (r == 0 && !head))
				g_string_append(g, "<tbody>\n");
			g_string_append(g, "<tr");
			if (run->slot[s].rows != NULL &&
			    r < run->slot[s].nrows && run->slot[s].rows[r])
				g_string_append_printf(g, " id=\"%s-%zu\"",
				    slot_id(run, s), r);
			g_string_append(g, ">");
			for (c = 0; c < n; c++) {
				const char *w = how == 1 ?
				    t.words[r * t.cols + c] :
				    NULL;

				if (!keep[c])
					continue;
				g_string_append(g, head ? "<th>" : "<td>");
				if (w != NULL)
					esc(g, w);
				else if (c < row->nkids)
					inline_html(g, row->kids[c]);
				g_string_append(g, head ? "</th>" : "</td>");
			}
			g_string_append(g, "</tr>\n");
			if (r == 0 && head)
				g_string_append(g, "</thead>\n");
		}
		if (m->nkids > 1 || !m->kids[0]->header)
			g_string_append(g, "</tbody>\n");
		g_string_append(g, "</table>\n");
	}
	rb_table_free(&t);
	free(keep);
}

/* html with id given to its first tag (at its start), or to its item-th
 * item of the outermost list. */
static void
append_with_id(GString *g, const char *html, const char *id, int item)
{
	const char *p = html, *at = NULL;
	int depth = 0, k = -1;

	if (id == NULL) {
		g_string_append(g, html);
		return;
	}
	if (item < 0)
		at = html[0] == '<' ? html + 1 : NULL;
	else
		for (; *p != '\0' && at == NULL; p++) {
			if (strncmp(p, "<ul", 3) == 0 ||
			    strncmp(p, "<ol", 3) == 0)
				depth++;
			else if (strncmp(p, "</ul", 4) == 0 ||
			    strncmp(p, "</ol", 4) == 0)
				depth--;
			else if (depth == 1 && strncmp(p, "<li", 3) == 0 &&
			    ++k == item)
				at = p + 1;
		}
	if (at == NULL) {
		g_string_append(g, html);
		return;
	}
	while (g_ascii_isalnum(*at))
		at++;
	g_string_append_len(g, html, at - html);
	g_string_append_printf(g, " id=\"%s\"", id);
	g_string_append(g, at);
}

/* The numbers of the footnotes referred to in m's subtree, into
 * run->fn (each once). */
static void
html_refs(struct html_run *run, const struct rs_md *m)
{
	size_t i;

	if (m->kind == RS_MD_FOOTNOTE_REF && m->level > 0) {
		for (i = 0; i < run->nfn; i++)
			if (run->fn[i] == m->level)
				return;
		XPUSH(run->fn, run->nfn, run->capfn, m->level);
		return;
	}
	for (i = 0; i < m->nkids; i++)
		html_refs(run, m->kids[i]);
}

/* The notes referred to since the last ones, at the end of the section
 * (level 1 or 2) that refers to them, as the PDF's. */
static void
html_notes(struct html_run *run)
{
	const struct rs_md *doc = run->h->rs->doc;
	size_t i, k, from = 0;

	if (run->nfn == 0)
		return;
	g_string_append(run->body, "<aside class=\"notes\">\n<p><i>");
	esc(run->body, _("Notes"));
	g_string_append(run->body, "</i></p>\n<ol>\n");
	for (k = 0; k < run->nfn; k++)
		for (i = 0; i < doc->nkids; i++) {
			const struct rs_md *d = doc->kids[i];
			const struct cblock *c;
			const char *li;

			if (d->kind != RS_MD_FOOTNOTE_DEF ||
			    d->level != run->fn[k] ||
			    (c = html_of(run, d, &from)) == NULL)
				continue;
			/* cmark-gfm's own item of its notes: <li id="fn-N">. */
			if ((li = strstr(c->html, "<li")) != NULL) {
				const char *e = strstr(li, "</li>");

				g_string_append_printf(run->body,
				    "<li value=\"%d\"", d->level);
				g_string_append_len(run->body, li + 3,
				    e != NULL ? (gssize)(e + 6 - li - 3) : -1);
				g_string_append(run->body, "\n");
			}
		}
	g_string_append(run->body, "</ol>\n</aside>\n");
	run->nfn = 0;
}

/* Close the open headings of levels level and deeper, placing their
 * examples, deepest first; a section of level 2 or above ends with the
 * notes it refers to (as the PDF's book_close). */
static void
html_close(struct html_run *run, char **open, int level)
{
	int l;

	for (l = 3; l >= level; l--)
		if (open[l] != NULL) {
			if (l <= 2)
				html_notes(run);
			examples_of(run->h, run->body, open[l], &run->placed);
			free(open[l]);
			open[l] = NULL;
		}
	if (level <= 2)
		html_notes(run);
}

/* The index's places and terms: the top-level blocks the book prints,
 * in its order, their terms as the PDF's (plan.c); each term's page
 * its place in the document, so that the order of equal terms is the
 * PDF's. */
/* The names of the tables nested in m (in a list or a quote), at slot
 * s (the PDF collects them as it lays them out, before m's own). */
static void
nested_terms(struct html_run *run, const struct rs_md *m, const char *sec,
    size_t s)
{
	size_t i, n = run->terms.n;

	if (m->kind == RS_MD_TABLE) {
		rb_table_terms(&run->terms, run->h->rs, sec, m, s);
		for (i = n; i < run->terms.n; i++)
			run->terms.v[i].row = -1;
		return;
	}
	for (i = 0; i < m->nkids; i++)
		nested_terms(run, m->kids[i], sec, s);
}

static void
html_terms(struct html_run *run)
{
	const struct ruleset *rs = run->h->rs;
	const struct rs_md *doc = rs->doc;
	char *sec = NULL, *where = NULL, *top = NULL;
	int skip = 0;
	size_t i, k, n0;

	for (i = 0; doc != NULL && i < doc->nkids; i++) {
		const struct rs_md *m = doc->kids[i];
		size_t nk;

		if (m->kind == RS_MD_HEADING && m->level <= 2) {
			free(top);
			top = rs_md_text(m);
			skip = rnd_book_skips(rs, top);
			free(sec);
			sec = m->level == 2 ? rs_md_text(m) : NULL;
		}
		if (skip || m->kind == RS_MD_FOOTNOTE_DEF)
			continue;
		if (m->kind == RS_MD_HEADING && m->level <= 3) {
			free(where);
			where = rs_md_text(m);
		}
		n0 = run->nslot;
		nk = m->kind == RS_MD_LIST && m->nkids > 0 ? m->nkids : 1;
		for (k = 0; k < nk; k++) {
			struct slot sl;

			memset(&sl, 0, sizeof(sl));
			sl.kid = i;
			sl.item = m->kind == RS_MD_LIST ? (int)k : -1;
			sl.where = xstrdup(where != NULL ? where :
			        rs->title != NULL        ? rs->title :
			                                   rs->name);
			XPUSH(run->slot, run->nslot, run->capslot, sl);
			if (m->kind == RS_MD_LIST)
				nested_terms(run, m->kids[k], sec, n0 + k);
		}
		if (m->kind == RS_MD_TABLE)
			rb_table_terms(&run->terms, rs, sec, m, n0);
		else if (m->kind != RS_MD_LIST)
			nested_terms(run, m, sec, n0);
		rb_terms_of(&run->terms, m, n0, run->nslot);
	}
	free(top);
	free(sec);
	free(where);
	for (i = 0; i < run->terms.n; i++) {
		struct iterm *t = &run->terms.v[i];
		struct slot *sl = &run->slot[t->blk];

		t->page = (int)i;
		sl->want = 1;
		if (t->row >= 0 && doc->kids[sl->kid]->kind == RS_MD_TABLE) {
			if (sl->rows == NULL) {
				sl->nrows = doc->kids[sl->kid]->nkids;
				sl->rows = xcalloc(sl->nrows + 1,
				    sizeof(*sl->rows));
			}
			if ((size_t)t->row < sl->nrows)
				sl->rows[t->row] = 1;
		}
	}
	rb_terms_sort(&run->terms);
}

/* The index: each term once (as the PDF's, in its order), a link to
 * each place it is in, named by the section it is under; a document's
 * index to a screen reader (role doc-index: the PDF's is tagged an
 * Index). */
static void
html_index(struct html_run *run, const char *id)
{
	GString *g = run->body;
	size_t i, k, j;

	g_string_append_printf(g,
	    "<section class=\"index\" role=\"doc-index\" "
	    "aria-labelledby=\"%s\">\n<h2 id=\"%s\">",
	    id, id);
	esc(g, _("Index of rules"));
	g_string_append(g, "</h2>\n<p><i>");
	esc(g,
	    _("The terms of the rules, the names in their tables and "
	      "the sections they are in."));
	g_string_append(g, "</i></p>\n<ul>\n");
	for (i = 0; i < run->terms.n; i = k) {
		const struct iterm *t = &run->terms.v[i];

		for (k = i + 1; k < run->terms.n &&
		     strcmp(run->terms.v[k].key, t->key) == 0;
		     k++)
			;
		g_string_append(g, "<li>");
		esc(g, t->term);
		g_string_append(g, " \xe2\x80\x94 ");
		for (j = i; j < k; j++) {
			const struct iterm *u = &run->terms.v[j];
			const struct slot *sl = &run->slot[u->blk];
			char *to;
			size_t q, same = 0;
			int dup = 0;

			to = u->row >= 0 && sl->rows != NULL ?
			    xasprintf("%s-%d", sl->id, u->row) :
			    xstrdup(sl->id);
			/* Each place once; a second place under the same
			 * heading numbered. */
			for (q = i; q < j; q++) {
				const struct iterm *v = &run->terms.v[q];
				const struct slot *vs = &run->slot[v->blk];
				char *o = v->row >= 0 && vs->rows != NULL ?
				    xasprintf("%s-%d", vs->id, v->row) :
				    xstrdup(vs->id);

				dup |= strcmp(o, to) == 0;
				if (strcmp(o, to) != 0 &&
				    strcmp(vs->where, sl->where) == 0)
					same++;
				free(o);
			}
			if (!dup) {
				g_string_append_printf(g, "%s<a href=\"#%s\">",
				    j > i ? ", " : "", to);
				esc(g, sl->where);
				if (same > 0)
					g_string_append_printf(g, " (%zu)",
					    same + 1);
				g_string_append(g, "</a>");
			}
			free(to);
		}
		g_string_append(g, "</li>\n");
	}
	g_string_append(g, "</ul>\n</section>\n");
}

/* A heading with its anchor and its line in the contents. */
static void
html_heading(struct html_run *run, const struct cblock *c, int lvl,
    const char *text, size_t s)
{
	char *id = slug(text, run->seen);

	g_string_append_printf(run->body, "<h%d id=\"%s\">", lvl, id);
	g_string_append(run->body, c->html + 4);
	if (lvl >= 2 && lvl <= 3) {
		g_string_append_printf(run->nav, "<li%s><a href=\"#%s\">",
		    lvl == 3 ? " style=\"margin-left:1em\"" : "", id);
		esc(run->nav, text);
		g_string_append(run->nav, "</a></li>\n");
	}
	if (lvl == 1 && run->h1 == NULL)
		run->h1 = xstrdup(text);
	if (s < run->nslot) {
		free(run->slot[s].id);
		run->slot[s].id = xstrdup(id);
	}
	g_free(id);
}

/* Every top-level block the book prints, in its order (as the PDF's
 * book_body), with the examples of play and the notes at the end of
 * their sections. */
static void
html_body(struct html_run *run)
{
	const struct ruleset *rs = run->h->rs;
	const struct rs_md *doc = rs->doc;
	char *open[4] = { NULL, NULL, NULL, NULL };
	int skip = 0;
	size_t i, k, s = 0, from = 0;

	for (i = 0; doc != NULL && i < doc->nkids; i++) {
		const struct rs_md *m = doc->kids[i];
		const struct cblock *c;

		if (m->kind == RS_MD_HEADING && m->level <= 3) {
			html_close(run, open, m->level);
			open[m->level] = rs_md_text(m);
		}
		if (m->kind == RS_MD_HEADING && m->level <= 2)
			skip = rnd_book_skips(rs, open[m->level]);
		if (skip || m->kind == RS_MD_FOOTNOTE_DEF)
			continue;
		html_refs(run, m);
		c = html_of(run, m, &from);
		if (m->kind == RS_MD_TABLE)
			table_html(run, m, open[2], s);
		else if (c == NULL)
			;
		else if (m->kind == RS_MD_HEADING && c->lvl >= 1 &&
		    c->lvl <= 4 && strncmp(c->html, "<h", 2) == 0)
			html_heading(run, c, c->lvl, c->text, s);
		else if (m->kind == RS_MD_LIST)
			for (k = 0; k < m->nkids; k++) {
				/* One item at a time would break the list:
				 * the ids go in one by one. */
				if (k == 0) {
					GString *x = g_string_new(c->html);

					for (size_t q = 0; q < m->nkids; q++) {
						GString *y = g_string_new(
						    NULL);

						append_with_id(y, x->str,
						    s + q < run->nslot &&
						            run->slot[s + q]
						                .want ?
						        slot_id(run, s + q) :
						        NULL,
						    (int)q);
						g_string_free(x, TRUE);
						x = y;
					}
					g_string_append(run->body, x->str);
					g_string_free(x, TRUE);
				}
			}
		else
			append_with_id(run->body, c->html,
			    s < run->nslot && run->slot[s].want ?
			        slot_id(run, s) :
			        NULL,
			    -1);
		s += m->kind == RS_MD_LIST && m->nkids > 0 ? m->nkids : 1;
	}
	html_close(run, open, 1);
}

/* The title page's lines but the title, and its cover picture. */
static void
title_page(GString *out, const struct ruleset *rs, struct html_run *run)
{
	g_string_append(out, "<p class=\"subtitle\">");
	esc(out, _("Rules for a wargame with miniatures"));
	g_string_append(out, "</p>\n");
	if (rs->author != NULL) {
		g_string_append(out, "<p class=\"credits\">");
		esc(out, rs->author);
		g_string_append(out, "</p>\n");
	}
	if (rs->year != NULL || rs->version != NULL) {
		char *v = rs->version != NULL ?
		    xasprintf(_("version %s"), rs->version) :
		    xstrdup("");
		char *y = xasprintf("%s%s%s", rs->year != NULL ? rs->year : "",
		    rs->year != NULL && rs->version != NULL ? " \xc2\xb7 " :
		                                              "",
		    v);

		g_string_append(out, "<p class=\"credits\">");
		esc(out, y);
		g_string_append(out, "</p>\n");
		free(y);
		free(v);
	}
	if (rs->cover != NULL) {
		char *u = inline_image(rs->cover, run);

		if (u != NULL && *u != '\0') {
			g_string_append(out,
			    "<figure class=\"cover\"><img src=\"");
			esc(out, u);
			g_string_append(out, "\" alt=\"");
			esc(out, _("Cover picture"));
			g_string_append(out, "\"></figure>\n");
		}
		free(u);
	}
}

int
rnd_rulebook_html(const struct rnd_html *h, const char *path, struct diags *dg)
{
	const struct ruleset *rs = h->rs;
	struct html_run run;
	GString *out;
	char *why = NULL, *iid;
	size_t i;
	int rc;
	struct pos nowhere = { path, 0, 0 };

	memset(&run, 0, sizeof(run));
	run.h = h;
	run.body = g_string_new(NULL);
	run.nav = g_string_new(NULL);
	run.seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    NULL);
	for (i = 0; i < h->nexamples; i++)
		h->exc[i].number = 0;
	g_string_append(run.nav, "<nav>\n<h2>");
	esc(run.nav, _("Contents"));
	g_string_append(run.nav, "</h2>\n<ol>\n");
	rs_html_blocks(rs, inline_image, html_keep, &run);
	html_terms(&run);
	html_body(&run);
	/* Examples whose section the book leaves out: their own at the
	 * end. */
	{
		GString *rest = g_string_new(NULL);

		examples_of(h, rest, NULL, &run.placed);
		if (rest->len > 0) {
			char *id = slug(_("Examples of play"), run.seen);

			g_string_append_printf(run.body, "<h2 id=\"%s\">", id);
			esc(run.body, _("Examples of play"));
			g_string_append(run.body, "</h2>\n");
			g_string_append(run.body, rest->str);
			g_string_append_printf(run.nav, "<li><a href=\"#%s\">",
			    id);
			esc(run.nav, _("Examples of play"));
			g_string_append(run.nav, "</a></li>\n");
			g_free(id);
		}
		g_string_free(rest, TRUE);
	}
	/* The index, the contents' last line (as the PDF's). */
	iid = slug(_("Index of rules"), run.seen);
	html_index(&run, iid);
	g_string_append_printf(run.nav, "<li><a href=\"#%s\"><b>", iid);
	esc(run.nav, _("Index of rules"));
	g_string_append(run.nav, "</b></a></li>\n");
	g_free(iid);
	g_string_append(run.nav, "</ol>\n</nav>\n");
	g_hash_table_destroy(run.seen);
	GString *body = run.body, *nav = run.nav;

	out = g_string_new("<!DOCTYPE html>\n<html lang=\"");
	esc(out, rs->lang != NULL ? rs->lang : "en");
	g_string_append(out,
	    "\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width="
	    "device-width, initial-scale=1\">\n"
	    "<meta name=\"generator\" content=\"sandtable " SANDTABLE_VERSION
	    "\">\n<title>");
	esc(out, rs->title != NULL ? rs->title : rs->name);
	g_string_append(out, "</title>\n<style>");
	g_string_append(out, css);
	g_string_append(out, "</style>\n</head>\n<body>\n");
	/* The title page's lines: what it is, author, year and version, the
	 * cover picture (as the PDF's, in its words), under the ruleset's
	 * own title (its # heading) when that is the book's, else under the
	 * book's title at the top; then the contents. */
	{
		const char *title = rs->title != NULL ? rs->title : rs->name;
		const char *h1 = strncmp(body->str, "<h1", 3) == 0 ?
		    strstr(body->str, "</h1>\n") :
		    NULL;
		GString *front = g_string_new("<header>\n");
		int under = h1 != NULL && run.h1 != NULL &&
		    strcmp(run.h1, title) == 0;

		if (!under) {
			g_string_append(front, "<p class=\"book-title\">");
			esc(front, title);
			g_string_append(front, "</p>\n");
		}
		title_page(front, rs, &run);
		g_string_append(front, "</header>\n");
		if (!under)
			g_string_append(out, front->str);
		g_string_append(out, "<main>\n");
		if (h1 != NULL) {
			h1 += strlen("</h1>\n");
			g_string_append_len(out, body->str, h1 - body->str);
			if (under)
				g_string_append(out, front->str);
			g_string_append(out, nav->str);
			g_string_append(out, h1);
		} else {
			g_string_append(out, nav->str);
			g_string_append(out, body->str);
		}
		g_string_free(front, TRUE);
	}
	g_string_append(out, "</main>\n<footer><p class=\"credits\">");
	/* A game no engine plays, or one with no test games, is not
	 * checked by any: the page says only what made it (as the PDF's
	 * title page). */
	esc(out,
	    eng_show_of(rs)->print_only || rs->ntests == 0 ?
	        _("Typeset by sandtable from the ruleset's Markdown.") :
	        _("Typeset by sandtable from the "
	          "ruleset's Markdown; its rules are checked by the engine's "
	          "test games."));
	g_string_append(out, "</p></footer>\n</body>\n</html>\n");
	g_string_free(body, TRUE);
	g_string_free(nav, TRUE);
	free(run.h1);
	for (i = 0; i < run.ncb; i++) {
		free(run.cb[i].html);
		free(run.cb[i].text);
	}
	free(run.cb);
	for (i = 0; i < run.nslot; i++) {
		free(run.slot[i].id);
		free(run.slot[i].where);
		free(run.slot[i].rows);
	}
	free(run.slot);
	free(run.fn);
	rb_terms_free(&run.terms);
	rc = atomic_write(path, out->str, out->len, &why);
	g_string_free(out, TRUE);
	if (rc == -1) {
		diag_msg(dg, nowhere, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
		return -1;
	}
	return 0;
}
