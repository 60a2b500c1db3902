/*
 * bases.c: the bases product — base templates with cut lines and
 * labels, movement trays, range rulers and gauges, status markers, all
 * at true scale on landscape pages that each carry a calibration box.
 * The layout maths (sizes, packing, ruler splitting, label fitting) is in
 * bases_layout.c; this file gathers the pieces and draws them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bases.h"
#include "bases_layout.h"
#include "../internal.h"

/*
 * The look, from templates/bases.yaml (bases_look): set at the start of
 * each sheet, before anything is laid out; per thread, so that sheets
 * made at once do not share it.
 */
static _Thread_local double MARGIN; /* printable margin on every side */
static _Thread_local const char *FONT;
static _Thread_local double LABEL_PT; /* the largest label size */
static _Thread_local double ruler_pt, join_pt, cal_pt;
static _Thread_local unsigned ink; /* cut lines and words */
#define GAP 2.0     /* between pieces: every cut line stands alone */
#define CAL_GAP 3.0 /* around the calibration block */
/* Depth of the calibration boxes: a band at the foot of the page, deep
 * enough for their words over their ticks, so that the pieces have the
 * rest (a 100 x 50 mm box took a quarter of every page). */
#define CAL_H 13.0
#define RULER_H                                                               \
	14.2 /* depth of a ruler strip: ticks, numbers, two lines of
		       * its users at 6 pt */
#define SHORT_RULER 80.0 /* a ruler piece shorter than this is deeper */
#define TRAY_LIP 2.0     /* tray border around its bases */
#define CUT_W 0.2        /* cut line width */
#define LABEL_OK_PT                                                           \
	6.0 /* nothing is printed under 6 pt: a label that
			 * does not fit at 6 pt is shortened instead */
#define LABEL_MIN_PT 6.0
#define NBSP "\xc2\xa0" /* keeps a stat and its value on one line */

enum pc_kind { PC_BASE, PC_TRAY, PC_RULER, PC_MARKER };

/* One piece to cut out. */
struct piece {
	enum pc_kind kind;
	int unit;             /* base, tray: unit index */
	struct bl_size size;  /* base, tray: base footprint; marker: its own */
	int per_tray;         /* tray: bases it holds */
	size_t range;         /* ruler: index into ranges */
	struct bl_piece span; /* ruler: from, to (mm along the ruler) */
	int part, nparts;     /* ruler: 1-based part of nparts */
	const char *text;     /* marker */
	int fill;             /* marker: its colour 0xrrggbb; -1 none */
	struct bl_item it;    /* packed size and place */
	struct bl_rect label; /* drawn label box (page mm); w 0: none */
};

/* Everything about one run. */
struct sheet {
	const struct ruleset *rs;
	const struct rnd_bases_opts *o;
	struct diags *d;
	double pw, ph;         /* the page, landscape */
	struct bl_rect cal[2]; /* the 100 mm and 4 in boxes, CAL_H deep */
	struct bl_page page;   /* free area of an empty page */
	enum unit_of_length unit;
	struct piece *pc;
	size_t npc, cappc;
	struct bl_range *ranges;
	size_t nranges;
	char **markers;
	size_t nmarkers;
	int npages;
	char *warned;          /* per unit: label warning given */
	struct rnd_pics *pics; /* the units' pictures */
};

void
rnd_bases_opts_init(struct rnd_bases_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->rulers = -1;
	o->markers = -1;
	o->guides = -1;
}

/* The settings templates/bases.yaml may have. */
static const char *const bases_keys[] = { "product", "font", "label-size",
	"ruler-size", "join-size", "calibration-size", "margin", "colours",
	"rulers", "markers", "guides", NULL };

/* Read the template's look, and what o leaves to it (-1) into *with;
 * returns -1 on a bad value (errors in d at their lines). */
static int
bases_look(const struct rs_node *t, const struct rnd_bases_opts *o,
    struct rnd_bases_opts *with, struct diags *d)
{
	static const char *const colours[] = { "ink", NULL };
	const struct rs_node *c = rs_node_get(t, "colours");
	size_t errs = diags_count(d, SEV_ERROR);

	rnd_tmpl_keys(t, bases_keys, "setting", d);
	rnd_tmpl_keys(c, colours, "colour", d);
	FONT = rnd_tmpl_font(t, "font", "DejaVu Sans Condensed", d);
	/* Labels shrink to 6 pt, then are shortened: never smaller. */
	LABEL_PT = rnd_tmpl_num(t, "label-size", 6, LABEL_MIN_PT, 72, d);
	ruler_pt = rnd_tmpl_num(t, "ruler-size", 6, 4, 72, d);
	join_pt = rnd_tmpl_num(t, "join-size", 7, 4, 72, d);
	cal_pt = rnd_tmpl_num(t, "calibration-size", 7, 4, 72, d);
	MARGIN = rnd_tmpl_len(t, "margin", 10, 5, 30, d);
	ink = rnd_tmpl_rgb(c, "ink", 0x000000, d);
	*with = *o;
	if (with->rulers < 0)
		with->rulers = rnd_tmpl_bool(t, "rulers", 1, d);
	if (with->markers < 0)
		with->markers = rnd_tmpl_bool(t, "markers", 1, d);
	if (with->guides < 0)
		with->guides = rnd_tmpl_bool(t, "guides", 0, d);
	return diags_count(d, SEV_ERROR) > errs ? -1 : 0;
}

/* No source position: for problems of options, not of the ruleset. */
static struct pos
nopos(void)
{
	struct pos p = { NULL, 0, 0 };

	return p;
}

/* ---- what goes on the sheets ---- */

/*
 * Page size (landscape), the calibration block in the bottom-left
 * corner (side by side when the paper is wide enough, else stacked) and
 * the free area left for pieces. Returns 0 or -1 (error in diags).
 */
static int
sheet_paper(struct sheet *sh)
{
	const char *from = NULL, *why = NULL;
	double w, h, cw, bw = 4 * RND_IN_MM, bh = CAL_H, top, right;
	struct bl_page *pg = &sh->page;

	if (rnd_paper_choose(sh->o->paper, sh->rs, &w, &h, &from, &why) ==
	    -1) {
		diag_msg(sh->d, nopos(), MSG(PAPER_NOT_CHOSEN),
		    from ? from : "paper", why);
		return -1;
	}
	sh->pw = w > h ? w : h;
	sh->ph = w > h ? h : w;
	cw = sh->pw - 2 * MARGIN;
	if (100 + CAL_GAP + bw <= cw) {
		sh->cal[0] = (struct bl_rect){ MARGIN, sh->ph - MARGIN - bh,
			100, bh };
		sh->cal[1] = (struct bl_rect){ MARGIN + 100 + CAL_GAP,
			sh->ph - MARGIN - bh, bw, bh };
	} else {
		sh->cal[0] = (struct bl_rect){ MARGIN,
			sh->ph - MARGIN - bh - CAL_GAP - bh, 100, bh };
		sh->cal[1] = (struct bl_rect){ MARGIN, sh->ph - MARGIN - bh,
			bw, bh };
	}
	top = sh->cal[0].y < sh->cal[1].y ? sh->cal[0].y : sh->cal[1].y;
	if (top - CAL_GAP - MARGIN < 10) {
		diag_msg(sh->d, nopos(), MSG(PAPER_TOO_SMALL_CALIBRATION_BOX));
		return -1;
	}
	/* Above the block, full width; and right of it, block height. */
	top = sh->cal[0].y < sh->cal[1].y ? sh->cal[0].y : sh->cal[1].y;
	pg->free[0] = (struct bl_rect){ MARGIN, MARGIN, cw,
		top - CAL_GAP - MARGIN };
	pg->nfree = 1;
	right = sh->cal[1].x + sh->cal[1].w + CAL_GAP;
	if (sh->pw - MARGIN - right > 10)
		pg->free[pg->nfree++] = (struct bl_rect){ right, top,
			sh->pw - MARGIN - right, sh->ph - MARGIN - top };
	return 0;
}

/* The footprint of unit u's bases. */
static void
unit_size(const struct sheet *sh, size_t u, const struct bl_size *forced,
    struct bl_size *out)
{
	if (forced != NULL)
		*out = *forced;
	else {
		enum rs_base_shape k = sh->rs->units[u].base_shape;

		out->shape = k == RS_BASE_ROUND ? BL_ROUND :
		    k == RS_BASE_OVAL           ? BL_OVAL :
		                                  BL_RECT;
		out->w = sh->rs->units[u].base_w_mm;
		out->d = sh->rs->units[u].base_d_mm;
	}
}

/* How many bases unit u needs: --count, else both sides of the default
 * battle (one a side when the ruleset sets no battle), or as many as
 * another product of the run fields, when that is more. */
static int
unit_count(const struct sheet *sh, size_t u)
{
	const struct ruleset *rs = sh->rs;
	size_t i;
	int n = 0;

	if (sh->o->count > 0)
		return sh->o->count;
	if (rs->nforces == 0)
		n = 1;
	for (i = 0; i < rs->nforces; i++)
		if (rs->forces[i].unit == (int)u)
			n += rs->forces[i].count;
	n *= 2;
	if (u < sh->o->nfielded && sh->o->fielded[u] > n)
		n = sh->o->fielded[u];
	return n;
}

/* What the bases are for, " for the default battle …" (markup), or "" with
 * --count. */
static char *
for_what(const struct sheet *sh)
{
	char *by, *s;
	size_t u;
	int more = 0;

	if (sh->o->count > 0 || sh->npc == 0)
		return xstrdup("");
	for (u = 0; u < sh->rs->nunits && u < sh->o->nfielded; u++)
		if (sh->o->fielded[u] > 0)
			more = 1;
	if (!more || sh->o->fielded_by == NULL)
		return xstrdup(sh->rs->nforces > 0 ?
		        _(" for the default battle") :
		        _(" for one unit of each type a side"));
	by = rnd_markup_escape(sh->o->fielded_by);
	s = xasprintf(sh->rs->nforces > 0 ?
	        _(" for the default battle and %s") :
	        _(" for %s and one unit of each type a side"),
	    by);
	free(by);
	return s;
}

/* Is w x h placeable on an empty page? */
static int
fits_page(const struct sheet *sh, double w, double h)
{
	int i;

	for (i = 0; i < sh->page.nfree; i++)
		if (w <= sh->page.free[i].w + 1e-6 &&
		    h <= sh->page.free[i].h + 1e-6)
			return 1;
	return 0;
}

/* The largest free rectangle, for messages. */
static const struct bl_rect *
largest_free(const struct sheet *sh)
{
	int i, b = 0;

	for (i = 1; i < sh->page.nfree; i++)
		if (sh->page.free[i].w * sh->page.free[i].h >
		    sh->page.free[b].w * sh->page.free[b].h)
			b = i;
	return &sh->page.free[b];
}

/* Report that a w x h piece cannot go on the paper; returns -1. */
/* The ruleset as a whole, for what no one line of it causes. */
static struct pos
rs_pos(const struct sheet *sh)
{
	struct pos p = { sh->rs->path, 0, 0 };

	return p;
}

static int
too_big(struct sheet *sh, struct pos p, const char *what, double w, double h)
{
	char a[32], b[32], c[32], e[32];
	const struct bl_rect *r = largest_free(sh);

	fmt_double(a, sizeof(a), w, 1);
	fmt_double(b, sizeof(b), h, 1);
	fmt_double(c, sizeof(c), r->w, 1);
	fmt_double(e, sizeof(e), r->h, 1);
	/* An option that caused it is named; else the ruleset. */
	if (p.file == NULL && sh->o->base != NULL && *what == 't')
		diag_msg(sh->d, p, MSG(BASE_LARGER_PAPER_ALLOWS_USE),
		    sh->o->base, what, a, b, c, e);
	else {
		if (p.file == NULL)
			p.file = sh->rs->path;
		diag_msg(sh->d, p, MSG(LARGER_PAPER_ALLOWS_USE_LARGER), what,
		    a, b, c, e, *what == 't' ? " or a smaller --base" : "");
	}
	return -1;
}

/* Add the bases and trays of every unit; returns 0 or -1. */
static int
add_bases(struct sheet *sh, const struct bl_size *forced)
{
	size_t u;
	int k, n;

	for (u = 0; u < sh->rs->nunits; u++) {
		struct piece p;

		memset(&p, 0, sizeof(p));
		p.kind = PC_BASE;
		p.unit = (int)u;
		unit_size(sh, u, forced, &p.size);
		if (p.size.w <= 0 || p.size.d <= 0) {
			diag_msg(sh->d, sh->rs->units[u].pos,
			    MSG(UNIT_BASE_ZERO_SIZE), sh->rs->units[u].name);
			return -1;
		}
		if ((n = unit_count(sh, u)) == 0)
			continue;
		p.it.w = p.size.w;
		p.it.h = p.size.d;
		if (!fits_page(sh, p.it.w, p.it.h))
			return too_big(sh,
			    forced ? nopos() : sh->rs->units[u].pos,
			    "the base", p.it.w, p.it.h);
		for (k = 0; k < n; k++)
			XPUSH(sh->pc, sh->npc, sh->cappc, p);
		if (sh->o->tray < 2)
			continue;
		p.kind = PC_TRAY;
		p.per_tray = sh->o->tray;
		p.it.w = p.per_tray * p.size.w + 2 * TRAY_LIP;
		p.it.h = p.size.d + 2 * TRAY_LIP;
		if (!fits_page(sh, p.it.w, p.it.h))
			return too_big(sh, nopos(), "a movement tray", p.it.w,
			    p.it.h);
		for (k = 0; k < (n + p.per_tray - 1) / p.per_tray; k++)
			XPUSH(sh->pc, sh->npc, sh->cappc, p);
	}
	return 0;
}

/* The tick of the rulers: an inch, or a centimetre (numbered in cm or
 * in mm by the measure). */
static double
tick_mm(const struct sheet *sh)
{
	return sh->unit == LEN_IN ? RND_IN_MM : 10.0;
}

static void measure(void *, const char *, double, double, double *, double *);
static double ruler_label(const struct sheet *, const struct piece *,
    char *c[3]);

/* The depth a short ruler piece needs for its users on lines of the
 * least size: the ticks and numbers (9.2 mm), then the list. */
static double
ruler_depth(const struct sheet *sh, const struct piece *p)
{
	cairo_surface_t *sf =
	    cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(sf);
	char *c[3];
	double lw = ruler_label(sh, p, c), w, h;
	int i;

	measure(cr, c[1], LABEL_MIN_PT, lw, &w, &h);
	cairo_destroy(cr);
	cairo_surface_destroy(sf);
	for (i = 0; i < 3; i++)
		free(c[i]);
	return 9.2 + h + 0.6;
}

/*
 * A ruler piece's label, in three forms from the fullest ("12 cm  Reed
 * bow (Reed Wardens)", the same on two lines, the length alone) into c
 * (caller frees each), and the width its box has (mm): the same for the
 * piece's depth and for drawing it.
 */
static double
ruler_label(const struct sheet *sh, const struct piece *p, char *c[3])
{
	const struct bl_range *r = &sh->ranges[p->range];
	char len[32], *lab = rnd_markup_escape(r->label), *head;

	eng_len_label(len, sizeof(len), r->mm, sh->unit);
	head = p->nparts > 1 ? xasprintf(_("<b>%s</b> (part %d of %d)"), len,
	                           p->part, p->nparts) :
	                       xasprintf("<b>%s</b>", len);
	c[0] = xasprintf("%s  %s", head, lab);
	c[1] = xasprintf("%s\n%s", head, lab);
	c[2] = head;
	free(lab);
	return p->it.w - (p->part > 1 ? 7.0 : 1.5) -
	    (p->part < p->nparts ? 7.0 : 1.5);
}

/* Add one strip per distinct range, split to fit; returns 0 or -1. */
static int
add_rulers(struct sheet *sh)
{
	struct bl_piece parts[64];
	double maxlen = largest_free(sh)->w;
	size_t i;
	int k, n;

	sh->nranges = bl_ranges(sh->rs, &sh->ranges);
	for (i = 0; i < sh->nranges; i++) {
		n = bl_ruler_split(sh->ranges[i].mm, tick_mm(sh), maxlen,
		    parts, 64);
		if (n < 0)
			return too_big(sh, nopos(), "a ruler piece",
			    tick_mm(sh), RULER_H);
		for (k = 0; k < n; k++) {
			struct piece p;

			memset(&p, 0, sizeof(p));
			p.kind = PC_RULER;
			p.range = i;
			p.span = parts[k];
			p.part = k + 1;
			p.nparts = n;
			p.it.w = parts[k].to - parts[k].from;
			/* A short piece has room across for a word or two of
			 * its users only: it is deeper, with lines for them
			 * at 6 pt (the list says which gauge it is), as deep
			 * as the list needs, within reason. */
			p.it.h = p.it.w < SHORT_RULER ? RULER_H + 5.0 :
			                                RULER_H;
			if (p.it.w < SHORT_RULER && *sh->ranges[i].label)
				p.it.h = fmin(3 * RULER_H,
				    fmax(p.it.h, ruler_depth(sh, &p)));
			p.it.group = (int)i + 1;
			XPUSH(sh->pc, sh->npc, sh->cappc, p);
		}
	}
	return 0;
}

/* The size most bases have (the first unit's when there are none). */
static struct bl_size
common_size(const struct sheet *sh, const struct bl_size *forced)
{
	struct bl_size best = { BL_RECT, 25, 25 };
	size_t i, j, most = 0;

	if (sh->rs->nunits > 0)
		unit_size(sh, 0, forced, &best);
	for (i = 0; i < sh->npc; i++) {
		size_t same = 0;

		if (sh->pc[i].kind != PC_BASE)
			continue;
		for (j = 0; j < sh->npc; j++)
			same += sh->pc[j].kind == PC_BASE &&
			    fabs(sh->pc[j].size.w - sh->pc[i].size.w) < 1e-6 &&
			    fabs(sh->pc[j].size.d - sh->pc[i].size.d) < 1e-6;
		if (same > most) {
			most = same;
			best = sh->pc[i].size;
		}
	}
	return best;
}

/*
 * Add the status markers, sized to the bases: as wide as the commonest
 * base (at least 20 mm, for the words) and half as deep (at least 10 mm);
 * a quarter as many of each as there are bases, and at least two.
 */
static void
add_markers(struct sheet *sh, const struct bl_size *forced)
{
	struct bl_size sz = common_size(sh, forced);
	size_t i, nb = 0, own;
	int k, n;

	for (i = 0; i < sh->npc; i++)
		nb += sh->pc[i].kind == PC_BASE;
	sh->nmarkers = bl_markers(sh->rs, &sh->markers);
	/* The ruleset's own markers come last, each on its colour. */
	own = sh->nmarkers - sh->rs->nmarkers;
	n = (int)((nb + 3) / 4);
	if (n < 2)
		n = 2;
	sz.shape = BL_RECT;
	sz.w = fmax(sz.w, 20);
	sz.d = fmax(sz.d / 2, 10);
	for (i = 0; i < sh->nmarkers; i++)
		for (k = 0; k < n; k++) {
			struct piece p;

			memset(&p, 0, sizeof(p));
			p.kind = PC_MARKER;
			p.text = sh->markers[i];
			p.fill = i >= own ? (int)sh->rs->markers[i - own].rgb :
			                    -1;
			p.size = sz;
			p.it.w = sz.w;
			p.it.h = sz.d;
			if (fits_page(sh, p.it.w, p.it.h))
				XPUSH(sh->pc, sh->npc, sh->cappc, p);
		}
}

/* Pack every piece; returns the page count or -1. */
static int
pack(struct sheet *sh)
{
	struct bl_item *it = xcalloc(sh->npc ? sh->npc : 1, sizeof(*it));
	size_t i, bad = 0;
	int n;

	for (i = 0; i < sh->npc; i++)
		it[i] = sh->pc[i].it;
	n = bl_pack(it, sh->npc, &sh->page, GAP, &bad);
	if (n < 0)
		too_big(sh, nopos(), "a piece", it[bad].w, it[bad].h);
	else
		for (i = 0; i < sh->npc; i++)
			sh->pc[i].it = it[i];
	free(it);
	return n;
}

/* ---- drawing ---- */

/* Measure markup at size_pt, wrapped at width (<= 0: not wrapped): the
 * widest line and the height (mm). */
static void
measure(void *ctx, const char *markup, double size_pt, double width, double *w,
    double *h)
{
	cairo_t *cr = ctx;
	struct rnd_font f = { FONT, size_pt, 0, 0 };
	PangoLayout *l = rnd_layout_new(cr, &f, 0);
	PangoLayoutIter *li;
	PangoRectangle lr;
	double k;

	if (width > 0) {
		rnd_layout_set_width(l, width);
		pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	}
	rnd_layout_markup(l, markup);
	k = rnd_layout_scale(l);
	*w = 0;
	li = pango_layout_get_iter(l);
	do {
		pango_layout_iter_get_line_extents(li, NULL, &lr);
		if ((double)lr.width / PANGO_SCALE * k > *w)
			*w = (double)lr.width / PANGO_SCALE * k;
	} while (pango_layout_iter_next_line(li));
	pango_layout_iter_free(li);
	rnd_layout_size(l, NULL, h);
	g_object_unref(l);
}

/*
 * Fit candidates into a w x h box: sizes down to LABEL_OK_PT over all
 * candidates first, then down to LABEL_MIN_PT.
 */
static struct bl_fit
fit(cairo_t *cr, const char *const *cand, int n, double w, double h)
{
	struct bl_fit f;

	f = bl_label_fit(cand, n, w, h, LABEL_PT, LABEL_OK_PT, measure, cr);
	if (f.candidate < 0)
		f = bl_label_fit(cand, n, w, h, LABEL_OK_PT - 0.25,
		    LABEL_MIN_PT, measure, cr);
	f.shrunk = f.candidate >= 0 && f.size_pt < LABEL_PT - 1e-6;
	return f;
}

/*
 * Draw markup centred (align 1) or left (0) in box (x, y, w, h), wrapped
 * at w, vertically centred; records the drawn box in *out.
 */
static void
draw_text_box(cairo_t *cr, const char *markup, double size_pt, int align,
    double x, double y, double w, double h, struct bl_rect *out)
{
	struct rnd_font f = { FONT, size_pt, 0, 0 };
	PangoLayout *l = rnd_layout_new(cr, &f, 0);
	double tw, th;

	rnd_layout_set_width(l, w);
	pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	pango_layout_set_alignment(l,
	    align ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
	rnd_layout_markup(l, markup);
	measure(cr, markup, size_pt, w, &tw, &th);
	rnd_layout_draw(cr, l, x, y + (h - th) / 2);
	g_object_unref(l);
	if (out != NULL) {
		out->w = tw;
		out->h = th;
		out->x = align ? x + (w - tw) / 2 : x;
		out->y = y + (h - th) / 2;
	}
}

/* The cut outline of a base footprint at (x, y). */
static void
outline(cairo_t *cr, const struct bl_size *s, double x, double y)
{
	if (s->shape == BL_RECT) {
		cairo_rectangle(cr, x, y, s->w, s->d);
		return;
	}
	cairo_save(cr);
	cairo_translate(cr, x + s->w / 2, y + s->d / 2);
	cairo_scale(cr, s->w / 2, s->d / 2);
	cairo_new_sub_path(cr);
	cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
	cairo_restore(cr);
}

/* Stroke the current path as a cut line. */
static void
cut(cairo_t *cr)
{
	rnd_set_rgb(cr, ink);
	cairo_set_line_width(cr, CUT_W);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_stroke(cr);
}

/* The label box of a base: its rear 45 %, inside the outline. */
static struct bl_rect
label_area(const struct bl_size *s, double x, double y)
{
	struct bl_rect r;
	double pad = 1.0;

	if (s->shape == BL_RECT) {
		r.x = x + pad;
		r.w = s->w - 2 * pad;
		r.y = y + s->d * 0.55;
		r.h = s->d * 0.45 - pad;
	} else {
		/* Between 0.1 and 0.7 of the half-depth below the centre,
		 * where the ellipse is still 2 * sqrt(1 - 0.49) wide. */
		double a = s->w / 2, b = s->d / 2;

		r.w = 2 * a * sqrt(1 - 0.49) - 2 * pad;
		r.x = x + a - r.w / 2;
		r.y = y + b + 0.1 * b;
		r.h = 0.6 * b;
	}
	return r;
}

/* How a base size is named: in centimetres in a ruleset measured in them
 * when it is whole millimetres; else in inches when it is a whole number
 * of eighths of an inch; else in millimetres. */
static void
size_name(const struct sheet *sh, const struct bl_size *s, char *buf,
    size_t sz)
{
	double w8 = s->w / RND_IN_MM * 8, d8 = s->d / RND_IN_MM * 8;

	if (sh->unit == LEN_CM && fabs(s->w - round(s->w)) < 1e-6 &&
	    fabs(s->d - round(s->d)) < 1e-6)
		bl_size_format(buf, sz, s, LEN_CM);
	else
		bl_size_format(buf, sz, s,
		    fabs(w8 - floor(w8 + 0.5)) < 1e-6 &&
		            fabs(d8 - floor(d8 + 0.5)) < 1e-6 ?
		        LEN_IN :
		        LEN_MM);
}

/* A stat as a marker shows it: its label and value, a dash for none. */
static char *
stat_add(char *line, const char *sep, const char *label, const char *value)
{
	char *t = xasprintf("%s%s%s" NBSP "%s", line, sep, label,
	    *value != '\0' ? value : "\xe2\x80\x94");

	free(line);
	return t;
}

/* s with its spaces no-break spaces. Caller frees. */
static char *
nbsp_words(const char *s)
{
	size_t n = 0;
	const char *p;
	char *out, *o;

	for (p = s; *p != '\0'; p++)
		n += *p == ' ' ? 2 : 1;
	o = out = xmalloc(n + 1);
	for (p = s; *p != '\0'; p++)
		if (*p == ' ') {
			*o++ = '\xc2';
			*o++ = '\xa0';
		} else
			*o++ = *p;
	*o = '\0';
	return out;
}

/* The key stats of a unit from the facts its family gives (Move first,
 * the model's): long, two a line and its weapons with their ranges
 * under them unless its fire is a stat; and brief, one line, with the
 * short labels when more than two stats would crowd it. */
static void
unit_stats(const struct sheet *sh, const struct rs_unit *u, char **full,
    char **brief)
{
	const struct eng_show *f = eng_show_of(sh->rs);
	struct eng_fact v[ENG_MAX_FACTS + 1];
	char r[32], *w = NULL, *t, *nm;
	size_t n = 1, i, k;

	memset(v, 0, sizeof(v));
	v[0].key = "move";
	v[0].label = N_("Move");
	/* TRANSLATORS: Move in one or two letters, on a unit marker of the
	 * scenario map. */
	v[0].brief = N_("Mv");
	eng_len_label(v[0].value, sizeof(v[0].value), u->move_mm, sh->unit);
	if (f->unit_facts != NULL)
		n += f->unit_facts(sh->rs, u, v + 1);
	*full = xstrdup("");
	*brief = xstrdup("");
	for (i = 0; i < n; i++) {
		const char *sep = i == 0 ? "" : i % 2 ? " \xc2\xb7 " : "\n";

		*full = stat_add(*full, sep, _(v[i].label), v[i].value);
		if (n > 2)
			*brief = stat_add(*brief, i ? " " : "",
			    _(v[i].brief != NULL ? v[i].brief : v[i].label),
			    v[i].value);
	}
	if (n <= 2) {
		free(*brief);
		*brief = xstrdup(*full);
	}
	for (k = 0; !f->fire_is_stat && k < u->nweapons; k++) {
		const struct rs_weapon *wp = &sh->rs->weapons[u->weapons[k]];

		eng_len_label(r, sizeof(r), wp->range_mm, sh->unit);
		/* A weapon and its range on one line ("Hooked spear 2 cm"):
		 * the lines break between weapons. */
		nm = nbsp_words(wp->name);
		t = w ? xasprintf("%s, %s" NBSP "%s", w, nm, r) :
		        xasprintf("%s" NBSP "%s", nm, r);
		free(nm);
		free(w);
		w = t;
	}
	if (w != NULL) {
		t = xasprintf("%s\n%s", *full, w);
		free(*full);
		free(w);
		*full = t;
	}
}

/* Warn (once per unit) that a base label had to shrink or shorten, and
 * how. */
static void
label_warning(struct sheet *sh, const struct piece *p, const struct bl_fit *f,
    const char *ab1, const char *ab2)
{
	/* By candidate: what was done, and whether the shortened name
	 * follows it. */
	static const struct {
		const char *text;
		int named;
	} how[] = { { "", 0 }, { "with its stats shortened", 0 },
		{ "with its name shortened to", 1 },
		{ "with its name shortened to", 1 },
		{ "without its stats", 0 }, { "shortened to", 1 } };
	const struct rs_unit *u = &sh->rs->units[p->unit];
	char buf[64], what[128], pt[16];

	sh->warned[p->unit] = 1;
	size_name(sh, &p->size, buf, sizeof(buf));
	if (f->candidate < 0) {
		diag_msg(sh->d, u->pos, MSG(LABEL_LEFT_OFF), u->name, buf);
		return;
	}
	if (how[f->candidate].named)
		snprintf(what, sizeof(what), "%s '%s'", how[f->candidate].text,
		    f->candidate == 2 ? ab1 : ab2);
	else
		snprintf(what, sizeof(what), "%s", how[f->candidate].text);
	fmt_double(pt, sizeof(pt), f->size_pt, 2);
	if (f->shrunk)
		diag_msg(sh->d, u->pos, MSG(LABEL_SET_PT_FIT_BASE), u->name,
		    pt, *what ? ", " : "", what, buf);
	else
		diag_msg(sh->d, u->pos, MSG(LABEL_PRINTED_FIT_BASE), u->name,
		    what, buf);
}

/* Draw the label of a base; warns once per unit when it had to shrink
 * or shorten it. */
static void
base_label(struct sheet *sh, cairo_t *cr, struct piece *p)
{
	const struct rs_unit *u = &sh->rs->units[p->unit];
	struct bl_rect a = label_area(&p->size, p->it.x, p->it.y);
	char *full, *brief, *ab1 = bl_abbrev(u->name, 1),
	                    *ab2 = bl_abbrev(u->name, 2), *name, *c[6];
	struct bl_fit f;
	int i;

	unit_stats(sh, u, &full, &brief);
	name = rnd_markup_escape(u->name);
	{
		char *e1 = rnd_markup_escape(ab1),
		     *e2 = rnd_markup_escape(ab2),
		     *ef = rnd_markup_escape(full),
		     *eb = rnd_markup_escape(brief);

		c[0] = xasprintf("<b>%s</b>\n%s", name, ef);
		c[1] = xasprintf("<b>%s</b>\n%s", name, eb);
		c[2] = xasprintf("<b>%s</b>\n%s", e1, eb);
		c[3] = xasprintf("<b>%s</b>\n%s", e2, eb);
		c[4] = xasprintf("<b>%s</b>", name);
		c[5] = xasprintf("<b>%s</b>", e2);
		free(e1);
		free(e2);
		free(ef);
		free(eb);
	}
	f = fit(cr, (const char *const *)c, 6, a.w, a.h);
	p->label.w = 0;
	if (f.candidate >= 0) {
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		draw_text_box(cr, c[f.candidate], f.size_pt, 1, a.x, a.y, a.w,
		    a.h, &p->label);
	}
	if (!sh->warned[p->unit] && (f.candidate != 0 || f.shrunk))
		label_warning(sh, p, &f, ab1, ab2);
	for (i = 0; i < 6; i++)
		free(c[i]);
	free(full);
	free(brief);
	free(name);
	free(ab1);
	free(ab2);
}

/* Figure-placement guides: a front mark and dotted file lines over the
 * front of the base, grey so they never pass for cut lines. */
static void
base_guides(cairo_t *cr, const struct piece *p)
{
	const struct bl_size *s = &p->size;
	double x = p->it.x, y = p->it.y, dash[] = { 0.4, 0.8 };
	int files = (int)floor(s->w / 12.5 + 0.5), i;

	if (files < 1)
		files = 1;
	cairo_save(cr);
	outline(cr, s, x, y);
	cairo_clip(cr);
	cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
	cairo_set_line_width(cr, 0.15);
	cairo_set_dash(cr, dash, 2, 0);
	for (i = 1; i < files; i++) {
		cairo_move_to(cr, x + s->w * i / files, y);
		cairo_line_to(cr, x + s->w * i / files, y + s->d * 0.55);
	}
	cairo_move_to(cr, x, y + s->d * 0.55);
	cairo_line_to(cr, x + s->w, y + s->d * 0.55);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_move_to(cr, x + s->w / 2 - 1.2, y + 0.4 + 1.6);
	cairo_line_to(cr, x + s->w / 2, y + 0.4);
	cairo_line_to(cr, x + s->w / 2 + 1.2, y + 0.4 + 1.6);
	cairo_close_path(cr);
	cairo_fill(cr);
	cairo_restore(cr);
}

/* The unit's mark (its picture, else its symbol: symbol.c) in the front
 * of its base, between the front mark and the label, so that a base is
 * known at a glance on the table. A base too shallow for it has none. */
static void
base_mark(struct sheet *sh, cairo_t *cr, const struct piece *p)
{
	const struct bl_size *s = &p->size;
	double top, h, w, maxw;

	if (s->shape == BL_RECT) {
		top = p->it.y + 2.4;
		h = s->d * 0.55 - 3.2;
		maxw = s->w - 4;
	} else {
		top = p->it.y + s->d * 0.14 + 1.0;
		h = s->d * 0.36 - 1.5;
		maxw = s->w * 0.55;
	}
	if (h < 3 || maxw < 4.5)
		return;
	if (rnd_pics_has(sh->pics, (size_t)p->unit)) {
		rnd_pic_draw(sh->pics, cr, (size_t)p->unit,
		    p->it.x + (s->w - maxw) / 2, top, maxw, h);
		return;
	}
	w = fmin(fmin(h * 0.8, 9.0) * 1.5, maxw);
	rnd_unit_mark(cr, sh->pics, sh->rs, (size_t)p->unit, RND_SIDE_ANY,
	    p->it.x + (s->w - w) / 2, top, w, h);
}

/* A base: guides under the label, the label, then the cut line on top. */
static void
draw_base(struct sheet *sh, cairo_t *cr, struct piece *p)
{
	if (sh->o->guides)
		base_guides(cr, p);
	base_mark(sh, cr, p);
	base_label(sh, cr, p);
	outline(cr, &p->size, p->it.x, p->it.y);
	cut(cr);
}

/* A movement tray: its cut line, the bases it holds dashed inside. */
static void
draw_tray(struct sheet *sh, cairo_t *cr, struct piece *p)
{
	double dash[] = { 1.0, 1.0 }, x = p->it.x, y = p->it.y;
	char *txt, *name = rnd_markup_escape(sh->rs->units[p->unit].name);
	int i;

	cairo_save(cr);
	cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
	cairo_set_line_width(cr, 0.15);
	cairo_set_dash(cr, dash, 2, 0);
	for (i = 0; i < p->per_tray; i++)
		outline(cr, &p->size, x + TRAY_LIP + i * p->size.w,
		    y + TRAY_LIP);
	cairo_stroke(cr);
	cairo_restore(cr);
	txt = xasprintf(_("Movement tray\n%d \xc3\x97 <b>%s</b>"), p->per_tray,
	    name);
	cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
	{
		const char *c[1] = { txt };
		struct bl_fit f = fit(cr, c, 1, p->it.w - 2 * TRAY_LIP - 2,
		    p->size.d - 2);

		if (f.candidate == 0)
			draw_text_box(cr, txt, f.size_pt, 1, x + TRAY_LIP + 1,
			    y + TRAY_LIP + 1, p->it.w - 2 * TRAY_LIP - 2,
			    p->size.d - 2, &p->label);
	}
	free(txt);
	free(name);
	cairo_rectangle(cr, x, y, p->it.w, p->it.h);
	cut(cr);
}

/* Ticks and numbers along the top (measuring) edge of a ruler piece. */
static void
ruler_ticks(struct sheet *sh, cairo_t *cr, const struct piece *p)
{
	double step = tick_mm(sh) / 2, t, x0 = p->it.x, y = p->it.y;
	struct rnd_font f = { FONT, ruler_pt, 0, 0 };
	long i, first = (long)ceil(p->span.from / step - 1e-6);
	char num[32];

	rnd_set_rgb(cr, ink);
	cairo_set_line_width(cr, 0.2);
	for (i = first; (t = i * step) <= p->span.to + 1e-6; i++) {
		double x = x0 + t - p->span.from;
		int major = i % 2 == 0;

		cairo_move_to(cr, x, y);
		cairo_line_to(cr, x, y + (major ? 5.0 : 3.0));
		cairo_stroke(cr);
		if (!major)
			continue;
		fmt_double(num, sizeof(num), t / len_unit_mm(sh->unit), 1);
		{
			PangoLayout *l = rnd_layout_new(cr, &f, 0);
			double w, h, lx;

			rnd_layout_text(l, num);
			rnd_layout_size(l, &w, &h);
			lx = x - w / 2;
			if (lx < x0 + 0.5)
				lx = x0 + 0.5;
			if (lx + w > x0 + p->it.w - 0.5)
				lx = x0 + p->it.w - 0.5 - w;
			rnd_layout_draw(cr, l, lx, y + 5.2);
			g_object_unref(l);
		}
	}
}

/* Join marks: a filled half-diamond on each joining end and its letter. */
static void
ruler_join(cairo_t *cr, const struct piece *p, int right, int letter)
{
	double x = right ? p->it.x + p->it.w : p->it.x,
	       y = p->it.y + p->it.h - 4.0, s = right ? -1 : 1;
	struct rnd_font f = { FONT, join_pt, 1, 0 };
	char txt[8];

	rnd_set_rgb(cr, ink);
	cairo_move_to(cr, x, y - 2.2);
	cairo_line_to(cr, x + s * 2.2, y);
	cairo_line_to(cr, x, y + 2.2);
	cairo_close_path(cr);
	cairo_fill(cr);
	snprintf(txt, sizeof(txt), "%c", 'A' + letter % 26);
	rnd_text(cr, &f, right ? x - 6.0 : x + 2.8, y - 1.6, 3.2,
	    right ? 2 : 0, 0, txt);
}

/* A ruler piece: ticks and numbers on its measuring edge, its length and
 * users, join marks where it meets the next piece, the cut line. */
static void
draw_ruler(struct sheet *sh, cairo_t *cr, struct piece *p)
{
	const struct bl_range *r = &sh->ranges[p->range];
	char len[32], *c[3];
	double lx = p->it.x + (p->part > 1 ? 7.0 : 1.5), lw;
	struct bl_fit f;
	int i;

	eng_len_label(len, sizeof(len), r->mm, sh->unit);
	lw = ruler_label(sh, p, c);
	ruler_ticks(sh, cr, p);
	f = fit(cr, (const char *const *)c, 3, lw, p->it.h - 9.2);
	if (f.candidate >= 0) {
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		draw_text_box(cr, c[f.candidate], f.size_pt, 0, lx,
		    p->it.y + 8.6, lw, p->it.h - 9.2, &p->label);
	}
	if (f.candidate != 0 && f.candidate != 1 && p->part == 1 &&
	    *r->label != '\0')
		diag_msg(sh->d, rs_pos(sh), MSG(RULER_LIST_USERS_LEFT_OFF),
		    len);
	if (p->part > 1)
		ruler_join(cr, p, 0, (int)(p->part - 2));
	if (p->part < p->nparts)
		ruler_join(cr, p, 1, (int)(p->part - 1));
	cairo_rectangle(cr, p->it.x, p->it.y, p->it.w, p->it.h);
	cut(cr);
	for (i = 0; i < 3; i++)
		free(c[i]);
}

/* A status marker: its word, as large as fits, and the cut line. */
static void
draw_marker(struct sheet *sh, cairo_t *cr, struct piece *p)
{
	char *t = rnd_markup_escape(p->text), *m = xasprintf("<b>%s</b>", t);
	const char *c[1] = { m };
	struct bl_fit f = bl_label_fit(c, 1, p->it.w - 2, p->it.h - 2, 8.0,
	    LABEL_MIN_PT, measure, cr);

	/* A colour of the ruleset's, with the word in black or white,
	 * whichever reads on it. */
	if (p->fill >= 0) {
		double r = (p->fill >> 16 & 0xff) / 255.0,
		       g = (p->fill >> 8 & 0xff) / 255.0,
		       b = (p->fill & 0xff) / 255.0;

		cairo_rectangle(cr, p->it.x, p->it.y, p->it.w, p->it.h);
		cairo_set_source_rgb(cr, r, g, b);
		cairo_fill(cr);
		if (0.299 * r + 0.587 * g + 0.114 * b < 0.5)
			cairo_set_source_rgb(cr, 1, 1, 1);
		else
			cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	} else
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	if (f.candidate == 0)
		draw_text_box(cr, m, f.size_pt, 1, p->it.x + 1, p->it.y + 1,
		    p->it.w - 2, p->it.h - 2, &p->label);
	else
		diag_msg(sh->d, rs_pos(sh), MSG(MARKER_LEFT_BLANK), p->text);
	cairo_rectangle(cr, p->it.x, p->it.y, p->it.w, p->it.h);
	cut(cr);
	free(m);
	free(t);
}

/* Ticks inside a box edge every step mm, long every major. */
static void
box_ticks(cairo_t *cr, const struct bl_rect *b, double step, int major)
{
	int i, n = (int)(b->w / step + 0.5);

	for (i = 1; i < n; i++) {
		double x = b->x + i * step, t = i % major == 0 ? 3.0 : 1.5;

		cairo_move_to(cr, x, b->y + b->h);
		cairo_line_to(cr, x, b->y + b->h - t);
	}
	cairo_stroke(cr);
}

/* The two calibration boxes, with the print-at-100% warning in the first
 * and what the sheet is in the second. */
static void
draw_calibration(struct sheet *sh, cairo_t *cr, int page)
{
	struct rnd_font small = { FONT, cal_pt, 0, 0 };
	const struct bl_rect *a = &sh->cal[0], *b = &sh->cal[1];
	char *t, sz[64];

	cairo_save(cr);
	rnd_set_rgb(cr, ink);
	cairo_set_line_width(cr, 0.25);
	cairo_rectangle(cr, a->x, a->y, a->w, a->h);
	cairo_rectangle(cr, b->x, b->y, b->w, b->h);
	cairo_stroke(cr);
	cairo_set_line_width(cr, 0.15);
	box_ticks(cr, a, 1.0, 10);
	box_ticks(cr, b, RND_IN_MM / 8, 8);
	rnd_text(cr, &small, a->x + 1.5, a->y + 1.0, a->w - 3, 0, 1,
	    _("<b>100 mm</b> \xc2\xb7 <b>Print at 100% (\xe2\x80\x9c"
	      "actual size\xe2\x80\x9d)</b>, never \xe2\x80\x9c"
	      "fit to "
	      "page\xe2\x80\x9d: if this box is not 100 mm wide, the printer "
	      "has scaled the sheet and every piece on it."));
	t = rnd_markup_escape(sh->rs->title ? sh->rs->title : sh->rs->name);
	{
		char *m, *fr;
		const struct bl_size *s = NULL;
		size_t i;

		for (i = 0; i < sh->npc && s == NULL; i++)
			if (sh->pc[i].kind == PC_BASE)
				s = &sh->pc[i].size;
		if (s != NULL)
			size_name(sh, s, sz, sizeof(sz));
		fr = for_what(sh);
		m = xasprintf(
		    _("<b>4 in</b> \xc2\xb7 <b>%s</b>: bases%s%s%s, "
		      "range rulers and markers \xc2\xb7 sheet %d of %d. Cut on "
		      "the solid lines; rulers measure from their ends."),
		    t, s ? " " : "", s ? sz : "", fr, page, sh->npages);
		free(fr);
		rnd_text(cr, &small, b->x + 1.5, b->y + 1.0, b->w - 3, 0, 1,
		    m);
		free(m);
	}
	free(t);
	cairo_restore(cr);
}

/* Draw page n (1-based) of the sheets. */
static void
draw_page(struct sheet *sh, cairo_t *cr, int n)
{
	size_t i;

	rnd_figure_begin(cr,
	    _("Calibration bars: 100 mm and 4 in, to check "
	      "the print is at 100%"));
	draw_calibration(sh, cr, n);
	rnd_figure_end(cr);
	for (i = 0; i < sh->npc; i++) {
		struct piece *p = &sh->pc[i];
		char *alt, len[32], w[32], dd[32];

		if (p->it.page != n - 1)
			continue;
		/* For a screen reader: what the piece is, and its size. */
		len_format_as(w, sizeof(w), p->size.w, sh->unit, 1);
		len_format_as(dd, sizeof(dd), p->size.d, sh->unit, 1);
		switch (p->kind) {
		case PC_BASE:
			alt = xasprintf(_("Base of %s, %s × %s"),
			    sh->rs->units[p->unit].name, w, dd);
			break;
		case PC_TRAY:
			alt = xasprintf(_("Movement tray of %d %s bases"),
			    p->per_tray, sh->rs->units[p->unit].name);
			break;
		case PC_RULER:
			len_format_as(len, sizeof(len),
			    sh->ranges[p->range].mm, sh->unit, 1);
			alt = xasprintf(_("Ruler of %s: %s"), len,
			    sh->ranges[p->range].label);
			break;
		case PC_MARKER:
		default:
			alt = xasprintf(_("Marker: %s"),
			    p->text != NULL ? p->text : "");
			break;
		}
		rnd_figure_begin(cr, alt);
		free(alt);
		cairo_save(cr);
		switch (p->kind) {
		case PC_BASE:
			draw_base(sh, cr, p);
			break;
		case PC_TRAY:
			draw_tray(sh, cr, p);
			break;
		case PC_RULER:
			draw_ruler(sh, cr, p);
			break;
		case PC_MARKER:
			draw_marker(sh, cr, p);
			break;
		}
		cairo_restore(cr);
		rnd_figure_end(cr);
	}
}

/* ---- the layout as text, for tests ---- */

static void
dump_num(FILE *fp, double v)
{
	char b[32];

	fmt_double(b, sizeof(b), v, 3);
	fprintf(fp, "\t%s", b);
}

/* One line per page and per piece:
 * KIND PAGE X Y W H LX LY LW LH SHAPE NAME (tab-separated, mm). */
static void
dump(const struct sheet *sh, FILE *fp)
{
	static const char *kinds[] = { "base", "tray", "ruler", "marker" };
	static const char *shapes[] = { "rect", "round", "oval" };
	size_t i;
	int k;

	for (k = 0; k < sh->npages; k++) {
		fprintf(fp, "page\t%d", k + 1);
		dump_num(fp, 0);
		dump_num(fp, 0);
		dump_num(fp, sh->pw);
		dump_num(fp, sh->ph);
		dump_num(fp, MARGIN);
		fputc('\n', fp);
		for (i = 0; i < 2; i++) {
			fprintf(fp, "calibration\t%d", k + 1);
			dump_num(fp, sh->cal[i].x);
			dump_num(fp, sh->cal[i].y);
			dump_num(fp, sh->cal[i].w);
			dump_num(fp, sh->cal[i].h);
			fputc('\n', fp);
		}
	}
	for (i = 0; i < sh->npc; i++) {
		const struct piece *p = &sh->pc[i];

		fprintf(fp, "%s\t%d", kinds[p->kind], p->it.page + 1);
		dump_num(fp, p->it.x);
		dump_num(fp, p->it.y);
		dump_num(fp, p->it.w);
		dump_num(fp, p->it.h);
		dump_num(fp, p->label.x);
		dump_num(fp, p->label.y);
		dump_num(fp, p->label.w);
		dump_num(fp, p->label.h);
		fprintf(fp, "\t%s",
		    p->kind == PC_BASE ? shapes[p->size.shape] : "rect");
		if (p->kind == PC_BASE || p->kind == PC_TRAY)
			fprintf(fp, "\t%s\n", sh->rs->units[p->unit].name);
		else if (p->kind == PC_RULER) {
			dump_num(fp, p->span.from);
			dump_num(fp, p->span.to);
			dump_num(fp, sh->ranges[p->range].mm);
			fprintf(fp, "\t%d/%d\t%s\n", p->part, p->nparts,
			    sh->ranges[p->range].label);
		} else
			fprintf(fp, "\t%s\n", p->text);
	}
}

/* Gather and pack everything; returns 0 or -1 (error in diags). */
static int
sheet_layout(struct sheet *sh)
{
	struct bl_size forced;
	const char *why;

	if (sh->o->base != NULL &&
	    bl_size_parse(sh->o->base, &forced, &why) == -1) {
		diag_msg(sh->d, nopos(), MSG(BASE_OPTION_BAD), sh->o->base,
		    why);
		return -1;
	}
	if (sheet_paper(sh) == -1 ||
	    add_bases(sh, sh->o->base ? &forced : NULL) == -1 ||
	    (sh->o->rulers && add_rulers(sh) == -1))
		return -1;
	if (sh->o->markers)
		add_markers(sh, sh->o->base ? &forced : NULL);
	if (sh->npc == 0) {
		diag_msg(sh->d, nopos(),
		    MSG(NOTHING_TO_PRINT_NO_UNITS_IN_BATTLE));
		return -1;
	}
	return (sh->npages = pack(sh)) < 0 ? -1 : 0;
}

int
rnd_bases(const struct ruleset *rs, const char *path,
    const struct rnd_bases_opts *o, struct diags *d)
{
	struct sheet sh;
	struct rnd_meta meta;
	struct rnd_doc *doc;
	struct rnd_bases_opts with;
	struct rs_node *t;
	char *title = NULL, label[32], *tfile = NULL;
	int n, rc = -1;

	if ((t = rnd_template_load(o->tmpl, "bases", &tfile, d)) == NULL)
		return -1;
	if (bases_look(t, o, &with, d) == -1) {
		rs_node_free(t);
		free(tfile);
		return -1;
	}
	memset(&sh, 0, sizeof(sh));
	sh.rs = rs;
	sh.o = &with;
	sh.d = d;
	/* Its labels and rulers in the ruleset's measure (feet in inches). */
	sh.unit = rs->measure == LEN_IN || rs->measure == LEN_FT ? LEN_IN :
	    rs->measure == LEN_CM                                ? LEN_CM :
	                                                           LEN_MM;
	sh.warned = xcalloc(rs->nunits + 1, 1);
	sh.pics = rnd_pics_new(rs, d, &n);
	if (n > 0 || sheet_layout(&sh) == -1)
		goto out;
	title = xasprintf(_("%s \xe2\x80\x94 bases, rulers and markers"),
	    rs->title ? rs->title : rs->name);
	memset(&meta, 0, sizeof(meta));
	meta.title = title;
	meta.author = rs->author;
	meta.subject = _("Print at 100% (actual size): true-scale base "
	                 "templates, range rulers and markers");
	doc = rnd_doc_new(path, &meta, d);
	rnd_doc_set_print_at_scale(doc);
	for (n = 1; n <= sh.npages; n++) {
		cairo_t *cr = rnd_doc_page_begin(doc, sh.pw, sh.ph, 0);

		snprintf(label, sizeof(label), _("Sheet %d"), n);
		rnd_doc_outline(doc, 0, label, 0);
		draw_page(&sh, cr, n);
		rnd_doc_page_end(doc);
	}
	rc = rnd_doc_close(doc);
	if (o->dump != NULL)
		dump(&sh, o->dump);
out:
	free(title);
	free(sh.pc);
	free(sh.warned);
	rnd_pics_free(sh.pics);
	bl_ranges_free(sh.ranges, sh.nranges);
	bl_markers_free(sh.markers, sh.nmarkers);
	/* The font's name points into the template. */
	rs_node_free(t);
	free(tfile);
	return rc;
}
