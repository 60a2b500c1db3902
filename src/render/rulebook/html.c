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
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <glib.h>

#include "../internal.h"
#include "html.h"

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
    "figure{margin:1em 0}figcaption{font-size:.9em;color:#555}"
    "blockquote{border-left:4px solid #6b1d1d;background:#f1ece1;"
    "margin:1em 0;padding:.5em 1em}"
    "nav ol{padding-left:1.2em}.credits{color:#555}"
    "@media print{body{max-width:none}a{color:inherit}"
    "h2,h3{break-after:avoid}figure,table{break-inside:avoid}}";

/* s escaped for HTML text or an attribute, appended to g. */
static void
esc(GString *g, const char *s)
{
	for (; s != NULL && *s != '\0'; s++)
		switch (*s) {
		case '&':
			g_string_append(g, "&amp;");
			break;
		case '<':
			g_string_append(g, "&lt;");
			break;
		case '>':
			g_string_append(g, "&gt;");
			break;
		case '"':
			g_string_append(g, "&quot;");
			break;
		default:
			g_string_append_c(g, *s);
		}
}

/* A heading's anchor: its words in lower case, joined by hyphens, and
 * unique in the page (n: how many before). */
static char *
slug(const char *text, GHashTable *seen)
{
	GString *g = g_string_new(NULL);
	const char *p;
	int dash = 0;
	char *s, *u;

	for (p = text; *p != '\0'; p++) {
		unsigned char c = (unsigned char)*p;

		if (g_ascii_isalnum(c) || c >= 0x80) {
			if (dash && g->len > 0)
				g_string_append_c(g, '-');
			g_string_append_c(g, (char)g_ascii_tolower(c));
			dash = 0;
		} else
			dash = 1;
	}
	if (g->len == 0)
		g_string_append(g, "section");
	s = g_string_free(g, FALSE);
	u = g_strdup(s);
	for (int k = 2; g_hash_table_contains(seen, u); k++) {
		g_free(u);
		u = g_strdup_printf("%s-%d", s, k);
	}
	g_hash_table_add(seen, g_strdup(u));
	g_free(s);
	return u;
}

/* The plain text of a cmark node (its literals, in order). */
static void
node_text(cmark_node *n, GString *g)
{
	cmark_node *k;
	const char *lit;

	if ((lit = cmark_node_get_literal(n)) != NULL &&
	    cmark_node_get_type(n) != CMARK_NODE_HTML_INLINE)
		g_string_append(g, lit);
	for (k = cmark_node_first_child(n); k != NULL; k = cmark_node_next(k))
		node_text(k, g);
}

/* Pictures of the prose inlined: each image's url a data: URI of its
 * file (read as the PDF's figures are, with their limits), or left as
 * its alt text with a warning where it cannot be. */
static void
inline_images(const struct rnd_html *h, cmark_node *root)
{
	cmark_iter *it = cmark_iter_new(root);
	cmark_event_type ev;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		const char *url, *kind;
		char why[256], *file, *data = NULL, *err = NULL;
		size_t len = 0;
		gchar *b64, *uri;

		if (ev != CMARK_EVENT_ENTER ||
		    cmark_node_get_type(n) != CMARK_NODE_IMAGE)
			continue;
		url = cmark_node_get_url(n);
		if (url == NULL || strncmp(url, "data:", 5) == 0)
			continue;
		file = rs_image_file(h->rs, url, &kind, why, sizeof(why));
		if (file == NULL ||
		    file_slurp(file, RS_MAX_IMAGE_FILE, &data, &len, &err) !=
		        0) {
			/* Nothing fetched from elsewhere: no picture. */
			cmark_node_set_url(n, "");
			free(file);
			free(err);
			continue;
		}
		b64 = g_base64_encode((const guchar *)data, len);
		uri = g_strdup_printf("data:image/%s;base64,%s",
		    strcmp(kind, "svg") == 0 ? "svg+xml" : kind, b64);
		cmark_node_set_url(n, uri);
		g_free(uri);
		g_free(b64);
		free(data);
		free(file);
	}
	cmark_iter_free(it);
}

/* Cairo's SVG of one drawing, its ids made the figure's own (n), so
 * that several in one page do not take each other's glyphs. */
static void
svg_append(GString *out, const char *svg, int n)
{
	const char *p = strstr(svg, "<svg");
	char pre[32];

	if (p == NULL)
		return;
	snprintf(pre, sizeof(pre), "f%d-", n);
	for (; *p != '\0'; p++) {
		if (strncmp(p, "id=\"", 4) == 0) {
			g_string_append(out, "id=\"");
			g_string_append(out, pre);
			p += 3;
		} else if (strncmp(p, "href=\"#", 7) == 0) {
			g_string_append(out, "href=\"#");
			g_string_append(out, pre);
			p += 6;
		} else if (strncmp(p, "url(#", 5) == 0) {
			g_string_append(out, "url(#");
			g_string_append(out, pre);
			p += 4;
		} else
			g_string_append_c(out, *p);
	}
}

static cairo_status_t
svg_write(void *closure, const unsigned char *data, unsigned int length)
{
	g_string_append_len(closure, (const char *)data, length);
	return CAIRO_STATUS_SUCCESS;
}

/* An example of play as a figure: its diagram and steps in SVG, drawn
 * by the PDF's code at a column's width. */
static void
example_figure(GString *out, struct rnd_example_ctx *c, int n)
{
	const double w = 150.0, k = 72.0 / 25.4;
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

/* The body of the ruleset's file, its front matter blanked (as the
 * reader reads it: the lines keep their numbers). */
static char *
body_of(const struct ruleset *rs, size_t *len)
{
	char *s = xmalloc(rs->srclen + 1), *p, *end;

	memcpy(s, rs->src, rs->srclen);
	s[rs->srclen] = '\0';
	*len = rs->srclen;
	p = s;
	if (strncmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	if (strncmp(p, "---", 3) != 0 || (p[3] != '\n' && p[3] != '\r'))
		return s;
	end = p + 3;
	while ((end = strchr(end, '\n')) != NULL) {
		end++;
		if (strncmp(end, "---", 3) == 0 ||
		    strncmp(end, "...", 3) == 0) {
			char *q;

			end = strchr(end, '\n');
			if (end == NULL)
				end = s + *len;
			for (q = s; q < end; q++)
				if (*q != '\n')
					*q = ' ';
			break;
		}
	}
	return s;
}

int
rnd_rulebook_html(const struct rnd_html *h, const char *path, struct diags *dg)
{
	const struct ruleset *rs = h->rs;
	cmark_parser *p;
	cmark_node *doc, *n;
	cmark_syntax_extension *ext;
	cmark_llist *exts = NULL;
	GString *body = g_string_new(NULL), *nav = g_string_new(NULL), *out;
	GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal,
	    g_free, NULL);
	char *src, *why = NULL, *open2 = NULL;
	size_t len, i;
	int skip = 0, placed = 0, rc;
	struct pos nowhere = { path, 0, 0 };

	cmark_gfm_core_extensions_ensure_registered();
	p = cmark_parser_new(CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES);
	if ((ext = cmark_find_syntax_extension("table")) != NULL)
		cmark_parser_attach_syntax_extension(p, ext);
	if ((ext = cmark_find_syntax_extension("strikethrough")) != NULL)
		cmark_parser_attach_syntax_extension(p, ext);
	src = body_of(rs, &len);
	cmark_parser_feed(p, src, len);
	free(src);
	doc = cmark_parser_finish(p);
	exts = cmark_parser_get_syntax_extensions(p);
	inline_images(h, doc);
	for (i = 0; i < h->nexamples; i++)
		h->exc[i].number = 0;

	g_string_append(nav, "<nav>\n<h2>");
	esc(nav, _("Contents"));
	g_string_append(nav, "</h2>\n<ol>\n");
	for (n = cmark_node_first_child(doc); n != NULL;
	     n = cmark_node_next(n)) {
		int lvl = cmark_node_get_type(n) == CMARK_NODE_HEADING ?
		    cmark_node_get_heading_level(n) :
		    0;
		char *html;

		if (lvl >= 1 && lvl <= 2) {
			GString *t = g_string_new(NULL);

			/* The section closed: its examples follow it. */
			if (open2 != NULL && !skip)
				examples_of(h, body, open2, &placed);
			node_text(n, t);
			g_free(open2);
			open2 = g_string_free(t, FALSE);
			skip = lvl == 2 && rnd_book_skips(rs, open2);
		}
		if (skip)
			continue;
		html = cmark_render_html(n, CMARK_OPT_DEFAULT, exts);
		if (lvl >= 1 && lvl <= 4 && strncmp(html, "<h", 2) == 0) {
			GString *t = g_string_new(NULL);
			char *id;

			node_text(n, t);
			id = slug(t->str, seen);
			g_string_append_printf(body, "<h%d id=\"%s\">", lvl,
			    id);
			g_string_append(body, html + 4);
			if (lvl >= 2 && lvl <= 3) {
				g_string_append_printf(nav,
				    "<li%s><a href=\"#%s\">",
				    lvl == 3 ? " style=\"margin-left:1em\"" :
				               "",
				    id);
				esc(nav, t->str);
				g_string_append(nav, "</a></li>\n");
			}
			g_free(id);
			g_string_free(t, TRUE);
		} else
			g_string_append(body, html);
		free(html);
	}
	if (open2 != NULL && !skip)
		examples_of(h, body, open2, &placed);
	/* Examples whose section the book leaves out: their own at the
	 * end. */
	{
		GString *rest = g_string_new(NULL);

		examples_of(h, rest, NULL, &placed);
		if (rest->len > 0) {
			char *id = slug(_("Examples of play"), seen);

			g_string_append_printf(body, "<h2 id=\"%s\">", id);
			esc(body, _("Examples of play"));
			g_string_append(body, "</h2>\n");
			g_string_append(body, rest->str);
			g_string_append_printf(nav, "<li><a href=\"#%s\">",
			    id);
			esc(nav, _("Examples of play"));
			g_string_append(nav, "</a></li>\n");
			g_free(id);
		}
		g_string_free(rest, TRUE);
	}
	g_string_append(nav, "</ol>\n</nav>\n");
	g_free(open2);
	cmark_node_free(doc);
	cmark_parser_free(p);
	g_hash_table_destroy(seen);

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
	g_string_append(out, "</style>\n</head>\n<body>\n<header>\n");
	if (rs->author != NULL || rs->year != NULL || rs->version != NULL) {
		g_string_append(out, "<p class=\"credits\">");
		esc(out, rs->author);
		if (rs->year != NULL) {
			g_string_append(out, rs->author != NULL ? ", " : "");
			esc(out, rs->year);
		}
		if (rs->version != NULL) {
			g_string_append(out, " · v");
			esc(out, rs->version);
		}
		g_string_append(out, "</p>\n");
	}
	g_string_append(out, "</header>\n<main>\n");
	/* The contents after the title (the ruleset's # heading), else
	 * first. */
	{
		const char *h1 = strstr(body->str, "</h1>\n");

		if (h1 != NULL) {
			h1 += strlen("</h1>\n");
			g_string_append_len(out, body->str, h1 - body->str);
			g_string_append(out, nav->str);
			g_string_append(out, h1);
		} else {
			g_string_append(out, nav->str);
			g_string_append(out, body->str);
		}
	}
	g_string_append(out, "</main>\n<footer><p class=\"credits\">");
	esc(out, _("Typeset by sandtable from the ruleset's Markdown."));
	g_string_append(out, "</p></footer>\n</body>\n</html>\n");
	g_string_free(body, TRUE);
	g_string_free(nav, TRUE);
	rc = atomic_write(path, out->str, out->len, &why);
	g_string_free(out, TRUE);
	if (rc == -1) {
		diag_msg(dg, nowhere, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
		return -1;
	}
	return 0;
}
