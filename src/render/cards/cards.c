/*
 * cards.c: one card per unit type — name band in the class colour, stat
 * boxes, weapons with ranges, traits, notes and (when the CLI hands them
 * over) the odds against each enemy type — laid out n-up on the sheet
 * with crop marks, optional bleed and optional mirrored backs for duplex.
 * templates/unit-cards.yaml decides the look.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../engine/engine.h"
#include "card_fields.h"
#include "../internal.h"

#define NBSP "\xc2\xa0"

/* Cards narrower than this (mini, 44.45 mm) give each weapon one cell of
 * the whole width. */
#define CARD_NARROW_MM 50.0

const struct rnd_card_size rnd_card_sizes[] = {
	{ "poker", 63.5, 88.9 },
	{ "bridge", 57.15, 88.9 },
	{ "tarot", 70, 120 },
	{ "mini", 44.45, 63.5 },
	{ "index", 76.2, 127 },
	{ NULL, 0, 0 },
};

struct cards {
	const struct ruleset *rs;
	const struct rs_node *tmpl;
	const struct rnd_opts *opts;
	struct diags *dg;
	struct rnd_style st;
	double cw, ch, bleed, safe, band_h, frame;
	double crop_len, crop_off;
	unsigned cls_rgb[RS_CLASS__MAX];
	unsigned own_rgb[RS_MAX_OWN_CLASSES]; /* the game's own classes' */
	int backs;
	int odds_caption;      /* a narrow card's odds under a caption (see
			     card_odds_narrow) */
	int single;            /* one card per page, TrimBox/BleedBox set */
	const char *card_name; /* "poker", "mini", "60x90mm" */
	struct rnd_pics *pics; /* the units' pictures */
	double last_pt; /* body size the last card took (a first guess) */
	/* One body size for the deck (cards_measure): the body's, and each
	 * flowing field's by its index; 0 before it is known. measuring:
	 * the first pass, which draws nothing and says nothing. */
	double deck_pt, field_pt[RND_CF_MAX];
	double field_meas[RND_CF_MAX]; /* the least each field took */
	int measuring;
	/* The template's fields: (card_fields.h); none: the layout above. */
	struct rnd_card_layout lay;
	unsigned skip; /* CP_ parts card_body leaves out (one field's flow) */
	int no_odds;   /* the layout has no odds: weapon notes keep room */
	int page;      /* the page being drawn, from 1 (for --dump) */
	size_t *sel, nsel; /* --unit: the units printed; nsel 0: all */
	/* The backs' look: the template's back: (cards_back_setup); none:
	 * the class colour, the short title and the class. */
	struct {
		int set;           /* the template has a back: */
		int own_rgb;       /* colour: a colour, not the class's */
		unsigned rgb, ink; /* the ground; the title, line, pattern */
		const char *title; /* NULL: the short title; "": none */
		int pattern;       /* BACK_ */
		struct rnd_pics *pic; /* its picture, unit 0; or NULL */
	} back;
};

/* The patterns of a back, as back: pattern: names them. */
enum { BACK_NONE, BACK_STRIPES, BACK_DOTS, BACK_GRID, BACK_CHECKS };
static const char *const back_patterns[] = { "none", "stripes", "dots", "grid",
	"checks", NULL };

/* The parts of a card's body, for struct cards' skip. */
#define CP_STATS 1u
#define CP_WEAPONS 2u
#define CP_TRAITS 4u
#define CP_NOTES 8u
#define CP_ODDS 16u

/*
 * The class colours: the six known classes' (infantry, artillery,
 * vehicle, cavalry, elephant, chariot), then six for the game's own.
 * Any two are at least 20 apart in CIEDE2000, and 10 apart as a reader
 * with protanopia or deuteranopia sees them (Machado 2009), and white
 * on each has a contrast of 4.5 or more (tests/unit/test_card_colours.c).
 */
const unsigned rnd_class_palette[RND_CLASS_PALETTE] = { 0x19753f, 0x86014b,
	0x173589, 0x614700, 0x595466, 0xc24e57, 0x0a4040, 0xb1529d, 0x747b09,
	0x1378d3, 0x552f26, 0x5d7676 };

/* A unit's class colour: the template's (or default) for a known class;
 * for a class of the game's own, the template's (class-colours: by its
 * name), else the palette's by order of first appearance. */
static unsigned
card_rgb(const struct cards *c, const struct rs_unit *u)
{
	if (u->cls_free > 0)
		return c
		    ->own_rgb[(size_t)(u->cls_free - 1) % RS_MAX_OWN_CLASSES];
	return c->cls_rgb[(unsigned)u->cls < RS_CLASS__MAX ? u->cls : 0];
}

/* The stat boxes of one card, as a custom flow block: the family's
 * stats, the game's own, or both in one grid. */
struct statrow {
	const struct cards *c;
	struct rnd_stat st[RND_MAX_STATS + RS_MAX_OWN_STATS];
	size_t n;
	/* Boxes from this one on are the game's own stats: values as
	 * written, rows of <= 4; n: none. */
	size_t own_from;
	unsigned rgb;
	double body_pt;         /* the flow's full body size */
	double fit_for, fit_pt; /* stat_fit's answer for a size (cache) */
	/* Values too wide for a box on one line even at the least size (a
	 * game's own words, "5, 3 against cavalry"): they wrap at that
	 * size, and do not hold the others down to it. */
	char wrap[RND_MAX_STATS + RS_MAX_OWN_STATS];
};

/* A stat value as markup for a layout in font f: the number large, a
 * unit after it at small_pt. */
static char *
stat_markup(const char *v, const struct rnd_font *f, double small_pt)
{
	const char *sp = strrchr(v, ' ');
	char *num, *e, *u, *r;

	if (sp == NULL)
		return rnd_markup_escape(v);
	num = xstrndup(v, (size_t)(sp - v));
	e = rnd_markup_escape(num);
	u = rnd_markup_escape(sp + 1);
	r = xasprintf("%s<span size=\"%d\" weight=\"normal\"> %s</span>", e,
	    rnd_markup_size(f, small_pt), u);
	free(num);
	free(e);
	free(u);
	return r;
}

/* A box's value as markup: a family's stat splits its unit off; the
 * game's own is its words as written. */
static char *
box_markup(const struct statrow *sr, size_t i, const struct rnd_font *f,
    double small_pt)
{
	if (i >= sr->own_from)
		return rnd_markup_escape(sr->st[i].value);
	return stat_markup(sr->st[i].value, f, small_pt);
}

/* The widest value at a size (mm), of those that do not wrap. */
static double
stat_widest(const struct statrow *sr, const struct rnd_font *f)
{
	double wmax = 0, w;
	size_t i;

	for (i = 0; i < sr->n; i++) {
		char *mk;
		PangoLayout *l;

		if (sr->wrap[i])
			continue;
		mk = box_markup(sr, i, f, sr->c->st.min_pt);
		l = rnd_layout_memo(f, 0, 1, 0, 0, mk);
		rnd_layout_size(l, &w, NULL);
		g_object_unref(l);
		free(mk);
		if (w > wmax)
			wmax = w;
	}
	return wmax;
}

/* The largest value size (pt), in half points down to the minimum, at
 * which every value fits a box of width bw on one line, but those that
 * do not even at the minimum (marked in sr->wrap). Widths grow about in
 * proportion to the size, so this takes a guess and a check or two. */
static double
stat_fit(struct statrow *sr, const struct rnd_font *val, double bw)
{
	struct rnd_font f = *val;
	double wmax, next, w;
	size_t i;

	f.size_pt = sr->c->st.min_pt;
	for (i = 0; i < sr->n; i++) {
		char *mk = box_markup(sr, i, &f, sr->c->st.min_pt);
		PangoLayout *l = rnd_layout_memo(&f, 0, 1, 0, 0, mk);

		rnd_layout_size(l, &w, NULL);
		g_object_unref(l);
		free(mk);
		sr->wrap[i] = w > bw;
	}
	f = *val;
	while (f.size_pt > sr->c->st.min_pt &&
	    (wmax = stat_widest(sr, &f)) > bw) {
		next = floor(2 * f.size_pt * bw / wmax) / 2;
		f.size_pt = next < f.size_pt - 0.5 ? next : f.size_pt - 0.5;
	}
	return f.size_pt < sr->c->st.min_pt ? sr->c->st.min_pt : f.size_pt;
}

/* Boxes a row: a family's stats in one row; a grid with the game's own
 * (up to RS_MAX_OWN_STATS, and the family's with them) in as few rows
 * of at most four as hold them, filled evenly, so that eight fit a
 * poker card with readable labels. */
static size_t
boxes_per_row(const struct statrow *sr)
{
	size_t rows = (sr->n + 3) / 4;

	if (sr->own_from >= sr->n || rows <= 1)
		return sr->n;
	return (sr->n + rows - 1) / rows;
}

/* The layout of a stat box's name for a box w mm wide: the first of the
 * name and the short name in f, then in the condensed fc, that fits on
 * one line; else the short name in fc, cut short. Caller unrefs. */
static PangoLayout *
stat_label(const struct rnd_font *f, const struct rnd_font *fc,
    const struct rnd_stat *st, double w)
{
	const struct rnd_font *font[] = { f, f, fc, fc };
	const char *text[] = { st->label, st->abbr, st->label, st->abbr };
	PangoLayout *l;
	double lw;
	size_t k;

	for (k = 0; k < 4; k++) {
		l = rnd_layout_memo(font[k], 0, 0, 1, 0, text[k]);
		rnd_layout_size(l, &lw, NULL);
		g_object_unref(l);
		if (lw <= w)
			break;
	}
	if (k == 4)
		k = 3;
	return rnd_layout_memo(font[k], w, 0, 1, 1, text[k]);
}

/* Draws (when draw) the stat boxes, all of one height; returns the height
 * of their rows (mm). */
static double
stat_boxes(cairo_t *cr, void *arg, double x, double y, double w, double scale,
    int draw)
{
	struct statrow *sr = arg;
	const struct rnd_style *st = &sr->c->st;
	struct rnd_font lab = { st->font, st->min_pt, 0, 0 };
	struct rnd_font labc = { st->head_font, st->min_pt, 0, 0 };
	struct rnd_font val = { st->head_font, sr->body_pt * scale * 1.6, 1,
		0 };
	struct rnd_font small = { st->head_font, st->min_pt, 1, 0 };
	double gap = 1.2, bw, h = 0, lh[RS_MAX_OWN_STATS + RND_MAX_STATS], vh;
	PangoLayout *l[RS_MAX_OWN_STATS + RND_MAX_STATS];
	PangoLayout *v[RS_MAX_OWN_STATS + RND_MAX_STATS];
	size_t i, per, rows;

	if (sr->n == 0)
		return 0;
	per = boxes_per_row(sr);
	rows = (sr->n + per - 1) / per;
	if (val.size_pt < st->min_pt)
		val.size_pt = st->min_pt;
	bw = (w - gap * (per - 1)) / per;
	/* Measuring and drawing ask at the same size: fit once. */
	if (sr->fit_for != val.size_pt) {
		sr->fit_pt = stat_fit(sr, &val, bw - 0.6);
		sr->fit_for = val.size_pt;
	}
	val.size_pt = sr->fit_pt;
	for (i = 0; i < sr->n; i++) {
		const struct rnd_font *vf = sr->wrap[i] ? &small : &val;
		char *mk = box_markup(sr, i, vf, st->min_pt);

		/* A box too narrow for the name takes the short one ("Road"
		 * for "Road move", "Fire" for "Fire dice"), then either in
		 * the condensed heading font ("Toughness" on a mini card):
		 * cut short only when none fits. */
		l[i] = stat_label(&lab, &labc, &sr->st[i], bw - 0.6);
		v[i] = rnd_layout_memo(vf, bw - 0.6, 1, 1, 0, mk);
		free(mk);
		rnd_layout_size(l[i], NULL, &lh[i]);
		rnd_layout_size(v[i], NULL, &vh);
		if (lh[i] + vh + 1.6 > h)
			h = lh[i] + vh + 1.6;
	}
	for (i = 0; i < sr->n; i++) {
		double bx = x + (i % per) * (bw + gap);
		double by = y + (i / per) * (h + gap);

		if (draw) {
			rnd_set_rgb(cr, st->shade);
			cairo_rectangle(cr, bx, by, bw, h);
			cairo_fill(cr);
			rnd_set_rgb(cr, sr->rgb);
			cairo_rectangle(cr, bx, by, bw, 0.5);
			cairo_fill(cr);
			rnd_set_rgb(cr, 0x555555);
			rnd_layout_draw(cr, l[i], bx + 0.3, by + 0.8);
			rnd_set_rgb(cr, st->text);
			rnd_layout_draw(cr, v[i], bx + 0.3, by + 0.8 + lh[i]);
		}
		g_object_unref(l[i]);
		g_object_unref(v[i]);
	}
	return rows * h + (rows - 1) * gap;
}

/* Replace *s (malloc'd) by a copy whose spaces are no-break spaces. */
static void
nbsp(char **s)
{
	size_t n = 0, i, k = 0;
	char *t;

	for (i = 0; (*s)[i] != '\0'; i++)
		n += (*s)[i] == ' ';
	t = xmalloc(i + n + 1);
	for (i = 0; (*s)[i] != '\0'; i++)
		if ((*s)[i] == ' ') {
			t[k++] = '\xc2';
			t[k++] = '\xa0';
		} else
			t[k++] = (*s)[i];
	t[k] = '\0';
	free(*s);
	*s = t;
}

/* A weapon's own stats as markup for under its name on a card,
 * "\n<i>Heading</i> value · …"; "" when the ruleset has none. A card has
 * no room for more columns. run: they go on after the name instead,
 * " · <i>Heading</i> value …", a line breaking only after a dot, never
 * between a heading and its value. */
static char *
card_weapon_own(const struct ruleset *rs, const struct rs_weapon *w, int run)
{
	struct rnd_stat st[RS_MAX_OWN_STATS];
	char *s = xstrdup(""), *t, *h, *v;
	size_t k, n = rnd_own_stats(rs, &rs->weapon_own, w->own, st);

	for (k = 0; k < n; k++) {
		h = rnd_markup_escape(st[k].label);
		v = rnd_markup_escape(st[k].value);
		if (run) {
			nbsp(&h);
			nbsp(&v);
			t = xasprintf("%s" NBSP "\xc2\xb7 <i>%s</i>" NBSP "%s",
			    s, h, v);
		} else
			t = xasprintf("%s%s<i>%s</i> %s", s,
			    k ? " \xc2\xb7 " : "\n", h, v);
		free(h);
		free(v);
		free(s);
		s = t;
	}
	return s;
}

/*
 * The weapons table of a unit (none when it has no weapons): name,
 * range, and the faces it hits on when the family shows them. Without
 * those, a weapon's own stats (Attacks, To hit …) say how it strikes,
 * and the range runs on with them after the name, each labelled, across
 * the whole width: beside a Range column they wrapped under the name, a
 * line or two more a weapon, and a header over labelled lines says
 * nothing — lines the odds panel needs.
 */
static void
card_weapons(struct cards *c, const struct rs_unit *u, struct rnd_flow *f)
{
	const struct ruleset *rs = c->rs;
	int fp = eng_show_of(rs)->weapon_destroys;
	int faces = eng_show_of(rs)->weapon_hits_on;
	/* A narrow card (mini) runs on too: its Range and Hits on columns
	 * left the name a third of the width, "destroys infantry,
	 * artillery" three lines, and no room for the odds. */
	int run = (!faces && rs->weapon_own.n > 0) || c->cw < CARD_NARROW_MM;
	size_t nc = run ? 1 : faces ? 3 : 2, i, n = 1;
	char **cells = xcalloc((u->nweapons + 1) * nc, sizeof(char *));
	char buf[512], *e, *d, *o, *r, *head;
	int ind;

	cells[0] = xstrdup(_("Weapon"));
	if (!run)
		cells[1] = xstrdup(_("Range"));
	if (faces && !run)
		cells[2] = xstrdup(_("Hits on"));
	for (i = 0; i < u->nweapons; i++) {
		const struct rs_weapon *w;
		char **row = cells + n * nc;

		if (u->weapons[i] < 0 || (size_t)u->weapons[i] >= rs->nweapons)
			continue;
		w = &rs->weapons[u->weapons[i]];
		/* What it destroys goes under its name: four columns do not
		 * fit a poker card without breaking names. */
		rnd_classes(buf, sizeof(buf), w->destroys);
		e = rnd_markup_escape(w->name);
		d = rnd_markup_escape(buf);
		o = card_weapon_own(rs, w, run);
		rnd_len(rs, buf, sizeof(buf), w->range_mm);
		r = rnd_markup_escape(buf);
		if (run) {
			char *h = NULL;

			nbsp(&r);
			if (faces) {
				rnd_hits_on(buf, sizeof(buf), w);
				h = rnd_markup_escape(buf);
				nbsp(&h);
			}
			char *hl = xstrdup(_("Hits on"));

			nbsp(&hl);
			head = xasprintf("<b>%s</b>" NBSP
			                 "\xc2\xb7 <i>%s</i>" NBSP
			                 "%s%s%s%s%s%s",
			    e, _("Range"), r,
			    h != NULL ? NBSP "\xc2\xb7 <i>" : "",
			    h != NULL ? hl : "", h != NULL ? "</i>" NBSP : "",
			    h != NULL ? h : "", o);
			free(hl);
			free(h);
			free(r);
			free(o);
			r = NULL;
			o = xstrdup("");
		} else
			head = xasprintf("<b>%s</b>", e);
		ind = (w->traits & RS_WTRAIT_INDIRECT) != 0;
		row[0] = xasprintf("%s%s%s%s%s%s%s%s%s%s", head,
		    fp ? "\n<i>" : "", fp ? _("destroys") : "", fp ? " " : "",
		    fp ? d : "", fp ? "</i>" : "", ind ? "\n<i>" : "",
		    ind ? _("indirect fire") : "", ind ? "</i>" : "", o);
		free(head);
		free(e);
		free(d);
		free(o);
		if (!run)
			row[1] = r;
		if (faces && !run) {
			rnd_hits_on(buf, sizeof(buf), w);
			row[2] = rnd_markup_escape(buf);
		}
		n++;
	}
	/* Labelled weapons go without the header row. */
	if (n > 1)
		rnd_flow_table(f, u->pos, n - run, nc, cells + run * nc, !run);
	for (i = 0; i < n * nc; i++)
		free(cells[i]);
	free(cells);
}

/* What each block of a card's flow is, to say what was left out when a
 * card is too small for all of it. */
#define CARD_MAX_PARTS 32

struct card_part {
	size_t blk;                  /* its index in the flow */
	char *what;                  /* "the traits", "the weapons" */
	const struct rnd_odds *odds; /* the odds panel's, else NULL */
	int header;                  /* the odds table has a header row */
};

struct card_parts {
	struct card_part v[CARD_MAX_PARTS];
	size_t n;
};

/* Note what the flow's blocks from `from` on are (what: malloc'd, owned
 * after this call). */
static void
part_note(struct card_parts *cp, const struct rnd_flow *f, size_t from,
    char *what, const struct rnd_odds *odds)
{
	if (rnd_flow_count(f) > from && cp->n < CARD_MAX_PARTS) {
		cp->v[cp->n].blk = from;
		cp->v[cp->n].what = what;
		cp->v[cp->n].odds = odds;
		cp->v[cp->n].header = 1;
		cp->n++;
	} else
		free(what);
}

static void
parts_free(struct card_parts *cp)
{
	size_t i;

	for (i = 0; i < cp->n; i++)
		free(cp->v[i].what);
	cp->n = 0;
}

/*
 * Break a heading of several words at the space nearest its middle: a
 * table gives a column its heading's width on one line, so "melee roll
 * wins", bound to wrap, took the room the enemy names need and
 * "Saltburn Lancers" broke in two; on two lines of its own it wraps no
 * further.
 */
static void
two_lines(char *s)
{
	size_t n = strlen(s), i, best = 0, d, bd = n;

	for (i = 1; i + 1 < n; i++)
		if (s[i] == ' ') {
			d = 2 * i > n ? 2 * i - n : n - 2 * i;
			if (d < bd) {
				bd = d;
				best = i;
			}
		}
	if (best > 0)
		s[best] = '\n';
}

/* Whether the CLI handed an odds panel for this unit. */
static int
card_has_odds(const struct cards *c, const struct rs_unit *u)
{
	const struct rnd_odds_set *os = c->opts->odds;
	size_t i;

	for (i = 0; os != NULL && i < os->n; i++)
		if (os->v[i].subject != NULL &&
		    strcasecmp(os->v[i].subject, u->name) == 0)
			return 1;
	return 0;
}

/* The unit's notes, in italics. */
static void
card_notes(const struct rs_unit *u, struct rnd_flow *f, struct card_parts *cp)
{
	char *e, *mk;
	size_t at;

	if (u->notes == NULL || u->notes[0] == '\0')
		return;
	e = rnd_markup_escape(u->notes);
	mk = xasprintf("<i>%s</i>", e);
	at = rnd_flow_count(f);
	rnd_flow_para(f, u->pos, mk);
	part_note(cp, f, at, xstrdup("the notes"), NULL);
	free(mk);
	free(e);
}

/*
 * A narrow card's odds (mini): the column headings in a caption, then a
 * table of one line an enemy, its name and its odds. Under headings of
 * their own ("attack wounds", "melee roll wins") the header took three
 * lines and each name two, and a mini card had no room for one enemy
 * (Saltmarsh); here it shows as many as fit.
 */
static void
card_odds_narrow(const struct rs_unit *u, struct rnd_flow *f,
    const struct rnd_odds *o, struct card_parts *cp)
{
	size_t nc = o->ncols + 1, j, k, at;
	char **cells = xcalloc(o->nrows * nc, sizeof(char *));
	char *cap = rnd_markup_escape(o->title ? o->title : _("Odds against"));

	for (k = 0; k < o->ncols; k++) {
		char *e = rnd_markup_escape(o->cols[k]);
		char *t = xasprintf("%s%s%s", cap, k > 0 ? " \xc2\xb7 " : ": ",
		    e);

		free(cap);
		free(e);
		cap = t;
	}
	for (j = 0; j < o->nrows; j++) {
		cells[j * nc] = rnd_markup_escape(o->rows[j].label);
		for (k = 0; k < o->ncols; k++)
			cells[j * nc + 1 + k] = rnd_markup_escape(
			    o->rows[j].cells[k]);
	}
	rnd_flow_heading(f, u->pos, 3, cap);
	at = rnd_flow_count(f);
	rnd_flow_table(f, u->pos, o->nrows, nc, cells, 0);
	part_note(cp, f, at, xstrdup("the odds"), o);
	if (cp->n > 0 && cp->v[cp->n - 1].blk == at)
		cp->v[cp->n - 1].header = 0;
	for (k = 0; k < o->nrows * nc; k++)
		free(cells[k]);
	free(cells);
	free(cap);
}

/* Whether a family that plays gives no stat of its own, only the
 * model's moves (eng_show.stat NULL). */
static int
moves_alone(const struct eng_show *sh)
{
	return !sh->print_only && sh->stat == NULL;
}

/* The stat boxes said in words, for a screen reader: "Move 6, Melee
 * 3". */
static void
stats_alt(struct rnd_flow *f, const struct statrow *sr)
{
	GString *g = g_string_new(NULL);
	size_t i;

	for (i = 0; i < sr->n; i++)
		g_string_append_printf(g, "%s%s %s", i > 0 ? ", " : "",
		    sr->st[i].label, sr->st[i].value);
	rnd_flow_alt(f, g->str);
	g_string_free(g, TRUE);
}

/* The weapons, traits, notes and odds of a unit into a flow. */
static void
card_body(struct cards *c, const struct rs_unit *u, struct rnd_flow *f,
    struct statrow *sr, struct statrow *own, struct card_parts *cp)
{
	size_t at;
	const struct ruleset *rs = c->rs;
	const struct rnd_odds_set *os = c->opts->odds;
	char buf[128], *e, *mk;
	size_t i, j, k;

	sr->c = c;
	sr->body_pt = rnd_flow_style(f)->size_pt;
	sr->fit_for = -1;
	sr->n = rnd_unit_stats(rs, u, sr->st);
	sr->own_from = sr->n;
	sr->rgb = card_rgb(c, u);
	/* The game's own stats, after the ones its family plays: in the
	 * same grid when a family that plays gives none but the moves (Move
	 * alone would take a row the odds panel needs), else in a grid of
	 * their own. */
	*own = *sr;
	own->own_from = 0;
	own->n = rnd_own_stats(rs, &rs->unit_own, u->own, own->st);
	if (moves_alone(eng_show_of(rs))) {
		memcpy(sr->st + sr->n, own->st, own->n * sizeof(own->st[0]));
		sr->n += own->n;
		own->n = 0;
	}
	at = rnd_flow_count(f);
	if (!(c->skip & CP_STATS)) {
		rnd_flow_custom(f, u->pos, stat_boxes, sr);
		stats_alt(f, sr);
	}
	if (own->n > 0 && !(c->skip & CP_STATS)) {
		rnd_flow_custom(f, u->pos, stat_boxes, own);
		stats_alt(f, own);
	}
	part_note(cp, f, at, xstrdup("the stats"), NULL);
	at = rnd_flow_count(f);
	if (!(c->skip & CP_WEAPONS))
		card_weapons(c, u, f);
	part_note(cp, f, at, xstrdup("the weapons"), NULL);
	/* Weapon notes are the reference sheet's; a card gives their room to
	 * the odds panel when it has one. */
	for (i = 0; !(c->skip & CP_WEAPONS) &&
	     (c->no_odds || !card_has_odds(c, u)) && i < u->nweapons;
	     i++) {
		const struct rs_weapon *w;
		char *n;

		if (u->weapons[i] < 0 || (size_t)u->weapons[i] >= rs->nweapons)
			continue;
		w = &rs->weapons[u->weapons[i]];
		if (w->notes == NULL || w->notes[0] == '\0')
			continue;
		e = rnd_markup_escape(w->name);
		n = rnd_markup_escape(w->notes);
		mk = xasprintf("<b>%s.</b> %s%s", e, n,
		    n[strlen(n) - 1] == '.' ? "" : ".");
		at = rnd_flow_count(f);
		rnd_flow_para(f, w->pos, mk);
		part_note(cp, f, at, xasprintf("the note on %s", w->name),
		    NULL);
		free(mk);
		free(e);
		free(n);
	}
	if (u->traits != 0 && !(c->skip & CP_TRAITS)) {
		rnd_unit_traits(buf, sizeof(buf), u);
		e = rnd_markup_escape(buf);
		mk = xasprintf("<b>%s</b>  %s", _("Traits"), e);
		at = rnd_flow_count(f);
		rnd_flow_para(f, u->pos, mk);
		part_note(cp, f, at, xstrdup("the traits"), NULL);
		free(mk);
		free(e);
	}
	/* A narrow card keeps its odds before the unit's notes, which are
	 * left out first when it is full (and on the reference sheet). */
	if (c->cw >= CARD_NARROW_MM && !(c->skip & CP_NOTES))
		card_notes(u, f, cp);
	for (i = 0; !(c->skip & CP_ODDS) && os != NULL && i < os->n; i++) {
		const struct rnd_odds *o = &os->v[i];
		size_t nc = o->ncols + 1;
		char **cells;

		if (o->subject == NULL || strcasecmp(o->subject, u->name) != 0)
			continue;
		if (c->odds_caption && o->nrows > 0) {
			card_odds_narrow(u, f, o, cp);
			continue;
		}
		cells = xcalloc((o->nrows + 1) * nc, sizeof(char *));
		cells[0] = rnd_markup_escape(o->title ? o->title : _("Odds"));
		for (k = 0; k < o->ncols; k++)
			cells[1 + k] = rnd_markup_escape(o->cols[k]);
		/* Two columns of odds or more wrap their headings anyway. */
		for (k = 0; nc >= 3 && k < nc; k++)
			two_lines(cells[k]);
		for (j = 0; j < o->nrows; j++) {
			cells[(j + 1) * nc] = rnd_markup_escape(
			    o->rows[j].label);
			for (k = 0; k < o->ncols; k++)
				cells[(j + 1) * nc + 1 + k] =
				    rnd_markup_escape(o->rows[j].cells[k]);
		}
		at = rnd_flow_count(f);
		rnd_flow_table(f, u->pos, o->nrows + 1, nc, cells, 1);
		part_note(cp, f, at, xstrdup("the odds"), o);
		for (k = 0; k < (o->nrows + 1) * nc; k++)
			free(cells[k]);
		free(cells);
	}
	if (c->cw < CARD_NARROW_MM && !(c->skip & CP_NOTES))
		card_notes(u, f, cp);
}

/* A rectangle with rounded corners of radius r, as a path. */
static void
panel(cairo_t *cr, double x, double y, double w, double h, double r)
{
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

/* The ruleset's short title: up to a colon. */
static char *
short_title(const struct ruleset *rs)
{
	const char *t = rs->title != NULL ? rs->title : rs->name;
	const char *colon = strchr(t, ':');

	return colon != NULL ? xstrndup(t, (size_t)(colon - t)) : xstrdup(t);
}

/* Append ", s" (or " and s" when last) to *list (malloc'd or NULL). */
static void
list_add(char **list, const char *s, int last)
{
	char *t = *list == NULL ?
	    xstrdup(s) :
	    xasprintf("%s%s%s", *list, last ? " and " : ", ", s);

	free(*list);
	*list = t;
}

/*
 * Warn that a card was cut, naming what it has no room for: the enemies
 * whose odds are missing, the weapons, traits or notes, and the card
 * size, so that a user knows what a larger --card would show.
 */
static void
card_left_out(struct cards *c, const struct rnd_flow *f,
    const struct rs_unit *u, const struct card_parts *cp)
{
	struct rnd_placed pl[CARD_MAX_PARTS * 4];
	size_t npl = rnd_flow_placed(f, pl, sizeof(pl) / sizeof(pl[0]));
	size_t i, k, nparts = 0;
	/* The parts to name first, so that "and" goes before the last. */
	char *part[CARD_MAX_PARTS], *what = NULL, *names, pt[32];

	for (i = 0; i < cp->n; i++) {
		const struct card_part *p = &cp->v[i];
		int drawn = 0, units = -1;

		for (k = 0; k < npl; k++)
			if (pl[k].block == p->blk) {
				if (pl[k].b > drawn)
					drawn = pl[k].b;
				units = pl[k].units;
			}
		if (units >= 0 && drawn >= units)
			continue;
		if (p->odds != NULL) {
			/* Row 0 is the heading (if it has one); row r + 1
			 * the r-th enemy. */
			size_t h = p->header ? 1 : 0, m;
			size_t r = drawn > (int)h ? (size_t)drawn - h : 0;

			names = NULL;
			for (m = r; m < p->odds->nrows; m++)
				list_add(&names, p->odds->rows[m].label,
				    m + 1 == p->odds->nrows && m > r);
			part[nparts++] = names != NULL ?
			    xasprintf("the odds "
			              "against %s",
			        names) :
			    xstrdup("the odds");
			free(names);
		} else
			part[nparts++] = xasprintf("%s%s",
			    drawn > 0 ? "the rest of " : "", p->what);
	}
	/* Parts apart by semicolons: a list of enemies has its own "and". */
	for (i = 0; i < nparts; i++) {
		char *t = what == NULL ? xstrdup(part[i]) :
		                         xasprintf("%s; %s", what, part[i]);

		free(what);
		what = t;
		free(part[i]);
	}
	fmt_double(pt, sizeof(pt), c->st.min_pt, 2);
	diag_msg(c->dg, u->pos, MSG(CARD_DOES_NOT_FIT_EVEN), u->name, pt,
	    c->card_name, what != NULL ? what : "what follows");
	free(what);
}

/* The number of enemies whose odds the flow's last box showed. */
static int
card_odds_shown(const struct rnd_flow *f, const struct card_parts *cp)
{
	struct rnd_placed pl[CARD_MAX_PARTS * 4];
	size_t npl = rnd_flow_placed(f, pl, sizeof(pl) / sizeof(pl[0]));
	size_t i, k;
	int n = 0;

	for (i = 0; i < cp->n; i++) {
		int drawn = 0;

		if (cp->v[i].odds == NULL)
			continue;
		for (k = 0; k < npl; k++)
			if (pl[k].block == cp->v[i].blk && pl[k].b > drawn)
				drawn = pl[k].b;
		if (drawn > cp->v[i].header)
			n += drawn - cp->v[i].header;
	}
	return n;
}

/* A card's body as a flow, its odds under headings or (caption) under a
 * caption; what each block is goes to cp. */
static struct rnd_flow *
card_flow(struct cards *c, const struct rs_unit *u,
    const struct rnd_style *cst, struct statrow *sr, struct statrow *own,
    struct card_parts *cp, int caption)
{
	struct rnd_flow *f = rnd_flow_new(cst);
	char *t = xasprintf("card '%s'", u->name);

	rnd_flow_label(f, t);
	free(t);
	c->odds_caption = caption;
	card_body(c, u, f, sr, own, cp);
	c->odds_caption = 0;
	/* Cards are alike: the last card's size is the likely answer. */
	if (c->last_pt > 0)
		rnd_flow_guess(f, c->last_pt);
	return f;
}

/* Fit f into fr without drawing it; returns 1 when it was cut. */
static int
card_trial(struct rnd_flow *f, const struct rnd_frame *fr)
{
	cairo_surface_t *rec =
	    cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	struct diags dg = { 0 };
	int cut = rnd_flow_box(f, cr, fr, &dg) == -1;

	diags_free(&dg);
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
	return cut;
}

/*
 * The unit's mark on its card front at (x, y): a picture across the top
 * of the panel, under the band (returns the depth it takes, mm), or the
 * symbol at the band's right, in its height (*mw gets the width it takes
 * from the name).
 */
static double
card_mark(struct cards *c, cairo_t *cr, size_t ui, double x, double y,
    double *mw)
{
	double h = fmin(c->band_h - 3.0, 9.0), ph = c->ch * 0.2;

	*mw = 0;
	if (rnd_pics_has(c->pics, ui)) {
		if (!c->measuring)
			rnd_pic_draw(c->pics, cr, ui, x + c->safe,
			    y + c->band_h + 1.6, c->cw - 2 * c->safe, ph);
		return ph + 1.0;
	}
	if (h < 4.0)
		return 0;
	*mw = h * 1.5 + 1.5;
	if (!c->measuring)
		rnd_unit_symbol(cr, c->rs, ui, RND_SIDE_ANY,
		    x + c->cw - c->safe - h * 1.5, y + (c->band_h - h) / 2,
		    h * 1.5, h);
	return 0;
}

/* ---- a layout of fields (the template's fields:, card_fields.c) ---- */

/* The colour a field asks for (want: card_fields.h's), else dflt. */
static unsigned
field_rgb(const struct cards *c, const struct rs_unit *u, unsigned want,
    unsigned dflt)
{
	if (want == RND_CF_CLASS_RGB)
		return card_rgb(c, u);
	return want == RND_CF_NO_RGB ? dflt : want;
}

/* Fill field fd's box on the card at (x, y) with rgb: a box at an edge
 * of the trim runs on into the bleed, so that a cut a little off shows
 * no white. */
static void
field_fill(const struct cards *c, cairo_t *cr, const struct rnd_card_field *fd,
    double x, double y, unsigned rgb)
{
	double b = c->bleed, x0 = x + fd->x, y0 = y + fd->y;
	double x1 = x0 + fd->w, y1 = y0 + fd->h;

	if (fd->x < 1e-6)
		x0 -= b;
	if (fd->y < 1e-6)
		y0 -= b;
	if (fd->x + fd->w > c->cw - 1e-6)
		x1 += b;
	if (fd->y + fd->h > c->ch - 1e-6)
		y1 += b;
	rnd_set_rgb(cr, rgb);
	cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
	cairo_fill(cr);
}

/* Where the template places field fd, for messages ("line 14"). */
static char *
field_label(const struct rs_unit *u, const struct rnd_card_field *fd)
{
	return xasprintf("card '%s': field '%s' (%s:%d)", u->name,
	    rnd_cf_name(fd->kind), fd->pos.file, fd->pos.line);
}

/* A layout of text (markup when markup) in font f, wrapped at w when
 * w > 0, aligned as fd asks; caller unrefs. */
static PangoLayout *
field_layout(const struct rnd_card_field *fd, const struct rnd_font *f,
    double w, int markup, const char *text)
{
	PangoLayout *l = rnd_layout_new(NULL, f, w);

	if (fd->align == 1)
		pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	else if (fd->align == 2)
		pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
	if (markup)
		rnd_layout_markup(l, text);
	else
		rnd_layout_text(l, text);
	return l;
}

/*
 * Text in field fd's box at (x, y): at the largest size from f's down to
 * the least (half points) at which it fits on one line, else wrapped;
 * else at the least size, cut to the box with an ellipsis, and a warning
 * naming the card and the field: never past the box.
 */
static void
field_text(struct cards *c, cairo_t *cr, const struct rnd_card_field *fd,
    const struct rs_unit *u, double x, double y, struct rnd_font f, int markup,
    const char *text, struct pos gpos)
{
	double least = c->st.min_pt < 6 ? 6 : c->st.min_pt, top = f.size_pt;
	double w, h;
	PangoLayout *l = NULL;
	int pass, lines;

	if (text == NULL || text[0] == '\0')
		return;
	for (pass = 0; pass < 2 && l == NULL; pass++)
		for (f.size_pt = top; f.size_pt >= least - 1e-9;
		     f.size_pt -= 0.5) {
			l = field_layout(fd, &f, pass ? fd->w : 0, markup,
			    text);
			rnd_layout_size(l, &w, &h);
			if (w <= fd->w + 1e-6 && h <= fd->h + 1e-6)
				break;
			g_object_unref(l);
			l = NULL;
		}
	if (l == NULL) {
		char pt[32], *lab = field_label(u, fd);

		f.size_pt = least;
		l = field_layout(fd, &f, fd->w, markup, text);
		pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
		rnd_layout_size(l, NULL, &h);
		/* As many lines as the box holds (at least one, clipped to
		 * the box), the last ending in an ellipsis. */
		lines = (int)floor(
		    fd->h / (h / pango_layout_get_line_count(l)) + 1e-6);
		pango_layout_set_height(l, -(lines < 1 ? 1 : lines));
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
		rnd_layout_size(l, NULL, &h);
		fmt_double(pt, sizeof(pt), least, 2);
		diag_msg(c->dg, gpos, MSG(DOES_NOT_FIT_BOX_EVEN), lab, pt);
		free(lab);
	}
	rnd_layout_set_width(l, fd->w);
	rnd_glyph_check(l, gpos, c->dg);
	cairo_save(cr);
	cairo_rectangle(cr, x, y, fd->w, fd->h);
	cairo_clip(cr);
	y += fd->valign == 2 ? fd->h - h :
	    fd->valign == 1  ? (fd->h - h) / 2 :
	                       0;
	rnd_layout_draw(cr, l, x, y);
	cairo_restore(cr);
	g_object_unref(l);
}

/*
 * The body parts of field fd (all of them for 'body') as a flow in its
 * box at (x, y), shrunk to fit; what does not fit even at the least
 * size is left out with the flow's warning, which names the card and
 * the field. cst: the card's style.
 */
static void
field_flow(struct cards *c, cairo_t *cr, const struct rnd_card_field *fd,
    const struct rs_unit *u, double x, double y, const struct rnd_style *cst)
{
	static const unsigned part[RND_CF__MAX] = { [RND_CF_STATS] = CP_STATS,
		[RND_CF_WEAPONS] = CP_WEAPONS,
		[RND_CF_TRAITS] = CP_TRAITS,
		[RND_CF_NOTES] = CP_NOTES,
		[RND_CF_ODDS] = CP_ODDS };
	/* A copy with the field's look: the stat boxes size their values
	 * from the card's style. */
	struct cards fc = *c;
	struct rnd_style fst = *cst;
	struct statrow sr, own, sr2, own2;
	struct card_parts cp = { .n = 0 }, cp2 = { .n = 0 };
	struct rnd_frame fr = { x, y, fd->w, fd->h, 1, 0, 0 };
	struct rnd_flow *f, *f2;
	size_t k = (size_t)(fd - c->lay.v);
	char *lab;

	fc.skip = fd->kind == RND_CF_BODY ? 0 : ~part[fd->kind];
	fc.last_pt = 0;
	if (fd->size_pt > 0)
		fc.st.size_pt = fst.size_pt = fd->size_pt;
	if (fd->font != NULL) {
		fc.st.font = fc.st.head_font = fd->font;
		fst.font = fst.head_font = fd->font;
	}
	fc.st.text = fst.text = field_rgb(c, u, fd->colour, cst->text);
	if (c->field_pt[k] > 0 && c->field_pt[k] < fst.size_pt)
		fc.st.size_pt = fst.size_pt = c->field_pt[k];
	f = card_flow(&fc, u, &fst, &sr, &own, &cp, 0);
	if (rnd_flow_count(f) == 0)
		goto out;
	/* Odds in a narrow box: under a caption when that shows more. */
	if (!(fc.skip & CP_ODDS) && card_has_odds(c, u) &&
	    card_trial(f, &fr)) {
		f2 = card_flow(&fc, u, &fst, &sr2, &own2, &cp2, 1);
		card_trial(f2, &fr);
		if (card_odds_shown(f2, &cp2) > card_odds_shown(f, &cp)) {
			rnd_flow_free(f);
			parts_free(&cp);
			f = f2;
			cp = cp2;
		} else {
			rnd_flow_free(f2);
			parts_free(&cp2);
		}
	}
	lab = field_label(u, fd);
	rnd_flow_label(f, lab);
	free(lab);
	rnd_flow_box(f, cr, &fr, c->dg);
	if (c->measuring &&
	    (c->field_meas[k] == 0 || rnd_flow_size(f) < c->field_meas[k]))
		c->field_meas[k] = rnd_flow_size(f);
out:
	parts_free(&cp);
	rnd_flow_free(f);
}

/* Draw one card front of a layout of fields, its trim's top-left at
 * (x, y): the frame in the class colour around a white panel, then each
 * field in the template's order, its fill under it. */
static void
card_front_fields(struct cards *c, cairo_t *cr, const struct rs_unit *u,
    double x, double y)
{
	const struct rnd_style *st = &c->st;
	struct rnd_style cst = *st;
	double b = c->bleed;
	size_t i, ui = (size_t)(u - c->rs->units);

	cst.accent = card_rgb(c, u);
	cst.rule = card_rgb(c, u);
	cairo_save(cr);
	cairo_rectangle(cr, x - b, y - b, c->cw + 2 * b, c->ch + 2 * b);
	cairo_clip(cr);
	rnd_set_rgb(cr, card_rgb(c, u));
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	if (c->frame > 0)
		panel(cr, x + c->frame, y + c->frame, c->cw - 2 * c->frame,
		    c->ch - 2 * c->frame, 2.0);
	else
		cairo_rectangle(cr, x - b, y - b, c->cw + 2 * b,
		    c->ch + 2 * b);
	cairo_fill(cr);
	rnd_tag_begin(cr, "Sect");
	for (i = 0; i < c->lay.n; i++) {
		const struct rnd_card_field *fd = &c->lay.v[i];
		double fx = x + fd->x, fy = y + fd->y;

		rnd_dump_box(c->opts->dump, "field", c->page, fx, fy, fd->w,
		    fd->h, rnd_cf_name(fd->kind));
		unsigned ink = fd->fill == RND_CF_CLASS_RGB ? 0xffffff :
		                                              st->text;
		struct rnd_font tf = { st->font, st->min_pt, 0, 0 };
		char *s;

		ink = field_rgb(c, u, fd->colour, ink);
		if (fd->fill != RND_CF_NO_RGB)
			field_fill(c, cr, fd, x, y,
			    field_rgb(c, u, fd->fill, 0xffffff));
		if (fd->font != NULL)
			tf.family = fd->font;
		if (fd->size_pt > 0)
			tf.size_pt = fd->size_pt;
		rnd_set_rgb(cr, ink);
		switch (fd->kind) {
		case RND_CF_NAME:
			if (fd->font == NULL)
				tf.family = st->head_font;
			if (fd->size_pt <= 0)
				tf.size_pt = st->size_pt * 1.45;
			tf.bold = 1;
			rnd_tag_begin(cr, "H2");
			field_text(c, cr, fd, u, fx, fy, tf, 0, u->name,
			    u->pos);
			rnd_tag_end(cr, "H2");
			break;
		case RND_CF_CLASS:
			tf.italic = 1;
			field_text(c, cr, fd, u, fx, fy, tf, 0,
			    rnd_unit_class(c->rs, u), u->pos);
			break;
		case RND_CF_CREDITS:
			s = rnd_credits_fit(cr, &tf, c->rs,
			    RND_CREDIT_SHORT | RND_CREDIT_AUTHOR |
			        RND_CREDIT_YEAR,
			    NULL, NULL, fd->w);
			field_text(c, cr, fd, u, fx, fy, tf, 0, s,
			    c->rs->title_pos);
			free(s);
			break;
		case RND_CF_PICTURE:
			rnd_figure_begin(cr, u->name);
			rnd_unit_mark(cr, c->pics, c->rs, ui, RND_SIDE_ANY, fx,
			    fy, fd->w, fd->h);
			rnd_figure_end(cr);
			break;
		case RND_CF_SYMBOL:
			rnd_figure_begin(cr, u->name);
			rnd_unit_symbol(cr, c->rs, ui, RND_SIDE_ANY, fx, fy,
			    fd->w, fd->h);
			rnd_figure_end(cr);
			break;
		case RND_CF_STATS:
		case RND_CF_WEAPONS:
		case RND_CF_TRAITS:
		case RND_CF_NOTES:
		case RND_CF_ODDS:
		case RND_CF_BODY:
			field_flow(c, cr, fd, u, fx, fy, &cst);
			break;
		case RND_CF__MAX:
			break;
		}
	}
	rnd_tag_end(cr, "Sect");
	cairo_restore(cr);
}

/* Read the template's fields: for the card's size; returns -1 on an
 * error (placed in dg). */
static int
card_layout_setup(struct cards *c, struct diags *dg)
{
	size_t i;

	if (rnd_card_fields(rs_node_get(c->tmpl, "fields"), c->cw, c->ch,
	        c->st.min_pt, &c->lay, dg) == -1)
		return -1;
	c->no_odds = c->lay.n > 0;
	for (i = 0; i < c->lay.n; i++)
		if (c->lay.v[i].kind == RND_CF_ODDS ||
		    c->lay.v[i].kind == RND_CF_BODY)
			c->no_odds = 0;
	return 0;
}

/* Draw one card front with its trim box's top-left at (x, y). */
static void
card_front(struct cards *c, cairo_t *cr, const struct rs_unit *u, double x,
    double y)
{
	const struct rnd_style *st = &c->st;
	struct rnd_font name = { st->head_font, st->size_pt * 1.45, 1, 0 };
	struct rnd_font cls = { st->font, st->min_pt, 0, 1 };
	struct rnd_font foot = { st->font, st->min_pt, 0, 0 };
	struct rnd_style cst = *st;
	struct rnd_flow *f, *f2;
	struct rnd_frame fr;
	struct statrow sr, own, sr2, own2;
	struct card_parts cp = { .n = 0 }, cp2 = { .n = 0 };
	struct diags dg;
	double b = c->bleed, s = c->safe, nh, fh, mw, ph;
	char *st_title, pt[32];
	PangoLayout *l;
	size_t i, ui = (size_t)(u - c->rs->units);
	int cut;

	rnd_dump_box(c->opts->dump, "card", c->page, x, y, c->cw, c->ch,
	    u->name);
	if (c->lay.n > 0) {
		card_front_fields(c, cr, u, x, y);
		return;
	}
	rnd_dump_box(c->opts->dump, "band", c->page, x, y, c->cw, c->band_h,
	    NULL);
	cst.accent = card_rgb(c, u);
	cst.rule = card_rgb(c, u);
	if (c->deck_pt > 0 && c->deck_pt < cst.size_pt)
		cst.size_pt = c->deck_pt;
	/* Background, band into the bleed. */
	cairo_save(cr);
	cairo_rectangle(cr, x - b, y - b, c->cw + 2 * b, c->ch + 2 * b);
	cairo_clip(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	/* A coloured frame (running into the bleed) around a white panel
	 * with rounded corners. */
	rnd_set_rgb(cr, card_rgb(c, u));
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	panel(cr, x + c->frame, y + c->band_h, c->cw - 2 * c->frame,
	    c->ch - c->band_h - c->frame, 2.0);
	cairo_fill(cr);
	/* A card is a section: its name a heading, its picture or symbol a
	 * figure named for the unit, its class and body after. */
	rnd_tag_begin(cr, "Sect");
	/* The unit's picture under the band, else its symbol at the band's
	 * right (symbol.c): the name has the rest. */
	rnd_figure_begin(cr, u->name);
	ph = card_mark(c, cr, ui, x, y, &mw);
	rnd_figure_end(cr);
	/* Name, shrunk to fit the band's width. */
	cairo_set_source_rgb(cr, 1, 1, 1);
	for (;;) {
		double w;

		l = rnd_layout_new(cr, &name, 0);
		rnd_layout_text(l, u->name);
		rnd_layout_size(l, &w, &nh);
		if (w <= c->cw - 2 * s - mw || name.size_pt <= st->min_pt)
			break;
		g_object_unref(l);
		name.size_pt -= 0.5;
	}
	rnd_glyph_check(l, u->pos, c->dg);
	rnd_layout_set_width(l, c->cw - 2 * s - mw);
	pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	rnd_tag_begin(cr, "H2");
	rnd_layout_draw(cr, l, x + s, y + 1.6);
	rnd_tag_end(cr, "H2");
	g_object_unref(l);
	rnd_tag_begin(cr, "P");
	rnd_text(cr, &cls, x + s, y + 1.6 + nh, c->cw - 2 * s - mw, 0, 0,
	    rnd_unit_class(c->rs, u));
	rnd_tag_end(cr, "P");
	/* Footer: the credits (FORMAT.md: on every product), the short
	 * title and version, with author and year where there is room. */
	rnd_set_rgb(cr, 0x666666);
	l = rnd_layout_new(cr, &foot, c->cw - 2 * s);
	pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	st_title = rnd_credits_fit(cr, &foot, c->rs,
	    RND_CREDIT_SHORT | RND_CREDIT_AUTHOR | RND_CREDIT_YEAR, NULL, NULL,
	    c->cw - 2 * s);
	rnd_layout_text(l, st_title);
	free(st_title);
	rnd_glyph_check(l, c->rs->title_pos, c->dg);
	rnd_layout_size(l, NULL, &fh);
	rnd_tag_begin(cr, "P");
	rnd_layout_draw(cr, l, x + s, y + c->ch - c->frame - 0.8 - fh);
	rnd_tag_end(cr, "P");
	g_object_unref(l);
	/* Body. */
	fr.x = x + s;
	fr.y = y + c->band_h + 2.2 + ph;
	fr.w = c->cw - 2 * s;
	fr.h = c->ch - c->band_h - 2.2 - ph - c->frame - 1.6 - fh;
	fr.cols = 1;
	fr.gutter = 0;
	fr.first_top = 0;
	f = card_flow(c, u, &cst, &sr, &own, &cp, 0);
	/* A narrow card cut short: its odds under a caption, one line an
	 * enemy, when that shows more enemies than under headings (which
	 * took three lines and names two each in Saltmarsh, while Modern's
	 * fit two and one). */
	if (c->cw < CARD_NARROW_MM && card_has_odds(c, u) &&
	    card_trial(f, &fr)) {
		f2 = card_flow(c, u, &cst, &sr2, &own2, &cp2, 1);
		card_trial(f2, &fr);
		if (card_odds_shown(f2, &cp2) > card_odds_shown(f, &cp)) {
			rnd_flow_free(f);
			parts_free(&cp);
			/* (f2's stat boxes are sr2 and own2.) */
			f = f2;
			cp = cp2;
		} else {
			rnd_flow_free(f2);
			parts_free(&cp2);
		}
	}
	/* The flow's own warning says only where it stopped: say what a
	 * card of this size has no room for. */
	memset(&dg, 0, sizeof(dg));
	cut = rnd_flow_box(f, cr, &fr, &dg) == -1;
	fmt_double(pt, sizeof(pt) - 2, rnd_flow_size(f), 2);
	rnd_dump_box(c->opts->dump, "body", c->page, fr.x, fr.y, fr.w, fr.h,
	    strcat(pt, "pt"));
	rnd_flow_dump(f, &fr, 1, c->page, c->opts->dump);
	for (i = cut ? 1 : 0; i < dg.n; i++)
		diag_copy(c->dg, &dg.v[i]);
	diags_free(&dg);
	if (cut)
		card_left_out(c, f, u, &cp);
	parts_free(&cp);
	c->last_pt = rnd_flow_size(f);
	rnd_flow_free(f);
	rnd_tag_end(cr, "Sect");
	cairo_restore(cr);
}

/* The back's pattern in the ink, faint, over the box (bleed included:
 * the pattern runs past the cut as the ground does). */
static void
back_pattern(const struct cards *c, cairo_t *cr, double x, double y, double w,
    double h)
{
	double step = 4.0, u, v;
	int i, j;

	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	rnd_set_rgb(cr, c->back.ink);
	cairo_set_line_width(cr, 0.6);
	switch (c->back.pattern) {
	case BACK_STRIPES:
		/* Diagonals, lower left to upper right. */
		for (u = -h; u < w; u += step) {
			cairo_move_to(cr, x + u, y + h);
			cairo_line_to(cr, x + u + h, y);
		}
		cairo_stroke(cr);
		break;
	case BACK_GRID:
		for (u = step / 2; u < w; u += step) {
			cairo_move_to(cr, x + u, y);
			cairo_line_to(cr, x + u, y + h);
		}
		for (v = step / 2; v < h; v += step) {
			cairo_move_to(cr, x, y + v);
			cairo_line_to(cr, x + w, y + v);
		}
		cairo_set_line_width(cr, 0.35);
		cairo_stroke(cr);
		break;
	case BACK_DOTS:
		for (j = 0, v = step / 2; v < h + step; v += step * 0.866, j++)
			for (u = (j % 2) * step / 2; u < w + step; u += step) {
				cairo_new_sub_path(cr);
				cairo_arc(cr, x + u, y + v, 0.55, 0, 2 * M_PI);
			}
		cairo_fill(cr);
		break;
	case BACK_CHECKS:
		for (j = 0, v = 0; v < h; v += step, j++)
			for (i = 0, u = 0; u < w; u += step, i++)
				if ((i + j) % 2 == 0)
					cairo_rectangle(cr, x + u, y + v, step,
					    step);
		cairo_fill(cr);
		break;
	default:
		break;
	}
	cairo_restore(cr);
}

/* Draw one card back (mirrored position is the caller's business): the
 * class colour (or the template's), its pattern and picture, a line
 * inside the cut, the title and the class. */
static void
card_back(struct cards *c, cairo_t *cr, const struct rs_unit *u, double x,
    double y)
{
	const struct rnd_style *st = &c->st;
	struct rnd_font t = { st->head_font, st->size_pt * 1.3, 1, 0 };
	struct rnd_font k = { st->font, st->size_pt, 0, 1 };
	double b = c->bleed, h, kh, top;
	char *title;
	PangoLayout *l;

	rnd_dump_box(c->opts->dump, "back", c->page, x, y, c->cw, c->ch,
	    u->name);
	cairo_save(cr);
	rnd_set_rgb(cr, c->back.own_rgb ? c->back.rgb : card_rgb(c, u));
	cairo_rectangle(cr, x - b, y - b, c->cw + 2 * b, c->ch + 2 * b);
	cairo_fill(cr);
	if (c->back.pattern != BACK_NONE) {
		cairo_push_group(cr);
		back_pattern(c, cr, x - b, y - b, c->cw + 2 * b,
		    c->ch + 2 * b);
		cairo_pop_group_to_source(cr);
		cairo_paint_with_alpha(cr,
		    c->back.pattern == BACK_CHECKS ? 0.12 : 0.22);
	}
	if (c->back.set)
		rnd_set_rgb(cr, c->back.ink);
	else
		cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, 0.5);
	cairo_rectangle(cr, x + 4, y + 4, c->cw - 8, c->ch - 8);
	cairo_stroke(cr);
	if (!c->back.set) {
		l = rnd_layout_new(cr, &t, c->cw - 14);
		pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
		title = short_title(c->rs);
		rnd_layout_text(l, title);
		free(title);
		rnd_layout_size(l, NULL, &h);
		rnd_layout_draw(cr, l, x + 7, y + (c->ch - h) / 2 - 3);
		g_object_unref(l);
		rnd_text(cr, &k, x + 7, y + (c->ch + h) / 2 - 1, c->cw - 14, 1,
		    0, rnd_unit_class(c->rs, u));
		cairo_restore(cr);
		return;
	}
	/* The title and the class under it, in the middle, or at the foot
	 * under the picture. */
	l = rnd_layout_new(cr, &t, c->cw - 14);
	pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	title = c->back.title != NULL ? xstrdup(c->back.title) :
	                                short_title(c->rs);
	rnd_layout_text(l, title);
	rnd_layout_size(l, NULL, &h);
	if (title[0] == '\0')
		h = 0;
	kh = k.size_pt * RND_PT_MM * 1.3;
	top = c->back.pic != NULL ? y + c->ch - 8 - h - 1 - kh :
	                            y + (c->ch - h) / 2 - 3;
	if (c->back.pic != NULL)
		rnd_pic_draw(c->back.pic, cr, 0, x + 8, y + 8, c->cw - 16,
		    top - 3 - (y + 8));
	if (h > 0)
		rnd_layout_draw(cr, l, x + 7, top);
	g_object_unref(l);
	free(title);
	rnd_text(cr, &k, x + 7, top + h + 2, c->cw - 14, 1, 0,
	    rnd_unit_class(c->rs, u));
	cairo_restore(cr);
}

/* The settings templates/unit-cards.yaml may have. */
static const char *const card_keys[] = { "card", "paper", "sheet-margin",
	"bleed", "crop-length", "crop-offset", "backs", "layout",
	"safe-margin", "band-height", "frame", "font", "heading-font",
	"mono-font", "size", "min-size", "colours", "class-colours", "fields",
	"product", "back", NULL };

/* The settings of back:, and what each takes. */
static const char *const back_keys[] = { "colour", "ink", "title", "pattern",
	"picture", NULL };

/*
 * The template's back: a map of colour ("class", the default, or a
 * colour), ink (the line, title and pattern; white), title (the
 * ruleset's short title; "" none), pattern (none, stripes, dots, grid,
 * checks) and picture (a file beside the template). A bad value is an
 * error at it.
 */
static void
cards_back_setup(struct cards *c, const char *tfile, struct diags *dg)
{
	const struct rs_node *bk = rs_node_get(c->tmpl, "back"), *v;
	const char *s;
	size_t i;

	if (bk == NULL)
		return;
	if (bk->kind != RS_NODE_MAP) {
		diag_msg(dg, bk->pos, MSG(TEMPLATE_VALUE_BAD), "back",
		    "a map of colour, ink, title, pattern and picture");
		return;
	}
	c->back.set = 1;
	c->back.ink = 0xffffff;
	rnd_tmpl_keys(bk, back_keys, "back setting", dg);
	s = rnd_tmpl_str(bk, "colour", "class", dg);
	if (strcasecmp(s, "class") != 0) {
		c->back.own_rgb = 1;
		c->back.rgb = rnd_tmpl_rgb(bk, "colour", 0x000000, dg);
	}
	c->back.ink = rnd_tmpl_rgb(bk, "ink", 0xffffff, dg);
	c->back.title = rnd_tmpl_str(bk, "title", NULL, dg);
	s = rnd_tmpl_str(bk, "pattern", "none", dg);
	for (i = 0; back_patterns[i] != NULL; i++)
		if (strcasecmp(s, back_patterns[i]) == 0)
			break;
	if (back_patterns[i] == NULL)
		diag_msg(dg, rnd_tmpl_pos(bk, "pattern"),
		    MSG(TEMPLATE_VALUE_BAD), "pattern",
		    "none, stripes, dots, grid or checks");
	else
		c->back.pattern = (int)i;
	if ((v = rs_node_get(bk, "picture")) != NULL &&
	    (s = rnd_tmpl_str(bk, "picture", NULL, dg)) != NULL &&
	    s[0] != '\0')
		c->back.pic = rnd_pics_tmpl(tfile, "back: picture", s, v->pos,
		    dg);
}

/*
 * The class colours: the template's class-colours: (the six known
 * classes, and the game's own by name), else the palette's. The game's
 * own classes take, by order of first appearance, the palette's six of
 * their own, then those of known classes no unit of the game has: so
 * that up to twelve classes in a game are twelve colours.
 */
static void
cards_class_rgb(struct cards *c, const struct rs_node *cc, struct diags *dg)
{
	const struct ruleset *rs = c->rs;
	const char *cls[RS_CLASS__MAX + RS_MAX_OWN_CLASSES + 1];
	unsigned avail[RND_CLASS_PALETTE];
	int used[RS_CLASS__MAX] = { 0 };
	size_t i, n = 0, na = 0, k = 0;

	for (i = 0; i < RS_CLASS__MAX; i++)
		cls[n++] = rs_class_name((enum rs_class)i);
	for (i = 0; i < rs->nclasses && i < RS_MAX_OWN_CLASSES; i++)
		cls[n++] = rs->classes[i];
	cls[n] = NULL;
	rnd_tmpl_keys(cc, cls, "class", dg);
	for (i = 0; i < RS_CLASS__MAX; i++)
		c->cls_rgb[i] = rnd_tmpl_rgb(cc, cls[i], rnd_class_palette[i],
		    dg);
	for (i = 0; i < rs->nunits; i++)
		if (rs->units[i].cls_free == 0 &&
		    (unsigned)rs->units[i].cls < RS_CLASS__MAX)
			used[rs->units[i].cls] = 1;
	for (i = RS_CLASS__MAX; i < RND_CLASS_PALETTE; i++)
		avail[na++] = rnd_class_palette[i];
	for (i = 0; i < RS_CLASS__MAX; i++)
		if (!used[i])
			avail[na++] = rnd_class_palette[i];
	for (i = 0; i < rs->nclasses && i < RS_MAX_OWN_CLASSES; i++) {
		unsigned dflt = avail[k++ % na];

		c->own_rgb[i] = rnd_tmpl_rgb(cc, rs->classes[i], dflt, dg);
	}
}

/* Settings from the template and options; returns -1 on a bad one. */
static int
cards_setup(struct cards *c, const char **card, const char *tfile,
    struct diags *dg)
{
	const struct rs_node *t = c->tmpl,
	                     *cc = rs_node_get(t, "class-colours");
	const struct rnd_opts *o = c->opts;
	const struct rnd_card_size *cs;
	size_t errs = diags_count(dg, SEV_ERROR);

	rnd_tmpl_keys(t, card_keys, "setting", dg);
	rnd_style_from(&c->st, t, dg);
	*card = o->card != NULL ? o->card :
	                          rnd_tmpl_str(t, "card", "poker", dg);
	for (cs = rnd_card_sizes; cs->name != NULL; cs++)
		if (strcasecmp(cs->name, *card) == 0)
			break;
	if (cs->name != NULL) {
		c->cw = cs->w_mm;
		c->ch = cs->h_mm;
	} else {
		const char *why;
		struct pos p = o->card != NULL ? (struct pos){ NULL, 0, 0 } :
		                                 rnd_tmpl_pos(t, "card");

		if (len_parse_pair(*card, LEN_NONE, &c->cw, &c->ch, &why) ==
		        -1 ||
		    c->cw < 25 || c->ch < 25 || c->cw > 300 || c->ch > 300) {
			diag_msg(dg, p, MSG(CARD_SIZE_USE_POKER_BRIDGE),
			    *card);
			return -1;
		}
	}
	c->bleed = o->bleed_mm >= 0 ? o->bleed_mm :
	                              rnd_tmpl_len(t, "bleed", 0, 0, 10, dg);
	c->crop_len = o->crop_len_mm >= 0 ?
	    o->crop_len_mm :
	    rnd_tmpl_len(t, "crop-length", 4, 0, 20, dg);
	c->crop_off = o->crop_off_mm >= 0 ?
	    o->crop_off_mm :
	    rnd_tmpl_len(t, "crop-offset", 1.5, 0, 20, dg);
	c->backs = o->backs >= 0 ? o->backs : rnd_tmpl_bool(t, "backs", 0, dg);
	c->single = o->single >= 0 ?
	    o->single :
	    strcmp(rnd_tmpl_str(t, "layout", "sheet", dg), "single") == 0;
	c->safe = rnd_tmpl_len(t, "safe-margin", 3.5, 0, 30, dg);
	/* Bigger cards, bigger text: the template's size is for a poker
	 * card's width. */
	if (c->cw > 63.5)
		c->st.size_pt *= c->cw / 63.5 < 1.4 ? c->cw / 63.5 : 1.4;
	c->band_h = rnd_tmpl_len(t, "band-height", 12, 5, 50, dg);
	c->frame = rnd_tmpl_len(t, "frame", 2, 0, 20, dg);
	cards_class_rgb(c, cc, dg);
	cards_back_setup(c, tfile, dg);
	/* The band, frame and safe margin leave a panel for the text. */
	if (c->ch - c->band_h - c->frame - 3.8 < 3 ||
	    c->cw - 2 * c->safe < 10 || c->cw - 2 * c->frame < 10) {
		const char *k = c->cw - 2 * c->safe < 10 ? "safe-margin" :
		    c->cw - 2 * c->frame < 10            ? "frame" :
		                                           "band-height";
		char w[32], h[32];

		fmt_double(w, sizeof(w), c->cw, 1);
		fmt_double(h, sizeof(h), c->ch, 1);
		diag_msg(dg, rnd_tmpl_pos(t, k),
		    MSG(TEMPLATE_BAND_HEIGHT_FRAME_SAFE), w, h);
		return -1;
	}
	if (c->bleed < 0 || c->bleed > 10) {
		diag_msg(dg, rnd_tmpl_pos(t, "bleed"), MSG(BLEED_MUST_MM));
		return -1;
	}
	if (card_layout_setup(c, dg) == -1)
		return -1;
	return diags_count(dg, SEV_ERROR) > errs ? -1 : 0;
}

/* Begin a page of w x h (bleed b), the next for --dump. */
static cairo_t *
cards_page(struct cards *c, struct rnd_doc *doc, double w, double h, double b)
{
	cairo_t *cr = rnd_doc_page_begin(doc, w, h, b);

	c->page++;
	rnd_dump_box(c->opts->dump, "page", c->page, 0, 0, w + 2 * b,
	    h + 2 * b, NULL);
	return cr;
}

/*
 * The deck's body size: every card laid out (not drawn, its messages
 * kept for the second pass) shrinking alone, and the least size any
 * took is the size of them all — of the body, and of each flowing field
 * of a layout. A card the size does not hold at the least size is cut
 * as before; the rest print at one size, not 6.5 pt here and 8.5 there.
 */
static void
cards_measure(struct cards *c)
{
	cairo_surface_t *rec =
	    cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	struct rnd_opts o = *c->opts;
	const struct rnd_opts *keep = c->opts;
	struct diags dg = { 0 }, *dkeep = c->dg;
	double least = 0;
	size_t i;
	int page = c->page;

	o.dump = NULL;
	c->opts = &o;
	c->dg = &dg;
	c->measuring = 1;
	for (i = 0; i < c->rs->nunits; i++) {
		cairo_save(cr);
		card_front(c, cr, &c->rs->units[i], 0, 0);
		cairo_restore(cr);
		if (c->lay.n == 0 && (least == 0 || c->last_pt < least))
			least = c->last_pt;
	}
	c->measuring = 0;
	c->deck_pt = least;
	memcpy(c->field_pt, c->field_meas, sizeof(c->field_pt));
	c->last_pt = 0;
	c->opts = keep;
	c->dg = dkeep;
	c->page = page;
	diags_free(&dg);
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
}

/* One card per page: media box = card + bleed, TrimBox = the card; a
 * back after each front when asked. */
static void
cards_single(struct cards *c, struct rnd_doc *doc)
{
	size_t i, n = c->nsel > 0 ? c->nsel : c->rs->nunits;

	for (i = 0; i < n; i++) {
		const struct rs_unit *u =
		    &c->rs->units[c->nsel > 0 ? c->sel[i] : i];
		cairo_t *cr = cards_page(c, doc, c->cw, c->ch, c->bleed);

		rnd_doc_outline(doc, 0, u->name, 0);
		card_front(c, cr, u, c->bleed, c->bleed);
		if (c->backs) {
			cr = cards_page(c, doc, c->cw, c->ch, c->bleed);
			card_back(c, cr, u, c->bleed, c->bleed);
		}
	}
}

/* How many cells of cw x ch fit in a length; 0 when none. */
static int
fit_count(double avail, double cell)
{
	return avail < cell ? 0 : (int)floor((avail + 1e-9) / cell);
}

/* Returns 0 written, -1 failed (errors in dg). */
int
rnd_cards(const struct ruleset *rs, const char *path,
    const struct rnd_opts *opts, struct diags *dg)
{
	struct cards c;
	struct rs_node *t;
	struct rnd_doc *doc = NULL;
	struct rnd_meta meta;
	char *tfile = NULL, *label;
	const char *card;
	double pw, ph, sm, cellw, cellh, x0, y0, room, below;
	int cols, rows, per, rc = -1, sheet, k, land;
	size_t u0;

	memset(&c, 0, sizeof(c));
	if ((t = rnd_template_load(opts->tmpl, "cards", &tfile, dg)) == NULL)
		return -1;
	c.rs = rs;
	c.tmpl = t;
	c.opts = opts;
	c.dg = dg;
	if (cards_setup(&c, &card, tfile, dg) == -1)
		goto out;
	c.card_name = card;
	if (rnd_paper_for(t, opts->paper, rs, &pw, &ph, dg) == -1)
		goto out;
	c.pics = rnd_pics_new(rs, dg, &k);
	if (k > 0)
		goto out;
	if (rs->nunits == 0) {
		struct pos p = { rs->path, 0, 0 };

		diag_msg(dg, p, MSG(NO_UNITS_NO_CARDS_PRINT));
		goto out;
	}
	/* --unit: those cards alone, one a page. */
	if (opts->nunit > 0) {
		c.sel = xcalloc((size_t)opts->nunit, sizeof(*c.sel));
		for (k = 0; k < opts->nunit; k++) {
			int ui = rs_unit_find(rs, opts->unit[k]);
			char hint[256];
			struct pos p = { NULL, 0, 0 };

			if (ui < 0) {
				diag_msg(dg, p, MSG(CARDS_UNIT_UNKNOWN),
				    opts->unit[k],
				    rs_unit_hint(rs, opts->unit[k], hint,
				        sizeof(hint)));
				goto out;
			}
			c.sel[c.nsel++] = (size_t)ui;
		}
		c.single = 1;
	}
	cards_measure(&c);
	memset(&meta, 0, sizeof(meta));
	meta.title = rs->title != NULL ? rs->title : rs->name;
	meta.author = rs->author;
	meta.subject = _("Unit cards");
	meta.keywords = "wargame, unit cards";
	if (c.single) {
		doc = rnd_doc_new(path, &meta, dg);
		rnd_doc_set_print_at_scale(doc);
		cards_single(&c, doc);
		rc = rnd_doc_close(doc);
		doc = NULL;
		goto out;
	}
	/* Cells: trim plus bleed on each side; as many as fit inside the
	 * sheet margin, in the orientation that holds more. */
	sm = rnd_tmpl_len(t, "sheet-margin", 5, 0, 50, dg);
	cellw = c.cw + 2 * c.bleed;
	cellh = c.ch + 2 * c.bleed;
	cols = fit_count(pw - 2 * sm, cellw);
	rows = fit_count(ph - 2 * sm, cellh);
	land = fit_count(ph - 2 * sm, cellw) * fit_count(pw - 2 * sm, cellh) >
	    cols * rows;
	if (land) {
		double x = pw;

		pw = ph;
		ph = x;
		cols = fit_count(pw - 2 * sm, cellw);
		rows = fit_count(ph - 2 * sm, cellh);
	}
	if ((per = cols * rows) == 0) {
		struct pos p = { NULL, 0, 0 };

		diag_msg(dg, p, MSG(CARD_DOES_NOT_FIT_PAPER), card);
		goto out;
	}
	x0 = (pw - cols * cellw) / 2 + c.bleed;
	y0 = (ph - rows * cellh) / 2 + c.bleed;
	/* Crop marks live in the sheet's margin: shorten them to fit. */
	room = (x0 - c.bleed < y0 - c.bleed ? x0 : y0) - c.bleed - c.crop_off;
	if (c.crop_len > room - 0.5)
		c.crop_len = room - 0.5 > 0 ? room - 0.5 : 0;

	doc = rnd_doc_new(path, &meta, dg);
	rnd_doc_set_print_at_scale(doc);
	for (u0 = 0, sheet = 1; u0 < rs->nunits; u0 += (size_t)per, sheet++) {
		cairo_t *cr = cards_page(&c, doc, pw, ph, 0);
		int top;

		label = xasprintf(_("Sheet %d: fronts"), sheet);
		top = rnd_doc_outline(doc, 0, label, 0);
		free(label);
		for (k = 0; k < per && u0 + (size_t)k < rs->nunits; k++) {
			const struct rs_unit *u = &rs->units[u0 + (size_t)k];
			double x = x0 + (k % cols) * cellw,
			       y = y0 + (k / cols) * cellh;

			rnd_doc_outline(doc, top, u->name, y - c.bleed);
			card_front(&c, cr, u, x, y);
		}
		rnd_crop_marks_grid(cr, x0, y0, cols, rows, c.cw, c.ch,
		    2 * c.bleed, c.crop_len, c.crop_off + c.bleed);
		/* A calibration bar below the cards, when the margin has room
		 * beyond the crop marks. */
		below = ph - (y0 + rows * cellh - c.bleed);
		if (below >= c.crop_off + c.crop_len + 6.5 + 3 && pw >= 170)
			rnd_calibration_line(cr, (pw - 160) / 2, ph - 6.5);
		if (!c.backs)
			continue;
		cr = cards_page(&c, doc, pw, ph, 0);
		label = xasprintf(_("Sheet %d: backs"), sheet);
		rnd_doc_outline(doc, 0, label, 0);
		free(label);
		/* Mirrored for duplex flipped on the long edge: left to right
		 * on a portrait sheet, top to bottom on a landscape one. */
		for (k = 0; k < per && u0 + (size_t)k < rs->nunits; k++) {
			int col = k % cols, row = k / cols;

			if (land)
				row = rows - 1 - row;
			else
				col = cols - 1 - col;
			card_back(&c, cr, &rs->units[u0 + (size_t)k],
			    x0 + col * cellw, y0 + row * cellh);
		}
		rnd_crop_marks_grid(cr, x0, y0, cols, rows, c.cw, c.ch,
		    2 * c.bleed, c.crop_len, c.crop_off + c.bleed);
	}
	rc = rnd_doc_close(doc);
	doc = NULL;
out:
	if (doc != NULL)
		rnd_doc_abandon(doc);
	rnd_pics_free(c.pics);
	rnd_pics_free(c.back.pic);
	free(c.sel);
	rs_node_free(t);
	free(tfile);
	return rc;
}

/*
 * The deck as images, for a virtual tabletop: each unit's front in the
 * ruleset's order, then each one's back (which names its class), each
 * a white image of the card without bleed at k pixels a millimetre,
 * made as rnd_cards makes them (the template, the odds in opts).
 * Returns the count of fronts n, with 2 n images in *out (caller
 * destroys each and frees *out) of *w x *h pixels; or -1 (errors in
 * dg).
 */
int
rnd_cards_faces(const struct ruleset *rs, const struct rnd_opts *opts,
    double k, cairo_surface_t ***out, int *w, int *h, struct diags *dg)
{
	struct cards c;
	struct rs_node *t;
	struct rnd_opts o = *opts;
	char *tfile = NULL;
	const char *card;
	size_t i;
	int n = -1, bad;

	*out = NULL;
	memset(&c, 0, sizeof(c));
	if ((t = rnd_template_load(o.tmpl, "cards", &tfile, dg)) == NULL)
		return -1;
	o.bleed_mm = 0;
	o.dump = NULL;
	c.rs = rs;
	c.tmpl = t;
	c.opts = &o;
	c.dg = dg;
	c.pics = rnd_pics_new(rs, dg, &bad);
	if (bad > 0 || cards_setup(&c, &card, tfile, dg) == -1)
		goto out;
	if (rs->nunits == 0) {
		struct pos p = { rs->path, 0, 0 };

		diag_msg(dg, p, MSG(NO_UNITS_NO_CARDS_PRINT));
		goto out;
	}
	c.card_name = card;
	cards_measure(&c);
	*w = (int)lround(c.cw * k);
	*h = (int)lround(c.ch * k);
	*out = xcalloc(2 * rs->nunits, sizeof(**out));
	for (i = 0; i < 2 * rs->nunits; i++) {
		cairo_surface_t *s =
		    cairo_image_surface_create(CAIRO_FORMAT_RGB24, *w, *h);
		cairo_t *cr = cairo_create(s);

		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
		cairo_scale(cr, *w / c.cw, *h / c.ch);
		if (i < rs->nunits)
			card_front(&c, cr, &rs->units[i], 0, 0);
		else
			card_back(&c, cr, &rs->units[i - rs->nunits], 0, 0);
		cairo_destroy(cr);
		(*out)[i] = s;
	}
	n = (int)rs->nunits;
out:
	rnd_pics_free(c.pics);
	rnd_pics_free(c.back.pic);
	rs_node_free(t);
	free(tfile);
	return n;
}
