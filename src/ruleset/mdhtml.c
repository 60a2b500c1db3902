/*
 * mdhtml.c: a ruleset's body as HTML, block by block, through
 * cmark-gfm's own HTML renderer in its safe mode (raw HTML and unsafe
 * links left out), for the HTML rulebook (src/render/rulebook/html.c),
 * which puts the book's own parts between the blocks.
 */
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm-extension_api.h>
#include <cmark-gfm.h>

#include "internal.h"

/* The plain text of a node (its literals, in order) appended to *s. */
static void
node_text(cmark_node *n, char **s, size_t *len, size_t *cap)
{
	cmark_node *k;
	const char *lit;

	if ((lit = cmark_node_get_literal(n)) != NULL &&
	    cmark_node_get_type(n) != CMARK_NODE_HTML_INLINE) {
		size_t l = strlen(lit);

		while (*len + l + 1 > *cap) {
			*cap = *cap ? *cap * 2 : 64;
			*s = xrealloc(*s, *cap);
		}
		memcpy(*s + *len, lit, l + 1);
		*len += l;
	}
	for (k = cmark_node_first_child(n); k != NULL; k = cmark_node_next(k))
		node_text(k, s, len, cap);
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

void
rs_html_blocks(const struct ruleset *rs, char *(*img)(const char *, void *),
    void (*fn)(const char *, int, const char *, int, int, void *), void *arg)
{
	cmark_parser *p;
	cmark_node *doc, *n;
	cmark_iter *it;
	cmark_event_type ev;
	struct diags quiet = { 0 };
	char *src;
	size_t len;

	/* Parsed as the reader parses it, guarded the same way (what the
	 * guard says, the reader has said). */
	src = body_of(rs, &len);
	doc = rd_cmark_doc(rs->path, src, len, &quiet, &p);
	diags_free(&quiet);
	free(src);
	/* The pictures' addresses as the caller would have them (a data:
	 * URI of the file). */
	it = cmark_iter_new(doc);
	while (img != NULL && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *m = cmark_iter_get_node(it);
		char *u;

		if (ev == CMARK_EVENT_ENTER &&
		    cmark_node_get_type(m) == CMARK_NODE_IMAGE &&
		    (u = img(cmark_node_get_url(m), arg)) != NULL) {
			cmark_node_set_url(m, u);
			free(u);
		}
	}
	cmark_iter_free(it);
	for (n = cmark_node_first_child(doc); n != NULL;
	     n = cmark_node_next(n)) {
		int lvl = cmark_node_get_type(n) == CMARK_NODE_HEADING ?
		    cmark_node_get_heading_level(n) :
		    0;
		char *html = cmark_render_html(n, CMARK_OPT_DEFAULT,
		    cmark_parser_get_syntax_extensions(p));
		char *text = NULL;
		size_t tl = 0, tc = 0;

		if (lvl > 0)
			node_text(n, &text, &tl, &tc);
		fn(html, lvl, text != NULL ? text : "",
		    cmark_node_get_start_line(n),
		    cmark_node_get_start_column(n), arg);
		free(text);
		free(html);
	}
	cmark_node_free(doc);
	cmark_parser_free(p);
}
