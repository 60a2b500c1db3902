/*
 * example.c: an example of play in the rulebook, drawn from the engine's
 * record of a test game (eng_testgame_play): a caption; a diagram of the
 * part of the table where it happens, at true proportion (terrain, the
 * units on their bases with their labels and, where the family plays
 * facing, their fronts; moves as arrows, fire as lines, melee as crossed
 * marks, a destroyed unit crossed out, each action numbered as its
 * step); the steps in words, with the dice each rolled, the rules the
 * engine applied and what changed; the exact odds of the first fire or
 * melee; and who won, when the battle ended.
 *
 * Everything comes from the record, so the example shows what the engine
 * did, and a rule change that breaks it fails the test game (and
 * `check`, and the rulebook) first.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../internal.h"
#include "../render.h"
#include "../../engine/engine.h"

#define EX_DIAG_MAX_H 50.0 /* mm: the tallest diagram */
#define EX_MAX_SCALE 0.6   /* page mm for a mm of the table, at most */
#define EX_MIN_MARK 4.0    /* mm: the smallest unit marker drawn */
#define EX_MAX_STEPS 14    /* steps told; more are summed up */

static const unsigned side_ink[2] = { 0x1f4e9c, 0xb3261e };
static const char *const side_word[2] = { N_("Blue"), N_("Red") };

/* The table window the diagram shows, and the scale. */
struct win {
	double x0, y0, x1, y1; /* table mm */
	double s;              /* page mm per table mm */
	double px, py;         /* page position of the window's top left */
};

static double
wx(const struct win *v, double x)
{
	return v->px + (x - v->x0) * v->s;
}

static double
wy(const struct win *v, double y)
{
	return v->py + (v->y1 - y) * v->s;
}

static void
grow(double *lo, double *hi, double a, double b)
{
	if (a < *lo)
		*lo = a;
	if (b > *hi)
		*hi = b;
}

/* The window: every unit's bases through the example, with a margin,
 * within the table; the scale that fits it into w by at most the
 * tallest diagram. */
static void
ex_window(const struct eng_record *r, double w, struct win *v)
{
	double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9, pad, span;
	size_t k;
	int i;

	int actor[ENG_MAX_UNITS], any = 0;

	/* The units the example is about: those its steps name and those
	 * it changes; the others are drawn when they fall in the view. */
	memset(actor, 0, sizeof(actor));
	for (k = 0; k < r->nsteps; k++) {
		const struct eng_rec_step *st = &r->steps[k];

		if (st->unit >= 0 && st->unit < r->nu)
			actor[st->unit] = any = 1;
		if (st->target >= 0 && st->target < r->nu)
			actor[st->target] = any = 1;
		for (i = 0; i < r->nu; i++)
			if (st->after[i].alive != r->start[i].alive ||
			    st->after[i].x != r->start[i].x ||
			    st->after[i].y != r->start[i].y ||
			    memcmp(st->after[i].gauge, r->start[i].gauge,
			        sizeof(r->start[i].gauge)) != 0)
				actor[i] = any = 1;
	}
	for (k = 0; k <= r->nsteps; k++) {
		const struct eng_rec_unit *u = k == 0 ? r->start :
		                                        r->steps[k - 1].after;

		for (i = 0; i < r->nu; i++) {
			double e = fmax(u[i].hw, u[i].hd) * 1.5;

			if (any && !actor[i])
				continue;
			grow(&x0, &x1, u[i].x - e, u[i].x + e);
			grow(&y0, &y1, u[i].y - e, u[i].y + e);
		}
	}
	if (x0 > x1) {
		x0 = y0 = 0;
		x1 = r->table_w;
		y1 = r->table_h;
	}
	span = fmax(x1 - x0, y1 - y0);
	pad = fmax(span * 0.12, 12);
	x0 -= pad, x1 += pad, y0 -= pad, y1 += pad;
	/* Not so narrow a strip that the diagram is a line, nor so tall
	 * a one that it is a sliver down the page. */
	if ((y1 - y0) < (x1 - x0) * 0.3) {
		double c = (y0 + y1) / 2, h = (x1 - x0) * 0.15;

		y0 = c - h, y1 = c + h;
	}
	if ((x1 - x0) < (y1 - y0) * 1.4) {
		double c = (x0 + x1) / 2, h = (y1 - y0) * 0.7;

		x0 = c - h, x1 = c + h;
		if (x0 < 0)
			x1 -= x0, x0 = 0;
		if (r->table_w > 0 && x1 > r->table_w)
			x0 -= x1 - r->table_w, x1 = r->table_w;
	}
	if (x0 < 0)
		x0 = 0;
	if (y0 < 0)
		y0 = 0;
	if (r->table_w > 0 && x1 > r->table_w)
		x1 = r->table_w;
	if (r->table_h > 0 && y1 > r->table_h)
		y1 = r->table_h;
	if (x1 - x0 < 1)
		x1 = x0 + 1;
	if (y1 - y0 < 1)
		y1 = y0 + 1;
	v->x0 = x0, v->x1 = x1, v->y0 = y0, v->y1 = y1;
	v->s = fmin(fmin(w / (x1 - x0), EX_DIAG_MAX_H / (y1 - y0)),
	    EX_MAX_SCALE);
}

/* One terrain piece, clipped to the window by the caller. */
static void
ex_terrain(cairo_t *cr, const struct win *v, const struct eng_terrain *t)
{
	static const unsigned fill[RS_TERRAIN__MAX] = {
		[RS_TERRAIN_HILL] = 0xeadcc0,
		[RS_TERRAIN_WOOD] = 0xc9dfb4,
		[RS_TERRAIN_RIVER] = 0xa9cbe6,
		[RS_TERRAIN_FORD] = 0xcfe2f0,
		[RS_TERRAIN_ROAD] = 0xe2d6bd,
		[RS_TERRAIN_TOWN] = 0xd4d0cb,
		[RS_TERRAIN_FORTIFICATION] = 0xb9ab97,
	};
	static const unsigned edge[RS_TERRAIN__MAX] = {
		[RS_TERRAIN_HILL] = 0x9c7a4a,
		[RS_TERRAIN_WOOD] = 0x4f7a35,
		[RS_TERRAIN_RIVER] = 0x3a78a8,
		[RS_TERRAIN_FORD] = 0x3a78a8,
		[RS_TERRAIN_ROAD] = 0x9b8a68,
		[RS_TERRAIN_TOWN] = 0x6e6a64,
		[RS_TERRAIN_FORTIFICATION] = 0x5b4a36,
	};
	unsigned k = t->kind < RS_TERRAIN__MAX ? t->kind : 0;

	switch (t->shape) {
	case ENG_SHAPE_CIRCLE:
		cairo_new_sub_path(cr);
		cairo_arc(cr, wx(v, t->x), wy(v, t->y), t->r * v->s, 0,
		    2 * M_PI);
		break;
	case ENG_SHAPE_RECT:
		cairo_rectangle(cr, wx(v, t->x), wy(v, t->y + t->h),
		    t->w * v->s, t->h * v->s);
		break;
	case ENG_SHAPE_BAND:
		cairo_move_to(cr, wx(v, t->x), wy(v, t->y));
		cairo_line_to(cr, wx(v, t->x2), wy(v, t->y2));
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
		cairo_set_line_width(cr, 2 * t->r * v->s);
		rnd_set_rgb(cr, edge[k]);
		cairo_stroke_preserve(cr);
		cairo_set_line_width(cr, fmax(2 * t->r * v->s - 0.8, 0.3));
		rnd_set_rgb(cr, fill[k]);
		cairo_stroke(cr);
		return;
	}
	rnd_set_rgb(cr, fill[k]);
	cairo_fill_preserve(cr);
	rnd_set_rgb(cr, edge[k]);
	cairo_set_line_width(cr, 0.35);
	if (k == RS_TERRAIN_FORTIFICATION)
		cairo_set_line_width(cr, 0.9);
	cairo_stroke(cr);
}

/* The rectangle of a unit's base (or marker) at its facing, as a path. */
static void
ex_base(cairo_t *cr, const struct win *v, const struct eng_rec_unit *u)
{
	double hw = fmax(u->hw * v->s, EX_MIN_MARK / 2);
	double hd = fmax(u->hd * v->s, EX_MIN_MARK / 2);

	cairo_save(cr);
	cairo_translate(cr, wx(v, u->x), wy(v, u->y));
	cairo_rotate(cr, u->facing);
	cairo_rectangle(cr, -hw, -hd, 2 * hw, 2 * hd);
	cairo_restore(cr);
}

static void cross(cairo_t *, double, double, double);

/* A unit: its base in its side's ink and its front (facing); ghost != 0:
 * the outline only (where it stood before it moved); a destroyed unit is
 * faded and crossed out. Its label is ex_label()'s, drawn last. */
static void
ex_unit(cairo_t *cr, const struct win *v, const struct eng_rec_unit *u,
    int facing, int ghost)
{
	double side = 2 * fmax(fmin(u->hw, u->hd) * v->s, EX_MIN_MARK / 2);

	ex_base(cr, v, u);
	if (ghost) {
		static const double dash[] = { 0.8, 0.6 };

		rnd_set_rgb(cr, side_ink[u->side & 1]);
		cairo_set_line_width(cr, 0.3);
		cairo_set_dash(cr, dash, 2, 0);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		return;
	}
	rnd_set_rgb(cr, side_ink[u->side & 1]);
	if (!u->alive) {
		unsigned c = side_ink[u->side & 1];

		cairo_set_source_rgba(cr, (c >> 16) / 255.0,
		    ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0, 0.45);
	}
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, 0.25);
	cairo_stroke(cr);
	if (!u->alive) {
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		cairo_set_line_width(cr, 0.6);
		cross(cr, wx(v, u->x), wy(v, u->y), side * 0.42);
		cairo_stroke(cr);
	}
	if (facing) {
		double hw = fmax(u->hw * v->s, EX_MIN_MARK / 2);
		double hd = fmax(u->hd * v->s, EX_MIN_MARK / 2);

		cairo_save(cr);
		cairo_translate(cr, wx(v, u->x), wy(v, u->y));
		cairo_rotate(cr, u->facing);
		cairo_move_to(cr, -hw, -hd);
		cairo_line_to(cr, hw, -hd);
		cairo_restore(cr);
		cairo_set_source_rgb(cr, 1, 0.85, 0.2);
		cairo_set_line_width(cr, 0.7);
		cairo_stroke(cr);
	}
}

/*
 * A unit's label (and its symbol, when the marker has room), drawn last,
 * over the lines of the steps: a line or arrow never crosses it, and a
 * destroyed unit's cross shows around its letters, not through them.
 */
static void
ex_label(cairo_t *cr, const struct ruleset *rs, const struct win *v,
    const struct eng_rec_unit *u, double pt)
{
	double side = 2 * fmax(fmin(u->hw, u->hd) * v->s, EX_MIN_MARK / 2);
	struct rnd_font f = { "DejaVu Sans",
		fmax(pt,
		    fmin(side >= 9 ? 9 : 11,
		        side / RND_PT_MM * (side >= 9 ? 0.3 : 0.45))),
		1, 0 };
	PangoLayout *l;
	double tw, th, lx, ly;
	int sym = side >= 9 && u->type >= 0 && (size_t)u->type < rs->nunits;

	l = rnd_layout_new(cr, &f, 0);
	rnd_layout_text(l, u->name);
	rnd_layout_size(l, &tw, &th);
	lx = wx(v, u->x) - tw / 2;
	ly = sym ? wy(v, u->y) + 0.6 : wy(v, u->y) - th / 2;
	/* A marker with room shows the unit's symbol over its label, as
	 * its card, base and scenario marker do. */
	if (sym) {
		double sh = side * 0.36, sw = sh * 1.5;

		rnd_unit_symbol(cr, rs, (size_t)u->type, RND_SIDE_ANY,
		    wx(v, u->x) - sw / 2, wy(v, u->y) - sh - 0.4, sw, sh);
	}
	if (u->alive) {
		cairo_set_source_rgb(cr, 1, 1, 1);
		rnd_layout_draw(cr, l, lx, ly);
	} else {
		/* Dark on a white halo: the cross shows through around
		 * the letters, which stay whole. */
		rnd_layout_path(cr, l, lx, ly);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_set_line_width(cr, 0.5);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		cairo_stroke_preserve(cr);
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		cairo_fill(cr);
	}
	g_object_unref(l);
}

/* How far from u's centre its base (or marker) ends along the page
 * direction (dx, dy), with a gap: where a step's line starts or ends. */
static double
ex_edge(const struct win *v, const struct eng_rec_unit *u, double dx,
    double dy)
{
	double hw = fmax(u->hw * v->s, EX_MIN_MARK / 2);
	double hd = fmax(u->hd * v->s, EX_MIN_MARK / 2);
	double n = hypot(dx, dy), c = cos(u->facing), s = sin(u->facing);
	double ux, uy, t = HUGE_VAL;

	if (n <= 0)
		return 0;
	/* The direction in the base's own frame (cairo_rotate's). */
	ux = (dx * c + dy * s) / n;
	uy = (-dx * s + dy * c) / n;
	if (fabs(ux) > 1e-12)
		t = hw / fabs(ux);
	if (fabs(uy) > 1e-12)
		t = fmin(t, hd / fabs(uy));
	return t + 0.5;
}

/* An arrowhead at (x, y) pointing along (dx, dy). */
static void
arrowhead(cairo_t *cr, double x, double y, double dx, double dy, double len)
{
	double n = hypot(dx, dy), ux, uy;

	if (n <= 0)
		return;
	ux = dx / n, uy = dy / n;
	cairo_move_to(cr, x, y);
	cairo_line_to(cr, x - len * ux + len * 0.45 * uy,
	    y - len * uy - len * 0.45 * ux);
	cairo_line_to(cr, x - len * ux - len * 0.45 * uy,
	    y - len * uy + len * 0.45 * ux);
	cairo_close_path(cr);
	cairo_fill(cr);
}

/* The step number in a small white disc at (x, y). */
static void
step_no(cairo_t *cr, double x, double y, int no, double pt)
{
	struct rnd_font f = { "DejaVu Sans", pt, 1, 0 };
	PangoLayout *l;
	char s[8];
	double tw, th, r;

	snprintf(s, sizeof(s), "%d", no);
	l = rnd_layout_new(cr, &f, 0);
	rnd_layout_text(l, s);
	rnd_layout_size(l, &tw, &th);
	r = fmax(tw, th) / 2 + 0.5;
	cairo_new_sub_path(cr);
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
	cairo_set_line_width(cr, 0.25);
	cairo_stroke(cr);
	rnd_layout_draw(cr, l, x - tw / 2, y - th / 2);
	g_object_unref(l);
}

/* A cross of half size r at (x, y). */
static void
cross(cairo_t *cr, double x, double y, double r)
{
	cairo_move_to(cr, x - r, y - r);
	cairo_line_to(cr, x + r, y + r);
	cairo_move_to(cr, x + r, y - r);
	cairo_line_to(cr, x - r, y + r);
}

/* The diagram into (x, y, w, h): terrain, units where they began, each
 * step's action, and where the units ended. */
static void
ex_diagram(cairo_t *cr, const struct ruleset *rs, const struct eng_record *r,
    const struct win *v, double pt)
{
	const struct eng_rec_unit *before = r->start, *end;
	int facing = r->facing;
	double w = (v->x1 - v->x0) * v->s, h = (v->y1 - v->y0) * v->s;
	size_t k;
	int i;

	cairo_save(cr);
	cairo_rectangle(cr, v->px, v->py, w, h);
	cairo_set_source_rgb(cr, 0.985, 0.975, 0.95);
	cairo_fill_preserve(cr);
	cairo_clip(cr);
	for (i = 0; i < r->nt; i++)
		ex_terrain(cr, v, &r->t[i]);
	end = r->nsteps > 0 ? r->steps[r->nsteps - 1].after : r->start;
	/* Where units that moved began: outlines. */
	for (i = 0; i < r->nu; i++)
		if (hypot(end[i].x - r->start[i].x, end[i].y - r->start[i].y) >
		    0.01)
			ex_unit(cr, v, &r->start[i], facing, 1);
	/* Units at the end (the destroyed where they fell). */
	for (i = 0; i < r->nu; i++)
		ex_unit(cr, v, &end[i], facing, 0);
	/* Each step's action over them, numbered. */
	for (k = 0; k < r->nsteps && k < EX_MAX_STEPS; k++) {
		const struct eng_rec_step *st = &r->steps[k];
		const struct eng_rec_unit *a, *b;
		double ax, ay, bx, by, mx, my;

		/* A step that names no unit but fought a melee (the morale
		 * family's melee phase): the cross between the last pair. */
		if (st->unit < 0 && !st->refused && st->melees > 0 &&
		    st->shots == 0 && st->fight_a >= 0 &&
		    st->fight_a < r->nu && st->fight_b >= 0 &&
		    st->fight_b < r->nu) {
			a = &before[st->fight_a];
			b = &before[st->fight_b];
			mx = (wx(v, a->x) + wx(v, b->x)) / 2;
			my = (wy(v, a->y) + wy(v, b->y)) / 2;
			cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
			cairo_set_line_width(cr, 0.7);
			cross(cr, mx, my, 1.8);
			cairo_stroke(cr);
			step_no(cr, mx + 3.2, my - 2.2, (int)k + 1, pt);
			before = st->after;
			continue;
		}
		if (st->unit < 0 || st->unit >= r->nu || st->refused) {
			before = st->after;
			continue;
		}
		a = &before[st->unit];
		ax = wx(v, a->x), ay = wy(v, a->y);
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		cairo_set_line_width(cr, 0.45);
		if (st->target >= 0 && st->target < r->nu) {
			b = &before[st->target];
			bx = wx(v, b->x), by = wy(v, b->y);
			mx = (ax + bx) / 2, my = (ay + by) / 2;
			if (st->kind == ENG_ACT_MELEE ||
			    (st->melees > 0 && st->shots == 0)) {
				/* Melee (and a family's step that fought one,
				 * a charge): crossed marks. */
				cairo_set_line_width(cr, 0.7);
				cross(cr, mx, my, 1.8);
				cairo_stroke(cr);
				step_no(cr, mx + 3.2, my - 2.2, (int)k + 1,
				    pt);
			} else if (st->kind != ENG_ACT_FIRE &&
			    st->shots == 0) {
				/* A family's step at a target that fought
				 * nothing yet (a charge declared, its melee
				 * in a later phase): a solid arrow toward the
				 * target, its number near the unit. */
				double ex = ax + (bx - ax) * 0.7,
				       ey = ay + (by - ay) * 0.7,
				       n = hypot(bx - ax, by - ay),
				       ta = ex_edge(v, a, bx - ax, by - ay);

				cairo_move_to(cr, ax + (bx - ax) * ta / n,
				    ay + (by - ay) * ta / n);
				cairo_line_to(cr, ex, ey);
				cairo_set_line_width(cr, 0.6);
				cairo_stroke(cr);
				arrowhead(cr, ex, ey, bx - ax, by - ay, 2.4);
				step_no(cr, ax + (bx - ax) * 0.3 + 3.2,
				    ay + (by - ay) * 0.3, (int)k + 1, pt);
			} else {
				static const double dash[] = { 1.2, 0.7 };
				/* From the shooter's edge to the target's:
				 * no label is crossed. */
				double n = hypot(bx - ax, by - ay),
				       ta = ex_edge(v, a, bx - ax, by - ay),
				       tb = ex_edge(v, b, ax - bx, ay - by);
				double sx = ax + (bx - ax) * ta / n,
				       sy = ay + (by - ay) * ta / n,
				       tx = bx - (bx - ax) * tb / n,
				       ty = by - (by - ay) * tb / n;

				if (ta + tb >= n)
					sx = tx = mx, sy = ty = my;
				cairo_set_dash(cr, dash, 2, 0);
				cairo_move_to(cr, sx, sy);
				cairo_line_to(cr, tx, ty);
				cairo_stroke(cr);
				cairo_set_dash(cr, NULL, 0, 0);
				arrowhead(cr, tx, ty, bx - ax, by - ay, 2.2);
				step_no(cr, (sx + tx) / 2, (sy + ty) / 2,
				    (int)k + 1, pt);
			}
		} else if (st->kind == ENG_ACT_MOVE ||
		    hypot(st->after[st->unit].x - a->x,
		        st->after[st->unit].y - a->y) > 0.01) {
			bx = wx(v, st->after[st->unit].x);
			by = wy(v, st->after[st->unit].y);
			if (hypot(bx - ax, by - ay) > 0.5) {
				/* To the edge of where it ends: its label
				 * stays clear. */
				double n = hypot(bx - ax, by - ay),
				       tb = fmin(n,
				           ex_edge(v, &st->after[st->unit],
				               ax - bx, ay - by));
				double tx = bx - (bx - ax) * tb / n,
				       ty = by - (by - ay) * tb / n;

				cairo_move_to(cr, ax, ay);
				cairo_line_to(cr, tx, ty);
				cairo_set_line_width(cr, 0.6);
				cairo_stroke(cr);
				arrowhead(cr, tx, ty, bx - ax, by - ay, 2.4);
				step_no(cr, (ax + tx) / 2, (ay + ty) / 2,
				    (int)k + 1, pt);
			}
		}
		before = st->after;
	}
	/* The labels over everything. */
	for (i = 0; i < r->nu; i++)
		ex_label(cr, rs, v, &end[i], pt);
	cairo_restore(cr);
	cairo_rectangle(cr, v->px, v->py, w, h);
	cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
	cairo_set_line_width(cr, 0.3);
	cairo_stroke(cr);
}

/* A length in the ruleset's measure, as the rules write it, to a tenth
 * of the unit. */
static char *
ex_len(const struct ruleset *rs, double mm)
{
	enum unit_of_length m = rs->measure == LEN_NONE ? LEN_MM : rs->measure;
	double u = len_unit_mm(m);
	char n[48];

	len_format(n, sizeof(n), round(mm / u * 10) / 10 * u, m);
	return xstrdup(n);
}

/* A scale bar under the diagram's right end: a round length in the
 * ruleset's measure near a fifth of the width. Returns its height. */
static double
ex_scale_bar(cairo_t *cr, const struct ruleset *rs, const struct win *v,
    double x1, double y, double pt, int draw)
{
	static const double steps[] = { 1, 2, 3, 5, 6, 10, 12, 20, 25, 50, 100,
		200, 500, 1000 };
	enum unit_of_length m = rs->measure == LEN_NONE ? LEN_MM : rs->measure;
	double unit = len_unit_mm(m), want = (v->x1 - v->x0) / 5, len = unit;
	struct rnd_font f = { "DejaVu Sans", pt, 0, 0 };
	PangoLayout *l;
	double tw, th;
	char *s;
	size_t i;

	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
		if (steps[i] * unit <= want)
			len = steps[i] * unit;
	s = ex_len(rs, len);
	l = rnd_layout_new(cr, &f, 0);
	rnd_layout_text(l, s);
	rnd_layout_size(l, &tw, &th);
	if (draw) {
		double bl = len * v->s;

		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		cairo_set_line_width(cr, 0.4);
		cairo_move_to(cr, x1 - bl, y + 0.8);
		cairo_line_to(cr, x1 - bl, y + 2);
		cairo_line_to(cr, x1, y + 2);
		cairo_line_to(cr, x1, y + 0.8);
		cairo_stroke(cr);
		rnd_layout_draw(cr, l, x1 - bl - tw - 1.5, y + 2 - th / 2);
	}
	g_object_unref(l);
	free(s);
	return fmax(th, 2.5);
}

/* A unit as the text names it: "A (Rifle)". */
static char *
ex_who(const struct ruleset *rs, const struct eng_rec_unit *u)
{
	const char *type = u->type >= 0 && (size_t)u->type < rs->nunits ?
	    rs->units[u->type].name :
	    "?";

	char *n = rnd_markup_escape(u->name), *t = rnd_markup_escape(type);
	char *s = xasprintf("<b>%s</b> (%s)", n, t);

	free(n);
	free(t);
	return s;
}

/* Append to a growing markup string. */
static void cat(char **s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void
cat(char **s, const char *fmt, ...)
{
	va_list ap;
	char *add, *t;

	va_start(ap, fmt);
	add = xvasprintf(fmt, ap);
	va_end(ap);
	t = xasprintf("%s%s", *s != NULL ? *s : "", add);
	free(*s);
	free(add);
	*s = t;
}

/* What changed in a step, between units before and after: moves, the
 * family's gauges (hits, morale), the destroyed. */
static void
ex_changes(char **s, const struct ruleset *rs, const struct eng_show *sh,
    const struct eng_rec_unit *b, const struct eng_rec_unit *a, int nu,
    int moved_unit)
{
	static const char *const sep[2] = { " \xe2\x86\x92 ", "; " };
	int i, j, any = 0;

	for (i = 0; i < nu; i++) {
		char *d, *nm;
		double dist = hypot(a[i].x - b[i].x, a[i].y - b[i].y);

		if (!b[i].alive)
			continue;
		nm = rnd_markup_escape(a[i].name);
		if (!a[i].alive) {
			cat(s, "%s", sep[any++ > 0]);
			cat(s, _("<b>%s</b> is destroyed"), nm);
			free(nm);
			continue;
		}
		if (dist > 0.01 && i != moved_unit) {
			d = ex_len(rs, dist);
			cat(s, "%s", sep[any++ > 0]);
			cat(s, _("<b>%s</b> moves %s"), nm, d);
			free(d);
		}
		for (j = 0;
		     sh != NULL && j < sh->nugauges && j < ENG_MAX_UGAUGES;
		     j++) {
			const struct eng_ugauge *gg = &sh->ugauges[j];
			const char *w;

			if (a[i].gauge[j] == b[i].gauge[j])
				continue;
			w = a[i].gauge[j] < b[i].gauge[j] ? gg->falls :
			                                    gg->rises;
			if (a[i].gauge[j] == 1 && gg->one != NULL)
				w = gg->one;
			cat(s, "%s", sep[any++ > 0]);
			/* The family's N_() words, each of one %s and one
			 * %d, which xgettext checks as c-format. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
			cat(s, _(w), nm, a[i].gauge[j]);
#pragma GCC diagnostic pop
		}
		free(nm);
	}
}

/* The family's words for its own step verb, or NULL. */
static const struct eng_verb *
ex_verb(const struct eng_record *r, const char *verb)
{
	const struct eng_verb *v;

	if (r->fam == NULL || r->fam->show == NULL)
		return NULL;
	for (v = r->fam->show->verbs; v != NULL && v->key != NULL; v++)
		if (strcmp(v->key, verb) == 0)
			return v;
	return NULL;
}

/* A family's step told in its words: a and b the step's unit and target
 * (markup, may be NULL), arg its argument as written. */
static void
ex_verb_text(char **s, const struct eng_verb *v, const char *a, const char *b,
    const char *arg)
{
	char *g = rnd_markup_escape(arg);

	/* The family's N_() words, whose %s are what `takes` says, as
	 * xgettext checks them (c-format). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	switch (v->takes) {
	case ENG_VERB_PAIR:
		cat(s, _(v->words), a ? a : "?", b ? b : "?");
		break;
	case ENG_VERB_UNIT:
		cat(s, _(v->words), a ? a : "?");
		break;
	case ENG_VERB_ARG:
		cat(s, _(v->words), g);
		break;
	case ENG_VERB_NONE:
		cat(s, "%s", _(v->words));
		break;
	}
#pragma GCC diagnostic pop
	free(g);
}

/*
 * A step's dice, each run said by who rolled it, as players say them:
 * "A rolls 4, 4; B rolls 1, 3." (a side's roll: "Blue rolls 2"); dice no
 * family said the roller of: "Dice 1, 3".
 */
static void
ex_dice(char **s, const struct eng_record *r, const struct eng_rec_step *st,
    const struct eng_rec_unit *before)
{
	int i = 0, j, n = st->ndice < ENG_REC_DICE ? st->ndice : ENG_REC_DICE;

	while (i < n) {
		int by = st->by[i];
		char *who = NULL;

		for (j = i; j < n && st->by[j] == by; j++)
			;
		if (by > 0 && by - 1 < r->nu)
			who = rnd_markup_escape(before[by - 1].name);
		if (who != NULL)
			cat(s,
			    i ? _("; <b>%s</b> rolls") : _(" <b>%s</b> rolls"),
			    who);
		else if (by < 0)
			cat(s, i ? _("; %s rolls") : _(" %s rolls"),
			    _(side_word[(-1 - by) & 1]));
		else
			cat(s, "%s%s", i ? "; " : " ",
			    i ? _("dice") : _("Dice"));
		for (; i < j; i++)
			cat(s, "%s%d",
			    st->by[i] == by && i > 0 && st->by[i - 1] == by ?
			        ", " :
			        " ",
			    st->dice[i]);
		free(who);
	}
	if (st->ndice > ENG_REC_DICE)
		cat(s, _(" \xe2\x80\xa6 (%d in all)"), st->ndice);
	cat(s, ".");
}

/* One step in words (markup). */
static char *
ex_step_text(const struct ruleset *rs, const struct eng_record *r, size_t k,
    const struct eng_rec_unit *before)
{
	const struct eng_rec_step *st = &r->steps[k];
	const struct eng_verb *vb;
	char *s = NULL, *a = NULL, *b = NULL, *e;
	int i, rule;

	if (st->unit >= 0 && st->unit < r->nu)
		a = ex_who(rs, &before[st->unit]);
	if (st->target >= 0 && st->target < r->nu)
		b = ex_who(rs, &before[st->target]);
	switch (st->kind) {
	case ENG_ACT_MOVE:
		if (a != NULL) {
			double d = hypot(st->after[st->unit].x -
			        before[st->unit].x,
			    st->after[st->unit].y - before[st->unit].y);
			char *l = ex_len(rs, d);

			if (st->refused)
				cat(&s, _("%s may not move there"), a);
			else
				cat(&s, _("%s moves %s"), a, l);
			free(l);
		}
		break;
	case ENG_ACT_FIRE:
		if (st->weapon >= 0 && (size_t)st->weapon < rs->nweapons) {
			e = rnd_markup_escape(rs->weapons[st->weapon].name);
			cat(&s, _("%s fires at %s with the %s"), a ? a : "?",
			    b ? b : "?", e);
			free(e);
		} else
			cat(&s, _("%s fires at %s"), a ? a : "?", b ? b : "?");
		break;
	case ENG_ACT_MELEE:
		cat(&s, _("%s fights %s in melee"), a ? a : "?", b ? b : "?");
		break;
	case ENG_ACT_END_TURN:
		cat(&s, _("%s ends its turn"), _(side_word[st->side & 1]));
		break;
	case ENG_ACT_FAMILY:
		e = rnd_markup_escape(st->verb);
		if (strcmp(st->verb, "play") == 0 && *st->arg != '\0')
			cat(&s, _("The players play on for %s"), st->arg);
		else if (strcmp(st->verb, "play") == 0)
			cat(&s, "%s", _("The players play on"));
		else if (strcmp(st->verb, "initiative") == 0)
			cat(&s, "%s", _("Both sides roll for the first turn"));
		else if ((vb = ex_verb(r, st->verb)) != NULL) {
			/* A step that names its unit by its label alone
			 * (rally: B): that unit. */
			for (i = 0; a == NULL && i < r->nu; i++)
				if (strcmp(before[i].name, st->arg) == 0)
					a = ex_who(rs, &before[i]);
			ex_verb_text(&s, vb, a, b, st->arg);
		} else if (a != NULL && b != NULL)
			cat(&s, "<i>%s</i>: %s, %s", e, a, b);
		else if (a != NULL)
			cat(&s, "<i>%s</i>: %s", e, a);
		else {
			char *g = rnd_markup_escape(st->arg);

			cat(&s, "<i>%s</i>%s%s", e, *g != '\0' ? ": " : "", g);
			free(g);
		}
		free(e);
		break;
	}
	if (st->refused)
		cat(&s, " \xe2\x80\x94 %s", _("refused"));
	cat(&s, ".");
	if (st->ndice > 0)
		ex_dice(&s, r, st, before);
	ex_changes(&s, rs, r->fam != NULL ? r->fam->show : NULL, before,
	    st->after, r->nu, st->kind == ENG_ACT_MOVE ? st->unit : -1);
	for (i = 0; i < st->nrules && r->fam != NULL; i++) {
		rule = st->rules[i];
		e = rnd_markup_escape(r->fam->rules[rule].text);
		if (i == 0)
			cat(&s, "\n<i>%s</i> ", _("Rules:"));
		cat(&s, "%s%s <span foreground=\"#666666\">(%s)</span>",
		    i ? "; " : "", e, r->fam->rules[rule].id);
		free(e);
	}
	free(a);
	free(b);
	return s;
}

/* The whole text under the diagram (markup); v: the view drawn. */
static char *
ex_text(const struct ruleset *rs, const struct eng_record *r,
    const struct win *v)
{
	const struct eng_rec_unit *before = r->start;
	char *s = NULL, *t;
	size_t k;
	int i, n[2] = { 0, 0 };

	/* Who is who. */
	for (i = 0; i < 2; i++) {
		int j;

		for (j = 0; j < r->nu; j++) {
			char *who;

			if ((r->start[j].side & 1) != i)
				continue;
			who = ex_who(rs, &r->start[j]);
			if (n[i]++ > 0)
				cat(&s, ", %s", who);
			else
				cat(&s, "%s<b>%s:</b> %s",
				    s != NULL ? ". " : "", _(side_word[i]),
				    who);
			free(who);
		}
	}
	cat(&s, ".");
	/* Units the view leaves out (they stand too far off to matter). */
	for (i = 0, n[0] = 0; i < r->nu; i++)
		if (r->start[i].x < v->x0 || r->start[i].x > v->x1 ||
		    r->start[i].y < v->y0 || r->start[i].y > v->y1) {
			char *nm = rnd_markup_escape(r->start[i].name);

			if (n[0]++ > 0)
				cat(&s, ", <b>%s</b>", nm);
			else
				cat(&s, " %s <b>%s</b>", _("Off the view:"),
				    nm);
			free(nm);
		}
	if (n[0] > 0)
		cat(&s, ".");
	if (!r->scripted)
		cat(&s, " %s",
		    _("The dice fall at random from the test "
		      "game's seed."));
	for (k = 0; k < r->nsteps; k++) {
		if (k == EX_MAX_STEPS) {
			cat(&s, _("\n\xe2\x80\xa6 and %zu steps more."),
			    r->nsteps - k);
			break;
		}
		t = ex_step_text(rs, r, k, before);
		cat(&s, "\n<b>%zu.</b> %s", k + 1, t);
		free(t);
		before = r->steps[k].after;
	}
	if (r->nodds > 0) {
		int shown = 0;

		cat(&s, "\n<i>%s</i> ",
		    r->contest == 1 ? _("Exact odds of the first shot:") :
		                      _("Exact odds of the first melee:"));
		for (i = 0; i < r->nodds; i++) {
			const char *words = r->odds[i].key;
			const struct eng_q *x = &r->odds[i].q;
			char q[48];
			size_t j;
			double p = eng_q_double(x);
			long num, den;
			/* A fraction a player can read; else the figure. */
			int readable = eng_q_small(x, &num, &den) == 0 &&
			    den <= 999;

			for (j = 0; eng_odds_keys[j].key != NULL; j++)
				if (strcmp(eng_odds_keys[j].key, words) == 0)
					words = _(eng_odds_keys[j].words);

			if (readable) {
				char *fr = eng_q_str(x);

				snprintf(q, sizeof(q), "%s", fr);
				free(fr);
			} else
				snprintf(q, sizeof(q), "%.2f", p);
			if (strncmp(r->odds[i].key, "expected", 8) == 0)
				cat(&s, "%s%s %s", shown++ ? "; " : "", q,
				    words);
			else if (!eng_q_is(x, 0, 1))
				cat(&s, "%s%s %s%s(%.0f%%)",
				    shown++ ? "; " : "", words,
				    readable ? q : "", readable ? " " : "",
				    100 * p);
		}
		cat(&s, ".");
	}
	if (r->over)
		cat(&s, "\n<i>%s</i> %s.", _("The battle is over:"),
		    r->winner < 0      ? _("a draw") :
		        r->winner == 0 ? _("Blue wins") :
		                         _("Red wins"));
	return s;
}

/* Each rule id the text names, "(fire.hit)", a link to the page its
 * section begins on. */
static void
ex_links(cairo_t *cr, const struct rnd_example_ctx *c, PangoLayout *l,
    double x, double y)
{
	const struct eng_record *r = c->ex->rec;
	const char *text = pango_layout_get_text(l), *at;
	double k = rnd_layout_scale(l) / PANGO_SCALE;
	size_t i;
	int j, page;

	if (c->page_of == NULL || r->fam == NULL)
		return;
	for (i = 0; i < r->nsteps && i < EX_MAX_STEPS; i++)
		for (j = 0; j < r->steps[i].nrules; j++) {
			const struct eng_rule *ru =
			    &r->fam->rules[r->steps[i].rules[j]];
			char want[80], *attr;
			PangoRectangle a, b;
			size_t n;

			if ((page = c->page_of(c->page_arg, ru->section)) <= 0)
				continue;
			n = (size_t)snprintf(want, sizeof(want), "(%s)",
			    ru->id);
			for (at = strstr(text, want); at != NULL;
			     at = strstr(at + n, want)) {
				pango_layout_index_to_pos(l,
				    (int)(at - text) + 1, &a);
				pango_layout_index_to_pos(l,
				    (int)(at - text + n) - 2, &b);
				if (a.y != b.y)
					continue; /* broken over two lines */
				attr = xasprintf("page=%d", page);
				rnd_link_rect(cr, x + a.x * k, y + a.y * k,
				    (b.x + b.width - a.x) * k, a.height * k,
				    attr);
				free(attr);
			}
		}
}

double
rnd_example_draw(cairo_t *cr, void *arg, double x, double y, double w,
    double scale, int draw)
{
	const struct rnd_example_ctx *c = arg;
	const struct eng_record *r = c->ex->rec;
	struct rnd_font cf = { c->st->head_font, c->st->size_pt * scale, 1,
		0 };
	struct rnd_font tf = { c->st->font, c->st->size_pt * scale * 0.92, 0,
		0 };
	double pt = fmax(6.5, c->st->size_pt * scale * 0.72), y0 = y, th;
	struct win v;
	PangoLayout *l;
	char *cap, *text;

	/* Caption: plain text (rnd_layout_text), not markup, so that an
	 * apostrophe is not written as "&apos;". */
	cap = xasprintf(_("Example %d \xc2\xb7 %s"), c->number,
	    c->ex->caption);
	l = rnd_layout_new(cr, &cf, w);
	rnd_layout_text(l, cap);
	rnd_layout_size(l, NULL, &th);
	if (draw) {
		rnd_set_rgb(cr, c->st->accent);
		rnd_layout_draw(cr, l, x, y);
	}
	g_object_unref(l);
	free(cap);
	y += th + 1.2;
	/* Diagram, centred, and the scale bar. */
	ex_window(r, w, &v);
	v.px = x + (w - (v.x1 - v.x0) * v.s) / 2;
	v.py = y;
	if (draw)
		ex_diagram(cr, c->rs, r, &v, pt);
	y += (v.y1 - v.y0) * v.s + 0.8;
	y += ex_scale_bar(cr, c->rs, &v, v.px + (v.x1 - v.x0) * v.s, y, pt,
	         draw) +
	    1.5;
	/* The steps. */
	text = ex_text(c->rs, r, &v);
	l = rnd_layout_new(cr, &tf, w);
	rnd_layout_markup(l, text);
	rnd_layout_size(l, NULL, &th);
	if (draw) {
		rnd_set_rgb(cr, c->st->text);
		rnd_layout_draw(cr, l, x, y);
		ex_links(cr, c, l, x, y);
		/* A rule down the left, binding the example together. */
		rnd_set_rgb(cr, c->st->accent);
		cairo_set_line_width(cr, 0.5);
		cairo_move_to(cr, x - 2.5, y0);
		cairo_line_to(cr, x - 2.5, y + th);
		cairo_stroke(cr);
		rnd_set_rgb(cr, c->st->text);
	}
	g_object_unref(l);
	free(text);
	return y + th - y0;
}
