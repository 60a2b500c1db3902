/*
 * rulebook.c: the whole ruleset typeset as a book — a title page, the
 * contents with page numbers (each a link to its page), every section of
 * the ruleset in order at a size to read (headings kept with what
 * follows, tables whole or split between rows, no widows or orphans:
 * flow.c), and an index of the rule family's rule ids by the section
 * that states them. Running heads name the book and the section, the
 * foot of each page its number; the PDF outline has every section.
 *
 * The body is laid out once without drawing (rnd_flow_layout) to learn
 * on which page each heading falls, then laid out again and drawn after
 * the title page and the contents, whose length is known from the number
 * of entries.
 * templates/rulebook.yaml gives the fonts, sizes, margins and colours.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../check/analysis.h"
#include "../internal.h"
#include "html.h"
#include "plan.h"

/* A heading of the body, and the page (of the flow, from 0) it is on. */
struct bhead {
	char *text;
	int level, page;
	struct pos pos;
};

struct book {
	const struct ruleset *rs;
	const struct rnd_book_opts *o;
	struct diags *dg;
	struct rnd_style st;
	double pw, ph, mx, top, bottom;
	struct rnd_frame fr;
	struct bhead *h;
	size_t nh, caph;
	int toc_pages;  /* pages of contents */
	int first_body; /* number printed on the first page of the body */
	int body_pages, index_first;
	int lines;      /* contents or index lines a page holds */
	char **running; /* the section in force on each body page */
	struct rnd_example_ctx *exc; /* one for each example */
	int *fn; /* footnotes referred to in the open section */
	size_t nfn, capfn;
	int nexamples;      /* placed so far */
	double body_end;    /* where the body ends on its last page (mm) */
	int index_shared;   /* the index begins under the body's end */
	int *icount;        /* index entries on each index page */
	int ipages;         /* index pages (a shared one counted) */
	struct bfig **figs; /* the prose's pictures, in order */
	size_t nfigs, capfigs;
	struct rnd_pics *pics; /* theirs (figure i is its unit i) */
	const char *section;   /* the level-2 heading over the block added */
	struct rb_terms terms; /* the index's terms, as found */
	struct iterm *ie;      /* its entries: sorted, one a term */
	size_t nie;
	int cover_failed; /* the cover's picture could not be read */
	const struct rs_md **inlinks; /* links inside the book ("#name") */
	size_t ninlinks, capinlinks;
};

/* A picture of the prose, drawn as a figure over its alt text. */
struct bfig {
	struct book *b;
	size_t i; /* in b->figs, and its unit in b->pics */
	char *alt, *file;
	const char *name, *kind;
	struct pos pos;
};

/* A figure's picture is at most this much of a page's frame high. */
#define BOOK_FIG_H 0.55

/* Pages of a book in all (title, contents, body, index): a long
 * published rulebook has 300 to 400. Laying out a page takes a few ms,
 * so a book at the limit takes seconds, and the body's layout stops at
 * it (a body of a million lines is refused in about a second). */
#define BOOK_MAX_PAGES 500
/* The index begins under the body's end with this gap (mm), when there
 * is room for this many of its lines. */
#define BOOK_INDEX_GAP 8.0
#define BOOK_INDEX_MIN 8
/* A table's own size is at least this of the text's (8 pt at 10). */
#define BOOK_TABLE_LEAST 0.8

/* Sections that are not rules to read in a book: the test games (the
 * engine's; the examples of play among them are drawn where their rules
 * are explained). */
static int
book_skip(const struct ruleset *rs, const char *title)
{
	return strcasecmp(rs_heading_en(rs->lang, title), "test games") == 0;
}

int
rnd_book_skips(const struct ruleset *rs, const char *title)
{
	return title != NULL && book_skip(rs, title);
}

static int book_section_page(const struct book *, const char *);

/* rnd_example_ctx.page_of: a section's page, once the layout knows it
 * (the drawing pass); 0 before. */
static int
book_page_of(const void *arg, const char *section)
{
	const struct book *b = arg;

	return b->running != NULL ? book_section_page(b, section) : 0;
}

/* Into the flow, the examples that belong under the heading titled
 * title and are not placed yet (title NULL: every one left). */
static void
book_examples(struct book *b, struct rnd_flow *f, const char *title)
{
	size_t i;

	for (i = 0; i < b->o->nexamples; i++) {
		struct rnd_example_ctx *c = &b->exc[i];

		if (c->number > 0 ||
		    (title != NULL &&
		        !rs_heading_eq(b->rs->lang, b->o->examples[i].section,
		            title)))
			continue;
		c->number = ++b->nexamples;
		rnd_flow_custom(f, b->o->examples[i].pos, rnd_example_draw, c);
		{
			/* For a screen reader: which example; its steps are
			 * told in the text under the diagram. */
			char *alt = xasprintf(_("Example %d: %s"), c->number,
			    b->o->examples[i].caption != NULL ?
			        b->o->examples[i].caption :
			        "");

			rnd_flow_alt(f, alt);
			free(alt);
		}
	}
}

/* The numbers of the footnotes referred to in m's subtree, into b->fn
 * (each once). */
static void
book_refs(struct book *b, const struct rs_md *m)
{
	size_t i;

	if (m->kind == RS_MD_FOOTNOTE_REF && m->level > 0) {
		for (i = 0; i < b->nfn; i++)
			if (b->fn[i] == m->level)
				return;
		XPUSH(b->fn, b->nfn, b->capfn, m->level);
		return;
	}
	for (i = 0; i < m->nkids; i++)
		book_refs(b, m->kids[i]);
}

/* What the book does not draw, a warning at its line (raw HTML); its
 * links inside the book, to be checked once every heading is known. */
static void
book_undrawn(struct book *b, const struct rs_md *m)
{
	size_t i;

	if (m->kind == RS_MD_HTML && m->text != NULL &&
	    strncmp(m->text, "<!--", 4) != 0) {
		diag_msg(b->dg, m->pos, MSG(RULEBOOK_NOT_DRAWN), "raw HTML");
		return;
	}
	if (m->kind == RS_MD_LINK && m->level == 0 && m->info != NULL &&
	    m->info[0] == '#')
		XPUSH(b->inlinks, b->ninlinks, b->capinlinks, m);
	for (i = 0; i < m->nkids; i++)
		book_undrawn(b, m->kids[i]);
}

/* A figure: the picture as wide as four fifths of the column (and no
 * higher than BOOK_FIG_H of the frame), centred, its alt text under it
 * in italics; the alt text alone when the picture cannot be drawn. */
static double
book_fig_draw(cairo_t *cr, void *arg, double x, double y, double w,
    double scale, int draw)
{
	struct bfig *g = arg;
	struct book *b = g->b;
	double pt = b->st.size_pt * scale * 0.9, a, pw = 0, ph = 0, th = 0;
	struct rnd_font font = { b->st.font, pt, 0, 1 };
	PangoLayout *l;

	if (pt < b->st.min_pt * 0.9)
		font.size_pt = b->st.min_pt * 0.9;
	if (font.size_pt < 6.5)
		font.size_pt = 6.5;
	if (b->pics != NULL && rnd_pic_aspect(b->pics, g->i, &a) == 0) {
		pw = w * 0.8;
		ph = pw * a;
		if (ph > b->fr.h * BOOK_FIG_H) {
			ph = b->fr.h * BOOK_FIG_H;
			pw = ph / a;
		}
		if (draw)
			rnd_pic_draw(b->pics, cr, g->i, x + (w - pw) / 2, y,
			    pw, ph);
		ph += 1.5;
	}
	if (g->alt[0] != '\0') {
		l = rnd_layout_new(cr, &font, w);
		pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
		rnd_layout_text(l, g->alt);
		rnd_layout_size(l, NULL, &th);
		if (draw) {
			rnd_set_rgb(cr, b->st.text);
			rnd_layout_draw(cr, l, x, y + ph);
		}
		g_object_unref(l);
	}
	return ph + th;
}

/* An image of the prose (rnd_flow_on_image): a figure, or where its
 * file cannot be drawn a warning and its alt text in its place. */
static void
book_image(void *arg, struct rnd_flow *f, const struct rs_md *m)
{
	struct book *b = arg;
	struct bfig *g = xcalloc(1, sizeof(*g));
	char why[256];

	g->b = b;
	g->alt = rs_md_text(m);
	g->name = m->info != NULL ? m->info : "";
	g->pos = m->pos;
	g->i = b->nfigs;
	g->file = rs_image_file(b->rs, g->name, &g->kind, why, sizeof(why));
	if (g->file == NULL)
		diag_msg(b->dg, m->pos, MSG(RULEBOOK_PICTURE_NOT_DRAWN),
		    g->name, why);
	XPUSH(b->figs, b->nfigs, b->capfigs, g);
	rnd_flow_custom(f, m->pos, book_fig_draw, g);
	rnd_flow_alt(f, g->alt); /* the picture's alt text, as written */
}

/* The figures' pictures and the cover's (the unit after them), read and
 * checked as the units' are (each its limits, all of them the work of a
 * ruleset's pictures): a figure's that cannot be drawn is a warning at
 * its line, the cover's an error at its value. */
static void
book_pics(struct book *b)
{
	struct ruleset fake;
	struct rs_unit *u;
	struct diags dg;
	size_t i, k, n = b->nfigs + (b->rs->cover_file != NULL);
	int failed;

	if (n == 0)
		return;
	u = xcalloc(n, sizeof(*u));
	if (b->rs->cover_file != NULL) {
		u[b->nfigs].name = (char *)"cover";
		u[b->nfigs].image = b->rs->cover;
		u[b->nfigs].image_file = b->rs->cover_file;
		u[b->nfigs].image_kind = b->rs->cover_kind;
		u[b->nfigs].image_pos = b->rs->cover_pos;
	}
	for (i = 0; i < b->nfigs; i++) {
		u[i].name = b->figs[i]->alt;
		u[i].image = (char *)b->figs[i]->name;
		u[i].image_file = b->figs[i]->file;
		u[i].image_kind = b->figs[i]->kind;
		u[i].image_pos = b->figs[i]->pos;
	}
	memset(&fake, 0, sizeof(fake));
	fake.path = b->rs->path;
	fake.units = u;
	fake.nunits = n;
	memset(&dg, 0, sizeof(dg));
	b->pics = rnd_pics_new(&fake, &dg, &failed);
	for (k = 0; k < dg.n; k++) {
		/* "unit 'ALT': Image 'NAME' WHY": the why. */
		const char *w = dg.v[k].msg;

		if (b->rs->cover_file != NULL &&
		    dg.v[k].line == b->rs->cover_pos.line &&
		    dg.v[k].col == b->rs->cover_pos.col) {
			char *pre = xasprintf("Image '%s' ", b->rs->cover);
			const char *at = strstr(w, pre);

			diag_msg(b->dg, b->rs->cover_pos,
			    MSG(FRONT_COVER_PICTURE), b->rs->cover,
			    at != NULL ? at + strlen(pre) : w);
			free(pre);
			b->cover_failed = 1;
			continue;
		}
		for (i = 0; i < b->nfigs; i++)
			if (dg.v[k].line == b->figs[i]->pos.line &&
			    dg.v[k].col == b->figs[i]->pos.col)
				break;
		if (i == b->nfigs)
			continue;
		{
			char *pre = xasprintf("Image '%s' ", b->figs[i]->name);
			const char *at = strstr(w, pre);

			diag_msg(b->dg, b->figs[i]->pos,
			    MSG(RULEBOOK_PICTURE_NOT_DRAWN), b->figs[i]->name,
			    at != NULL ? at + strlen(pre) : w);
			free(pre);
		}
	}
	diags_free(&dg);
	free(u);
}

static int book_folio(const struct book *, int);

/* The index's entries from its terms and the body laid out: each term's
 * page, the terms sorted, one entry a term (its pages in order). */
static void
book_terms_plan(struct book *b, struct rnd_flow *f)
{
	struct rnd_placed *pl;
	size_t n, i, k, *first;

	n = rnd_flow_placed(f, NULL, 0);
	pl = xcalloc(n + 1, sizeof(*pl));
	n = rnd_flow_placed(f, pl, n);
	/* Each block's first piece (pieces are in the blocks' order). */
	first = xcalloc(rnd_flow_count(f) + 1, sizeof(*first));
	for (k = 0; k <= rnd_flow_count(f); k++)
		first[k] = n;
	for (k = n; k-- > 0;)
		if (pl[k].block < rnd_flow_count(f))
			first[pl[k].block] = k;
	for (i = 0; i < b->terms.n; i++) {
		struct iterm *t = &b->terms.v[i];
		long rb;

		t->page = -1;
		if (t->blk >= rnd_flow_count(f))
			continue;
		/* A table set a paragraph a row: the row's paragraph. */
		if (t->row >= 0 &&
		    (rb = rnd_flow_row_block(f, t->blk, t->row)) >= 0) {
			t->blk = (size_t)rb;
			t->row = -1;
		}
		for (k = first[t->blk]; k < n && pl[k].block == t->blk; k++)
			if (t->row < 0 ||
			    (pl[k].a <= t->row && t->row < pl[k].b)) {
				t->page = pl[k].page;
				break;
			}
	}
	free(first);
	free(pl);
	for (i = 0; i < b->nie; i++)
		free(b->ie[i].pages);
	free(b->ie);
	rb_terms_sort(&b->terms);
	b->ie = xcalloc(b->terms.n + 1, sizeof(*b->ie));
	b->nie = 0;
	for (i = 0; i < b->terms.n; i++) {
		struct iterm *t = &b->terms.v[i], *e;
		int same = 0, folio;

		if (t->page < 0)
			continue;
		folio = book_folio(b, t->page);
		if (b->nie > 0)
			same = strcmp(t->key, b->ie[b->nie - 1].key) == 0;
		if (same) {
			char *p, num[16];
			size_t ln, lp;

			e = &b->ie[b->nie - 1];
			snprintf(num, sizeof(num), "%d", folio);
			ln = strlen(num);
			lp = strlen(e->pages);
			/* Each page once. */
			if (lp >= ln && strcmp(e->pages + lp - ln, num) == 0 &&
			    (lp == ln || e->pages[lp - ln - 1] == ' '))
				continue;
			p = xasprintf("%s, %d", e->pages, folio);
			free(e->pages);
			e->pages = p;
			continue;
		}
		e = &b->ie[b->nie++];
		e->term = t->term;
		e->key = t->key;
		e->first = folio;
		e->pages = xasprintf("%d", folio);
	}
}

/* A prose table as the book prints it (rnd_flow_on_table): the engine's
 * words left to the designer's own text — the Terrain table's Kind
 * column and a modifiers table's Key column are left out, and a family's
 * settings table (the dice family's Combat) is said as rules, a bullet
 * each, in the family's words (eng_show.setting_words); a table the
 * family says in a player's words (eng_show.cell_words) with them
 * (plan.c, as the HTML book). */
static int
book_table(void *arg, struct rnd_flow *f, const struct rs_md *m, int *keep)
{
	struct book *b = arg;
	struct rb_table t;
	size_t r, c, k, nk = 0;
	char **cells, *e;
	int how;

	/* The names in the tables a player looks them up in. */
	rb_table_terms(&b->terms, b->rs, b->section, m, rnd_flow_count(f));
	how = rb_table_plan(b->rs, b->section, m, keep, &t);
	if (how == 1) {
		for (c = 0; c < t.cols; c++)
			nk += keep[c] != 0;
		cells = xcalloc(m->nkids * nk, sizeof(char *));
		for (r = 0; r < m->nkids; r++)
			for (c = 0, k = 0; c < t.cols; c++) {
				const struct rs_md *cell = c <
				        m->kids[r]->nkids ?
				    m->kids[r]->kids[c] :
				    NULL;

				if (!keep[c])
					continue;
				cells[r * nk + k++] =
				    t.words[r * t.cols + c] != NULL ?
				    rnd_markup_escape(
				        t.words[r * t.cols + c]) :
				    cell != NULL ?
				    rnd_md_markup(cell, b->st.mono_font, 0) :
				    xstrdup("");
			}
		rnd_flow_table(f, m->pos, m->nkids, nk, cells,
		    m->kids[0]->header);
		for (r = 0; r < m->nkids * nk; r++)
			free(cells[r]);
		free(cells);
	}
	if (how == 2)
		for (r = 1; r < m->nkids; r++) {
			if (t.rules[r] == NULL)
				continue;
			e = rnd_markup_escape(t.rules[r]);
			rnd_flow_item(f, m->kids[r]->pos, 0, "\xe2\x80\xa2",
			    e);
			free(e);
		}
	rb_table_free(&t);
	return how != 0;
}

/* The notes referred to since the last ones: at the end of the section
 * (level 1 or 2) that refers to them, under a short rule. */
static void
book_notes(struct book *b, struct rnd_flow *f)
{
	const struct rs_md *doc = b->rs->doc;
	size_t i, k;

	if (b->nfn == 0)
		return;
	{
		char *n = xasprintf("<i>%s</i>", _("Notes"));

		rnd_flow_para(f, b->rs->title_pos, n);
		free(n);
	}
	for (k = 0; k < b->nfn; k++)
		for (i = 0; i < doc->nkids; i++)
			if (doc->kids[i]->kind == RS_MD_FOOTNOTE_DEF &&
			    doc->kids[i]->level == b->fn[k])
				rnd_flow_md(f, doc->kids[i], 0);
	b->nfn = 0;
}

/* Close the open headings of levels level and deeper, placing their
 * examples, deepest first; a section of level 2 or above ends with the
 * notes it refers to. */
static void
book_close(struct book *b, struct rnd_flow *f, char **open, int level)
{
	int l;

	for (l = 3; l >= level; l--)
		if (open[l] != NULL) {
			if (l <= 2)
				book_notes(b, f);
			book_examples(b, f, open[l]);
			free(open[l]);
			open[l] = NULL;
		}
	if (level <= 2)
		book_notes(b, f);
}

/* The table m's section is Units or Weapons: the prefix of its rows'
 * destinations ("unit", "weapon"), else NULL. */
static const char *
book_names_of(const struct book *b, const char *section)
{
	const char *en;

	if (section == NULL)
		return NULL;
	en = rs_heading_en(b->rs->lang, section);
	return rs_name_eq(en, "Units") ? "unit" :
	    rs_name_eq(en, "Weapons")  ? "weapon" :
	                                 NULL;
}

/* Row r's destination of a Units or Weapons table (caller frees):
 * "unit-reed-wardens". */
static char *
book_row_dest(const char *kind, const struct rs_md *row)
{
	char *t = rs_md_text(row->kids[0]), *sl = rnd_md_slug(t);
	char *d = xasprintf("%s-%s", kind, sl);

	free(sl);
	free(t);
	return d;
}

/* The units' and weapons' names (the first column of the Units and
 * Weapons tables), each a link in the prose to its row; a name in both
 * to the unit's. Names under three characters are left alone. */
static void
book_name_links(struct book *b, struct rnd_flow *f)
{
	const struct rs_md *doc = b->rs->doc;
	char **names = NULL, **to = NULL, *sec = NULL;
	size_t i, r, k, n = 0, cap = 0, capt = 0, nt = 0;

	for (i = 0; doc != NULL && i < doc->nkids; i++) {
		const struct rs_md *m = doc->kids[i];
		const char *kind;

		if (m->kind == RS_MD_HEADING && m->level <= 2) {
			free(sec);
			sec = m->level == 2 ? rs_md_text(m) : NULL;
		}
		if (m->kind != RS_MD_TABLE ||
		    (kind = book_names_of(b, sec)) == NULL)
			continue;
		for (r = 1; r < m->nkids; r++) {
			char *t;

			if (m->kids[r]->nkids == 0)
				continue;
			t = rs_md_text(m->kids[r]->kids[0]);
			for (k = 0; k < n && strcmp(names[k], t) != 0; k++)
				;
			if (k < n || strlen(t) < 3) {
				free(t);
				continue;
			}
			XPUSH(names, n, cap, t);
			t = book_row_dest(kind, m->kids[r]);
			XPUSH(to, nt, capt, xasprintf("#%s", t));
			free(t);
		}
	}
	free(sec);
	rnd_flow_name_links(f, (const char *const *)names,
	    (const char *const *)to, n);
	for (i = 0; i < n; i++) {
		free(names[i]);
		free(to[i]);
	}
	free(names);
	free(to);
}

/* Every top-level block of the document, minus skipped sections, into
 * the flow, with the examples of play at the end of their sections; the
 * headings (levels 1 to 3) into b->h in the same order. */
static void
book_body(struct book *b, struct rnd_flow *f)
{
	const struct rs_md *doc = b->rs->doc;
	char *open[4] = { NULL, NULL, NULL, NULL };
	int skip = 0;
	size_t i, left, n0;

	b->nexamples = 0;
	b->nfn = 0;
	book_name_links(b, f);
	for (i = 0; i < b->o->nexamples; i++)
		b->exc[i].number = 0;
	for (i = 0; doc != NULL && i < doc->nkids; i++) {
		const struct rs_md *m = doc->kids[i];

		if (m->kind == RS_MD_HEADING && m->level <= 3) {
			book_close(b, f, open, m->level);
			open[m->level] = rs_md_text(m);
		}
		if (m->kind == RS_MD_HEADING && m->level <= 2)
			skip = book_skip(b->rs, open[m->level]);
		if (skip || m->kind == RS_MD_FOOTNOTE_DEF)
			continue;
		book_refs(b, m);
		book_undrawn(b, m);
		b->section = open[2];
		n0 = rnd_flow_count(f);
		if (m->kind == RS_MD_HEADING) {
			struct bhead x;

			x.text = rs_md_text(m);
			x.level = m->level;
			x.page = 0;
			x.pos = m->pos;
			XPUSH(b->h, b->nh, b->caph, x);
		}
		rnd_flow_md(f, m, 0);
		rb_terms_of(&b->terms, m, n0, rnd_flow_count(f));
		/* Each row of the Units and Weapons tables a destination, the
		 * prose's names link to (book_name_links). */
		if (m->kind == RS_MD_TABLE && rnd_flow_count(f) > n0 &&
		    book_names_of(b, open[2]) != NULL) {
			size_t r;

			for (r = 1; r < m->nkids; r++)
				if (m->kids[r]->nkids > 0) {
					char *d =
					    book_row_dest(book_names_of(b,
					                      open[2]),
					        m->kids[r]);

					rnd_flow_dest_row(f, n0, (int)r, d);
					free(d);
				}
		}
		/* Each clarification its place: "Clarification 4" links
		 * there. */
		if (open[2] != NULL &&
		    rs_name_eq(rs_heading_en(b->rs->lang, open[2]),
		        "Clarifications") &&
		    m->kind == RS_MD_LIST && m->ordered &&
		    rnd_flow_count(f) - n0 == m->nkids) {
			size_t k;

			for (k = 0; k < m->nkids; k++) {
				char *nm = xasprintf("clarification-%d",
				    m->start + (int)k);

				rnd_flow_dest_at(f, n0 + k, nm);
				free(nm);
			}
		}
	}
	book_close(b, f, open, 1);
	/* Examples whose section the book leaves out: a section of their
	 * own at the end. */
	for (i = 0, left = 0; i < b->o->nexamples; i++)
		left += b->exc[i].number == 0;
	if (left > 0) {
		struct bhead x;

		x.text = xstrdup(_("Examples of play"));
		x.level = 2;
		x.page = 0;
		x.pos = b->rs->title_pos;
		XPUSH(b->h, b->nh, b->caph, x);
		rnd_flow_heading(f, b->rs->title_pos, 2,
		    _("Examples of play"));
		book_examples(b, f, NULL);
	}
}

/* The heading pieces of the last layout, in order, give each heading
 * its page; each page its running head: the first section that begins
 * on it, else the one it continues. */
static void
book_pages(struct book *b, struct rnd_flow *f, int pages)
{
	struct rnd_placed *pl;
	size_t n, i, k = 0;
	int p;
	const char *cur = "";

	n = rnd_flow_placed(f, NULL, 0);
	pl = xcalloc(n + 1, sizeof(*pl));
	n = rnd_flow_placed(f, pl, n);
	for (i = 0; i < n && k < b->nh; i++)
		if (pl[i].kind == 'h' && pl[i].a == 0)
			b->h[k++].page = pl[i].page;
	free(pl);
	b->running = xcalloc((size_t)pages + 1, sizeof(char *));
	for (p = 0, k = 0; p < pages; p++) {
		const char *first = NULL;

		for (; k < b->nh && b->h[k].page <= p; k++)
			if (b->h[k].level == 2) {
				if (first == NULL && b->h[k].page == p)
					first = b->h[k].text;
				cur = b->h[k].text;
			}
		b->running[p] = (char *)(first != NULL ? first : cur);
	}
}

/* The title page: the title, what it is, author, year, version; with a
 * cover picture (cover: in the front matter) they go to the top and the
 * picture fills the page under them, as large as fits, its shape kept. */
static void
book_title(struct book *b, struct rnd_doc *doc)
{
	const struct ruleset *rs = b->rs;
	cairo_t *cr = rnd_doc_page_begin(doc, b->pw, b->ph, 0);
	struct rnd_font tf = { b->st.head_font, 28, 1, 0 };
	struct rnd_font sf = { b->st.font, 13, 0, 1 };
	struct rnd_font nf = { b->st.font, 11, 0, 0 };
	double w = b->pw - 2 * b->mx, y = b->ph * 0.28;
	int cover = b->pics != NULL && rs->cover_file != NULL &&
	    rnd_pics_has(b->pics, b->nfigs);
	char *s, *v;

	if (cover)
		y = b->top + 6;
	/* Tagged: the title page a section of paragraphs (the book's own
	 * heading is the ruleset's, in the body), its picture a figure. */
	rnd_tag_begin(cr, "Sect");
	rnd_set_rgb(cr, b->st.accent);
	rnd_tag_begin(cr, "P");
	y += rnd_text(cr, &tf, b->mx, y, w, 1, 0,
	    rs->title != NULL ? rs->title : rs->name);
	rnd_tag_end(cr, "P");
	cairo_set_line_width(cr, 0.4);
	cairo_move_to(cr, b->pw / 2 - 25, y + 5);
	cairo_line_to(cr, b->pw / 2 + 25, y + 5);
	cairo_stroke(cr);
	y += 12;
	rnd_set_rgb(cr, b->st.text);
	rnd_tag_begin(cr, "P");
	y += rnd_text(cr, &sf, b->mx, y, w, 1, 0,
	         _("Rules for a wargame with "
	           "miniatures")) +
	    10;
	rnd_tag_end(cr, "P");
	rnd_tag_begin(cr, "P");
	if (rs->author != NULL)
		y += rnd_text(cr, &nf, b->mx, y, w, 1, 0, rs->author) + 2;
	v = rs->version != NULL ? xasprintf(_("version %s"), rs->version) :
	                          xstrdup("");
	s = xasprintf("%s%s%s", rs->year != NULL ? rs->year : "",
	    rs->year != NULL && rs->version != NULL ? " \xc2\xb7 " : "", v);
	free(v);
	if (*s != '\0')
		y += rnd_text(cr, &nf, b->mx, y, w, 1, 0, s);
	rnd_tag_end(cr, "P");
	free(s);
	if (cover && b->ph - b->bottom - 8 - (y + 10) > 20) {
		rnd_figure_begin(cr, _("Cover picture"));
		rnd_pic_draw(b->pics, cr, b->nfigs, b->mx, y + 10, w,
		    b->ph - b->bottom - 8 - (y + 10));
		rnd_figure_end(cr);
	}
	rnd_set_rgb(cr, 0x666666);
	rnd_tag_begin(cr, "P");
	/* A game no engine plays, or one with no test games, is not
	 * checked by any: the page says only what made it. */
	rnd_text(cr, &(struct rnd_font){ b->st.font, 8, 0, 0 }, b->mx,
	    b->ph - b->bottom, w, 1, 0,
	    eng_show_of(rs)->print_only || rs->ntests == 0 ?
	        _("Typeset by sandtable from the ruleset's Markdown.") :
	        _("Typeset by sandtable from the "
	          "ruleset's Markdown; its rules are checked by the engine's "
	          "test games."));
	rnd_tag_end(cr, "P");
	rnd_tag_end(cr, "Sect");
	rnd_doc_outline(doc, 0, _("Title"), 0);
	rnd_doc_page_end(doc);
}

/* The number printed on body page p (from 0). */
static int
book_folio(const struct book *b, int p)
{
	return b->first_body + p;
}

/* One line of the contents or the index: text left (indented), page
 * number right, dotted leader between; a link to page `to` (printed
 * number, the PDF page index is the same: the title page is page 1). */
static void
book_entry_n(struct book *b, cairo_t *cr, double y, double indent, int bold,
    const char *text, int to, const char *nums)
{
	struct rnd_font f = { b->st.font, b->st.size_pt, bold, 0 };
	double w = b->pw - 2 * b->mx, tw, th, nw;
	PangoLayout *l;
	char num[16], *attr;

	snprintf(num, sizeof(num), "%d", to);
	attr = xasprintf("page=%d", to);
	cairo_tag_begin(cr, CAIRO_TAG_LINK, attr);
	free(attr);
	l = rnd_layout_new(cr, &f, w - indent - 14);
	pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	rnd_layout_text(l, text);
	rnd_layout_size(l, &tw, &th);
	rnd_layout_draw(cr, l, b->mx + indent, y);
	g_object_unref(l);
	l = rnd_layout_new(cr, &f, 0);
	rnd_layout_text(l, nums != NULL ? nums : num);
	rnd_layout_size(l, &nw, NULL);
	rnd_layout_draw(cr, l, b->mx + w - nw, y);
	g_object_unref(l);
	/* The leader: dots from the text to the number. */
	rnd_set_rgb(cr, 0x999999);
	cairo_set_line_width(cr, 0.25);
	{
		static const double dash[] = { 0.2, 1.6 };

		cairo_set_dash(cr, dash, 2, 0);
		cairo_move_to(cr, b->mx + indent + tw + 1.5, y + th * 0.78);
		cairo_line_to(cr, b->mx + w - nw - 1.5, y + th * 0.78);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	rnd_set_rgb(cr, b->st.text);
	cairo_tag_end(cr, CAIRO_TAG_LINK);
}

static void
book_entry(struct book *b, cairo_t *cr, double y, double indent, int bold,
    const char *text, int to)
{
	book_entry_n(b, cr, y, indent, bold, text, to, NULL);
}

/* Running head and page number. */
static void
book_frame(struct book *b, cairo_t *cr, int folio, const char *section)
{
	struct rnd_font f = { b->st.font, 8, 0, 1 };
	double w = b->pw - 2 * b->mx;
	char num[16];

	rnd_set_rgb(cr, 0x555555);
	rnd_text(cr, &f, b->mx, b->top - 9, w / 2, 0, 0,
	    b->rs->title != NULL ? b->rs->title : b->rs->name);
	if (section != NULL && *section != '\0')
		rnd_text(cr, &f, b->mx + w / 2, b->top - 9, w / 2, 2, 0,
		    section);
	rnd_set_rgb(cr, b->st.rule);
	cairo_set_line_width(cr, 0.2);
	cairo_move_to(cr, b->mx, b->top - 4);
	cairo_line_to(cr, b->pw - b->mx, b->top - 4);
	cairo_stroke(cr);
	snprintf(num, sizeof(num), "%d", folio);
	rnd_set_rgb(cr, 0x555555);
	rnd_text(cr, &(struct rnd_font){ b->st.font, 9, 0, 0 }, b->mx,
	    b->ph - b->bottom + 6, w, 1, 0, num);
	rnd_set_rgb(cr, b->st.text);
}

/* The contents: one line for each heading of levels 2 and 3, then the
 * index; toc_pages pages (each numbered). */
static void
book_contents(struct book *b, struct rnd_doc *doc)
{
	struct rnd_font hf = { b->st.head_font, 16, 1, 0 };
	double lh = b->st.size_pt * RND_PT_MM * 1.55, y = 0;
	size_t i;
	int page = 0, line = 0, outlined = 0;
	cairo_t *cr = NULL;

	for (i = 0; i <= b->nh; i++) {
		int last = i == b->nh;

		if (!last && b->h[i].level > 3)
			continue;
		if (!last && b->h[i].level == 1)
			continue; /* the book's title: the title page */
		if (cr == NULL || line == b->lines) {
			if (cr != NULL) {
				rnd_tag_end(cr, "TOC");
				rnd_doc_page_end(doc);
			}
			cr = rnd_doc_page_begin(doc, b->pw, b->ph, 0);
			book_frame(b, cr, 2 + page, _("Contents"));
			if (!outlined++)
				rnd_doc_outline(doc, 0, _("Contents"), 0);
			y = b->top;
			if (page == 0) {
				rnd_set_rgb(cr, b->st.accent);
				rnd_tag_begin(cr, "H2");
				y += rnd_text(cr, &hf, b->mx, y, 0, 0, 0,
				         _("Contents")) +
				    6;
				rnd_tag_end(cr, "H2");
				rnd_set_rgb(cr, b->st.text);
			}
			/* Tagged: a table of contents, a line an item. */
			rnd_tag_begin(cr, "TOC");
			page++;
			line = 0;
		}
		rnd_tag_begin(cr, "TOCI");
		if (last)
			book_entry(b, cr, y, 0, 1, _("Index of rules"),
			    b->index_first);
		else
			book_entry(b, cr, y, b->h[i].level == 3 ? 6 : 0,
			    b->h[i].level == 2, b->h[i].text,
			    book_folio(b, b->h[i].page));
		rnd_tag_end(cr, "TOCI");
		y += lh;
		line++;
	}
	if (cr != NULL) {
		rnd_tag_end(cr, "TOC");
		rnd_doc_page_end(doc);
	}
}

/* Contents pages for n entries. */
static int
book_toc_pages(const struct book *b)
{
	size_t i, n = 1;

	for (i = 0; i < b->nh; i++)
		n += b->h[i].level == 2 || b->h[i].level == 3;
	return (int)((n + (size_t)b->lines - 1) / (size_t)b->lines);
}

static void book_index_page(struct book *, cairo_t *, int, double);

/* Body pages: running head and number; on the last, the index's first
 * entries when it begins there. */
static void
book_decorate(cairo_t *cr, void *arg, int page, int npages, double scale)
{
	struct book *b = arg;

	(void)npages;
	(void)scale;
	book_frame(b, cr, book_folio(b, page),
	    b->running != NULL && page < b->body_pages ? b->running[page] :
	                                                 NULL);
	if (b->index_shared && page == b->body_pages - 1)
		book_index_page(b, cr, 0, b->body_end + BOOK_INDEX_GAP);
}

/* The page a section titled `section` starts on (printed number), or
 * 0 when the book has no such heading. */
static int
book_section_page(const struct book *b, const char *section)
{
	size_t i;

	for (i = 0; i < b->nh; i++)
		if (rs_heading_eq(b->rs->lang, b->h[i].text, section))
			return book_folio(b, b->h[i].page);
	return 0;
}

/* Index page p's entries (p 0: its heading first) from y on cr. */
static void
book_index_page(struct book *b, cairo_t *cr, int p, double y)
{
	struct rnd_font hf = { b->st.head_font, 16, 1, 0 };
	double lh = b->st.size_pt * RND_PT_MM * 1.55;
	size_t i = 0;
	int k;

	for (k = 0; k < p; k++)
		i += (size_t)b->icount[k];
	if (p == 0) {
		rnd_set_rgb(cr, b->st.accent);
		rnd_tag_begin(cr, "H2");
		y += rnd_text(cr, &hf, b->mx, y, 0, 0, 0,
		         _("Index of rules")) +
		    3;
		rnd_tag_end(cr, "H2");
		rnd_set_rgb(cr, b->st.text);
		rnd_tag_begin(cr, "P");
		y += rnd_text(cr,
		         &(struct rnd_font){ b->st.font, b->st.size_pt, 0, 1 },
		         b->mx, y, b->pw - 2 * b->mx, 0, 0,
		         _("The terms of the rules, the names in their tables "
		           "and the pages they are on.")) +
		    4;
		rnd_tag_end(cr, "P");
	}
	/* Tagged: an index, an entry a paragraph. */
	rnd_tag_begin(cr, "Index");
	for (k = 0; k < b->icount[p] && i < b->nie; k++, i++) {
		rnd_tag_begin(cr, "P");
		book_entry_n(b, cr, y, 0, 0, b->ie[i].term, b->ie[i].first,
		    b->ie[i].pages);
		rnd_tag_end(cr, "P");
		y += lh;
	}
	rnd_tag_end(cr, "Index");
}

/* The index: each rule id of the family, its section and the page that
 * section begins on; sections the book lacks say so. Its pages after a
 * first one shared with the body's end. */
static void
book_index(struct book *b, struct rnd_doc *doc)
{
	cairo_t *cr;
	int p;

	for (p = b->index_shared; p < b->ipages; p++) {
		cr = rnd_doc_page_begin(doc, b->pw, b->ph, 0);
		book_frame(b, cr, b->index_first + p, _("Index of rules"));
		if (p == 0)
			rnd_doc_outline(doc, 0, _("Index of rules"), 0);
		book_index_page(b, cr, p, b->top);
		rnd_doc_page_end(doc);
	}
}

static int
book_index_pages(const struct book *b)
{
	return b->ipages;
}

/* The pages that hold n entries, the first holding first, the rest
 * b->lines each. */
static int
book_index_count(const struct book *b, int first)
{
	size_t n = b->nie;

	if (n <= (size_t)first)
		return 1;
	return 1 +
	    (int)((n - (size_t)first + (size_t)b->lines - 1) /
	        (size_t)b->lines);
}

/*
 * How the index goes onto its pages. It begins under the body's end
 * when that saves a page, or when the body's last page would be less
 * than a third full (Modern on A4: two lines of the last clarification,
 * alone on a page; Saltmarsh's last five clarifications); else on a page
 * of its own. Either way its entries share
 * its pages as evenly as they allow (Modern on Letter left two entries
 * on a page of their own). f: the body laid out.
 */
static void
book_index_plan(struct book *b, struct rnd_flow *f)
{
	double lh = b->st.size_pt * RND_PT_MM * 1.55, room;
	struct rnd_placed *pl;
	size_t n, i, left = b->nie;
	int first = b->lines, shared = 0, own, p;

	n = rnd_flow_placed(f, NULL, 0);
	pl = xcalloc(n + 1, sizeof(*pl));
	n = rnd_flow_placed(f, pl, n);
	b->body_end = b->fr.y;
	for (i = 0; i < n; i++)
		if (pl[i].page == b->body_pages - 1 &&
		    b->fr.y + pl[i].y + pl[i].h > b->body_end)
			b->body_end = b->fr.y + pl[i].y + pl[i].h;
	free(pl);
	room = b->fr.y + b->fr.h - b->body_end - BOOK_INDEX_GAP - 25;
	own = book_index_count(b, b->lines);
	if (room >= BOOK_INDEX_MIN * lh) {
		int k = (int)(room / lh);

		shared = book_index_count(b, k);
		if (shared <= own || b->body_end - b->fr.y < b->fr.h / 3) {
			b->index_shared = 1;
			first = k;
		}
	}
	b->ipages = b->index_shared ? shared : own;
	b->icount = xcalloc((size_t)b->ipages, sizeof(int));
	for (p = 0; p < b->ipages; p++) {
		int cap = p == 0 ? first : b->lines;
		size_t q = (left + (size_t)(b->ipages - p) - 1) /
		    (size_t)(b->ipages - p);

		b->icount[p] = q < (size_t)cap ? (int)q : cap;
		left -= (size_t)b->icount[p];
	}
}

static const char *const book_keys[] = { "margin", "font", "heading-font",
	"mono-font", "size", "min-size", "colours", "product", "columns",
	"gutter", NULL };

/* --dump: every page, the frame of each page of the body, then the
 * pieces of the body as drawn (flow.c), on the pages as numbered. */
static void
book_dump(const struct book *b, const struct rnd_flow *f, int pages, FILE *fp)
{
	int p, k;

	if (fp == NULL)
		return;
	for (p = 1; p <= pages; p++) {
		rnd_dump_box(fp, "page", p, 0, 0, b->pw, b->ph, NULL);
		k = p - b->first_body;
		if (k >= 0 && k < b->body_pages)
			rnd_dump_box(fp, "frame", p, b->fr.x,
			    b->fr.y + (k == 0 ? b->fr.first_top : 0), b->fr.w,
			    b->fr.h - (k == 0 ? b->fr.first_top : 0), NULL);
	}
	rnd_flow_dump(f, &b->fr, 0, b->first_body, fp);
}

int
rnd_rulebook(const struct ruleset *rs, const char *path,
    const struct rnd_book_opts *o, struct diags *dg)
{
	struct book b;
	struct rnd_flow *f = NULL;
	struct rnd_doc *doc = NULL;
	struct rnd_meta meta;
	struct rs_node *t;
	const char *from, *why;
	char *tfile = NULL;
	double sheet_w = 0, sheet_h = 0;
	struct rnd_hyph *hyph = NULL;
	const char *lang;
	char was[32];
	size_t i;
	int rc = -1;

	/* The language set before (the command's), put back at the end. */
	snprintf(was, sizeof(was), "%s",
	    i18n_current() != NULL ? i18n_current() : "");
	memset(&b, 0, sizeof(b));
	b.rs = rs;
	b.o = o;
	b.dg = dg;
	if ((t = rnd_template_load(o->tmpl, "rulebook", &tfile, dg)) == NULL)
		return -1;
	rnd_tmpl_keys(t, book_keys, "setting", dg);
	if (rnd_paper_choose(o->paper, rs, &b.pw, &b.ph, &from, &why) != 0) {
		diag_msg(dg, rs->title_pos, MSG(PAPER_NOT_CHOSEN), from, why);
		goto out;
	}
	/* A booklet: the paper is the sheet, landscape; a page is half of
	 * it (A5 on A4, half-letter on Letter). */
	if (o->booklet) {
		sheet_w = b.ph;
		sheet_h = b.pw;
		b.pw = sheet_w / 2;
		b.ph = sheet_h;
	}
	rnd_style_from(&b.st, t, dg);
	/* A book's prose is hyphenated in the ruleset's language (lang:
	 * in the front matter; English by default) when a dictionary for
	 * it is installed. */
	lang = o->lang != NULL ? o->lang : rs->lang;
	hyph = rnd_hyph_open(lang);
	/* The words the book itself prints, in the same language. */
	i18n_lang(lang);
	b.st.hyph = hyph;
	b.exc = xcalloc(o->nexamples + 1, sizeof(*b.exc));
	for (i = 0; i < o->nexamples; i++) {
		b.exc[i].rs = rs;
		b.exc[i].ex = &o->examples[i];
		b.exc[i].st = &b.st;
		b.exc[i].page_of = book_page_of;
		b.exc[i].page_arg = &b;
	}
	/* -o book.html: the book as one HTML file, its examples drawn by
	 * the same code at a column's width (html.c). */
	{
		size_t n = strlen(path);

		if (o->html ||
		    (n > 5 && strcasecmp(path + n - 5, ".html") == 0)) {
			struct rnd_html h = { rs, b.exc, o->nexamples };

			rc = rnd_rulebook_html(&h, path, dg);
			goto out;
		}
	}
	/* A book is read, not fitted: one size, at least the template's
	 * minimum; smaller paper, a little smaller type. */
	if (b.pw < 160)
		b.st.size_pt = b.st.size_pt - 0.5 < b.st.min_pt ?
		    b.st.min_pt :
		    b.st.size_pt - 0.5;
	b.st.min_pt = b.st.size_pt;
	b.mx = rnd_tmpl_len(t, "margin", 20, 8, 60, dg);
	/* Two columns when the template asks (columns: 2), but not on
	 * paper narrower than 160 mm (A5): a column there would be 55 mm. */
	b.fr.cols = (int)rnd_tmpl_num(t, "columns", 1, 1, 2, dg);
	b.fr.gutter = rnd_tmpl_len(t, "gutter", 6, 2, 30, dg);
	if (b.pw < 160)
		b.fr.cols = 1;
	if (b.fr.cols == 1)
		b.fr.gutter = 0;
	/* A value the template got wrong is an error: no book. */
	if (diags_worst(dg) >= SEV_ERROR)
		goto out;
	if (b.pw < 160)
		b.mx = b.mx * 0.75;
	b.top = b.mx + 6;
	b.bottom = b.mx + 4;
	b.fr.x = b.mx;
	b.fr.y = b.top;
	b.fr.w = b.pw - 2 * b.mx;
	b.fr.h = b.ph - b.top - b.bottom;

	b.fr.first_top = 0;
	/* Contents and index lines: a page's frame less room for the
	 * first page's heading. */
	b.lines = (int)((b.fr.h - 25) / (b.st.size_pt * RND_PT_MM * 1.55));
	if (b.lines < 5)
		b.lines = 5;

	/* Where each heading falls. */
	f = rnd_flow_new(&b.st);
	rnd_flow_linking(f, 1);
	rnd_flow_on_image(f, book_image, &b);
	rnd_flow_on_table(f, book_table, &b);
	/* A table too wide for the page takes a smaller size of its own, to
	 * BOOK_TABLE_LEAST of the text's; one too wide even so goes in parts
	 * of its columns at the text's size: its words whole either way. */
	rnd_flow_own_tables(f, 1);
	rnd_flow_table_parts(f,
	    (b.fr.w - (b.fr.cols - 1) * b.fr.gutter) / b.fr.cols,
	    b.st.size_pt * BOOK_TABLE_LEAST);
	/* In a column of two, such a table is a paragraph a row. */
	rnd_flow_table_rows(f, b.fr.cols > 1);
	book_body(&b, f);
	book_pics(&b);
	if (b.cover_failed)
		goto out; /* an error at the cover: key */
	for (i = 0; i < b.ninlinks; i++)
		if (!rnd_flow_has_dest(f, b.inlinks[i]->info + 1))
			diag_msg(dg, b.inlinks[i]->pos,
			    MSG(RULEBOOK_LINK_NOWHERE), b.inlinks[i]->info);
	b.body_pages = rnd_flow_layout(f, &b.fr, BOOK_MAX_PAGES - 2);
	if (b.body_pages < 0) {
		diag_msg(dg, rs->title_pos, MSG(RULEBOOK_RULESET_DOES_NOT_FIT),
		    BOOK_MAX_PAGES);
		goto out;
	}
	book_pages(&b, f, b.body_pages);
	book_terms_plan(&b, f);
	book_index_plan(&b, f);
	b.toc_pages = book_toc_pages(&b);
	/* With its contents and index pages. */
	if (1 + b.toc_pages + b.body_pages - b.index_shared +
	        book_index_pages(&b) >
	    BOOK_MAX_PAGES) {
		diag_msg(dg, rs->title_pos,
		    MSG(RULEBOOK_BOOK_WOULD_TAKE_PAGES),
		    1 + b.toc_pages + b.body_pages - b.index_shared +
		        book_index_pages(&b),
		    BOOK_MAX_PAGES);
		goto out;
	}
	b.first_body = 2 + b.toc_pages;
	book_terms_plan(&b, f); /* its pages' numbers now known */
	b.index_first = b.first_body + b.body_pages - b.index_shared;

	memset(&meta, 0, sizeof(meta));
	meta.title = rs->title != NULL ? rs->title : rs->name;
	meta.author = rs->author;
	meta.subject = _("Rulebook");
	meta.keywords = "wargame, rules";
	doc = rnd_doc_new(path, &meta, dg);
	if (o->booklet)
		rnd_doc_set_booklet(doc, sheet_w, sheet_h);
	book_title(&b, doc);
	book_contents(&b, doc);
	/* The same blocks, laid out again now that the examples' links know
	 * their pages, and drawn. */
	if (rnd_flow_render(f, doc, b.pw, b.ph, &b.fr, BOOK_MAX_PAGES,
	        book_decorate, &b, NULL) != b.body_pages)
		diag_msg(dg, rs->title_pos,
		    MSG(RULEBOOK_BODY_TOOK_OTHER_PAGES));
	if (b.index_shared)
		rnd_doc_outline_page(doc, 0, _("Index of rules"),
		    (size_t)b.index_first, b.body_end + BOOK_INDEX_GAP);
	book_index(&b, doc);
	if (rnd_doc_pages(doc) != b.index_first - 1 + book_index_pages(&b))
		diag_msg(dg, rs->title_pos,
		    MSG(RULEBOOK_INDEX_TOOK_OTHER_PAGES));
	book_dump(&b, f, rnd_doc_pages(doc), o->dump);
	rc = rnd_doc_close(doc);
	doc = NULL;
out:
	if (doc != NULL)
		rnd_doc_abandon(doc);
	rnd_flow_free(f);
	for (i = 0; i < b.nh; i++)
		free(b.h[i].text);
	free(b.h);
	free(b.running);
	free(b.exc);
	free(b.fn);
	rnd_hyph_close(hyph);
	i18n_lang(was);
	free(b.icount);
	for (i = 0; i < b.nfigs; i++) {
		free(b.figs[i]->alt);
		free(b.figs[i]->file);
		free(b.figs[i]);
	}
	free(b.figs);
	free(b.inlinks);
	for (i = 0; i < b.nie; i++)
		free(b.ie[i].pages);
	free(b.ie);
	rb_terms_free(&b.terms);
	rnd_pics_free(b.pics);
	rs_node_free(t);
	free(tfile);
	return rc;
}

/* The family's rule ids and sections, for the book's index (none for
 * a print-only ruleset); those that cannot apply to it are left out. */
static struct rnd_book_rule *
analysis_rules(const struct analysis *a, size_t *n)
{
	const struct eng_family *f = eng_family_of(a->rs);
	const struct eng_ctx *c = a->ctx;
	struct rnd_book_rule *v;
	int k;

	*n = 0;
	if (f->nrules == 0)
		return NULL;
	v = xcalloc((size_t)f->nrules, sizeof(*v));
	for (k = 0; k < f->nrules; k++)
		if (c == NULL || eng_rule_applies(c, k)) {
			v[*n].id = f->rules[k].id;
			v[*n].section = f->rules[k].section;
			(*n)++;
		}
	return v;
}

/*
 * The test games marked as examples (the analysis plays them once, and
 * keeps the engine's record of each), for the book. One that fails is
 * an error (at its step, as `check` reports it): the book is not
 * written. Returns how many, or -1.
 */
static int
analysis_examples(struct analysis *a, struct rnd_example **exv,
    struct diags *d)
{
	const struct ruleset *rs = a->rs;
	const struct eng_example *engv;
	const struct diags *prep = &a->prep;
	size_t i;
	int n, failed;

	*exv = NULL;
	if (eng_family_of(rs)->play_turn == NULL || rs->ntests == 0)
		return 0;
	/* The context's warnings are check's to give, not the book's. */
	if (a->ctx == NULL) {
		for (i = 0; i < prep->n; i++)
			if (prep->v[i].sev >= SEV_ERROR)
				diag_copy(d, &prep->v[i]);
		return -1;
	}
	n = ana_examples(a, d, &engv, &failed);
	if (failed > 0) {
		diag_msg(d, rs->title_pos,
		    MSG(RULEBOOK_EXAMPLE_PLAY_FAILED_TEST), failed,
		    failed == 1 ? "" : "s", failed == 1 ? "" : "s");
		return -1;
	}
	*exv = xcalloc((size_t)n + 1, sizeof(**exv));
	for (i = 0; i < (size_t)n; i++) {
		(*exv)[i].rec = &engv[i].rec;
		(*exv)[i].caption = engv[i].caption;
		(*exv)[i].section = engv[i].section;
		(*exv)[i].pos = engv[i].t->pos;
	}
	return n;
}

int
rnd_rulebook_of(struct analysis *a, const char *path,
    const struct rnd_book_opts *opts, struct diags *d)
{
	struct rnd_book_opts o = *opts;
	struct rnd_book_rule *rules = analysis_rules(a, &o.nrules);
	struct rnd_example *ex = NULL;
	int rc = -1, n;

	o.rules = rules;
	if ((n = analysis_examples(a, &ex, d)) >= 0) {
		o.examples = ex;
		o.nexamples = (size_t)n;
		rc = rnd_rulebook(a->rs, path, &o, d);
	}
	free(ex);
	free(rules);
	return rc;
}
