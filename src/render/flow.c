/*
 * flow.c: text that flows into columns — headings, paragraphs, list
 * items, tables and custom blocks, laid out with Pango. Headings keep
 * with what follows, tables and custom blocks keep together, paragraphs
 * split only between lines with at least two lines on each side (no
 * widows or orphans), and the whole flow shrinks until it fits or the
 * minimum size is reached. Layout (place) is kept apart from drawing.
 */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

enum blk_kind { BLK_HEADING, BLK_PARA, BLK_ITEM, BLK_TABLE, BLK_CUSTOM };

/*
 * What a table cell's text measures in layout units (Pango units of a
 * layout at RND_LAYOUT_PT, which are the same at every size: see
 * internal.h): on one line, its width, height and widest word, and
 * whether it has a character no font has.
 */
struct cellm {
	int w, h, word;
	int unknown;
};

/* A cell of a table: its measures; the layout it was measured with, if
 * it was measured here (to draw it on one line at that size); its height
 * wh wrapped at the width ww (layout units) it was wrapped at last (0:
 * none), and its layout there, if it was made here (to draw it). */
struct cell {
	struct cellm m;
	PangoLayout *lay;
	int ww, wh;
	PangoLayout *wlay;
};

/* What a block measures at one scale. */
struct meas {
	double indent;     /* mm, left */
	double space;      /* mm before, unless at a column top */
	PangoLayout *lay;  /* heading, para, item */
	PangoLayout *blay; /* item bullet, at RND_LAYOUT_PT: */
	double bk, bw;     /* drawn at scale bk, bw mm wide */
	double *top;       /* nlines + 1 line tops; top[nlines] = height */
	double *base;      /* baselines */
	int nlines;
	double *colw, *rowh; /* a table's (its cells' layouts: to draw) */
	PangoLayout *cap;    /* a table's caption (a part's), or NULL */
	double caph;         /* its height, with the space under it */
	double tpt;          /* a table's text size (pt) when its own, or 0 */
	double h;            /* whole height */
	double cw;  /* a custom block's width (its indent centres it) */
	double csc; /* and its scale */
};

struct blk {
	enum blk_kind kind;
	struct pos pos;
	int level;    /* heading level, item nesting */
	char *markup; /* heading, para, item */
	char *bullet; /* item */
	size_t nrows, ncols;
	char **cells; /* table */
	char **plain; /* its cells without the soft hyphens given, or NULL */
	char **hyph;  /* with them, kept by rnd_flow_resize, or NULL */
	int header;
	rnd_draw_fn draw;
	void *arg;
	size_t
	    bytes; /* of its text, to guess the size of what is unmeasured */
	int cut;   /* its text (or a cell's) was cut at BLK_MAX_CHARS */

	struct meas m;     /* measured at the flow's current scale */
	struct meas saved; /* at the best scale seen (see flow_save) */
	double *nat, *min; /* table column widths at wpt (text scales) */
	double wpt;
	int hyphenated; /* its cells carry soft hyphens (rnd_flow_table_hyph) */
	struct cell *cell; /* a table's cells measured (table_natural) */
	char *caption;     /* markup over a table's first row, or NULL */
	size_t omitted;    /* a note in place of a table of so many rows */
	int quote;         /* set in a callout box (a blockquote) */
	char *dest; /* its named destination's tag attributes, or NULL */
	char *alt;  /* a figure's alternative text (rnd_flow_alt), or NULL */
	char **rowdest; /* a table's: each row's destination, or NULL */
	int trow; /* a row of a table set as a paragraph: its row, or 0 */
};

/* A table of more cells than this is tagged row by row, not cell by
 * cell (README.md, Screen readers). */
#define FLOW_TAG_CELLS_MAX 5000

/* A placed piece: lines or rows [a, b) of a block on a page/column. */
struct piece {
	size_t blk;
	int page, col;
	double y;
	int a, b;
};

struct placing {
	struct piece *v;
	size_t n, cap;
};

struct rnd_flow {
	struct rnd_style st;
	struct blk *v;
	size_t n, cap;
	cairo_surface_t *msurf;
	cairo_t *mcr; /* for measuring */
	PangoContext *ctx;
	double scale;
	long too_wide;  /* first table whose words do not fit its column */
	long last_miss; /* of the last try, at scale */
	int known;      /* best_step is known (rnd_flow_fit ran) */
	int best_step;
	int have_saved; /* blocks' saved measures and spl are at saved_scale */
	double saved_scale;
	struct placing spl;
	struct placing fin;           /* the placement drawn last */
	char *label;                  /* names the flow in warnings, or NULL */
	double guess_pt;              /* the size to try first, or 0 */
	int own_tables;               /* a table too wide shrinks alone (see
				rnd_flow_own_tables) */
	const struct rnd_hyph *thyph; /* for tables too wide, or NULL */
	double parts_w;   /* a table too wide for it goes in parts (or 0) */
	int rows;         /* or a paragraph a row (rnd_flow_table_rows) */
	double tmin_pt;   /* a table's own size goes no lower (0: min_pt) */
	double long_room; /* a table taller at the least size: a note */
	double long_colw; /* in columns this wide */
	char *long_where; /* the note's last sentence, or NULL */
	size_t kept;      /* bytes the layouts its cells keep take, about */
	double omit_pt;   /* the least size table_taller tried (0: none) */
	size_t nmeas;     /* blocks [0, nmeas) are measured at scale */
	double colw;      /* for the column width colw */
	double colh;      /* a column's height (0: unknown) */
	int quote;        /* blocks added now are in a callout box */
	int linking; /* links and destinations are made (rnd_flow_linking) */
	GHashTable *dests;     /* the destinations' names (a set), or NULL */
	rnd_image_fn image_fn; /* draws a paragraph's images, or NULL */
	void *image_arg;
	rnd_table_fn table_fn; /* sees each prose table first, or NULL */
	void *table_arg;
	char **links; /* each link's target, by its id */
	size_t nlinks, caplinks;
	char **names, **name_to; /* rnd_flow_name_links */
	size_t nnames;
	int balance;  /* even out the last page's columns (rnd_flow_balance) */
	int cap_page; /* on this page (or -1) columns end at cap_h, and no */
	double cap_h; /* block is cut: rnd_flow_render's balancing */
};

static char *tag_escape(const char *);

/* Shrink-to-fit tries sizes this far apart (pt). */
#define RND_STEP_PT 0.5

/* A callout box: its text this far in from the column's left and right
 * (mm), and the box this far over and under its text. */
#define QUOTE_L 4.0
#define QUOTE_R 2.5
#define QUOTE_PAD 1.2

#define CELL_PADX 0.65
#define CELL_PADY 0.45

/* A part's column takes its natural width, its text on one line, up to
 * this of the part's (and at least its widest word's). */
#define PART_COL_MAX 0.4

/* Returns a new empty flow. */
struct rnd_flow *
rnd_flow_new(const struct rnd_style *st)
{
	struct rnd_flow *f = xcalloc(1, sizeof(*f));

	f->st = *st;
	f->msurf = cairo_image_surface_create(CAIRO_FORMAT_A8, 4, 4);
	f->mcr = cairo_create(f->msurf);
	cairo_scale(f->mcr, 72.0 / 25.4, 72.0 / 25.4);
	f->ctx = rnd_context_shared();
	f->cap_page = -1;
	return f;
}

void
rnd_flow_label(struct rnd_flow *f, const char *label)
{
	free(f->label);
	f->label = label != NULL ? xstrdup(label) : NULL;
}

void
rnd_flow_own_tables(struct rnd_flow *f, int on)
{
	f->own_tables = on;
}

/* With on, a last page whose columns are not all used has its blocks
 * spread over them, as evenly as whole blocks allow (a sheet short
 * enough for one column fills the width of the page, not its left
 * third). */
void
rnd_flow_balance(struct rnd_flow *f, int on)
{
	f->balance = on;
}

void
rnd_flow_table_hyph(struct rnd_flow *f, const struct rnd_hyph *h)
{
	f->thyph = h;
}

void
rnd_flow_table_parts(struct rnd_flow *f, double width_mm, double least_pt)
{
	f->parts_w = width_mm;
	f->tmin_pt = least_pt;
}

void
rnd_flow_table_rows(struct rnd_flow *f, int on)
{
	f->rows = on;
}

void
rnd_flow_long_tables(struct rnd_flow *f, const struct rnd_frame *fr, int pages,
    const char *where)
{
	int p;

	f->long_room = 0;
	f->long_colw = (fr->w - (fr->cols - 1) * fr->gutter) / fr->cols;
	for (p = 0; p < pages; p++)
		f->long_room += (fr->h - (p == 0 ? fr->first_top : 0)) *
		    fr->cols;
	free(f->long_where);
	f->long_where = where != NULL ? xstrdup(where) : NULL;
}

void
rnd_flow_guess(struct rnd_flow *f, double size_pt)
{
	f->guess_pt = size_pt;
}

double
rnd_flow_size(const struct rnd_flow *f)
{
	return f->st.size_pt * f->scale;
}

const struct rnd_style *
rnd_flow_style(const struct rnd_flow *f)
{
	return &f->st;
}

/* Drop a measurement of a block. */
static void
meas_free(struct meas *m)
{
	if (m->lay != NULL)
		g_object_unref(m->lay);
	if (m->blay != NULL)
		g_object_unref(m->blay);
	if (m->cap != NULL)
		g_object_unref(m->cap);
	free(m->top);
	free(m->base);
	free(m->colw);
	free(m->rowh);
	memset(m, 0, sizeof(*m));
}

/* Drop a block's current measurement. */
static void
blk_unmeasure(struct blk *b)
{
	meas_free(&b->m);
}

/* Drop a table's cell measures and the layouts they keep. */
static void
cells_free(struct blk *b)
{
	size_t i;

	for (i = 0; b->cell != NULL && i < b->nrows * b->ncols; i++) {
		if (b->cell[i].lay != NULL)
			g_object_unref(b->cell[i].lay);
		if (b->cell[i].wlay != NULL)
			g_object_unref(b->cell[i].wlay);
	}
	free(b->cell);
	b->cell = NULL;
}

/* Free n strings of v, and v. */
static void
cells_drop(char **v, size_t n)
{
	size_t i;

	for (i = 0; v != NULL && i < n; i++)
		free(v[i]);
	free(v);
}

/* Free what a block holds. */
static void
blk_free(struct blk *b)
{
	size_t j;

	blk_unmeasure(b);
	meas_free(&b->saved);
	free(b->markup);
	free(b->bullet);
	free(b->dest);
	free(b->alt);
	for (j = 0; b->rowdest != NULL && j < b->nrows; j++)
		free(b->rowdest[j]);
	free(b->rowdest);
	cells_drop(b->cells, b->nrows * b->ncols);
	cells_drop(b->plain, b->nrows * b->ncols);
	cells_drop(b->hyph, b->nrows * b->ncols);
	free(b->nat);
	free(b->min);
	cells_free(b);
	free(b->caption);
}

void
rnd_flow_free(struct rnd_flow *f)
{
	size_t i;

	if (f == NULL)
		return;
	for (i = 0; i < f->n; i++)
		blk_free(&f->v[i]);
	free(f->v);
	free(f->spl.v);
	free(f->fin.v);
	free(f->label);
	free(f->long_where);
	for (i = 0; i < f->nlinks; i++)
		free(f->links[i]);
	free(f->links);
	for (i = 0; i < f->nnames; i++) {
		free(f->names[i]);
		free(f->name_to[i]);
	}
	free(f->names);
	free(f->name_to);
	if (f->dests != NULL)
		g_hash_table_destroy(f->dests);
	cairo_destroy(f->mcr);
	cairo_surface_destroy(f->msurf);
	free(f);
}

/*
 * The most characters one heading, paragraph, list item or table cell
 * prints: a 2-page sheet holds about 30,000 at the smallest size, and
 * laying out more costs time for nothing. The rest is cut (with a
 * warning at the block's line).
 */
#define BLK_MAX_CHARS 10000

/* Returns markup cut after BLK_MAX_CHARS characters, with "…" and its
 * open tags closed (caller frees), or NULL when it is not that long. */
static char *
cap_markup(const char *markup)
{
	const char *p = markup, *e, **tag = NULL;
	size_t nc = 0, ntag = 0, cap = 0, len, k;
	char *out;

	while (*p != '\0' && nc < BLK_MAX_CHARS) {
		e = p + 1;
		if (*p == '<') {
			while (*e != '\0' && e[-1] != '>')
				e++;
			if (p[1] == '/') {
				if (ntag > 0)
					ntag--;
			} else if (e[-2] != '/')
				XPUSH(tag, ntag, cap, p + 1);
		} else {
			if (*p == '&')
				while (*e != '\0' && e[-1] != ';')
					e++;
			else
				while ((*e & 0xc0) == 0x80)
					e++;
			nc++;
		}
		p = e;
	}
	if (*p == '\0') {
		free(tag);
		return NULL;
	}
	/* The text so far, "…", and "</name>" for each tag left open. */
	len = (size_t)(p - markup) + 4;
	for (k = 0; k < ntag; k++)
		len += strcspn(tag[k], " >") + 3;
	out = xmalloc(len);
	memcpy(out, markup, (size_t)(p - markup));
	len = (size_t)(p - markup);
	memcpy(out + len, "\xe2\x80\xa6", 3);
	len += 3;
	while (ntag > 0) {
		const char *t = tag[--ntag];
		size_t n = strcspn(t, " >");

		out[len++] = '<';
		out[len++] = '/';
		memcpy(out + len, t, n);
		len += n;
		out[len++] = '>';
	}
	out[len] = '\0';
	free(tag);
	return out;
}

/* Returns a copy of markup for a block, cut as cap_markup says (*cut set
 * to 1 when it was). */
static char *
blk_text(const char *markup, int *cut)
{
	char *s = cap_markup(markup);

	if (s == NULL)
		return xstrdup(markup);
	*cut = 1;
	return s;
}

static int table_omit(struct rnd_flow *);
static void table_parts(struct rnd_flow *);

/* Returns a new zeroed block at the end of the flow. */
static struct blk *
blk_add(struct rnd_flow *f, enum blk_kind k, struct pos p)
{
	struct blk b;

	memset(&b, 0, sizeof(b));
	b.kind = k;
	b.pos = p;
	b.quote = f->quote;
	XPUSH(f->v, f->n, f->cap, b);
	return &f->v[f->n - 1];
}

void
rnd_flow_heading(struct rnd_flow *f, struct pos p, int level,
    const char *markup)
{
	struct blk *b = blk_add(f, BLK_HEADING, p);

	b->level = level;
	b->markup = blk_text(markup, &b->cut);
	b->bytes = strlen(b->markup);
}

void
rnd_flow_para(struct rnd_flow *f, struct pos p, const char *markup)
{
	struct blk *b = blk_add(f, BLK_PARA, p);

	b->markup = blk_text(markup, &b->cut);
	b->bytes = strlen(b->markup);
}

void
rnd_flow_item(struct rnd_flow *f, struct pos p, int level, const char *bullet,
    const char *markup)
{
	struct blk *b = blk_add(f, BLK_ITEM, p);

	b->level = level;
	b->bullet = xstrdup(bullet);
	b->markup = blk_text(markup, &b->cut);
	b->bytes = strlen(b->markup);
}

void
rnd_flow_table(struct rnd_flow *f, struct pos p, size_t nrows, size_t ncols,
    char *const *cells, int header)
{
	struct blk *b;
	size_t i;

	if (nrows == 0 || ncols == 0)
		return;
	b = blk_add(f, BLK_TABLE, p);
	b->nrows = nrows;
	b->ncols = ncols;
	b->header = header != 0;
	b->cells = xcalloc(nrows * ncols, sizeof(char *));
	for (i = 0; i < nrows * ncols; i++) {
		b->cells[i] = blk_text(cells[i] != NULL ? cells[i] : "",
		    &b->cut);
		b->bytes += strlen(b->cells[i]) + 1;
	}
	b->cell = xcalloc(nrows * ncols, sizeof(*b->cell));
	if (f->long_room > 0 && table_omit(f))
		return;
	if (f->parts_w > 0 && ncols > 1)
		table_parts(f);
}

void
rnd_flow_quote(struct rnd_flow *f, int on)
{
	f->quote = on;
}

int
rnd_flow_quoting(const struct rnd_flow *f)
{
	return f->quote;
}

void
rnd_flow_name_links(struct rnd_flow *f, const char *const *names,
    const char *const *targets, size_t n)
{
	size_t i;

	for (i = 0; i < f->nnames; i++) {
		free(f->names[i]);
		free(f->name_to[i]);
	}
	free(f->names);
	free(f->name_to);
	f->names = xcalloc(n + 1, sizeof(char *));
	f->name_to = xcalloc(n + 1, sizeof(char *));
	for (i = 0; i < n; i++) {
		f->names[i] = xstrdup(names[i]);
		f->name_to[i] = xstrdup(targets[i]);
	}
	f->nnames = n;
}

size_t
rnd_flow_names(const struct rnd_flow *f, const char *const **names,
    const char *const **targets)
{
	*names = (const char *const *)f->names;
	*targets = (const char *const *)f->name_to;
	return f->linking ? f->nnames : 0;
}

void
rnd_flow_linking(struct rnd_flow *f, int on)
{
	f->linking = on;
}

int
rnd_flow_link(struct rnd_flow *f, const char *target)
{
	char *a;

	if (!f->linking)
		return -1;
	a = xstrdup(target);
	XPUSH(f->links, f->nlinks, f->caplinks, a);
	return (int)f->nlinks - 1;
}

int
rnd_flow_has_dest(const struct rnd_flow *f, const char *name)
{
	return f->dests != NULL && g_hash_table_contains(f->dests, name);
}

void
rnd_flow_dest(struct rnd_flow *f, const char *name)
{
	if (f->n > 0)
		rnd_flow_dest_at(f, f->n - 1, name);
}

/* name as a new destination's tag attributes (caller frees): a name
 * taken is name-1, name-2 … as GitHub names them. */
static char *
dest_new(struct rnd_flow *f, const char *name)
{
	char *n, *e, *a;
	int k;

	n = xstrdup(name);
	for (k = 1; rnd_flow_has_dest(f, n); k++) {
		free(n);
		n = xasprintf("%s-%d", name, k);
	}
	if (f->dests == NULL)
		f->dests = g_hash_table_new_full(g_str_hash, g_str_equal, free,
		    NULL);
	g_hash_table_add(f->dests, n);
	e = tag_escape(n);
	a = xasprintf("name='%s'", e);
	free(e);
	return a;
}

long
rnd_flow_row_block(const struct rnd_flow *f, size_t blk, int row)
{
	size_t i;

	for (i = blk; i < f->n && f->v[i].trow > 0; i++)
		if (f->v[i].trow == row)
			return (long)i;
	return -1;
}

void
rnd_flow_dest_row(struct rnd_flow *f, size_t blk, int row, const char *name)
{
	struct blk *b;
	size_t i;

	if (!f->linking || blk >= f->n || *name == '\0' || row < 0)
		return;
	b = &f->v[blk];
	if (b->kind == BLK_TABLE) {
		if ((size_t)row >= b->nrows)
			return;
		if (b->rowdest == NULL)
			b->rowdest = xcalloc(b->nrows, sizeof(char *));
		if (b->rowdest[row] == NULL)
			b->rowdest[row] = dest_new(f, name);
		return;
	}
	for (i = blk; i < f->n && f->v[i].trow > 0; i++)
		if (f->v[i].trow == row) {
			if (f->v[i].dest == NULL)
				f->v[i].dest = dest_new(f, name);
			return;
		}
}

void
rnd_flow_dest_at(struct rnd_flow *f, size_t blk, const char *name)
{
	char *a;

	if (!f->linking || blk >= f->n || *name == '\0')
		return;
	a = dest_new(f, name);
	if (f->v[blk].dest != NULL)
		free(a); /* the block has one: the first */
	else
		f->v[blk].dest = a;
}

void
rnd_flow_custom(struct rnd_flow *f, struct pos p, rnd_draw_fn fn, void *arg)
{
	struct blk *b = blk_add(f, BLK_CUSTOM, p);

	b->draw = fn;
	b->arg = arg;
}

void
rnd_flow_alt(struct rnd_flow *f, const char *alt)
{
	struct blk *b;

	if (f->n == 0)
		return;
	b = &f->v[f->n - 1];
	free(b->alt);
	b->alt = alt != NULL ? xstrdup(alt) : NULL;
}

/* The font size of a role at the flow's scale, never under min_pt. */
static double
role_pt(const struct rnd_flow *f, double factor)
{
	double pt = f->st.size_pt * f->scale * factor;

	return pt < f->st.min_pt ? f->st.min_pt : pt;
}

/* Returns a layout of markup in family at pt, wrapped to w. */
static PangoLayout *
flow_layout_pt(const char *family, double pt, int bold, double w,
    const char *markup)
{
	struct rnd_font font = { family, pt, bold, 0 };

	return rnd_layout_memo(&font, w, 1, 0, 0, markup);
}

/* Returns a layout of markup in the body font at factor, wrapped to w. */
static PangoLayout *
flow_layout(struct rnd_flow *f, const char *family, double factor, int bold,
    double w, const char *markup)
{
	return flow_layout_pt(family, role_pt(f, factor), bold, w, markup);
}

/* The size (pt) of a table's text as measured: its own, or the flow's. */
static double
table_pt(const struct rnd_flow *f, const struct blk *b)
{
	return b->m.tpt > 0 ? b->m.tpt : role_pt(f, 0.96);
}

/* Record line tops and baselines of a measured text block. */
static void
blk_lines(struct blk *b)
{
	PangoLayoutIter *it = pango_layout_get_iter(b->m.lay);
	double k = rnd_layout_scale(b->m.lay);
	int i = 0;

	b->m.nlines = pango_layout_get_line_count(b->m.lay);
	b->m.top = xcalloc((size_t)b->m.nlines + 1, sizeof(double));
	b->m.base = xcalloc((size_t)b->m.nlines + 1, sizeof(double));
	do {
		PangoRectangle r;

		pango_layout_iter_get_line_extents(it, NULL, &r);
		b->m.top[i] = (double)r.y / PANGO_SCALE * k;
		b->m.base[i] = (double)pango_layout_iter_get_baseline(it) /
		    PANGO_SCALE * k;
		i++;
	} while (i < b->m.nlines && pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	rnd_layout_size(b->m.lay, NULL, &b->m.top[b->m.nlines]);
	b->m.h = b->m.top[b->m.nlines];
}

/* Returns the logical width (Pango units) of each of the n - 1
 * characters of layout l, from its runs (caller frees): one pass, where
 * asking Pango for the position of each word would go over the line
 * again for every word. */
static int *
char_widths(PangoLayout *l, int n)
{
	const char *text = pango_layout_get_text(l);
	PangoLayoutIter *it = pango_layout_get_iter(l);
	int *cw = xcalloc((size_t)n + 1, sizeof(int)), *lw = NULL;
	int at = 0, off = 0, cap = 0;

	do {
		PangoLayoutRun *run = pango_layout_iter_get_run_readonly(it);
		int nc, k;

		if (run == NULL)
			continue;
		nc = run->item->num_chars;
		/* Runs come in order but for right-to-left text. */
		if (run->item->offset >= at) {
			off += (int)g_utf8_pointer_to_offset(text + at,
			    text + run->item->offset);
		} else
			off = (int)g_utf8_pointer_to_offset(text,
			    text + run->item->offset);
		at = run->item->offset;
		if (nc > cap)
			lw = xrealloc(lw, (size_t)(cap = nc) * sizeof(int));
		pango_glyph_item_get_logical_widths(run, text, lw);
		for (k = 0; k < nc && off + k < n; k++)
			cw[off + k] = lw[k];
	} while (pango_layout_iter_next_run(it));
	pango_layout_iter_free(it);
	free(lw);
	return cw;
}

/* About the bytes a layout of markup on one line takes (a 7-character
 * cell's, 1.2 KB; a 35-character one's, 2.8 KB), and the most that the
 * cells of a flow keep (49,000 cells of a few characters). */
#define KEEP_BYTES(markup) (900 + 60 * strlen(markup))
#define WKEEP_BYTES(markup) (2 * KEEP_BYTES(markup)) /* wrapped */
#define KEEP_MAX (64u << 20)

/*
 * The memo of cell measures, for the process: a table's cells are
 * measured once however many flows (a sheet makes one for each size it
 * tries, a book two) and sizes ask for them. A layout of each cell would
 * not do: a table may have 50,000 cells, and the layouts' memo holds a
 * few thousand. Keys are the font, the width (-1: unwrapped) in layout
 * units and the markup; at most CELL_MEMO_MAX, then it starts again. An
 * entry keeps the layout it was measured with, to draw the cell at any
 * size (cell_layout), while those kept take no more than CELL_MEMO_KEEP
 * bytes, about (KEEP_BYTES).
 */
#define CELL_MEMO_MAX 131072
#define CELL_MEMO_KEEP (16u << 20)

struct cell_entry {
	struct cellm m;
	PangoLayout *lay; /* or NULL */
	size_t bytes;     /* that it takes, about */
	char key[];       /* the hash table's key */
};

static GHashTable *cell_memo;
static size_t cell_memo_kept;
static char *cell_keybuf;
static size_t cell_keycap;

/* Returns the key of a cell's text in family (bold) at width w (layout
 * units, -1 unwrapped), in a buffer the next call writes over: the
 * family, a separator (in no font name), b or r, the width in hex (or
 * -), a separator, the text. printf would cost more than the look-up. */
static const char *
cell_key(const char *family, int bold, int w, const char *s)
{
	size_t nf = strlen(family != NULL ? family : ""), ns = strlen(s);
	char *p;
	int k;

	if (nf + ns + 16 > cell_keycap) {
		cell_keycap = nf + ns + 16;
		cell_keybuf = xrealloc(cell_keybuf, cell_keycap);
	}
	p = cell_keybuf;
	memcpy(p, family != NULL ? family : "", nf);
	p += nf;
	*p++ = '\x1f';
	*p++ = bold ? 'b' : 'r';
	if (w < 0)
		*p++ = '-';
	for (k = 28; w >= 0 && k >= 0; k -= 4)
		if ((w >> k) != 0 || k == 0)
			*p++ = "0123456789abcdef"[(w >> k) & 0xf];
	*p++ = '\x1f';
	memcpy(p, s, ns + 1);
	return cell_keybuf;
}

/* Returns what the memo holds for key, or NULL. */
static const struct cellm *
cell_memo_find(const char *key)
{
	struct cell_entry *e;

	if (cell_memo == NULL)
		return NULL;
	e = g_hash_table_lookup(cell_memo, key);
	return e != NULL ? &e->m : NULL;
}

/* Returns the layout the memo keeps for key (not ref'd), or NULL. */
static PangoLayout *
cell_memo_layout(const char *key)
{
	struct cell_entry *e;

	if (cell_memo == NULL)
		return NULL;
	e = g_hash_table_lookup(cell_memo, key);
	return e != NULL ? e->lay : NULL;
}

static void
cell_entry_free(void *p)
{
	struct cell_entry *e = p;

	if (e->lay != NULL) {
		g_object_unref(e->lay);
		cell_memo_kept -= e->bytes;
	}
	free(e);
}

/* Keep m under key in the memo, and l (the layout it was measured with,
 * or NULL) while there is room for bytes more. */
static void
cell_memo_put(const char *key, const struct cellm *m, PangoLayout *l,
    size_t bytes)
{
	size_t n = strlen(key);
	struct cell_entry *e = xmalloc(sizeof(*e) + n + 1);

	if (cell_memo == NULL)
		cell_memo = g_hash_table_new_full(g_str_hash, g_str_equal,
		    NULL, cell_entry_free);
	if (g_hash_table_size(cell_memo) >= CELL_MEMO_MAX)
		g_hash_table_remove_all(cell_memo);
	e->m = *m;
	e->lay = NULL;
	e->bytes = bytes;
	if (l != NULL && cell_memo_kept + bytes <= CELL_MEMO_KEEP) {
		e->lay = g_object_ref(l);
		cell_memo_kept += bytes;
	}
	memcpy(e->key, key, n + 1);
	g_hash_table_replace(cell_memo, e->key, e);
}

/* What a cell's markup measures on one line (see struct cellm), laid out
 * at pt: the width of its widest word is that of the longest run between
 * allowed line breaks. When it is measured here (not found in the memo)
 * and lay is not NULL, *lay gets the layout (caller unrefs). */
static void
cell_natural(struct rnd_flow *f, const char *markup, int bold, double pt,
    struct cellm *m, PangoLayout **lay)
{
	const char *key = cell_key(f->st.font, bold, -1, markup);
	const struct cellm *known = cell_memo_find(key);
	PangoLayout *l;
	const PangoLogAttr *la;
	int n, i, s0 = 0, *cw;

	if (known != NULL) {
		*m = *known;
		return;
	}
	/* Not from the layouts' memo: a big table would only push out of it
	 * what is used again; the cell keeps it. */
	{
		struct rnd_font font = { f->st.font, pt, bold, 0 };

		l = rnd_layout_ctx(rnd_context_shared(), &font, 0);
		rnd_layout_markup(l, markup);
	}
	pango_layout_get_size(l, &m->w, &m->h);
	m->word = 0;
	la = pango_layout_get_log_attrs_readonly(l, &n);
	cw = char_widths(l, n);
	for (i = 1; i < n; i++) {
		int w;

		if (!la[i].is_line_break && i != n - 1)
			continue;
		/* The word runs from the start of char s0 to the end of char
		 * i - 1. */
		for (w = 0; s0 < i; s0++)
			w += cw[s0];
		if (w > m->word)
			m->word = w;
	}
	free(cw);
	m->unknown = pango_layout_get_unknown_glyphs_count(l) > 0;
	cell_memo_put(key, m, l, KEEP_BYTES(markup));
	if (lay != NULL)
		*lay = l;
	else
		g_object_unref(l);
}

/* Cell ce, n mm wide on one line, keeps l, the layout it was measured
 * with (to draw it), while the flow's cells keep at most KEEP_MAX, and
 * unless it is wider than a book's column may be: it is drawn wrapped
 * then. l is taken. */
static void
cell_keep(struct rnd_flow *f, struct cell *ce, PangoLayout *l, double n,
    const char *markup)
{
	if ((f->parts_w > 0 && n > f->parts_w * PART_COL_MAX) ||
	    f->kept + KEEP_BYTES(markup) > KEEP_MAX) {
		g_object_unref(l);
		return;
	}
	ce->lay = l;
	f->kept += KEEP_BYTES(markup);
}

/* Measure a table's natural and widest-word column widths at the flow's
 * scale, once, from its cells' measures: without hinting, text widths
 * scale with the size. keep: a cell measured here keeps its layout. */
static void
table_natural(struct rnd_flow *f, struct blk *b, int keep)
{
	size_t r, c;
	double k;

	if (b->nat != NULL)
		return;
	b->nat = xcalloc(b->ncols, sizeof(double));
	b->min = xcalloc(b->ncols, sizeof(double));
	b->wpt = role_pt(f, 0.96);
	k = rnd_pt_scale(b->wpt);
	for (r = 0; r < b->nrows; r++)
		for (c = 0; c < b->ncols; c++) {
			struct cell *ce = &b->cell[r * b->ncols + c];
			struct cellm *m = &ce->m;
			PangoLayout *l = NULL;
			double n, w;

			cell_natural(f, b->cells[r * b->ncols + c],
			    b->header && r == 0, b->wpt, m,
			    keep && ce->lay == NULL ? &l : NULL);
			n = (double)m->w / PANGO_SCALE * k;
			w = (double)m->word / PANGO_SCALE * k;
			if (l != NULL)
				cell_keep(f, ce, l, n,
				    b->cells[r * b->ncols + c]);
			if (w == 0)
				w = n;
			if (n > b->nat[c])
				b->nat[c] = n;
			if (w > b->min[c])
				b->min[c] = w;
		}
}

/* The least size (pt) of a table's own (rnd_flow_own_tables). */
static double
table_least_pt(const struct rnd_flow *f)
{
	return f->tmin_pt > 0 ? f->tmin_pt : f->st.min_pt;
}

/* Returns the size (pt) at which the words of table b (natural widths
 * measured) just fit width avail, less the cells' padding, to the 0.05
 * pt below. */
static double
table_fit_pt(const struct blk *b, double avail)
{
	double wsum = 0;
	size_t c;

	for (c = 0; c < b->ncols; c++)
		wsum += b->min[c];
	return floor(b->wpt * (avail - 0.2 * b->ncols) / wsum * 20) / 20;
}

/* The width (mm) column c of table b needs in a column of its own: its
 * widest word (natural widths measured), with the slack and padding
 * table_widths gives it. */
static double
col_need(const struct blk *b, size_t c)
{
	return b->min[c] + 0.2 + 2 * CELL_PADX;
}

/* The width (mm) column c of table b takes in a part w wide, with the
 * slack and padding table_widths gives it: a part of a few columns whose
 * cells keep to a line reads better than one of many whose cells wrap,
 * and lays out in a fraction of the time. */
static double
col_want(const struct blk *b, size_t c, double w)
{
	double want = b->nat[c] < w * PART_COL_MAX ? b->nat[c] :
	                                             w * PART_COL_MAX;

	return (want > b->min[c] ? want : b->min[c]) + 0.2 + 2 * CELL_PADX;
}

/* Returns the caption of a part of a table of ncols columns: its columns
 * [s, e), after the first when key (caller frees). */
static char *
part_caption(size_t s, size_t e, size_t ncols, int key, int part, int parts)
{
	char *t, *m;

	if (key && e - s > 1)
		t = xasprintf(_("Column 1, and columns %zu to %zu of %zu "
		                "(part %d of %d)"),
		    s + 1, e, ncols, part, parts);
	else if (key)
		t = xasprintf(_("Column 1, and column %zu of %zu (part %d of "
		                "%d)"),
		    e, ncols, part, parts);
	else if (e - s > 1)
		t = xasprintf(_("Columns %zu to %zu of %zu (part %d of %d)"),
		    s + 1, e, ncols, part, parts);
	else
		t = xasprintf(_("Column %zu of %zu (part %d of %d)"), e, ncols,
		    part, parts);
	m = rnd_markup_escape(t);
	free(t);
	t = xasprintf("<i>%s</i>", m);
	free(m);
	return t;
}

/* The columns [s, e) of table t, after its first when key, as a new
 * table block at the end of the flow, under caption (taken). */
static void
part_add(struct rnd_flow *f, const struct blk *t, size_t s, size_t e, int key,
    char *caption)
{
	struct blk *b = blk_add(f, BLK_TABLE, t->pos);
	size_t r, c, k = 0;

	b->nrows = t->nrows;
	b->ncols = (e - s) + (key ? 1 : 0);
	b->header = t->header;
	b->cut = t->cut && s == 0; /* one warning for the table */
	b->caption = caption;
	b->cells = xcalloc(b->nrows * b->ncols, sizeof(char *));
	b->cell = xcalloc(b->nrows * b->ncols, sizeof(*b->cell));
	for (r = 0; r < t->nrows; r++)
		for (c = key ? s - 1 : s; c < e; c++, k++) {
			/* The first column's cells, then those of [s, e). */
			size_t i = r * t->ncols + (c == s - 1 ? 0 : c);

			b->cells[k] = xstrdup(t->cells[i]);
			if (t->cell[i].lay != NULL)
				b->cell[k].lay = g_object_ref(t->cell[i].lay);
		}
	for (k = 0; k < b->nrows * b->ncols; k++)
		b->bytes += strlen(b->cells[k]) + 1;
}

/* Returns the end of the part of table b from column s, in width w
 * (after its first column when key): as many columns as fit at the
 * widths they want (col_want), at least one, at most most. */
static size_t
part_end(const struct blk *b, size_t s, int key, double w, size_t most)
{
	double used = key ? col_want(b, 0, w) : 0;
	size_t e = s;

	while (e < b->ncols && e - s < most &&
	    (e == s || used + col_want(b, e, w) <= w - 1e-6))
		used += col_want(b, e++, w);
	return e;
}

/* Table t (taken off the flow) as a paragraph a row, its header's
 * words naming each value: "<b>Reed Wardens</b> — Class: infantry;
 * Move: 12". Empty cells are left out. */
static void
table_rows(struct rnd_flow *f, struct blk *t)
{
	size_t r, c, r0 = t->header ? 1 : 0, len;
	struct blk *b;
	char *m, *o;

	for (r = r0; r < t->nrows; r++) {
		m = xasprintf("<b>%s</b>", t->cells[r * t->ncols]);
		for (c = 1, len = 0; c < t->ncols; c++) {
			const char *v = t->cells[r * t->ncols + c];

			if (*v == '\0')
				continue;
			o = m;
			if (t->header && *t->cells[c] != '\0')
				m = xasprintf("%s%s%s: %s", o,
				    len++ ? "; " : " \xe2\x80\x94 ",
				    t->cells[c], v);
			else
				m = xasprintf("%s%s%s", o,
				    len++ ? "; " : " \xe2\x80\x94 ", v);
			free(o);
		}
		b = blk_add(f, BLK_PARA, t->pos);
		b->markup = m;
		b->bytes = strlen(m);
		b->trow = (int)r;
		b->cut = t->cut && r == r0;
	}
}

/*
 * The last block, a table, in parts when its words do not fit the width
 * f->parts_w at the flow's full size, nor (own tables) at the least size
 * of its own: each part as many of its columns as fit at the full size,
 * each at its natural width up to PART_COL_MAX of the part's and at
 * least its widest word's, after its first column (a row's name, as a
 * rule) when that takes at most a third of the width, the parts as alike
 * in columns as that allows, each under a caption naming its columns. A
 * book's table of 40 columns would else be set a letter or two a line,
 * its cells broken between letters.
 */
static void
table_parts(struct rnd_flow *f)
{
	struct blk t;
	double w = f->parts_w, smin = 0, scale = f->scale, avail;
	size_t c, s, n = 0, parts = 0, i, *end;
	int key;

	f->scale = 1.0;
	table_natural(f, &f->v[f->n - 1], 1);
	f->scale = scale;
	t = f->v[f->n - 1];
	/* The sums table_widths makes at the full size. */
	avail = w - 2 * CELL_PADX * t.ncols;
	for (c = 0; c < t.ncols; c++)
		smin += t.min[c] + 0.2;
	if (smin <= avail ||
	    (f->own_tables && table_fit_pt(&t, avail) >= table_least_pt(f)))
		return;
	/* Or a paragraph a row (a book's narrow column). */
	if (f->rows) {
		f->n--;
		table_rows(f, &t);
		blk_free(&t);
		return;
	}
	/* The first column again in every part, unless it is wide or some
	 * column would not fit beside it; no parts when a column's words do
	 * not fit even alone (they break either way). */
	key = col_want(&t, 0, w) <= w / 3;
	for (c = 0; c < t.ncols; c++) {
		if (col_need(&t, c) > w)
			return;
		if (c > 0 &&
		    col_want(&t, 0, w) + col_want(&t, c, w) > w - 1e-6)
			key = 0;
	}
	if (part_end(&t, 0, 0, w, t.ncols) < 2)
		key = 0;
	for (s = 0; s < t.ncols; s = part_end(&t, s, key && s > 0, w, t.ncols))
		parts++;
	/* Each part its share of the columns left, where they fit. */
	end = xcalloc(t.ncols, sizeof(size_t));
	for (s = 0; s < t.ncols; s = end[n++])
		end[n] = part_end(&t, s, key && s > 0, w,
		    n < parts ? (t.ncols - s + parts - n - 1) / (parts - n) :
		                t.ncols);
	f->n--; /* t's parts take its place */
	for (i = 0, s = 0; i < n; s = end[i++])
		part_add(f, &t, s, end[i], key && s > 0,
		    part_caption(s, end[i], t.ncols, key && s > 0, (int)i + 1,
		        (int)n));
	free(end);
	blk_free(&t);
}

/* Returns 1 when the words of table b (natural widths measured) overflow
 * a column of width w at the flow's scale and shrinking would help: then
 * the flow does not fit at this scale (see flow_try). The same sums as
 * table_widths, so the answer is the one a try would give. */
static int
table_too_wide(const struct rnd_flow *f, const struct blk *b, double w)
{
	double snat = 0, smin = 0, avail = w - 2 * CELL_PADX * b->ncols, k;
	size_t c;

	/* A table of its own size shrinks alone (table_widths). */
	if (f->own_tables)
		return 0;
	k = role_pt(f, 0.96) / b->wpt;
	for (c = 0; c < b->ncols; c++) {
		snat += b->nat[c] * k + 0.2;
		smin += b->min[c] * k + 0.2;
	}
	return !(snat <= avail) && !(smin <= avail) &&
	    (smin - 0.2 * b->ncols) * f->st.min_pt / role_pt(f, 1.0) +
	        0.2 * b->ncols <=
	    avail;
}

/* A table of its own size whose words do not fit width avail even at
 * the least size: its cells get soft hyphens, so that a word too wide
 * breaks where the language allows, with a hyphen ("Anti-tank"), not
 * between any two letters. Once per table; its widths are measured
 * again. */
static void
table_hyphenate(struct rnd_flow *f, struct blk *b, double avail)
{
	double smin = 0;
	size_t c, i;

	if (f->thyph == NULL || b->hyphenated)
		return;
	for (c = 0; c < b->ncols; c++)
		smin += b->min[c] * table_least_pt(f) / b->wpt + 0.2;
	if (smin <= avail)
		return;
	/* Its cells as they were added kept, for rnd_flow_resize. */
	b->plain = b->cells;
	if (b->hyph != NULL) { /* given them before a resize */
		b->cells = b->hyph;
		b->hyph = NULL;
	} else {
		b->cells = xcalloc(b->nrows * b->ncols, sizeof(char *));
		for (i = 0; i < b->nrows * b->ncols; i++)
			b->cells[i] = rnd_hyphenate_markup(f->thyph,
			    b->plain[i]);
	}
	cells_free(b);
	b->cell = xcalloc(b->nrows * b->ncols, sizeof(*b->cell));
	b->hyphenated = 1;
	free(b->nat);
	free(b->min);
	b->nat = b->min = NULL;
	table_natural(f, b, 1);
}

/* Choose column widths within w: natural widths when they fit; else
 * every column its widest word, then the columns that need least more
 * their natural width, and the rest shared in proportion. */
static void
table_widths(struct rnd_flow *f, struct blk *b, double w)
{
	double *nat = xcalloc(b->ncols, sizeof(double));
	double *min = xcalloc(b->ncols, sizeof(double));
	int *done = xcalloc(b->ncols, sizeof(int));
	double snat = 0, smin = 0, avail = w - 2 * CELL_PADX * b->ncols, k;
	size_t c;

	table_natural(f, b, 1);
	b->m.tpt = 0;
	k = role_pt(f, 0.96) / b->wpt;
	for (c = 0; c < b->ncols; c++)
		smin += b->min[c] * k + 0.2;
	if (f->own_tables && !(smin <= avail))
		table_hyphenate(f, b, avail);
	smin = 0;
	for (c = 0; c < b->ncols; c++)
		smin += b->min[c] * k + 0.2;
	/* Its words too wide for the column: a table of its own size
	 * shrinks alone, to where they fit (to the 0.05 pt) or to the
	 * least size, and the text around it keeps its size. */
	if (f->own_tables && !(smin <= avail)) {
		double pt = table_fit_pt(b, avail);

		b->m.tpt = pt < table_least_pt(f) ? table_least_pt(f) : pt;
		k = b->m.tpt / b->wpt;
	}
	smin = 0;
	for (c = 0; c < b->ncols; c++) {
		/* A little slack: widths scaled are not exactly widths set. */
		nat[c] = b->nat[c] * k + 0.2;
		min[c] = b->min[c] * k + 0.2;
		snat += nat[c];
		smin += min[c];
	}
	b->m.colw = xcalloc(b->ncols, sizeof(double));
	if (snat <= avail) {
		for (c = 0; c < b->ncols; c++)
			b->m.colw[c] = nat[c] + (avail - snat) / b->ncols;
	} else if (smin <= avail) {
		double extra = avail - smin, rest = 0;

		for (c = 0; c < b->ncols; c++)
			b->m.colw[c] = min[c];
		for (;;) { /* the cheapest column, while it takes no more
			    than its share */
			size_t best = b->ncols, left = 0;

			for (c = 0; c < b->ncols; c++)
				if (!done[c]) {
					left++;
					if (best == b->ncols ||
					    nat[c] - min[c] <
					        nat[best] - min[best])
						best = c;
				}
			if (best == b->ncols ||
			    nat[best] - min[best] >
			        extra / (double)left + 1e-9)
				break;
			extra -= nat[best] - min[best];
			b->m.colw[best] = nat[best];
			done[best] = 1;
		}
		for (c = 0; c < b->ncols; c++)
			if (!done[c])
				rest += nat[c] - min[c];
		for (c = 0; c < b->ncols; c++)
			if (!done[c] && rest > 0)
				b->m.colw[c] += extra * (nat[c] - min[c]) /
				    rest;
	} else {
		/* Words wider than the column: columns with short words keep
		 * them whole, the rest share what is left (their words break). */
		double fair = avail / b->ncols, rest = avail, over = 0;

		for (c = 0; c < b->ncols; c++) {
			b->m.colw[c] = min[c] < fair ? min[c] : fair;
			rest -= b->m.colw[c];
			over += min[c] - b->m.colw[c];
		}
		for (c = 0; c < b->ncols; c++)
			if (over > 0)
				b->m.colw[c] += rest *
				    (min[c] - b->m.colw[c]) / over;
		/* Shrinking helps only if the words fit at the minimum. */
		if (f->too_wide < 0 && !f->own_tables &&
		    (smin - 0.2 * b->ncols) * f->st.min_pt / role_pt(f, 1.0) +
		            0.2 * b->ncols <=
		        avail)
			f->too_wide = b - f->v;
	}
	for (c = 0; c < b->ncols; c++)
		b->m.colw[c] += 2 * CELL_PADX;
	free(nat);
	free(min);
	free(done);
}

/* Returns the layout of cell (r, c) in its column (caller unrefs), to
 * be drawn at the scale of its table's size (rnd_pt_scale(table_pt())),
 * whatever size it was made at: a layout is made at RND_LAYOUT_PT, the
 * same at every size. A cell whose text fits the column on one line is
 * the same unwrapped, and that layout serves every column width. */
static PangoLayout *
cell_layout(const struct rnd_flow *f, const struct blk *b, size_t r, size_t c)
{
	const struct cell *ce = &b->cell[r * b->ncols + c];
	double w = b->m.colw[c] - 2 * CELL_PADX, pt = table_pt(f, b);
	int lw = w > 0 ? (int)(w / rnd_pt_scale(pt) * PANGO_SCALE) : 0;

	const char *s = b->cells[r * b->ncols + c];
	int bold = b->header && r == 0;
	PangoLayout *l;

	/* Whole Pango units and a margin: no doubt about the wrapping. */
	if (w <= 0 || ce->m.w + 16 < lw) {
		if (ce->lay != NULL)
			return g_object_ref(ce->lay);
		w = 0;
		lw = -1;
	} else if (ce->wlay != NULL && ce->ww == lw)
		return g_object_ref(ce->wlay);
	/* Another cell's of the same text, or a flow's before. */
	if ((l = cell_memo_layout(cell_key(f->st.font, bold, lw, s))) != NULL)
		return g_object_ref(l);
	return flow_layout_pt(f->st.font, pt, bold, w, s);
}

/* Returns the height (mm) of cell (r, c) in its column, as its layout
 * (cell_layout) has it: from its measures when it fits on one line, else
 * wrapped at the column's width, which is measured once. */
static double
cell_height(struct rnd_flow *f, struct blk *b, size_t r, size_t c)
{
	struct cell *ce = &b->cell[r * b->ncols + c];
	double w = b->m.colw[c] - 2 * CELL_PADX, pt = table_pt(f, b);
	double k = rnd_pt_scale(pt);
	int lw = w > 0 ? (int)(w / k * PANGO_SCALE) : 0;
	const struct cellm *known;
	const char *key;

	if (w <= 0 || ce->m.w + 16 < lw)
		return (double)ce->m.h / PANGO_SCALE * k;
	if (ce->ww != lw) {
		const char *s = b->cells[r * b->ncols + c];

		if (ce->wlay != NULL) {
			g_object_unref(ce->wlay);
			ce->wlay = NULL;
			f->kept -= WKEEP_BYTES(s);
		}
		key = cell_key(f->st.font, b->header && r == 0, lw, s);
		if ((known = cell_memo_find(key)) != NULL)
			ce->wh = known->h;
		else {
			/* As cell_layout would make it, but kept here (to
			 * draw it) rather than in the layouts' memo. */
			struct rnd_font font = { f->st.font, pt,
				b->header && r == 0, 0 };
			PangoLayout *l = rnd_layout_ctx(rnd_context_shared(),
			    &font, w);
			struct cellm m = { 0, 0, 0, 0 };

			rnd_layout_markup(l, s);
			pango_layout_get_size(l, &m.w, &m.h);
			ce->wh = m.h;
			cell_memo_put(key, &m, l, WKEEP_BYTES(s));
			if (f->kept + WKEEP_BYTES(s) <= KEEP_MAX) {
				ce->wlay = l;
				f->kept += WKEEP_BYTES(s);
			} else
				g_object_unref(l);
		}
		ce->ww = lw;
	}
	return (double)ce->wh / PANGO_SCALE * k;
}

/* Measure a table at width w: column widths and row heights. */
static void
table_measure(struct rnd_flow *f, struct blk *b, double w)
{
	size_t r, c;

	table_widths(f, b, w);
	b->m.rowh = xcalloc(b->nrows, sizeof(double));
	b->m.h = 0;
	if (b->caption != NULL) {
		b->m.cap = flow_layout_pt(f->st.font, table_pt(f, b), 0, w,
		    b->caption);
		rnd_layout_size(b->m.cap, NULL, &b->m.caph);
		b->m.caph += 2 * CELL_PADY;
		b->m.h = b->m.caph;
	}
	for (r = 0; r < b->nrows; r++) {
		double rh = 0;

		for (c = 0; c < b->ncols; c++) {
			double h = cell_height(f, b, r, c);

			if (h > rh)
				rh = h;
		}
		b->m.rowh[r] = rh + 2 * CELL_PADY;
		b->m.h += b->m.rowh[r];
	}
}

/* Returns the height (mm) table b (natural widths measured) takes at the
 * least at the flow's least size: each row a line of its tallest cell,
 * as wrapping only adds lines. */
static double
table_least_h(const struct rnd_flow *f, const struct blk *b)
{
	double pt = f->st.min_pt, k, h = 0;
	size_t r, c;

	if (f->own_tables && table_least_pt(f) < pt)
		pt = table_least_pt(f);
	k = rnd_pt_scale(pt);
	for (r = 0; r < b->nrows; r++) {
		int mh = 0;

		for (c = 0; c < b->ncols; c++)
			if (b->cell[r * b->ncols + c].m.h > mh)
				mh = b->cell[r * b->ncols + c].m.h;
		h += (double)mh / PANGO_SCALE * k + 2 * CELL_PADY;
	}
	return h;
}

/* The least body size (pt) a search from size_pt tries: whole steps of
 * RND_STEP_PT down, not under the flow's least. */
static double
least_step_pt(const struct rnd_flow *f, double size_pt)
{
	int steps = (int)floor((size_pt - f->st.min_pt) / RND_STEP_PT + 1e-9);

	return size_pt - RND_STEP_PT * (steps > 0 ? steps : 0);
}

/*
 * Returns the most height (mm) cell (r, c) of table b (its widths chosen)
 * can take in its column, without laying it out: cell_height's when it
 * fits on one line; else, when its widest word (with the space after it)
 * fits the column, twice as many lines as 2 x its width over the
 * column's + 1, each no taller than its one line (the same fonts or
 * fewer): a line ends where its next word would not fit, so any two
 * lines, with the space between, are wider than the column. -1 when
 * that does not hold (a word that breaks between letters, a line break
 * of its own).
 */
static double
cell_most_h(const struct rnd_flow *f, const struct blk *b, size_t r, size_t c)
{
	const struct cell *ce = &b->cell[r * b->ncols + c];
	const char *s = b->cells[r * b->ncols + c];
	double w = b->m.colw[c] - 2 * CELL_PADX,
	       k = rnd_pt_scale(table_pt(f, b));
	int lw = w > 0 ? (int)(w / k * PANGO_SCALE) : 0;

	if (w <= 0 || ce->m.w + 16 < lw)
		return (double)ce->m.h / PANGO_SCALE * k;
	if (ce->m.word + 16 >= lw || strpbrk(s, "\n\r") != NULL ||
	    strstr(s, "\xe2\x80\xa8") != NULL ||
	    strstr(s, "\xe2\x80\xa9") != NULL)
		return -1;
	return (4.0 * ceil((double)ce->m.w / lw) + 2) * ce->m.h / PANGO_SCALE *
	    k;
}

/* Returns 1 when table b (natural widths measured) is taller than room
 * at the least size the flow tries, in a column of width colw: its rows
 * measured as a try there would, one at a time, until they are. Words
 * too wide break between letters here, not where they hyphenate (which
 * takes as many lines or more), so the cells stay as they are. */
static int
table_taller(struct rnd_flow *f, struct blk *b, double colw, double room)
{
	const struct rnd_hyph *hyph = f->thyph;
	double scale = f->scale, h = 0;
	long too_wide = f->too_wide;
	size_t r, c;

	f->omit_pt = least_step_pt(f, f->st.size_pt);
	f->scale = f->omit_pt / f->st.size_pt;
	f->thyph = NULL;
	table_widths(f, b, colw);
	/* Most tables are far shorter than room: their cells' most
	 * heights tell, and none is laid out wrapped. */
	for (r = 0; r < b->nrows && h >= 0 && h <= room; r++) {
		double rh = 0;

		for (c = 0; c < b->ncols && rh >= 0; c++) {
			double ch = cell_most_h(f, b, r, c);

			rh = ch < 0 ? -1 : ch > rh ? ch : rh;
		}
		h = rh < 0 ? -1 : h + rh + 2 * CELL_PADY;
	}
	if (h >= 0 && h <= room) {
		blk_unmeasure(b);
		f->scale = scale;
		f->too_wide = too_wide;
		f->thyph = hyph;
		return 0;
	}
	h = 0;
	for (r = 0; r < b->nrows && h <= room; r++) {
		double rh = 0;

		for (c = 0; c < b->ncols; c++) {
			double ch = cell_height(f, b, r, c);

			if (ch > rh)
				rh = ch;
		}
		h += rh + 2 * CELL_PADY;
	}
	blk_unmeasure(b);
	f->scale = scale;
	f->too_wide = too_wide;
	f->thyph = hyph;
	return h > room;
}

/*
 * The last block, a table, replaced by a note when it would not fit the
 * room of rnd_flow_long_tables even at the least size (a sheet's 1,000
 * rows, or 200 of 49 columns broken a letter a line): the flow is laid
 * out at the size the rest asks for, rather than shrunk to the least for
 * a table it cannot hold whole, and nothing lays out its cells again.
 * Decided from each row's tallest cell on one line when that is enough
 * (no cell is laid out wrapped), else from its rows measured at the
 * least size until they are too tall. Returns 1 when it was.
 */
static int
table_omit(struct rnd_flow *f)
{
	struct blk t, *b;
	double scale = f->scale;
	size_t rows;
	char *n, *e;

	/* Its cells keep their layouts (a table left out frees them): a
	 * cell on one line is drawn with its own at any size. */
	f->scale = 1.0;
	table_natural(f, &f->v[f->n - 1], 1);
	f->scale = scale;
	if (table_least_h(f, &f->v[f->n - 1]) <= f->long_room &&
	    !table_taller(f, &f->v[f->n - 1], f->long_colw, f->long_room))
		return 0;
	t = f->v[f->n - 1];
	rows = t.nrows - (t.header ? 1 : 0);
	n = xasprintf(P_("A table of %zu row is left out here: it does not "
	                 "fit these pages at any size.",
	                  "A table of %zu rows is left out here: it does not "
	                  "fit these pages at any size.",
	                  rows),
	    rows);
	e = rnd_markup_escape(n);
	free(n);
	f->n--; /* the note takes its place */
	b = blk_add(f, BLK_PARA, t.pos);
	b->markup = xasprintf("<i>%s%s%s</i>", e,
	    f->long_where != NULL ? " " : "",
	    f->long_where != NULL ? f->long_where : "");
	b->bytes = strlen(b->markup);
	b->omitted = rows;
	free(e);
	blk_free(&t);
	return 1;
}

/* Measure block b for a column width at the flow's scale. */
static void
blk_measure(struct rnd_flow *f, struct blk *b, double colw)
{
	double body = role_pt(f, 1.0) * RND_PT_MM;

	blk_unmeasure(b);
	switch (b->kind) {
	case BLK_HEADING: {
		double fac = b->level <= 1 ? 1.5 : b->level == 2 ? 1.22 : 1.05;

		b->m.lay = flow_layout(f, f->st.head_font, fac, 1, colw,
		    b->markup);
		b->m.space = body * (b->level <= 2 ? 1.1 : 0.6);
		blk_lines(b);
		if (b->level <= 2)
			b->m.h += 0.9; /* the rule under it */
		break;
	}
	case BLK_PARA:
		b->m.indent = b->quote ? QUOTE_L : 0;
		b->m.lay = flow_layout(f, f->st.font, 1.0, 0,
		    colw - (b->quote ? QUOTE_L + QUOTE_R : 0), b->markup);
		b->m.space = body * 0.45;
		blk_lines(b);
		break;
	case BLK_ITEM: {
		double bw, q = b->quote ? QUOTE_L : 0;
		int pw;

		b->m.indent = q + body * (1.2 * b->level + 1.3);
		/* Unwrapped, the same layout at every size (drawn at its
		 * scale): laid out once, not once a size tried. */
		b->m.bk = rnd_pt_scale(role_pt(f, 1.0));
		b->m.blay = flow_layout_pt(f->st.font, RND_LAYOUT_PT, 1, 0,
		    b->bullet);
		pango_layout_get_size(b->m.blay, &pw, NULL);
		bw = b->m.bw = (double)pw / PANGO_SCALE * b->m.bk;
		if (bw + body * 0.5 > b->m.indent - q - body * 1.2 * b->level)
			b->m.indent = q + body * 1.2 * b->level + bw +
			    body * 0.5;
		b->m.lay = flow_layout(f, f->st.font, 1.0, 0,
		    colw - b->m.indent - (b->quote ? QUOTE_R : 0), b->markup);
		b->m.space = body * 0.25;
		blk_lines(b);
		break;
	}
	case BLK_TABLE:
		table_measure(f, b, colw);
		b->m.space = body * 0.7;
		break;
	case BLK_CUSTOM: {
		/* A figure taller than a column (an example on A5) is drawn
		 * narrower, centred, and if need be with its text a little
		 * smaller (its running text never under 6.5 pt), until it
		 * fits: else the whole flow would fail for want of a page it
		 * can never have. Narrower makes a diagram shorter but its
		 * text taller, so each width is tried from the widest. */
		double w = colw, sc = f->scale, tw, ts;
		int k;

		b->m.h = b->draw(f->mcr, b->arg, 0, 0, w, sc, 0);
		for (ts = f->scale; f->colh > 0 && b->m.h > f->colh &&
		     f->st.size_pt * ts * 0.92 >= 6.5;
		     ts *= 0.95)
			for (k = 0; k <= 10 && b->m.h > f->colh; k++) {
				double h;

				tw = colw * (1 - 0.04 * k);
				h = b->draw(f->mcr, b->arg, 0, 0, tw, ts, 0);
				if (h <= f->colh) {
					b->m.h = h;
					w = tw;
					sc = ts;
				}
			}
		b->m.cw = w;
		b->m.csc = sc;
		b->m.indent = (colw - w) / 2;
		b->m.space = body * 0.7;
		break;
	}
	}
	/* A callout box reaches QUOTE_PAD over and under its text: the
	 * space between it and what is not in it leaves room for that. */
	if (b > f->v && b->quote != b[-1].quote)
		b->m.space += QUOTE_PAD * 1.5;
}

/* Start measuring anew for a column width at the flow's scale: blocks are
 * measured as placing reaches them (flow_upto), so what is left out of a
 * flow that does not fit costs nothing. */
static void
flow_measure(struct rnd_flow *f, double colw)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		blk_unmeasure(&f->v[i]);
	f->nmeas = 0;
	f->colw = colw;
}

/* Make sure blocks [0, n) are measured. */
static void
flow_upto(struct rnd_flow *f, size_t n)
{
	if (n > f->n)
		n = f->n;
	for (; f->nmeas < n; f->nmeas++)
		blk_measure(f, &f->v[f->nmeas], f->colw);
}

/* Height of rows [a, b) of a table, with the header repeated when a > 1
 * and the caption over row 0. */
static double
rows_h(const struct blk *b, int a, int e)
{
	double h = a == 0 ? b->m.caph : 0;
	int r;

	if (b->header && a > 1)
		h += b->m.rowh[0];
	for (r = a; r < e; r++)
		h += b->m.rowh[r];
	return h;
}

/* Units a block splits into (lines or rows); 1 when it never splits. */
static int
blk_units(const struct blk *b)
{
	switch (b->kind) {
	case BLK_PARA:
	case BLK_ITEM:
		return b->m.nlines;
	case BLK_TABLE:
		return (int)b->nrows;
	case BLK_HEADING:
	case BLK_CUSTOM:
	default:
		return 1;
	}
}

/* Height of units [a, e) of a block. */
static double
units_h(const struct blk *b, int a, int e)
{
	if (b->kind == BLK_TABLE)
		return rows_h(b, a, e);
	if (b->kind == BLK_PARA || b->kind == BLK_ITEM)
		return b->m.top[e] - b->m.top[a];
	return b->m.h;
}

/* The most units from a that fit in room, keeping at least 2 lines on
 * either side of a split (widows, orphans); 0 when none may go here. */
static int
units_fit(const struct blk *b, int a, double room, int at_top)
{
	int n = blk_units(b), k;

	if (b->kind == BLK_TABLE) {
		/* Rows added one at a time, as rows_h adds them: the most
		 * rows of a long table in one pass, not one a row. */
		double h = a == 0      ? b->m.caph :
		    b->header && a > 1 ? b->m.rowh[0] :
		                         0;
		int fit = 0;

		if (!at_top && b->nrows < 12)
			return 0; /* short tables keep together */
		for (k = a + 1; k <= n; k++) {
			h += b->m.rowh[k - 1];
			if (!(h <= room))
				break;
			if (k - a >= (b->header && a == 0 ? 2 : 1))
				fit = k;
		}
		return fit;
	}
	if (b->kind != BLK_PARA && b->kind != BLK_ITEM)
		return 0;
	if (n - a < 4)
		return 0;
	for (k = n - 2; k >= a + 2; k--)
		if (units_h(b, a, k) <= room)
			return k;
	return 0;
}

/* The height a block needs at the head of its place: itself, and for a
 * heading the start of what follows. In the last place there is (last),
 * a heading over a table keeps with its first row alone: nothing comes
 * after to take the table whole, and a card's odds under a caption show
 * the enemies that fit. */
static double
need_h(struct rnd_flow *f, size_t i, int a, int last)
{
	const struct blk *b = &f->v[i];
	double h = units_h(b, a, blk_units(b));

	if (b->kind == BLK_HEADING && i + 1 < f->n) {
		flow_upto(f, i + 2);
		const struct blk *nb = &f->v[i + 1];
		int nu = blk_units(nb);

		h += nb->m.space;
		/* A heading over a heading ("Odds", then a table's title)
		 * keeps with what the second keeps with: else the first is
		 * left alone at the foot of a column. */
		if (nb->kind == BLK_HEADING)
			h += need_h(f, i + 1, 0, last);
		else if ((nb->kind == BLK_PARA || nb->kind == BLK_ITEM) &&
		    nu >= 4)
			h += units_h(nb, 0, 2);
		else if (nb->kind == BLK_TABLE && nb->nrows >= 12)
			h += rows_h(nb, 0, 3);
		else if (nb->kind == BLK_TABLE && last)
			h += rows_h(nb, 0,
			    nb->nrows < 2  ? (int)nb->nrows :
			        nb->header ? 2 :
			                     1);
		else
			h += nb->m.h;
	}
	return h;
}

/* The height block i takes whole, when balancing: a list's first item
 * (or, with top, the first on the page of a list begun before) takes
 * the rest of the list (its items go to one column), a heading what
 * follows it whole. */
static double
whole_h(struct rnd_flow *f, size_t i, int top)
{
	const struct blk *b = &f->v[i];
	double h = units_h(b, 0, blk_units(b));
	size_t j;

	if (b->kind == BLK_ITEM &&
	    (top || i == 0 || f->v[i - 1].kind != BLK_ITEM))
		for (j = i + 1; j < f->n && f->v[j].kind == BLK_ITEM; j++) {
			flow_upto(f, j + 1);
			h += f->v[j].m.space +
			    units_h(&f->v[j], 0, blk_units(&f->v[j]));
		}
	else if (b->kind == BLK_HEADING && i + 1 < f->n) {
		flow_upto(f, i + 2);
		h += f->v[i + 1].m.space + whole_h(f, i + 1, 0);
	}
	return h;
}

/* Column height on page p. */
static double
col_h(const struct rnd_frame *fr, int p)
{
	return fr->h - (p == 0 ? fr->first_top : 0);
}

/* Column height on page p as the flow places it: the balancing's cap on
 * its page. */
static double
place_h(const struct rnd_flow *f, const struct rnd_frame *fr, int p)
{
	double h = col_h(fr, p);

	return p == f->cap_page && f->cap_h < h ? f->cap_h : h;
}

/*
 * Place every block; returns -1 when all fit in max_pages, else the index
 * of the first block that does not. Pieces go to pl.
 */
static long
flow_place(struct rnd_flow *f, const struct rnd_frame *fr, int max_pages,
    struct placing *pl)
{
	int page = 0, col = 0, a = 0, last;
	double y = 0;
	size_t i = 0;

	pl->n = 0;
	while (i < f->n) {
		struct blk *b = &f->v[i];
		int n, k;
		double sp, room;
		struct piece pc;

		flow_upto(f, i + 1);
		n = blk_units(b);
		sp = (y > 0 && a == 0) ? b->m.space : 0;
		room = place_h(f, fr, page) - y - sp;
		pc.blk = i;
		pc.page = page;
		pc.col = col;
		pc.y = y + sp;
		pc.a = a;
		last = col + 1 == fr->cols && page + 1 == max_pages;
		if ((page == f->cap_page ?
		            (a > 0 ? units_h(b, a, n) :
		                     whole_h(f, i, col == 0 && y == 0)) :
		            need_h(f, i, a, last)) <= room + 1e-9 ||
		    (y == 0 && page != f->cap_page &&
		        units_h(b, a, n) <= room + 1e-9)) {
			pc.b = n;
			XPUSH(pl->v, pl->n, pl->cap, pc);
			y += sp + units_h(b, a, n);
			i++;
			a = 0;
			continue;
		}
		/* Balancing cuts no block: it goes whole to the next
		 * column, or the cap is too low. */
		if (page == f->cap_page) {
			if (y == 0)
				return (long)i;
		} else if ((k = units_fit(b, a, room, y == 0 || last)) > a) {
			/* In the last place there is, a block that must be
			 * cut shows what fits rather than nothing: a card's
			 * weapons table keeps its first rows. */
			pc.b = k;
			XPUSH(pl->v, pl->n, pl->cap, pc);
			a = k;
		} else if (y == 0)
			return (long)i; /* taller than a column */
		if (++col == fr->cols) {
			col = 0;
			if (++page == max_pages)
				return (long)i;
		}
		y = 0;
	}
	return -1;
}

/* Draw lines [a, e) of a text block with its top at (x, y). */
static void
draw_lines(cairo_t *cr, const struct blk *b, double x, double y, int a, int e)
{
	PangoLayoutIter *it = pango_layout_get_iter(b->m.lay);
	int i = 0;

	do {
		if (i >= a && i < e)
			rnd_layout_draw_line(cr, b->m.lay,
			    pango_layout_iter_get_line_readonly(it), x,
			    y + b->m.base[i] - b->m.top[a]);
		i++;
	} while (i < e && pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
}

/* Draw one table row r at y; returns its height. */
static double
draw_row(const struct rnd_flow *f, cairo_t *cr, const struct blk *b, size_t r,
    double x, double y, double w, int stripe)
{
	size_t c;
	double cx = x;
	/* Each cell a tagged cell, but in a table too large for that to
	 * be cheap (49,000 cells tagged took a book 2 s and 160 MB more):
	 * there the rows alone. */
	int cells = b->nrows * b->ncols <= FLOW_TAG_CELLS_MAX;
	double k = rnd_pt_scale(table_pt(f, b)); /* see cell_layout */

	if (b->header && r == 0) {
		rnd_set_rgb(cr, f->st.accent);
		cairo_rectangle(cr, x, y, w, b->m.rowh[r]);
		cairo_fill(cr);
	} else if (stripe) {
		rnd_set_rgb(cr, f->st.shade);
		cairo_rectangle(cr, x, y, w, b->m.rowh[r]);
		cairo_fill(cr);
	}
	rnd_tag_begin(cr, "TR");
	for (c = 0; c < b->ncols; c++) {
		PangoLayout *l = cell_layout(f, b, r, c);
		const char *role = b->header && r == 0 ? "TH" : "TD";

		rnd_set_rgb(cr, b->header && r == 0 ? 0xffffff : f->st.text);
		if (cells)
			rnd_tag_begin(cr, role);
		rnd_layout_draw_at(cr, l, k, cx + CELL_PADX, y + CELL_PADY);
		if (cells)
			rnd_tag_end(cr, role);
		g_object_unref(l);
		cx += b->m.colw[c];
	}
	rnd_tag_end(cr, "TR");
	return b->m.rowh[r];
}

/* Draw rows [a, e) of a table at (x, y), header repeated, caption over
 * row 0. */
static void
draw_table(const struct rnd_flow *f, cairo_t *cr, const struct blk *b,
    double x, double y, int a, int e)
{
	double w = 0, y0;
	size_t c;
	int r;

	for (c = 0; c < b->ncols; c++)
		w += b->m.colw[c];
	rnd_tag_begin(cr, "Table");
	if (a == 0 && b->m.cap != NULL) {
		rnd_set_rgb(cr, f->st.text);
		rnd_tag_begin(cr, "Caption");
		rnd_layout_draw(cr, b->m.cap, x, y);
		rnd_tag_end(cr, "Caption");
		y += b->m.caph;
	}
	y0 = y;
	if (b->header && a > 1)
		y += draw_row(f, cr, b, 0, x, y, w, 0);
	for (r = a; r < e; r++) {
		const char *d = b->rowdest != NULL ? b->rowdest[r] : NULL;

		if (d != NULL)
			cairo_tag_begin(cr, CAIRO_TAG_DEST, d);
		y += draw_row(f, cr, b, (size_t)r, x, y, w,
		    (r - (b->header ? 1 : 0)) % 2 == 1);
		if (d != NULL)
			cairo_tag_end(cr, CAIRO_TAG_DEST);
	}
	rnd_set_rgb(cr, f->st.rule);
	cairo_set_line_width(cr, 0.2);
	cairo_move_to(cr, x, y);
	cairo_line_to(cr, x + w, y);
	cairo_move_to(cr, x, y0);
	cairo_line_to(cr, x + w, y0);
	cairo_stroke(cr);
	rnd_tag_end(cr, "Table");
}

/*
 * A link over the box (x, y, w, h: user space, mm) with the tag's other
 * attributes attrs. Cairo 1.16 writes a link's rect as it is given,
 * points from the page's top left, whatever the transformation (a box
 * in mm landed at a third of its place); later versions take it in user
 * space. Given in device space under the identity matrix, it is where
 * it is drawn with either.
 */
void
rnd_link_rect(cairo_t *cr, double x, double y, double w, double h,
    const char *attrs)
{
	double x1 = x + w, y1 = y + h;
	char *t;

	cairo_user_to_device(cr, &x, &y);
	cairo_user_to_device(cr, &x1, &y1);
	t = xasprintf("rect=[%.3f %.3f %.3f %.3f] %s", x < x1 ? x : x1,
	    y < y1 ? y : y1, fabs(x1 - x), fabs(y1 - y), attrs);
	cairo_save(cr);
	cairo_identity_matrix(cr);
	cairo_tag_begin(cr, CAIRO_TAG_LINK, t);
	cairo_tag_end(cr, CAIRO_TAG_LINK);
	cairo_restore(cr);
	free(t);
}

/* s with the quotes and backslashes of a cairo tag's string escaped
 * (caller frees). */
static char *
tag_escape(const char *s)
{
	char *e = xmalloc(2 * strlen(s) + 1), *q = e;

	for (; *s != '\0'; s++) {
		if (*s == '\'' || *s == '\\')
			*q++ = '\\';
		*q++ = *s;
	}
	*q = '\0';
	return e;
}

void
rnd_flow_on_image(struct rnd_flow *f, rnd_image_fn fn, void *arg)
{
	f->image_fn = fn;
	f->image_arg = arg;
}

void
rnd_flow_on_table(struct rnd_flow *f, rnd_table_fn fn, void *arg)
{
	f->table_fn = fn;
	f->table_arg = arg;
}

rnd_table_fn
rnd_flow_table_fn(const struct rnd_flow *f, void **arg)
{
	*arg = f->table_arg;
	return f->table_fn;
}

rnd_image_fn
rnd_flow_image_fn(const struct rnd_flow *f, void **arg)
{
	*arg = f->image_arg;
	return f->image_fn;
}

/* A callout box (a blockquote) behind a piece of a paragraph or item
 * at y: tinted, with a rule down its left; joined to the box of the
 * block over it when that is one too. */
static void
draw_quote(const struct rnd_flow *f, cairo_t *cr, const struct piece *pc,
    double x, double y, double w)
{
	const struct blk *b = &f->v[pc->blk];
	double top = y - QUOTE_PAD,
	       bot = y + units_h(b, pc->a, pc->b) + QUOTE_PAD;

	if (pc->a == 0 && pc->y > 0 && pc->blk > 0 && b[-1].quote)
		top = y - b->m.space;
	rnd_set_rgb(cr, f->st.shade);
	cairo_rectangle(cr, x, top, w, bot - top);
	cairo_fill(cr);
	rnd_set_rgb(cr, f->st.accent);
	cairo_rectangle(cr, x, top, 0.8, bot - top);
	cairo_fill(cr);
	rnd_set_rgb(cr, f->st.text);
}

/* The links of lines [a, e) of a block's text drawn at (x, y): each span
 * its markup marks lang="x-lnkN" (rnd_flow_link) a link, a rectangle a
 * line it is on. */
static void
draw_links(const struct rnd_flow *f, cairo_t *cr, const struct blk *b,
    double x, double y, int a, int e)
{
	PangoAttrList *al;
	GSList *all, *l;
	double k;

	if (f->nlinks == 0 || b->m.lay == NULL ||
	    (al = pango_layout_get_attributes(b->m.lay)) == NULL)
		return;
	k = rnd_layout_scale(b->m.lay) / PANGO_SCALE;
	all = pango_attr_list_get_attributes(al);
	for (l = all; l != NULL; l = l->next) {
		PangoAttribute *at = l->data;
		const char *s, *to;
		unsigned long id;
		char *esc, *ta;
		int i;

		if (at->klass->type != PANGO_ATTR_LANGUAGE ||
		    (s = pango_language_to_string(
		         ((PangoAttrLanguage *)at)->value)) == NULL ||
		    strncmp(s, "x-lnk", 5) != 0 ||
		    (id = strtoul(s + 5, NULL, 10)) >= f->nlinks)
			continue;
		/* A link inside the book to a name it does not have is
		 * text (the book warns of it). */
		to = f->links[id];
		if (to[0] == '#' && !rnd_flow_has_dest(f, to + 1))
			continue;
		esc = tag_escape(to + (to[0] == '#'));
		ta = xasprintf(to[0] == '#' ? "dest='%s'" : "uri='%s'", esc);
		free(esc);
		for (i = a; i < e; i++) {
			PangoLayoutLine *ln =
			    pango_layout_get_line_readonly(b->m.lay, i);
			int s0, s1, n, j, *r;

			if (ln == NULL)
				break;
			s0 = (int)at->start_index > ln->start_index ?
			    (int)at->start_index :
			    ln->start_index;
			s1 = (int)at->end_index <
			        ln->start_index + ln->length ?
			    (int)at->end_index :
			    ln->start_index + ln->length;
			if (s0 >= s1)
				continue;
			pango_layout_line_get_x_ranges(ln, s0, s1, &r, &n);
			for (j = 0; j < n; j++)
				rnd_link_rect(cr, x + r[2 * j] * k,
				    y + b->m.top[i] - b->m.top[a],
				    (r[2 * j + 1] - r[2 * j]) * k,
				    b->m.top[i + 1] - b->m.top[i], ta);
			g_free(r);
		}
		free(ta);
	}
	g_slist_free_full(all, (GDestroyNotify)pango_attribute_destroy);
}

/* Draw one piece in the column at x (width w), top y0. */
static void
draw_piece(const struct rnd_flow *f, cairo_t *cr, const struct piece *pc,
    double x, double y0, double w)
{
	static const char *const hroles[] = { "H1", "H2", "H3", "H4", "H5",
		"H6" };
	const struct blk *b = &f->v[pc->blk];
	double y = y0 + pc->y;
	int dest = b->dest != NULL && pc->a == 0;
	const char *role = NULL;

	if (dest)
		cairo_tag_begin(cr, CAIRO_TAG_DEST, b->dest);
	rnd_set_rgb(cr, f->st.text);
	/* Tagged: what each block is, for a screen reader (a piece of a
	 * block broken over columns or pages is one of its own). */
	switch (b->kind) {
	case BLK_HEADING:
		role = hroles[b->level < 1 ? 0 :
		        b->level > 6       ? 5 :
		                             b->level - 1];
		break;
	case BLK_PARA:
		role = "P";
		break;
	case BLK_ITEM:
		role = "L";
		break;
	case BLK_TABLE:
		role = NULL; /* draw_table's */
		break;
	case BLK_CUSTOM:
		role = NULL; /* a figure, below */
		break;
	}
	if (role != NULL)
		rnd_tag_begin(cr, role);
	if (b->kind == BLK_ITEM) {
		rnd_tag_begin(cr, "LI");
		rnd_tag_begin(cr, "LBody");
	}
	if (b->kind == BLK_CUSTOM)
		rnd_figure_begin(cr, b->alt);
	switch (b->kind) {
	case BLK_HEADING:
		rnd_set_rgb(cr, f->st.accent);
		draw_lines(cr, b, x, y, 0, b->m.nlines);
		draw_links(f, cr, b, x, y, 0, b->m.nlines);
		if (b->level <= 2) {
			rnd_set_rgb(cr, f->st.rule);
			cairo_set_line_width(cr, b->level <= 1 ? 0.5 : 0.3);
			cairo_move_to(cr, x, y + b->m.top[b->m.nlines] + 0.45);
			cairo_line_to(cr, x + w,
			    y + b->m.top[b->m.nlines] + 0.45);
			cairo_stroke(cr);
		}
		break;
	case BLK_PARA:
		if (b->quote)
			draw_quote(f, cr, pc, x, y, w);
		draw_lines(cr, b, x + b->m.indent, y, pc->a, pc->b);
		draw_links(f, cr, b, x + b->m.indent, y, pc->a, pc->b);
		break;
	case BLK_ITEM:
		if (b->quote)
			draw_quote(f, cr, pc, x, y, w);
		if (pc->a == 0) {
			rnd_set_rgb(cr, f->st.accent);
			rnd_layout_draw_at(cr, b->m.blay, b->m.bk,
			    x + b->m.indent - b->m.bw -
			        RND_PT_MM * role_pt(f, 1.0) * 0.4,
			    y);
			rnd_set_rgb(cr, f->st.text);
		}
		draw_lines(cr, b, x + b->m.indent, y, pc->a, pc->b);
		draw_links(f, cr, b, x + b->m.indent, y, pc->a, pc->b);
		break;
	case BLK_TABLE:
		draw_table(f, cr, b, x, y, pc->a, pc->b);
		break;
	case BLK_CUSTOM:
		b->draw(cr, b->arg, x + b->m.indent, y,
		    b->m.cw > 0 ? b->m.cw : w,
		    b->m.csc > 0 ? b->m.csc : f->scale, 1);
		break;
	}
	if (b->kind == BLK_CUSTOM)
		rnd_figure_end(cr);
	if (b->kind == BLK_ITEM) {
		rnd_tag_end(cr, "LBody");
		rnd_tag_end(cr, "LI");
	}
	if (role != NULL)
		rnd_tag_end(cr, role);
	if (dest)
		cairo_tag_end(cr, CAIRO_TAG_DEST);
}

/* Try to place at a scale; returns what flow_place returns. */
static long
flow_try(struct rnd_flow *f, const struct rnd_frame *fr, int max_pages,
    double scale, struct placing *pl)
{
	double colw = (fr->w - (fr->cols - 1) * fr->gutter) / fr->cols;

	f->scale = scale;
	f->too_wide = -1;
	f->colh = fr->h;
	flow_measure(f, colw);
	f->last_miss = flow_place(f, fr, max_pages, pl);
	/* A table whose words overflow its column counts as not fitting,
	 * down to the minimum size (where its words break instead). */
	if (f->last_miss == -1 && f->too_wide >= 0 &&
	    role_pt(f, 1.0) > f->st.min_pt + 1e-9)
		f->last_miss = f->too_wide;
	return f->last_miss;
}

/* Keep the current measures and placement as the best seen. */
static void
flow_save(struct rnd_flow *f, struct placing *pl)
{
	struct placing t;
	size_t i;

	for (i = 0; i < f->n; i++) {
		struct blk *b = &f->v[i];

		meas_free(&b->saved);
		b->saved = b->m;
		memset(&b->m, 0, sizeof(b->m));
	}
	t = f->spl;
	f->spl = *pl;
	*pl = t;
	f->have_saved = 1;
	f->saved_scale = f->scale;
}

/* Make the saved measures current again (into pl). */
static void
flow_restore(struct rnd_flow *f, struct placing *pl)
{
	struct placing t;
	size_t i;

	for (i = 0; i < f->n; i++) {
		struct blk *b = &f->v[i];

		meas_free(&b->m);
		b->m = b->saved;
		memset(&b->saved, 0, sizeof(b->saved));
	}
	t = f->spl;
	f->spl = *pl;
	*pl = t;
	f->have_saved = 0;
	f->scale = f->saved_scale;
	f->last_miss = -1;
	f->nmeas = f->n; /* a try that fits measured every block */
}

/* The scale of step m (RND_STEP_PT each below size_pt). */
static double
step_scale(const struct rnd_flow *f, int m)
{
	return (f->st.size_pt - RND_STEP_PT * m) / f->st.size_pt;
}

/* Measure the natural widths of every table not yet measured, at the
 * flow's scale. */
static void
flow_natural(struct rnd_flow *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (f->v[i].kind == BLK_TABLE)
			table_natural(f, &f->v[i], 1);
}

/* Returns 1 when a try at the flow's scale would fail because a table's
 * words overflow its column (see flow_try), without laying anything out:
 * tables' natural widths are measured once (at this scale if not yet). */
static int
flow_too_wide(struct rnd_flow *f, double colw)
{
	size_t i;

	flow_natural(f);
	if (role_pt(f, 1.0) <= f->st.min_pt + 1e-9)
		return 0;
	for (i = 0; i < f->n; i++)
		if (f->v[i].kind == BLK_TABLE &&
		    table_too_wide(f, &f->v[i], colw))
			return 1;
	return 0;
}

/* Try step m; on success keep it as the best seen. Returns 1 fits. */
static int
flow_step(struct rnd_flow *f, const struct rnd_frame *fr, int max_pages, int m,
    struct placing *pl)
{
	if (flow_try(f, fr, max_pages, step_scale(f, m), pl) != -1)
		return 0;
	flow_save(f, pl);
	return 1;
}

/* Unmeasured text a guess measures rather than estimates (bytes). */
#define FLOW_GUESS_BYTES 65536

/* How much the last try's text would grow (or shrink, under 1) to about
 * fill the frame's pages: area goes with the square of the size. */
static double
area_ratio(struct rnd_flow *f, const struct rnd_frame *fr, int max_pages,
    int measure)
{
	double need = 0, room = 0;
	size_t i, done = 0, rest = 0;
	int p;

	/* The blocks the try left unmeasured: measured when they are few,
	 * else taken to need as much room a byte as those measured. */
	for (i = f->nmeas; i < f->n; i++)
		rest += f->v[i].bytes + 1;
	if (measure && rest <= FLOW_GUESS_BYTES)
		flow_upto(f, f->n);
	for (i = 0; i < f->nmeas; i++) {
		need += f->v[i].m.space + f->v[i].m.h;
		done += f->v[i].bytes + 1;
	}
	if (f->nmeas < f->n && done > 0)
		need *= (double)(done + rest) / (double)done;
	for (p = 0; p < max_pages; p++)
		room += col_h(fr, p) * fr->cols;
	return need > 0 ? sqrt(0.96 * room / need) : 1;
}

/* A first guess after a failed try at step s0. Returns the step, or
 * -1. */
static int
flow_area_guess(struct rnd_flow *f, const struct rnd_frame *fr, int max_pages,
    int s0)
{
	double g = area_ratio(f, fr, max_pages, 1);

	return (int)ceil(
	    (f->st.size_pt * (1 - step_scale(f, s0) * g)) / RND_STEP_PT -
	    1e-9);
}

/* The body size (pt) at which the flow's text would about fill max_pages
 * of the frame, from what its last try (rnd_flow_fits_at) measured: the
 * blocks it did not reach are taken to need as much room a byte as those
 * it did, not measured at a size that did not fit. A try that failed
 * also tells how much of the text the pages held, columns' ends and
 * blocks kept together included: the smaller guess of the two. */
double
rnd_flow_area_pt(struct rnd_flow *f, const struct rnd_frame *fr, int max_pages)
{
	double pt = f->st.size_pt * f->scale,
	       g = area_ratio(f, fr, max_pages, 0);
	size_t i, held = 0, all = 0;

	for (i = 0; i < f->n; i++) {
		all += f->v[i].bytes + 1;
		if (f->last_miss >= 0 && (long)i < f->last_miss)
			held += f->v[i].bytes + 1;
	}
	if (f->last_miss >= 0 && all > 0 && sqrt((double)held / all) < g)
		g = sqrt((double)held / all);
	return pt * g;
}

/* Balancing stops when the columns' cap is known this closely (mm). */
#define BALANCE_MM 0.25

/*
 * A last page (of pages) whose columns are not all used: its blocks
 * spread over them, whole, in the lowest columns that hold them (the
 * least cap on that page's columns found by halving; each try places
 * the blocks as measured, laying nothing out). pl gets the placement
 * when one is found; else it stays as it was.
 */
static void
flow_balance(struct rnd_flow *f, const struct rnd_frame *fr, int pages,
    struct placing *pl)
{
	struct placing t = { NULL, 0, 0 };
	double lo = 0, hi = col_h(fr, pages - 1);
	int last = pages - 1, used = 0, blocks = 0;
	size_t i;

	for (i = 0; i < pl->n; i++)
		if (pl->v[i].page == last) {
			blocks++;
			if (pl->v[i].col + 1 > used)
				used = pl->v[i].col + 1;
		}
	if (used >= fr->cols || blocks < 2)
		return;
	f->cap_page = last;
	f->cap_h = hi;
	if (flow_place(f, fr, pages, &t) != -1)
		goto out; /* a block cut across columns stays so */
	while (hi - lo > BALANCE_MM) {
		f->cap_h = (lo + hi) / 2;
		if (flow_place(f, fr, pages, &t) == -1)
			hi = f->cap_h;
		else
			lo = f->cap_h;
	}
	f->cap_h = hi;
	if (flow_place(f, fr, pages, &t) == -1) {
		struct placing x = *pl;

		*pl = t;
		t = x;
	}
out:
	f->cap_page = -1;
	free(t.v);
}

/*
 * The smallest step (RND_STEP_PT each below size_pt) where the flow fits,
 * or -1 when it fits at none; *steps gets the number of steps. Sizes
 * where a table's words overflow are ruled out without a try; the first
 * try is the guess (rnd_flow_guess) or the largest size left, then one
 * from the area the blocks took, then up one step at a time after a fit
 * (a good guess leaves one try to confirm), else halving.
 */
static int
flow_best(struct rnd_flow *f, const struct rnd_frame *fr, int max_pages,
    struct placing *pl, int *steps)
{
	double colw = (fr->w - (fr->cols - 1) * fr->gutter) / fr->cols;
	int l = 0, h, best = -1, first, next = -1, k;

	*steps = (int)floor(
	    (f->st.size_pt - f->st.min_pt) / RND_STEP_PT + 1e-9);
	if (*steps < 0)
		*steps = 0;
	h = *steps;
	f->have_saved = 0;
	/* Natural widths at full size, as a first try there measures them. */
	for (f->scale = 1.0; l <= h; f->scale = step_scale(f, ++l))
		if (!flow_too_wide(f, colw))
			break;
	if (l > h)
		return -1;
	first = l;
	if (f->guess_pt > 0) {
		k = (int)floor(
		    (f->st.size_pt - f->guess_pt) / RND_STEP_PT + 0.5);
		first = k < l ? l : k > h ? h : k;
	}
	if (flow_step(f, fr, max_pages, first, pl)) {
		best = first;
		h = first - 1;
	} else {
		l = first + 1;
		if (f->guess_pt > 0)
			next = l; /* alike flows: likely one step smaller */
		else if ((k = flow_area_guess(f, fr, max_pages, first)) >= l &&
		    k <= h) {
			if (flow_step(f, fr, max_pages, k, pl)) {
				best = k;
				h = k - 1;
			} else
				l = k + 1;
		}
	}
	while (l <= h) {
		int m = best >= 0 ? h : next >= l ? next : (l + h) / 2;

		next = -1;
		if (flow_step(f, fr, max_pages, m, pl)) {
			best = m;
			h = m - 1;
		} else
			l = m + 1;
	}
	return best;
}

/* Keep the placement drawn, for rnd_flow_placed(); frees pl's old. */
static void
flow_keep(struct rnd_flow *f, struct placing *pl)
{
	free(f->fin.v);
	f->fin = *pl;
	memset(pl, 0, sizeof(*pl));
}

/* Returns the number of blocks added so far. */
size_t
rnd_flow_count(const struct rnd_flow *f)
{
	return f->n;
}

/* Returns how many pieces were drawn last; fills out[0..max). */
size_t
rnd_flow_placed(const struct rnd_flow *f, struct rnd_placed *out, size_t max)
{
	size_t i;

	for (i = 0; i < f->fin.n && i < max; i++) {
		const struct piece *pc = &f->fin.v[i];
		const struct blk *b = &f->v[pc->blk];

		out[i].block = pc->blk;
		out[i].kind = b->kind == BLK_HEADING ? 'h' :
		    b->kind == BLK_TABLE             ? 't' :
		    b->kind == BLK_CUSTOM            ? 'c' :
		                                       'p';
		out[i].page = pc->page;
		out[i].col = pc->col;
		out[i].y = pc->y;
		out[i].h = units_h(b, pc->a, pc->b);
		out[i].a = pc->a;
		out[i].b = pc->b;
		out[i].units = blk_units(b);
	}
	return f->fin.n;
}

void
rnd_flow_dump(const struct rnd_flow *f, const struct rnd_frame *fr, int box,
    int page1, FILE *fp)
{
	double colw = (fr->w - (fr->cols - 1) * fr->gutter) / fr->cols, top;
	const char *kind, *s;
	char *what, *o;
	size_t i;

	if (fp == NULL)
		return;
	for (i = 0; i < f->fin.n; i++) {
		const struct piece *pc = &f->fin.v[i];
		const struct blk *b = &f->v[pc->blk];

		kind = b->kind == BLK_HEADING ? "heading" :
		    b->kind == BLK_TABLE      ? "table" :
		    b->kind == BLK_CUSTOM     ? "custom" :
		                                "text";
		what = xasprintf("%zu %s %d-%d of %d%s%s", pc->blk,
		    b->kind == BLK_TABLE ? "rows" : "lines", pc->a, pc->b,
		    blk_units(b), b->quote ? " quote" : "",
		    b->kind == BLK_HEADING ? " " : "");
		/* A heading's text, its markup left out. */
		if (b->kind == BLK_HEADING && b->markup != NULL) {
			o = what;
			what = xmalloc(strlen(o) + strlen(b->markup) + 1);
			strcpy(what, o);
			free(o);
			o = what + strlen(what);
			for (s = b->markup; *s != '\0'; s++) {
				if (*s == '<')
					while (s[1] != '\0' && *s != '>')
						s++;
				else
					*o++ = *s;
			}
			*o = '\0';
		}
		top = fr->y + (box || pc->page == 0 ? fr->first_top : 0);
		rnd_dump_box(fp, kind, page1 + pc->page,
		    fr->x + pc->col * (colw + fr->gutter), top + pc->y, colw,
		    units_h(b, pc->a, pc->b), what);
		free(what);
	}
}

/* Returns 1 when the flow fits max_pages at body size size_pt, else 0:
 * one try, where rnd_flow_fit searches every size. */
int
rnd_flow_fits_at(struct rnd_flow *f, const struct rnd_frame *fr, int max_pages,
    double size_pt)
{
	struct placing pl = { NULL, 0, 0 };
	long miss;

	f->known = 0;
	/* Natural widths at full size, as rnd_flow_render's search measures
	 * them: a second flow of the same tables finds them in the cache. */
	f->scale = 1.0;
	flow_natural(f);
	f->scale = size_pt / f->st.size_pt;
	if (flow_too_wide(f, (fr->w - (fr->cols - 1) * fr->gutter) / fr->cols))
		return 0;
	miss = flow_try(f, fr, max_pages, size_pt / f->st.size_pt, &pl);
	/* At the full size, a fit is what rnd_flow_render's search would
	 * try first and keep: it need not lay the flow out again. */
	if (miss == -1 && f->scale == 1.0 && f->guess_pt == 0) {
		flow_save(f, &pl);
		f->known = 1;
		f->best_step = 0;
	}
	free(pl.v);
	return miss == -1;
}

/*
 * A new body size for a flow whose blocks stay (a sheet that grows its
 * text to fill the sides tries several): what was measured, placed or
 * found at the old size is dropped, what does not depend on the size
 * (the cells' measures, the layouts' memo) is kept, so the flow lays out
 * as one built anew at size_pt would. Returns 0, or -1 when a decision
 * taken as blocks were added depends on the size (a long table left out
 * or kept after a try at a least size of another step): then only a
 * flow built anew will do.
 */
int
rnd_flow_resize(struct rnd_flow *f, double size_pt)
{
	size_t i;

	if (f->omit_pt > 0 && least_step_pt(f, size_pt) != f->omit_pt)
		return -1;
	f->st.size_pt = size_pt;
	for (i = 0; i < f->n; i++) {
		struct blk *b = &f->v[i];

		/* A table given soft hyphens at the old size gets them again
		 * where a try at the new one would first give them. */
		if (b->plain != NULL) {
			b->hyph = b->cells;
			b->cells = b->plain;
			b->plain = NULL;
			cells_free(b);
			b->cell = xcalloc(b->nrows * b->ncols,
			    sizeof(*b->cell));
			b->hyphenated = 0;
		}
		blk_unmeasure(b);
		meas_free(&b->saved);
		/* Natural widths are measured at the full size (wpt). */
		free(b->nat);
		free(b->min);
		b->nat = b->min = NULL;
	}
	f->nmeas = 0;
	f->scale = 1.0;
	f->known = 0;
	f->have_saved = 0;
	f->last_miss = -1;
	f->too_wide = -1;
	return 0;
}

/* Returns the body size (pt) at which the flow fits, or 0. */
double
rnd_flow_fit(struct rnd_flow *f, const struct rnd_frame *fr, int max_pages)
{
	struct placing pl = { NULL, 0, 0 };
	int steps, best = flow_best(f, fr, max_pages, &pl, &steps);

	free(pl.v);
	f->known = 1;
	f->best_step = best;
	return best < 0 ? 0 : f->st.size_pt - RND_STEP_PT * best;
}

/* Warn when cell (r, c) of table b has a character no font has. */
static void
table_glyph_check(const struct rnd_flow *f, const struct blk *b, size_t r,
    size_t c, struct diags *dg)
{
	PangoLayout *l;

	if (!b->cell[r * b->ncols + c].m.unknown)
		return;
	l = cell_layout(f, b, r, c);
	rnd_glyph_check(l, b->pos, dg);
	g_object_unref(l);
}

/* Warn about what the pieces of pl print: a block cut at BLK_MAX_CHARS,
 * a character no font has. */
static void
flow_warn(struct rnd_flow *f, const struct placing *pl, struct diags *dg)
{
	size_t i;
	int r, c;

	for (i = 0; i < pl->n; i++) {
		const struct piece *pc = &pl->v[i];
		struct blk *b = &f->v[pc->blk];

		if (pc->a == 0 && b->omitted > 0)
			diag_msg(dg, b->pos, MSG(TABLE_ROWS_DOES_NOT_FIT),
			    f->label ? f->label : "", f->label ? ": " : "",
			    b->omitted);
		if (pc->a == 0 && b->cut)
			diag_msg(dg, b->pos,
			    MSG(ONLY_FIRST_CHARACTERS_PRINTED),
			    f->label ? f->label : "", f->label ? ": " : "",
			    BLK_MAX_CHARS,
			    b->kind == BLK_TABLE ? "table's "
			                           "cells" :
			                           "block");
		if (b->kind == BLK_TABLE) {
			for (r = pc->a; r < pc->b; r++)
				for (c = 0; c < (int)b->ncols; c++)
					table_glyph_check(f, b, (size_t)r,
					    (size_t)c, dg);
		} else if (pc->a == 0) {
			rnd_glyph_check(b->m.lay, b->pos, dg);
			rnd_glyph_check(b->m.blay, b->pos, dg);
		}
	}
}

/* Returns the number of pages made; see internal.h. */
int
rnd_flow_render(struct rnd_flow *f, struct rnd_doc *doc, double page_w,
    double page_h, const struct rnd_frame *fr, int max_pages,
    rnd_page_fn decorate, void *arg, double *scale_out)
{
	struct placing pl = { NULL, 0, 0 };
	double colw;
	int steps, s, best, pages = 0, p;
	long miss;
	size_t i;

	/* rnd_flow_fit may have searched already (same frame). */
	if (f->known) {
		best = f->best_step;
		steps = (int)floor(
		    (f->st.size_pt - f->st.min_pt) / RND_STEP_PT + 1e-9);
	} else
		best = flow_best(f, fr, max_pages, &pl, &steps);
	s = best >= 0 ? best : steps;
	if (best >= 0 && f->have_saved)
		flow_restore(f, &pl);
	else if (pl.n == 0 ||
	    f->scale != (f->st.size_pt - RND_STEP_PT * s) / f->st.size_pt)
		flow_try(f, fr, max_pages,
		    (f->st.size_pt - RND_STEP_PT * s) / f->st.size_pt, &pl);
	miss = f->last_miss;
	if (miss >= 0) {
		char pt[32];

		fmt_double(pt, sizeof(pt), role_pt(f, 1.0), 2);
		diag_msg(rnd_doc_diags(doc), f->v[miss].pos,
		    MSG(DOES_NOT_FIT_PAGE_EVEN), f->label ? f->label : "",
		    f->label ? ": " : "", max_pages, max_pages == 1 ? "" : "s",
		    pt);
	}
	flow_warn(f, &pl, rnd_doc_diags(doc));
	for (i = 0; i < pl.n; i++)
		if (pl.v[i].page + 1 > pages)
			pages = pl.v[i].page + 1;
	if (pages == 0)
		pages = 1;
	if (miss == -1 && f->balance)
		flow_balance(f, fr, pages, &pl);
	colw = (fr->w - (fr->cols - 1) * fr->gutter) / fr->cols;
	for (p = 0; p < pages; p++) {
		cairo_t *cr = rnd_doc_page_begin(doc, page_w, page_h, 0);

		if (decorate != NULL)
			decorate(cr, arg, p, pages, f->scale);
		for (i = 0; i < pl.n; i++) {
			const struct blk *b = &f->v[pl.v[i].blk];

			if (pl.v[i].page != p)
				continue;
			if (b->kind == BLK_HEADING && b->level <= 2)
				rnd_doc_outline(doc, 0,
				    pango_layout_get_text(b->m.lay),
				    fr->y + pl.v[i].y);
			draw_piece(f, cr, &pl.v[i],
			    fr->x + pl.v[i].col * (colw + fr->gutter),
			    fr->y + (p == 0 ? fr->first_top : 0), colw);
		}
		rnd_doc_page_end(doc);
	}
	if (scale_out != NULL)
		*scale_out = f->scale;
	flow_keep(f, &pl);
	return pages;
}

/* Returns 0 when the flow fits in the frame (one page), -1 when it was cut
 * (a warning names the first block left out); draws it on cr either way. */
int
rnd_flow_box(struct rnd_flow *f, cairo_t *cr, const struct rnd_frame *fr,
    struct diags *dg)
{
	struct placing pl = { NULL, 0, 0 };
	double colw = (fr->w - (fr->cols - 1) * fr->gutter) / fr->cols;
	int steps, best, rc = 0;
	long miss;
	size_t i;

	best = flow_best(f, fr, 1, &pl, &steps);
	if (best >= 0 && f->have_saved) {
		flow_restore(f, &pl);
		miss = -1;
	} else
		miss = flow_try(f, fr, 1,
		    (f->st.size_pt -
		        RND_STEP_PT * (best >= 0 ? best : steps)) /
		        f->st.size_pt,
		    &pl);
	if (miss >= 0) {
		char pt[32];

		fmt_double(pt, sizeof(pt), role_pt(f, 1.0), 2);
		diag_msg(dg, f->v[miss].pos, MSG(DOES_NOT_FIT_EVEN_PT),
		    f->label ? f->label : "", f->label ? ": " : "", pt);
		rc = -1;
	}
	flow_warn(f, &pl, dg);
	for (i = 0; i < pl.n; i++)
		draw_piece(f, cr, &pl.v[i],
		    fr->x + pl.v[i].col * (colw + fr->gutter),
		    fr->y + fr->first_top, colw);
	flow_keep(f, &pl);
	return rc;
}

/*
 * Lay the flow out at its full size without drawing it, keeping the
 * placement for rnd_flow_placed(): a book needs its headings' pages for
 * the contents before it draws them. Returns the pages it takes, or -1
 * when something does not fit in max_pages.
 */
int
rnd_flow_layout(struct rnd_flow *f, const struct rnd_frame *fr, int max_pages)
{
	struct placing pl = { NULL, 0, 0 };
	long miss;
	size_t i;
	int pages = 0;

	f->scale = 1.0;
	flow_natural(f);
	miss = flow_try(f, fr, max_pages, 1.0, &pl);
	for (i = 0; i < pl.n; i++)
		if (pl.v[i].page + 1 > pages)
			pages = pl.v[i].page + 1;
	flow_keep(f, &pl);
	return miss == -1 ? (pages > 0 ? pages : 1) : -1;
}
