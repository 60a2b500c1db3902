/*
 * md.c: the Markdown body through cmark-gfm (with the table extension)
 * into our own rs_md tree, so that no other layer needs cmark. Nesting
 * deeper than RS_MAX_DEPTH is flattened with a warning.
 */
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

#include "ruleset.h"
#include "internal.h"

static struct rs_md *
md_new(enum rs_md_kind k, const char *file, cmark_node *cn)
{
	struct rs_md *m = xcalloc(1, sizeof(*m));

	m->kind = k;
	m->pos.file = file;
	if (cn != NULL) {
		m->pos.line = cmark_node_get_start_line(cn);
		m->pos.col = cmark_node_get_start_column(cn);
	}
	return m;
}

void
rs_md_free(struct rs_md *m)
{
	size_t i;

	if (m == NULL)
		return;
	for (i = 0; i < m->nkids; i++)
		rs_md_free(m->kids[i]);
	free(m->kids);
	free(m->text);
	free(m->info);
	free(m);
}

static void
md_push(struct rs_md *parent, struct rs_md *kid)
{
	XPUSH(parent->kids, parent->nkids, parent->capkids, kid);
}

/*
 * cmark-gfm's node types are not all in its enum (an extension's, such as
 * the table's, is registered when the parser runs), so a switch over them
 * cannot name every case: md_kind() and md_flat_text() leave the rest to
 * their default.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wswitch-enum"

/* Map a cmark node type onto ours; returns -1 for types we drop. */
static int
md_kind(cmark_node *cn)
{
	const char *ts;

	switch (cmark_node_get_type(cn)) {
	case CMARK_NODE_DOCUMENT:
		return RS_MD_DOCUMENT;
	case CMARK_NODE_BLOCK_QUOTE:
		return RS_MD_BLOCKQUOTE;
	case CMARK_NODE_LIST:
		return RS_MD_LIST;
	case CMARK_NODE_ITEM:
		return RS_MD_ITEM;
	case CMARK_NODE_CODE_BLOCK:
		return RS_MD_CODE_BLOCK;
	case CMARK_NODE_HTML_BLOCK:
		return RS_MD_HTML;
	case CMARK_NODE_PARAGRAPH:
		return RS_MD_PARAGRAPH;
	case CMARK_NODE_HEADING:
		return RS_MD_HEADING;
	case CMARK_NODE_THEMATIC_BREAK:
		return RS_MD_THEMATIC_BREAK;
	case CMARK_NODE_TEXT:
		return RS_MD_TEXT;
	case CMARK_NODE_SOFTBREAK:
		return RS_MD_SOFTBREAK;
	case CMARK_NODE_LINEBREAK:
		return RS_MD_LINEBREAK;
	case CMARK_NODE_CODE:
		return RS_MD_CODE;
	case CMARK_NODE_HTML_INLINE:
		return RS_MD_HTML;
	case CMARK_NODE_EMPH:
		return RS_MD_EMPH;
	case CMARK_NODE_STRONG:
		return RS_MD_STRONG;
	case CMARK_NODE_LINK:
	case CMARK_NODE_IMAGE:
		return RS_MD_LINK;
	case CMARK_NODE_FOOTNOTE_REFERENCE:
		return RS_MD_FOOTNOTE_REF;
	case CMARK_NODE_FOOTNOTE_DEFINITION:
		return RS_MD_FOOTNOTE_DEF;
	default:
		break;
	}
	ts = cmark_node_get_type_string(cn);
	if (strcmp(ts, "table") == 0)
		return RS_MD_TABLE;
	if (strcmp(ts, "table_header") == 0 || strcmp(ts, "table_row") == 0)
		return RS_MD_TABLE_ROW;
	if (strcmp(ts, "table_cell") == 0)
		return RS_MD_TABLE_CELL;
	if (strcmp(ts, "strikethrough") == 0)
		return RS_MD_EMPH;
	return -1;
}
#pragma GCC diagnostic pop

/* A character reference (&#27;) can make a control character that the
 * file's own check did not see: an error, and a '?' in its place. */
static void
md_no_control(struct mdctx *c, struct rs_md *m, char *text)
{
	unsigned long cp;
	unsigned char *p;

	if (!str_control(text, &cp))
		return;
	diag_msg(c->d, m->pos, MSG(CONTROL_CHARACTER_REFERENCE), cp);
	for (p = (unsigned char *)text; *p != '\0'; p++)
		if ((*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r' &&
		        *p != '\f') ||
		    *p == 0x7f)
			*p = '?';
		else if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
			p[0] = p[1] = '?'; /* C1 */
}

/* Convert cn and its subtree; returns NULL for dropped node types. */
static struct rs_md *
md_convert(struct mdctx *c, cmark_node *cn, int depth)
{
	int k = md_kind(cn);
	struct rs_md *m, *kid;
	cmark_node *ch;
	const char *lit;

	if (k < 0)
		return NULL;
	m = md_new((enum rs_md_kind)k, c->file, cn);
	switch (m->kind) {
	case RS_MD_HEADING:
		m->level = cmark_node_get_heading_level(cn);
		break;
	case RS_MD_LIST:
		m->ordered = cmark_node_get_list_type(cn) ==
		    CMARK_ORDERED_LIST;
		m->start = cmark_node_get_list_start(cn);
		break;
	case RS_MD_CODE_BLOCK:
		m->info = xstrdup(cmark_node_get_fence_info(cn) ?
		        cmark_node_get_fence_info(cn) :
		        "");
		/* FALLTHROUGH */
	case RS_MD_TEXT:
	case RS_MD_CODE:
	case RS_MD_HTML:
	case RS_MD_FOOTNOTE_REF:
	case RS_MD_FOOTNOTE_DEF:
		lit = cmark_node_get_literal(cn);
		m->text = xstrdup(lit ? lit : "");
		md_no_control(c, m, m->text);
		break;
	case RS_MD_LINK:
		m->info = xstrdup(
		    cmark_node_get_url(cn) ? cmark_node_get_url(cn) : "");
		/* An image is a link whose level is 1, its alt text its
		 * kids. */
		m->level = cmark_node_get_type(cn) == CMARK_NODE_IMAGE;
		break;
	case RS_MD_TABLE_ROW:
		m->header = strcmp(cmark_node_get_type_string(cn),
		                "table_header") == 0;
		break;
	case RS_MD_DOCUMENT:
	case RS_MD_PARAGRAPH:
	case RS_MD_ITEM:
	case RS_MD_BLOCKQUOTE:
	case RS_MD_THEMATIC_BREAK:
	case RS_MD_TABLE:
	case RS_MD_TABLE_CELL:
	case RS_MD_EMPH:
	case RS_MD_STRONG:
	case RS_MD_SOFTBREAK:
	case RS_MD_LINEBREAK:
	default:
		break;
	}
	if (depth >= RS_MAX_DEPTH) {
		/* Too deep: keep the text, drop the structure. */
		if (!c->warned_depth) {
			diag_msg(c->d, m->pos,
			    MSG(MARKDOWN_NESTING_DEEPER_LEVELS_FLATTENED),
			    RS_MAX_DEPTH);
			c->warned_depth = 1;
		}
		if (m->text == NULL && cmark_node_first_child(cn) != NULL) {
			struct rs_md *t = md_new(RS_MD_TEXT, c->file, cn);
			t->text = md_flat_text(cn);
			md_push(m, t);
		}
		return m;
	}
	for (ch = cmark_node_first_child(cn); ch != NULL;
	     ch = cmark_node_next(ch)) {
		if ((kid = md_convert(c, ch, depth + 1)) != NULL)
			md_push(m, kid);
	}
	return m;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wswitch-enum"
/* The literal text under a cmark node, iteratively (no recursion). */
char *
md_flat_text(cmark_node *root)
{
	cmark_iter *it = cmark_iter_new(root);
	cmark_event_type ev;
	cmark_node *n;
	char *buf = NULL;
	size_t len = 0, cap = 0, l;
	const char *lit;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		if (ev != CMARK_EVENT_ENTER)
			continue;
		n = cmark_iter_get_node(it);
		lit = NULL;
		switch (cmark_node_get_type(n)) {
		case CMARK_NODE_TEXT:
		case CMARK_NODE_CODE:
			lit = cmark_node_get_literal(n);
			break;
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK:
			lit = " ";
			break;
		default:
			break;
		}
		if (lit == NULL)
			continue;
		l = strlen(lit);
		if (len + l + 1 > cap) {
			cap = (len + l + 1) * 2;
			buf = xrealloc(buf, cap);
		}
		memcpy(buf + len, lit, l);
		len += l;
	}
	cmark_iter_free(it);
	if (buf == NULL)
		return xstrdup("");
	buf[len] = '\0';
	return buf;
}
#pragma GCC diagnostic pop

/*
 * Limits on what cmark-gfm is given. It keeps a node of some 200 bytes
 * for every line, every table cell and, at worst, every character of
 * MD_MARKS, and its table extension goes over a row's cells again for
 * each cell: 8 MiB of '[' took 1.8 GB, a table of 100,000 rows 14 s.
 */
#define MD_MAX_LINES 100000 /* lines that are not blank */
#define MD_MAX_MARKS 100000 /* of the characters in MD_MARKS */
#define MD_MARKS "*_[]!<&\\`~"
#define MD_MAX_COLS 64     /* columns a table */
#define MD_MAX_PIPES 128   /* '|' on a line of a table */
#define MD_MAX_CELLS 50000 /* table cells in all */

/* What md_guard knows of the line before and of the table it is in. */
struct guard {
	const char *file;
	struct diags *d;
	char *s;        /* the body, copied when something must change */
	const char *in; /* the body given */
	size_t len;
	size_t cells;
	int cols, rows; /* of the table, 0 when none */
	int full;       /* MD_MAX_CELLS reached: no more tables */
};

/* A writable copy of the body (made the first time). */
static char *
guard_edit(struct guard *g)
{
	if (g->s == NULL) {
		g->s = xmalloc(g->len + 1);
		memcpy(g->s, g->in, g->len);
		g->s[g->len] = '\0';
	}
	return g->s;
}

/* Blank bytes [a, e) of the body (keeping newlines, so lines keep their
 * numbers). */
static void
guard_blank(struct guard *g, size_t a, size_t e)
{
	char *s = guard_edit(g);

	for (; a < e; a++)
		if (s[a] != '\n')
			s[a] = ' ';
}

/* The cells of a delimiter row ("| --- | :-: |") in [a, e), or 0 when it
 * is not one. Blockquote marks before it are skipped; a line of only '-'
 * is a heading's underline or a rule, and cmark takes it as one. */
static int
delim_cols(const char *s, size_t a, size_t e)
{
	int cols = 0, dash = 0, marks = 0;

	while (a < e && (s[a] == ' ' || s[a] == '\t' || s[a] == '>'))
		a++;
	for (; a < e; a++) {
		if (s[a] == '|') {
			marks++;
			cols += dash;
			dash = 0;
		} else if (s[a] == ':')
			marks++;
		else if (s[a] == '-')
			dash = 1;
		else if (s[a] != ' ' && s[a] != '\t' && s[a] != '\r')
			return 0;
	}
	return marks > 0 ? cols + dash : 0;
}

/* The cells of a table's header row [a, e) as GFM counts them: its
 * unescaped '|' split it, a '|' at either end opens or closes it. Zero
 * when the line has no '|'. */
static int
header_cols(const char *s, size_t a, size_t e)
{
	int pipes = 0;
	size_t i, first, last;

	while (a < e && (s[a] == ' ' || s[a] == '\t' || s[a] == '>'))
		a++;
	while (
	    e > a && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
		e--;
	if (a == e)
		return 0;
	first = a;
	last = e - 1;
	for (i = a; i < e; i++)
		if (s[i] == '\\')
			i++;
		else if (s[i] == '|')
			pipes++;
	if (pipes == 0)
		return 0;
	return pipes + 1 - (s[first] == '|') -
	    (s[last] == '|' && last > first);
}

/* An error at line ln, column col. */
static void guard_err(struct guard *, int, int, enum msg, const char *, ...)
    __attribute__((format(printf, 5, 6)));

static void
guard_err(struct guard *g, int ln, int col, enum msg m, const char *fmt, ...)
{
	struct pos at;
	va_list ap;

	at.file = g->file;
	at.line = ln;
	at.col = col;
	va_start(ap, fmt);
	diag_vmsg(g->d, at, m, fmt, ap);
	va_end(ap);
}

/* Keep '|' on the line [a, e) to MD_MAX_PIPES (an error past it). */
static void
guard_pipes(struct guard *g, size_t a, size_t e, int ln)
{
	size_t i;
	int n = 0;

	for (i = a; i < e; i++)
		if (g->in[i] == '|' && ++n == MD_MAX_PIPES + 1) {
			guard_err(g, ln, (int)(i - a) + 1, MSG(TOO_MANY_PIPES),
			    MD_MAX_PIPES);
			for (; i < e; i++)
				if (g->in[i] == '|')
					guard_edit(g)[i] = ' ';
		}
}

/*
 * Keep the body within the MD_MAX_* limits before cmark sees it: an error
 * names the place, and what is over is blanked in a copy (lines keep their
 * numbers) or cut off. Returns the copy (caller frees) or NULL when the
 * body is within them; *len may shrink.
 */
static char *
md_guard(const char *file, const char *body, size_t *len, struct diags *d)
{
	struct guard g;
	size_t a = 0, e, prev = 0, preve = 0, i;
	int ln = 1, lines = 0, marks = 0, prevblank = 1;

	memset(&g, 0, sizeof(g));
	g.file = file;
	g.d = d;
	g.in = body;
	g.len = *len;
	for (; a < *len; a = e + 1, ln++) {
		int blank = 1, c;

		for (e = a; e < *len && body[e] != '\n'; e++)
			if (body[e] != ' ' && body[e] != '\t' &&
			    body[e] != '\r')
				blank = 0;
		if (!blank && ++lines > MD_MAX_LINES) {
			guard_err(&g, ln, 1, MSG(MORE_LINES_MARKDOWN),
			    MD_MAX_LINES);
			*len = a;
			break;
		}
		for (i = a; i < e; i++)
			if (body[i] != '\0' &&
			    strchr(MD_MARKS, body[i]) != NULL &&
			    ++marks > MD_MAX_MARKS)
				break;
		if (i < e) {
			guard_err(&g, ln, (int)(i - a) + 1,
			    MSG(TOO_MANY_MARK_CHARACTERS), MD_MAX_MARKS);
			*len = a;
			break;
		}
		if (blank)
			g.cols = 0;
		else if (g.cols > 0) { /* a row */
			int rc = header_cols(body, a, e);

			/* cmark fills a short row and cuts a long one, in
			 * silence: said here, before what the columns make of
			 * the cells moved. */
			if (rc > 0 && rc < g.cols && rc <= MD_MAX_COLS)
				guard_err(&g, ln, 1, MSG(TABLE_ROW_SHORT), rc,
				    g.cols);
			else if (rc > g.cols && rc <= MD_MAX_COLS)
				guard_err(&g, ln, 1, MSG(TABLE_ROW_LONG), rc,
				    g.cols);
			guard_pipes(&g, a, e, ln);
			if (++g.rows > RS_MAX_TABLE_ROWS) {
				guard_err(&g, ln, 1, MSG(TABLE_MORE_ROWS),
				    RS_MAX_TABLE_ROWS);
				guard_blank(&g, a, e);
				g.cols = 0;
			} else if ((g.cells += (size_t)g.cols) >
			    MD_MAX_CELLS) {
				guard_err(&g, ln, 1, MSG(MORE_TABLE_CELLS),
				    MD_MAX_CELLS);
				guard_blank(&g, a, e);
				g.cols = 0;
				g.full = 1;
			}
		} else if (!prevblank && (c = delim_cols(body, a, e)) > 0) {
			int hc = header_cols(body, prev, preve);

			guard_pipes(&g, prev, preve, ln - 1);
			/* Cells that do not match: cmark reads both lines
			 * as text, and the table is lost without a word. */
			if (hc > 0 && hc != c && c <= MD_MAX_COLS)
				guard_err(&g, ln, 1,
				    MSG(TABLE_DELIMITER_ROW_CELLS_HEADER), c,
				    ln - 1, hc);
			else if (c > MD_MAX_COLS || g.full) {
				if (!g.full)
					guard_err(&g, ln, 1,
					    MSG(TABLE_MORE_COLUMNS),
					    MD_MAX_COLS);
				guard_blank(&g, a, e);
			} else {
				g.cols = c;
				g.rows = 0;
				g.cells += (size_t)c;
			}
		}
		prevblank = blank;
		prev = a;
		preve = e;
	}
	return g.s;
}

/* A reference to a footnote: cmark-gfm gives it its note's number as its
 * literal. */
static void
md_number_refs(struct rs_md *m, size_t ndefs)
{
	size_t i;
	long n;

	if (m->kind == RS_MD_FOOTNOTE_REF) {
		n = strtol(m->text != NULL ? m->text : "", NULL, 10);
		m->level = n >= 1 && (size_t)n <= ndefs ? (int)n : 0;
	}
	for (i = 0; i < m->nkids; i++)
		md_number_refs(m->kids[i], ndefs);
}

/* Footnotes: cmark-gfm gathers the definitions that are referenced at
 * the end of the document, in the order of their first reference, and
 * numbers the references so; each definition gets its number (level,
 * from 1). */
static void
md_footnotes(struct rs_md *doc)
{
	size_t i, n = 0;

	if (doc == NULL)
		return;
	for (i = 0; i < doc->nkids; i++)
		if (doc->kids[i]->kind == RS_MD_FOOTNOTE_DEF)
			doc->kids[i]->level = (int)++n;
	if (n > 0)
		md_number_refs(doc, n);
}

cmark_node *
rd_cmark_doc(const char *file, const char *body, size_t len, struct diags *d,
    cmark_parser **pp)
{
	cmark_parser *p;
	cmark_syntax_extension *ext;
	cmark_node *doc;
	char *safe = md_guard(file, body, &len, d);

	cmark_gfm_core_extensions_ensure_registered();
	p = cmark_parser_new(CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES);
	if ((ext = cmark_find_syntax_extension("table")) != NULL)
		cmark_parser_attach_syntax_extension(p, ext);
	if ((ext = cmark_find_syntax_extension("strikethrough")) != NULL)
		cmark_parser_attach_syntax_extension(p, ext);
	cmark_parser_feed(p, safe != NULL ? safe : body, len);
	doc = cmark_parser_finish(p);
	free(safe);
	*pp = p;
	return doc;
}

struct rs_md *
md_parse(const char *file, const char *body, size_t len, struct diags *d)
{
	cmark_parser *p;
	cmark_node *doc = rd_cmark_doc(file, body, len, d, &p);
	struct rs_md *m;
	struct mdctx c = { file, d, 0 };

	m = md_convert(&c, doc, 0);
	md_footnotes(m);
	cmark_node_free(doc);
	cmark_parser_free(p);
	return m;
}

/* Append the plain text of an inline subtree to a growing buffer. */
static void
md_text_into(const struct rs_md *m, char **buf, size_t *len, size_t *cap)
{
	const char *t = NULL;
	size_t i, l;

	switch (m->kind) {
	case RS_MD_TEXT:
	case RS_MD_CODE:
		t = m->text;
		break;
	case RS_MD_SOFTBREAK:
	case RS_MD_LINEBREAK:
		t = " ";
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
	case RS_MD_HTML:
	case RS_MD_EMPH:
	case RS_MD_STRONG:
	case RS_MD_LINK:
	case RS_MD_FOOTNOTE_REF: /* its number is not words of the text */
	case RS_MD_FOOTNOTE_DEF:
	default:
		break;
	}
	if (t != NULL) {
		l = strlen(t);
		if (*len + l + 1 > *cap) {
			*cap = (*len + l + 1) * 2;
			*buf = xrealloc(*buf, *cap);
		}
		memcpy(*buf + *len, t, l);
		*len += l;
		(*buf)[*len] = '\0';
	}
	for (i = 0; i < m->nkids; i++)
		md_text_into(m->kids[i], buf, len, cap);
}

char *
rs_md_text(const struct rs_md *m)
{
	char *buf = xstrdup("");
	size_t len = 0, cap = 1;

	if (m != NULL)
		md_text_into(m, &buf, &len, &cap);
	return buf;
}
