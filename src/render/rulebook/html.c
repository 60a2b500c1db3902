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
	char *e = rnd_xml_escape(s);

	g_string_append(g, e);
	free(e);
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

/* What one run of the writer keeps between the blocks. */
struct html_run {
	const struct rnd_html *h;
	GString *body, *nav;
	GHashTable *seen;
	char *open2; /* the level-2 (or 1) section open */
	int skip, placed;
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

/* One block of the prose (rs_html_blocks): after the section it closes,
 * that section's examples; a heading with its anchor and its line in
 * the contents. */
static void
html_block(const char *html, int lvl, const char *text, void *arg)
{
	struct html_run *run = arg;

	if (lvl >= 1 && lvl <= 2) {
		if (run->open2 != NULL && !run->skip)
			examples_of(run->h, run->body, run->open2,
			    &run->placed);
		free(run->open2);
		run->open2 = xstrdup(text);
		run->skip = lvl == 2 && rnd_book_skips(run->h->rs, text);
	}
	if (run->skip)
		return;
	if (lvl >= 1 && lvl <= 4 && strncmp(html, "<h", 2) == 0) {
		char *id = slug(text, run->seen);

		g_string_append_printf(run->body, "<h%d id=\"%s\">", lvl, id);
		g_string_append(run->body, html + 4);
		if (lvl >= 2 && lvl <= 3) {
			g_string_append_printf(run->nav,
			    "<li%s><a href=\"#%s\">",
			    lvl == 3 ? " style=\"margin-left:1em\"" : "", id);
			esc(run->nav, text);
			g_string_append(run->nav, "</a></li>\n");
		}
		g_free(id);
	} else
		g_string_append(run->body, html);
}

int
rnd_rulebook_html(const struct rnd_html *h, const char *path, struct diags *dg)
{
	const struct ruleset *rs = h->rs;
	struct html_run run;
	GString *out;
	char *why = NULL;
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
	rs_html_blocks(rs, inline_image, html_block, &run);
	if (run.open2 != NULL && !run.skip)
		examples_of(h, run.body, run.open2, &run.placed);
	free(run.open2);
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
