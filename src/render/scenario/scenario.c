/*
 * scenario.c: the scenario briefing. Page 1, the map (map_draw of the
 * map renderer) with the deployment zones, the objectives and the set-up
 * the test games used; page 2, the orders of battle and the scenario's
 * rules in words, and the balance figure. Lays out and draws only: every
 * number comes from the scenario and the ruleset.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/engine.h"
#include "../map/map_internal.h"
#include "scenario.h"

/*
 * The look of the briefing, from templates/scenario-briefing.yaml
 * (sc_look): set at the start of each briefing, before a page is drawn;
 * per thread, so that briefings made at once do not share it.
 */
static _Thread_local double M; /* page margin, mm */
static _Thread_local unsigned side_ink[2], INK, GREY;
static _Thread_local struct rnd_font f_title, f_sub, f_head, f_body, f_cell,
    f_small, f_th;
static _Thread_local const char *sc_font; /* marks and names on the map */
/* The sections of page 2 it prints (the balance always: it says whether
 * the sides are even). */
enum { SEC_DEPLOY = 1, SEC_OBJ = 2, SEC_VICTORY = 4, SEC_SPECIAL = 8 };
static _Thread_local unsigned sc_sections;
#define BLUE_INK side_ink[0]
#define RED_INK side_ink[1]

/* Colour c as a share a of it over white: a side's pale tint, from the
 * template's colour of the side (navy gives a pale navy). */
static unsigned
tint(unsigned c, double a)
{
	unsigned r = 0;
	int sh;

	for (sh = 16; sh >= 0; sh -= 8) {
		double v = 255 - a * (255 - (double)(c >> sh & 255));

		r |= (unsigned)lround(v) << sh;
	}
	return r;
}

/* Printed through _(). */
static const char *const side_name[2] = { N_("Blue"), N_("Red") };

/*
 * A unit's mark at a level of detail, into buf (RND_MARK_SZ): 0 the
 * initials of its words ("Machine Gun" → "MG"), 1 the first word's first
 * two letters and the other words' initials ("Sherman" → "Sh", "Machine
 * Gun" → "MaG"), 2 the first word's first three letters; at most three
 * characters, UTF-8 aware (an accented initial is kept and upper-cased).
 * Words are runs of letters and digits. Returns the number of characters.
 */
static int
mark_at_level(char *buf, const char *name, int level)
{
	const char *p;
	int n = 0, word = 0, in_word = 0, pos = 0, len;
	gunichar c;
	char *end = buf;

	for (p = name; *p != '\0' && n < 3; p = g_utf8_next_char(p)) {
		c = g_utf8_get_char_validated(p, -1);
		if (c == (gunichar)-1 || c == (gunichar)-2)
			break;
		if (!g_unichar_isalnum(c)) {
			in_word = 0;
			continue;
		}
		if (!in_word) {
			in_word = 1;
			word++;
			pos = 0;
		}
		pos++;
		/* Keep the first letter of each word, and more of the first
		 * word at the higher levels. */
		if (!(pos == 1 || (word == 1 && pos <= level + 1)))
			continue;
		c = pos == 1 ? g_unichar_toupper(c) : g_unichar_tolower(c);
		len = g_unichar_to_utf8(c, end);
		end += len;
		n++;
	}
	*end = '\0';
	return n;
}

/* The UTF-8 text of a case-folded mark, to compare two marks. */
static int
marks_equal(const char *a, const char *b)
{
	char *fa = g_utf8_casefold(a, -1), *fb = g_utf8_casefold(b, -1);
	int eq = strcmp(fa, fb) == 0;

	g_free(fa);
	g_free(fb);
	return eq;
}

char (*rnd_unit_marks(const struct ruleset *rs,
    const struct scenario *s))[RND_MARK_SZ]
{
	char(*m)[RND_MARK_SZ] = xcalloc(rs->nunits + 1, sizeof(*m));
	int *level = xcalloc(rs->nunits + 1, sizeof(int));
	char *used = xcalloc(rs->nunits + 1, 1);
	size_t e, i, j;
	int side, round, clash = 1, k;

	for (side = 0; side < 2; side++)
		for (e = 0; e < s->side[side].n; e++)
			if ((size_t)s->side[side].v[e].type < rs->nunits)
				used[s->side[side].v[e].type] = 1;
	/* Every type in the scenario starts from its initials; types whose
	 * marks clash move on together to longer marks, so that neither
	 * keeps the short one ("Squad" and "Sherman": "Sq" and "Sh"). */
	for (round = 0; round < 4 && clash; round++) {
		for (i = 0; i < rs->nunits; i++)
			if (used[i] &&
			    (level[i] > 2 ||
			        mark_at_level(m[i], rs->units[i].name,
			            level[i]) == 0))
				level[i] = 3;
		clash = 0;
		for (i = 0; i < rs->nunits; i++)
			for (j = i + 1; j < rs->nunits; j++)
				if (used[i] && used[j] && level[i] < 3 &&
				    marks_equal(m[i], m[j])) {
					level[i]++;
					level[j]++;
					clash = 1;
				}
	}
	/* Still the same (or no letters at all): initials and a number. */
	for (i = 0, k = 0; i < rs->nunits; i++) {
		if (!used[i])
			continue;
		for (j = 0; j < rs->nunits; j++)
			if (j != i && used[j] && marks_equal(m[i], m[j]))
				break;
		if (level[i] < 3 && j == rs->nunits)
			continue;
		mark_at_level(m[i], rs->units[i].name, 0);
		if (m[i][0] == '\0')
			strcpy(m[i], "U");
		snprintf(m[i] + strlen(m[i]), RND_MARK_SZ - strlen(m[i]), "%d",
		    ++k);
	}
	for (i = 0; i < rs->nunits; i++)
		if (!used[i])
			mark_at_level(m[i], rs->units[i].name, 0);
	free(level);
	free(used);
	return m;
}

/* A length in the ruleset's measure ("12\"", "150mm"). */
static void
len_str(const struct ruleset *rs, char *buf, size_t sz, double mm)
{
	len_format(buf, sz, mm,
	    rs->measure == LEN_NONE ? LEN_MM : rs->measure);
}

/* A percentage with one decimal, locale-free. */
static void
pct(char *buf, size_t sz, double p)
{
	fmt_double(buf, sz, round(p * 1000) / 10, 1);
	if (strchr(buf, '.') == NULL && strlen(buf) + 3 < sz)
		strcat(buf, ".0");
}

/* A whole number with thousands separators: 1,000. */
static void
thousands(char *buf, size_t sz, long v)
{
	if (v >= 1000)
		snprintf(buf, sz, "%ld,%03ld", v / 1000, v % 1000);
	else
		snprintf(buf, sz, "%ld", v);
}

/* ---- page 1: the map ---- */

/* The deployment zones, tinted, outlined and named. */
static void
draw_zones(cairo_t *cr, const struct scenario *s, double k, int ruler)
{
	int side;
	char *t;

	for (side = 0; side < 2; side++) {
		const struct sc_rect *z = &s->zone[side];
		unsigned c = side_ink[side];
		double dash[2] = { 2.0 / k, 1.2 / k };

		cairo_rectangle(cr, z->x, z->y, z->w, z->h);
		cairo_set_source_rgba(cr, (c >> 16 & 255) / 255.0,
		    (c >> 8 & 255) / 255.0, (c & 255) / 255.0, 0.10);
		cairo_fill_preserve(cr);
		rnd_set_rgb(cr, c);
		cairo_set_line_width(cr, 0.5 / k);
		cairo_set_dash(cr, dash, 2, 0);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		t = xstrdup(side == SC_BLUE ? _("Blue deployment zone") :
		                              _("Red deployment zone"));
		cairo_save(cr);
		cairo_scale(cr, 1 / k, 1 / k);
		rnd_set_rgb(cr, c);
		{
			struct rnd_font f = { sc_font, 7, 1, 0 };
			double ty = side == SC_BLUE ? (z->y + z->h) * k - 4.2 :
			                              z->y * k + 1.2;

			/* Below the border ruler's numbers (6 pt, under its
			 * 5 mm ticks) where the zone starts at the edge. */
			if (ruler && side != SC_BLUE && z->y < 1)
				ty += 5 * k + 2.6;

			rnd_text(cr, &f, z->x * k + 2, ty, 0, 0, 0, t);
		}
		cairo_restore(cr);
		free(t);
	}
}

/* A marker's box on the page (mm), so that names keep clear of it. */
struct box {
	double x0, y0, x1, y1;
};

/*
 * The markers of the tested set-up: a square per unit with its mark,
 * drawn after the terrain so that nothing covers one. The mark's text is
 * never under 6 pt: a long mark widens its marker instead. Each
 * marker's page box (the map's corner at mx, my) goes to boxes (up to
 * max); returns how many.
 */
static int
draw_units(cairo_t *cr, const struct ruleset *rs, const struct scenario *s,
    double k, double mx, double my, char (*marks)[RND_MARK_SZ],
    struct rnd_pics *pics, struct box *boxes, int max)
{
	double xy[SC_MAX_SIDE][2], size, fs, bw, ux, uy;
	int side, n, i, u, nb = 0;
	size_t e;

	if (rs->grid != RS_GRID_NONE && rs->cell_mm > 0)
		size = rs->cell_mm * 0.78;
	else
		size = (rs->base_w_mm > 0 ? rs->base_w_mm : 25.4) * 1.2;
	size = fmax(size, 4.2 / k);
	fs = fmax(fmin(size * k * 0.42, 2.6), RND_MIN_TEXT_MM);
	for (side = 0; side < 2; side++) {
		n = sc_deploy(s, rs, side, xy, SC_MAX_SIDE);
		i = 0;
		for (e = 0; e < s->side[side].n; e++)
			for (u = 0; u < s->side[side].v[e].count && i < n;
			     u++, i++) {
				size_t type = s->side[side].v[e].type;
				const char *mark = marks[type];
				PangoLayout *l;
				double tw, th, sh, sd;

				l = rnd_layout_memo(
				    &(struct rnd_font){ sc_font,
				        fs * 72 / 25.4, 1, 0 },
				    0, 0, 0, 0, mark);
				rnd_layout_size(l, &tw, &th);
				bw = fmax(size, (tw + 1.0) / k);
				/* Deep enough for the mark under a symbol
				 * 2.6 mm tall: a small marker grows. */
				sd = fmax(size, (th + 0.6 + 2.6) / k);
				cairo_rectangle(cr, xy[i][0] - bw / 2,
				    xy[i][1] - sd / 2, bw, sd);
				rnd_set_rgb(cr, side_ink[side]);
				cairo_fill_preserve(cr);
				cairo_set_source_rgb(cr, 1, 1, 1);
				cairo_set_line_width(cr, 0.25 / k);
				cairo_stroke(cr);
				/* The mark in page mm from the map's corner:
				 * under the unit's symbol or picture
				 * (symbol.c). */
				ux = xy[i][0] * k, uy = xy[i][1] * k;
				sh = sd * k - th - 0.6;
				cairo_save(cr);
				cairo_scale(cr, 1 / k, 1 / k);
				rnd_unit_mark(cr, pics, rs, type, side,
				    ux - bw * k / 2 + 0.4,
				    uy - sd * k / 2 + 0.3, bw * k - 0.8, sh);
				uy += sd * k / 2 - th - 0.15 + th / 2;
				cairo_set_source_rgb(cr, 1, 1, 1);
				rnd_layout_draw(cr, l, ux - tw / 2,
				    uy - th / 2);
				cairo_restore(cr);
				ux = xy[i][0] * k + mx, uy = xy[i][1] * k + my;
				g_object_unref(l);
				if (nb < max) {
					boxes[nb].x0 = ux - bw * k / 2;
					boxes[nb].x1 = ux + bw * k / 2;
					boxes[nb].y0 = uy - sd * k / 2;
					boxes[nb].y1 = uy + sd * k / 2;
					nb++;
				}
			}
	}
	return nb;
}

/* A five-pointed star of outer radius r at (x, y). */
static void
star(cairo_t *cr, double x, double y, double r)
{
	int i;
	double a, rr;

	for (i = 0; i < 10; i++) {
		a = -M_PI / 2 + i * M_PI / 5;
		rr = i % 2 ? r * 0.45 : r;
		if (i == 0)
			cairo_move_to(cr, x + rr * cos(a), y + rr * sin(a));
		else
			cairo_line_to(cr, x + rr * cos(a), y + rr * sin(a));
	}
	cairo_close_path(cr);
}

/* Text with a white halo, centred at (x, y) page mm. */
static void
halo_text(cairo_t *cr, const struct rnd_font *f, double x, double y,
    const char *s)
{
	PangoLayout *l = rnd_layout_new(cr, f, 0);
	double w, h;

	rnd_layout_text(l, s);
	rnd_layout_size(l, &w, &h);
	rnd_layout_path(cr, l, x - w / 2, y - h / 2);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, 1.2);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
	rnd_set_rgb(cr, INK);
	rnd_layout_draw(cr, l, x - w / 2, y - h / 2);
	g_object_unref(l);
}

/* Objectives: the holding circle and a star (their names come after
 * the unit markers, draw_objective_names). */
static void
draw_objectives(cairo_t *cr, const struct scenario *s, double k)
{
	double dash[2] = { 1.2 / k, 0.8 / k };
	int i;

	for (i = 0; i < s->nobj; i++) {
		const struct sc_objective *o = &s->obj[i];

		cairo_new_sub_path(cr);
		cairo_arc(cr, o->x, o->y, o->radius, 0, 2 * M_PI);
		cairo_set_source_rgba(cr, 0.85, 0.6, 0.05, 0.12);
		cairo_fill_preserve(cr);
		rnd_set_rgb(cr, 0x9a6a00);
		cairo_set_line_width(cr, 0.45 / k);
		cairo_set_dash(cr, dash, 2, 0);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		star(cr, o->x, o->y, 2.6 / k);
		rnd_set_rgb(cr, 0xe0a800);
		cairo_fill_preserve(cr);
		rnd_set_rgb(cr, 0x403000);
		cairo_set_line_width(cr, 0.25 / k);
		cairo_stroke(cr);
	}
}

/* 1 when the box (x0, y0)-(x1, y1) meets none of boxes. */
static int
box_clear(const struct box *boxes, int n, double x0, double y0, double x1,
    double y1)
{
	int i;

	for (i = 0; i < n; i++)
		if (x1 > boxes[i].x0 && x0 < boxes[i].x1 && y1 > boxes[i].y0 &&
		    y0 < boxes[i].y1)
			return 0;
	return 1;
}

/* The objectives' names, on top of everything (page mm, the map's corner
 * at mx, my): above the star, or below, left or right of it where that
 * keeps clear of the unit markers. */
static void
draw_objective_names(cairo_t *cr, const struct scenario *s, double k,
    double mx, double my, const struct box *boxes, int nb)
{
	const struct rnd_font f = { sc_font, 7.5, 1, 0 };
	int i, j;
	char *t;

	for (i = 0; i < s->nobj; i++) {
		const struct sc_objective *o = &s->obj[i];
		double x = mx + o->x * k, y = my + o->y * k, w, h, cx, cy;
		PangoLayout *l;

		t = o->value > 1 ? xasprintf("%s (%d)", o->name, o->value) :
		                   xstrdup(o->name);
		l = rnd_layout_memo(&f, 0, 0, 0, 0, t);
		rnd_layout_size(l, &w, &h);
		g_object_unref(l);
		for (j = 0; j < 4; j++) {
			cx = x +
			    (j == 2        ? -(w / 2 + 4) :
			            j == 3 ? w / 2 + 4 :
			                     0);
			cy = y + (j == 0 ? -5.2 : j == 1 ? 5.2 : 0);
			if (box_clear(boxes, nb, cx - w / 2, cy - h / 2,
			        cx + w / 2, cy + h / 2))
				break;
		}
		if (j == 4)
			cx = x, cy = y - 5.2;
		halo_text(cr, &f, cx, cy, t);
		free(t);
	}
}

/* One swatch of the legend; returns its width. */
static double
swatch(cairo_t *cr, double x, double y, unsigned fill, unsigned edge, int kind,
    const char *label)
{
	double w;
	PangoLayout *l;

	switch (kind) {
	case 0: /* box */
		cairo_rectangle(cr, x, y, 6, 3.6);
		rnd_set_rgb(cr, fill);
		cairo_fill_preserve(cr);
		rnd_set_rgb(cr, edge);
		cairo_set_line_width(cr, 0.3);
		cairo_stroke(cr);
		break;
	case 1: /* band */
		cairo_move_to(cr, x, y + 1.8);
		cairo_line_to(cr, x + 6, y + 1.8);
		rnd_set_rgb(cr, edge);
		cairo_set_line_width(cr, 2.2);
		cairo_stroke(cr);
		cairo_move_to(cr, x, y + 1.8);
		cairo_line_to(cr, x + 6, y + 1.8);
		rnd_set_rgb(cr, fill);
		cairo_set_line_width(cr, 1.4);
		cairo_stroke(cr);
		break;
	case 2: /* star */
		star(cr, x + 3, y + 1.8, 2);
		rnd_set_rgb(cr, fill);
		cairo_fill_preserve(cr);
		rnd_set_rgb(cr, edge);
		cairo_set_line_width(cr, 0.25);
		cairo_stroke(cr);
		break;
	}
	l = rnd_layout_new(cr, &f_small, 0);
	rnd_layout_text(l, label);
	rnd_layout_size(l, &w, NULL);
	rnd_set_rgb(cr, INK);
	/* An item of the legend's list, read as its label. */
	rnd_tag_begin(cr, "LI");
	rnd_tag_begin(cr, "LBody");
	rnd_layout_draw(cr, l, x + 7.5, y + 0.1);
	rnd_tag_end(cr, "LBody");
	rnd_tag_end(cr, "LI");
	g_object_unref(l);
	return 7.5 + w + 5;
}

/* The ruleset's name for a kind of terrain, else the page's own word. */
#define NAME(rs, k, word)                                                     \
	(rs_terrain_name((rs), (k)) != NULL ? rs_terrain_name((rs), (k)) :    \
	                                      (word))

/* The legend row under the map, and a scale bar at its right; returns
 * the width (mm) the bar takes at the right of the row under it, or 0. */
static double
draw_legend(cairo_t *cr, const struct ruleset *rs, const struct scenario *s,
    double x, double y, double w, double k)
{
	const struct battlefield *bf = s->bf;
	double cx = x, bar, len, step, reserved = 0;
	char a[32], b[48];
	int i, n;
	size_t r, fords = 0;

	for (r = 0; r < bf->nrivers; r++)
		fords += bf->rivers[r].nfords;
	/* A list to a screen reader: the swatches' labels in order, then
	 * the scale as a paragraph. */
	rnd_tag_begin(cr, "L");
	cx += swatch(cr, cx, y, tint(BLUE_INK, 0.15), BLUE_INK, 0,
	    _("Blue zone"));
	cx += swatch(cr, cx, y, tint(RED_INK, 0.15), RED_INK, 0,
	    _("Red zone"));
	cx += swatch(cr, cx, y, 0xe0a800, 0x403000, 2, _("Objective"));
	if (bf->nhills > 0)
		cx += swatch(cr, cx, y, 0xe9dab6, 0x8a6d3b, 0,
		    NAME(rs, RS_TERRAIN_HILL, _("Hill")));
	if (bf->nwoods > 0)
		cx += swatch(cr, cx, y, 0xdcecd0, 0x4a7a36, 0,
		    NAME(rs, RS_TERRAIN_WOOD, _("Wood")));
	if (bf->nrivers > 0)
		cx += swatch(cr, cx, y, 0xcfe3f5, 0x3d6fa8, 1,
		    NAME(rs, RS_TERRAIN_RIVER, _("River")));
	if (fords > 0)
		cx += swatch(cr, cx, y, 0xeadfc4, 0x8a6d3b, 1,
		    NAME(rs, RS_TERRAIN_FORD, _("Ford")));
	if (bf->nroads > 0)
		cx += swatch(cr, cx, y, 0xf3ead6, 0x6e6e6e, 1,
		    NAME(rs, RS_TERRAIN_ROAD, _("Road")));
	if (bf->ntown > 0)
		cx += swatch(cr, cx, y, 0xc4c4c4, 0x333333, 0,
		    NAME(rs, RS_TERRAIN_TOWN, _("Town")));
	if (bf->nforts > 0)
		cx += swatch(cr, cx, y, 0x5a4632, 0x5a4632, 1,
		    NAME(rs, RS_TERRAIN_FORTIFICATION, _("Fortification")));
	rnd_tag_end(cr, "L");
	/* Scale bar: whole units of the ruleset's measure (or cells). */
	step = rs->measure == LEN_IN ? 25.4 * 6 :
	    rs->measure == LEN_CM    ? 100 :
	                               100;
	if (rs->grid != RS_GRID_NONE && rs->cell_mm > 0)
		step = rs->cell_mm * 2;
	n = (int)floor((w * 0.45 - 42) / (step * k));
	if (n > 5)
		n = 5;
	if (n < 1)
		return 0;
	len = step * n;
	bar = len * k;
	/* In the swatches' row when they leave it room, else in the next
	 * row's right part, which the note then keeps clear of. */
	if (cx + 2 + bar + 42 > x + w) {
		y += 5;
		reserved = bar + 44;
	}
	rnd_set_rgb(cr, INK);
	cairo_set_line_width(cr, 0.3);
	for (i = 0; i < n; i++) {
		cairo_rectangle(cr, x + w - bar + i * step * k, y + 0.6,
		    step * k, 1.6);
		if (i % 2 == 0)
			cairo_fill_preserve(cr);
		cairo_stroke(cr);
	}
	len_str(rs, a, sizeof(a), len);
	if (rs->grid != RS_GRID_NONE && rs->cell_mm > 0)
		snprintf(b, sizeof(b),
		    P_("%s (%ld cell)", "%s (%ld cells)",
		        lround(len / rs->cell_mm)),
		    a, lround(len / rs->cell_mm));
	else
		snprintf(b, sizeof(b), "%s", a);
	rnd_tag_begin(cr, "P");
	rnd_text(cr, &f_small, x + w - bar - 40, y + 0.1, 38, 2, 0, b);
	rnd_tag_end(cr, "P");
	return reserved;
}

/* Grid maps: column letters along the top edge (from the west) and row
 * numbers down the left edge (from the south), as the map labels its
 * cells (A1 at Blue's left corner) and the briefing's text names them. */
static void
draw_edge_numbers(cairo_t *cr, const struct grid *g, double mx, double my,
    double k)
{
	const struct rnd_font f = { sc_font, 6, 0, 0 };
	double x, y, c = g->cell * k;
	char n[16];
	int i;

	/* 6 pt, the smallest print: two digits need 4 mm of cell. */
	if (g->kind != RS_GRID_SQUARE || c < 4)
		return;
	rnd_set_rgb(cr, GREY);
	for (i = 0; i < g->cols; i++) {
		x = mx + (g->ox + i * g->cell) * k;
		rnd_map_label(n, sizeof(n), "%C", i, 0, g->cols, g->rows,
		    RND_ORIGIN_BL);
		rnd_text(cr, &f, x, my - 3.0, c, 1, 0, n);
	}
	for (i = 0; i < g->rows; i++) {
		y = my + (g->oy + (g->rows - 1 - i) * g->cell) * k;
		snprintf(n, sizeof(n), "%d", i + 1);
		rnd_text(cr, &f, mx - 6.5, y + c / 2 - 1.2, 5.5, 2, 0, n);
	}
}

/* The key to the unit markers (Pango markup; caller frees): each type
 * the scenario fields, Blue's first, with its mark. */
static char *
marker_key(const struct ruleset *rs, const struct scenario *s,
    char (*marks)[RND_MARK_SZ])
{
	char *t = xstrdup(_("Unit markers:")), *u, *m, *n;
	char *seen = xcalloc(rs->nunits + 1, 1);
	int side, first = 1;
	size_t e, ty;

	for (side = 0; side < 2; side++)
		for (e = 0; e < s->side[side].n; e++) {
			ty = (size_t)s->side[side].v[e].type;
			if (ty >= rs->nunits || seen[ty])
				continue;
			seen[ty] = 1;
			m = rnd_markup_escape(marks[ty]);
			n = rnd_markup_escape(rs->units[ty].name);
			u = xasprintf("%s%s<b>%s</b> %s", t,
			    first ? " " : "  \xc2\xb7  ", m, n);
			first = 0;
			free(m);
			free(n);
			free(t);
			t = u;
		}
	free(seen);
	return t;
}

/* Height (mm) of markup t in the small type, wrapped at width w. */
static double
small_h(const char *t, double w)
{
	PangoLayout *l = rnd_layout_memo(&f_small, w, 1, 0, 0, t);
	double h;

	rnd_layout_size(l, NULL, &h);
	g_object_unref(l);
	return h;
}

/* Page 1: title, the map with zones, objectives and set-up, legend. */
static void
page_map(struct rnd_doc *doc, const struct ruleset *rs,
    const struct scenario *s, char (*marks)[RND_MARK_SZ],
    struct rnd_pics *pics, double pw, double ph, FILE *dump)
{
	cairo_t *cr = rnd_doc_page_begin(doc, pw, ph, 0);
	struct box boxes[2 * SC_MAX_SIDE];
	int nb;
	struct grid g;
	struct rnd_map_opts mo;
	struct map_view v;
	struct tr_cells *tc = NULL;
	const char *why;
	double y = M - 2, aw, ah, k, mx, my, mw, mh, keyh, noteh, reserved;
	char tw[32], th[32], cell[32], *sub, *gd, *key, *pts, *turns, *units;
	const char *note;
	int grid = rs->grid != RS_GRID_NONE && rs->cell_mm > 0;

	rnd_doc_outline(doc, 0, s->title, 0);
	rnd_set_rgb(cr, INK);
	rnd_tag_begin(cr, "H1");
	y += rnd_text(cr, &f_title, M, y, pw - 2 * M, 0, 0, s->title);
	rnd_tag_end(cr, "H1");
	len_str(rs, tw, sizeof(tw), s->table_w);
	len_str(rs, th, sizeof(th), s->table_h);
	len_str(rs, cell, sizeof(cell), rs->cell_mm);
	gd = grid ?
	    xasprintf(_(", %s %s grid"), _(rs_grid_name(rs->grid)), cell) :
	    xstrdup("");
	/* The target: each side's own total is under its heading. */
	pts = s->side[SC_BLUE].points > s->points ||
	        s->side[SC_RED].points > s->points ?
	    xasprintf(P_("about %d point", "about %d points", s->points),
	        s->points) :
	    xasprintf(P_("up to %d point", "up to %d points", s->points),
	        s->points);
	turns = eng_show_of(rs)->print_only && rs->turn_limit == 0 ?
	    xasprintf(P_("%d turn (suggested)", "%d turns (suggested)",
	                  s->turns),
	        s->turns) :
	    xasprintf(P_("%d turn", "%d turns", s->turns), s->turns);
	units = xasprintf(P_("%d unit", "%d units",
	                      sc_force_units(&s->side[SC_BLUE])),
	    sc_force_units(&s->side[SC_BLUE]));
	/* A print-only ruleset prices nothing: its forces are counted in
	 * units, and the page says at once that no game measured them. */
	if (eng_show_of(rs)->print_only && s->points > 0)
		sub = xasprintf(
		    _("A scenario for %s · %s a side (the "
		      "Points column) · NOT balanced by play · %s · %s × "
		      "%s table%s · terrain seed %llu"),
		    rs->title ? rs->title : rs->name, pts, turns, tw, th, gd,
		    (unsigned long long)s->seed);
	else if (eng_show_of(rs)->print_only)
		sub = xasprintf(
		    _("A scenario for %s · %s a side · NOT "
		      "balanced by play · %s · %s × %s table%s · terrain "
		      "seed %llu"),
		    rs->title ? rs->title : rs->name, units, turns, tw, th, gd,
		    (unsigned long long)s->seed);
	else
		sub = xasprintf(_("A scenario for %s · %s a side · %s · %s × "
		                  "%s table%s · terrain seed %llu"),
		    rs->title ? rs->title : rs->name, pts, turns, tw, th, gd,
		    (unsigned long long)s->seed);
	free(gd);
	free(pts);
	free(turns);
	free(units);
	rnd_set_rgb(cr, GREY);
	rnd_tag_begin(cr, "P");
	y += rnd_text(cr, &f_sub, M, y + 0.5, pw - 2 * M, 0, 0, sub) + 4;
	rnd_tag_end(cr, "P");
	free(sub);
	/* Under the map: the legend row, the note, the key to the unit
	 * markers and the axes, each under the last; the map takes what
	 * they leave, and when the note and the key wrap at the map's
	 * width into more lines than at the page's, the map gives them
	 * room. */
	note = eng_show_of(rs)->print_only ?
	    _("Unit markers show one set-up; any set-up inside the zone is "
	      "allowed. Orders of battle and the rules of the scenario are "
	      "overleaf.") :
	    _("Unit markers show the set-up the test games used; any set-up "
	      "inside the zone is allowed. Orders of battle and the rules of "
	      "the scenario are overleaf.");
	key = marker_key(rs, s, marks);
	aw = pw - 2 * M;
	/* (the note as if the scale bar took the right of its row) */
	noteh = small_h(note, aw * 0.55);
	keyh = small_h(key, aw);
	ah = ph - y - M - 8.5 - noteh - 1 - keyh - RND_AXES_KEY_H - 2;
	k = fmin(aw / s->table_w, ah / s->table_h);
	{
		double nh = small_h(note, s->table_w * k * 0.55),
		       kh = small_h(key, s->table_w * k);

		if (nh + kh > noteh + keyh) {
			ah -= nh + kh - noteh - keyh;
			k = fmin(aw / s->table_w, ah / s->table_h);
		}
		keyh = small_h(key, s->table_w * k);
	}
	mw = s->table_w * k;
	mh = s->table_h * k;
	mx = (pw - mw) / 2;
	my = y;
	/* --dump: the page and the table on it. */
	rnd_dump_box(dump, "page", 1, 0, 0, pw, ph, NULL);
	rnd_dump_box(dump, "map", 1, mx, my, mw, mh, s->title);
	memset(&mo, 0, sizeof(mo));
	if (grid_init(&g, grid ? rs->grid : RS_GRID_NONE, rs->cell_mm,
	        s->table_w, s->table_h, &why) != 0)
		grid_init(&g, RS_GRID_NONE, 0, s->table_w, s->table_h, &why);
	mo.grid = &g;
	mo.bf = s->bf;
	mo.rs = rs;
	mo.lines = 1;
	mo.measure = rs->measure == LEN_NONE ? LEN_MM : rs->measure;
	if (g.kind != RS_GRID_NONE)
		tc = tr_snap(s->bf, &g);
	memset(&v, 0, sizeof(v));
	v.x0 = 0;
	v.y0 = 0;
	v.x1 = s->table_w;
	v.y1 = s->table_h;
	v.line = 0.15 / k;
	v.font = 2 / k;
	{
		/* For a screen reader: what the map shows. */
		char *alt =
		    xasprintf(_("Map of %s: the %s × %s table with its "
		                "terrain, each side's deployment zone, "
		                "the objectives and a set-up of the "
		                "units"),
		        s->title, tw, th);

		rnd_figure_begin(cr, alt);
		free(alt);
	}
	cairo_save(cr);
	cairo_translate(cr, mx, my);
	cairo_scale(cr, k, k);
	map_draw(cr, &mo, tc, &v);
	draw_zones(cr, s, k, g.kind == RS_GRID_NONE);
	draw_objectives(cr, s, k);
	nb = draw_units(cr, rs, s, k, mx, my, marks, pics, boxes,
	    (int)(sizeof(boxes) / sizeof(boxes[0])));
	cairo_restore(cr);
	tr_cells_free(tc);
	draw_objective_names(cr, s, k, mx, my, boxes, nb);
	draw_edge_numbers(cr, &g, mx, my, k);
	/* North arrow at the map's top right. */
	rnd_set_rgb(cr, INK);
	cairo_move_to(cr, mx + mw + 3.5, my + 1);
	cairo_line_to(cr, mx + mw + 5.3, my + 5);
	cairo_line_to(cr, mx + mw + 1.7, my + 5);
	cairo_close_path(cr);
	cairo_fill(cr);
	rnd_text(cr, &f_th, mx + mw + 1.5, my + 5.5, 4, 1, 0, "N");
	rnd_figure_end(cr);
	reserved = draw_legend(cr, rs, s, mx, my + mh + 3.5, mw, k);
	noteh = small_h(note, mw - reserved);
	/* The axes of the YAML file and the test games, under the key to
	 * the markers. */
	rnd_set_rgb(cr, GREY);
	rnd_tag_begin(cr, "P");
	rnd_text(cr, &f_small, mx, my + mh + 8.5, mw - reserved, 0, 0, note);
	rnd_tag_end(cr, "P");
	rnd_set_rgb(cr, INK);
	rnd_tag_begin(cr, "P");
	rnd_text(cr, &f_small, mx, my + mh + 8.5 + noteh + 1, mw, 0, 1, key);
	rnd_tag_end(cr, "P");
	rnd_axes_key(cr, mx, my + mh + 8.5 + noteh + 1 + keyh + 1.5,
	    g.kind == RS_GRID_SQUARE ? _("cell A1") : NULL);
	free(key);
	rnd_doc_page_end(doc);
}

/* ---- page 2: orders of battle and rules ---- */

/* The combat column: melee power, morale, dice — what the unit has —
 * then the game's own stats; nothing of them is "no melee" where the
 * family plays a melee power (a unit without one never melees), and
 * only a dash where it does not, or none plays the ruleset (it has no
 * melee rule to be without). */
static char *
combat_str(const struct ruleset *rs, const struct rs_unit *u)
{
	char buf[96] = "", v[4][RS_MAX_NAME * 4 + 1], *own, *t;
	size_t n = 0, k;
	int pts, has[4];

	/* The family's stats (melee power; morale and dice), as numbers. */
	for (k = 0; k < 4; k++)
		has[k] = rnd_unit_stat(rs, u, ENG_STAT_MELEE << k, v[k],
		    sizeof(v[k]));
	if (has[0] && !has[1])
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, _("melee %d"),
		    (int)strtol(v[0], NULL, 10));
	if (has[1])
		n += (size_t)snprintf(buf + n, sizeof(buf) - n,
		    _("%smorale %d"), n ? ", " : "",
		    (int)strtol(v[1], NULL, 10));
	if (has[2])
		n += (size_t)snprintf(buf + n, sizeof(buf) - n,
		    _("%sfire %dd"), n ? ", " : "",
		    (int)strtol(v[2], NULL, 10));
	if (has[3])
		n += (size_t)snprintf(buf + n, sizeof(buf) - n,
		    _("%smelee %dd"), n ? ", " : "",
		    (int)strtol(v[3], NULL, 10));
	/* The game's own stats, as the cards give them (the Points column
	 * has a column of its own here). */
	own = xstrdup(buf);
	pts = sc_own_values(rs, NULL);
	for (k = 0; k < rs->unit_own.n; k++) {
		if ((int)k == pts || u->own[k] == NULL ||
		    rnd_own_hidden(rs, k))
			continue;
		t = xasprintf("%s%s%s\xc2\xa0%s", own, *own ? ", " : "",
		    rs->unit_own.head[k], u->own[k]);
		free(own);
		own = t;
	}
	if (*own == '\0') {
		const struct eng_show *f = eng_show_of(rs);

		free(own);
		own = xstrdup(!f->print_only && (f->stats & ENG_STAT_MELEE) ?
		        _("no melee") :
		        "—");
	}
	return own;
}

/* Weapons with ranges and hit faces: "Rifle 15" on 4,6; …" (no faces
 * when a weapon has none: the dice family's). */
static char *
weapons_str(const struct ruleset *rs, const struct rs_unit *u)
{
	char *s = xstrdup(""), *t, r[32];
	size_t i;

	for (i = 0; i < u->nweapons; i++) {
		const struct rs_weapon *w = &rs->weapons[u->weapons[i]];

		char list[512], faces[520] = "";

		rnd_hits_on(list, sizeof(list), w);
		if (!rs_faces_none(&w->hit_faces))
			snprintf(faces, sizeof(faces), _(" on %s"), list);
		len_str(rs, r, sizeof(r), w->range_mm);
		t = xasprintf("%s%s%s %s%s", s, i ? _("; ") : "", w->name, r,
		    faces);
		free(s);
		s = t;
	}
	if (u->nweapons == 0) {
		free(s);
		s = xstrdup("—");
	}
	return s;
}

/* One order of battle as a table; returns the height used. */
/* The height of a force's row: its tallest cell, as draw_force sets
 * them in columns cx. */
static double
force_row_h(const char *wp, const char *mv, const char *name, const char *cb,
    const double *cx)
{
	cairo_surface_t *sf =
	    cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(sf);
	const char *cell[4] = { name, mv, cb, wp };
	static const int col[4] = { 1, 3, 4, 5 };
	double h = 0;
	int i;

	for (i = 0; i < 4; i++)
		if (cx[col[i] + 1] - cx[col[i]] > 2)
			h = fmax(h,
			    rnd_text(cr, &f_cell, 0, 0,
			        cx[col[i] + 1] - cx[col[i]] - 2, 0, 0,
			        cell[i]));
	cairo_destroy(cr);
	cairo_surface_destroy(sf);
	return h;
}

/*
 * Draws side's order of battle at y from its entry *next on, the rows
 * that fit above bottom (at least one), and sets *next past the last
 * drawn; cont marks a table continued from the page before. Returns the
 * height drawn.
 */
static double
draw_force(cairo_t *cr, const struct ruleset *rs, const struct scenario *s,
    const struct rnd_scenario_opts *o, char (*marks)[RND_MARK_SZ], int side,
    double x, double y, double w, size_t *next, double bottom, int cont)
{
	double colw[] = { 11, 35, 8, 22, 38, 0, 15 };
	static const char *const head[] = { N_("Mark"), N_("Unit"), N_("No."),
		N_("Move"), N_("Combat"), N_("Weapons: range, hits on"),
		N_("Points") };
	double cx[8], y0 = y, h, rowh, fixed = 0;
	const struct sc_force *f = &s->side[side];
	char *t, mv[32], rm[32], tmp[RS_MAX_NAME * 4 + 1];
	const char *mark;
	char *pts_words = NULL;
	size_t e;
	int i, n, total = 0, hide[7] = { 0 }, flex = 5, fpts;

	/* Combat is short when units have no morale and dice, and long when
	 * they have stats of the game's own. */
	colw[4] = 24;
	for (e = 0; e < rs->nunits; e++)
		if (rnd_unit_stat(rs, &rs->units[e], ENG_STAT_MORALE, tmp,
		        sizeof(tmp)) ||
		    rnd_unit_stat(rs, &rs->units[e], ENG_STAT_FIRE_DICE, tmp,
		        sizeof(tmp)))
			colw[4] = 38;
	if (rnd_unit_own_cols(rs, NULL) >
	    (sc_own_values(rs, NULL) >= 0 ? 1u : 0u))
		colw[4] = 50;

	/* A short column is as wide as its heading in the language of the
	 * labels ("Marke", "Anz."): the weapons column gives the room. */
	for (i = 0; i < 7; i++) {
		PangoLayout *l;
		double hw;

		if (i == 1 || i == 5)
			continue;
		/* The stats column, as wide as its heading too
		 * ("Caractéristiques" broke inside the word). */
		l = rnd_layout_memo(&f_th, 0, 0, 0, 0,
		    i == 4 && eng_show_of(rs)->print_only ? _("Stats") :
		                                            _(head[i]));
		rnd_layout_size(l, &hw, NULL);
		g_object_unref(l);
		if (hw + 2.5 > colw[i])
			colw[i] = hw + 2.5;
	}
	/* A game without weapons, or without points, has no column for
	 * them (a print-only ruleset may have neither): the stats take the
	 * room. */
	hide[5] = hide[6] = 1;
	for (e = 0; e < rs->nunits; e++) {
		if (rs->units[e].nweapons > 0)
			hide[5] = 0;
		if (o->val != NULL && e < o->val->n && o->val->v[e] > 0)
			hide[6] = 0;
	}
	if (hide[5])
		flex = 4;
	for (i = 0; i < 7; i++)
		if (!hide[i] && i != flex)
			fixed += colw[i];
	cx[0] = x;
	for (i = 0; i < 7; i++)
		cx[i + 1] = cx[i] +
		    (hide[i]          ? 0 :
		            i == flex ? w - fixed :
		                        colw[i]);
	rnd_set_rgb(cr, side_ink[side]);
	n = sc_force_units(f);
	/* A print-only force not bought to a total (the default battle's)
	 * whose units all have points: what they add up to. */
	fpts = f->points;
	for (e = 0; fpts == 0 && eng_show_of(rs)->print_only &&
	     o->val != NULL && e < f->n;
	     e++)
		if (f->v[e].type < 0 || (size_t)f->v[e].type >= o->val->n ||
		    o->val->v[f->v[e].type] <= 0)
			break;
	if (fpts == 0 && eng_show_of(rs)->print_only && o->val != NULL &&
	    e == f->n && f->n > 0)
		for (e = 0; e < f->n; e++)
			fpts += f->v[e].count * o->val->v[f->v[e].type];
	t = eng_show_of(rs)->print_only && fpts == 0 ?
	    xasprintf(P_("%s — %d unit", "%s — %d units", n),
	        _(side_name[side]), n) :
	    xasprintf(P_("%s — %d unit, %s", "%s — %d units, %s", n),
	        _(side_name[side]), n,
	        pts_words = s->points > 0 && f->points > s->points ?
	            xasprintf(P_("%d points, %d over the %d, for balance",
	                          "%d points, %d over the %d, for balance",
	                          f->points),
	                f->points, f->points - s->points, s->points) :
	            s->points > 0 ?
	            xasprintf(P_("%d of %d point", "%d of %d points",
	                          s->points),
	                f->points, s->points) :
	            xasprintf(P_("%d point", "%d points", fpts), fpts));
	free(pts_words);
	if (cont) {
		char *c = xasprintf(_("%s (continued)"), t);

		free(t);
		t = c;
	}
	rnd_tag_begin(cr, "H2");
	y += rnd_text(cr, &f_head, x, y, w, 0, 0, t) + 1;
	rnd_tag_end(cr, "H2");
	free(t);
	cairo_rectangle(cr, x, y, w, 5);
	rnd_set_rgb(cr, tint(side_ink[side], 0.12));
	cairo_fill(cr);
	rnd_set_rgb(cr, INK);
	/* A family whose weapons have no faces they hit on (their own
	 * stats say how they strike) lists ranges only. */
	rnd_tag_begin(cr, "Table");
	rnd_tag_begin(cr, "TR");
	for (i = 0; i < 7; i++)
		if (!hide[i]) {
			rnd_tag_begin(cr, "TH");
			rnd_text(cr, &f_th, cx[i] + 1, y + 1,
			    cx[i + 1] - cx[i] - 2, i == 2 || i == 6 ? 2 : 0, 0,
			    i == 4 && eng_show_of(rs)->print_only ?
			        _("Stats") :
			        i == 5 && !eng_show_of(rs)->weapon_hits_on ?
			        _("Weapons: range") :
			        _(head[i]));
			rnd_tag_end(cr, "TH");
		}
	rnd_tag_end(cr, "TR");
	y += 5.5;
	for (e = *next; e < f->n; e++) {
		const struct rs_unit *u = &rs->units[f->v[e].type];
		char *cb = combat_str(rs, u), *wp = weapons_str(rs, u),
		     cnt[16], pts[32];
		int val = o->val != NULL && (size_t)f->v[e].type < o->val->n ?
		    o->val->v[f->v[e].type] :
		    0;

		mark = marks[f->v[e].type];
		len_str(rs, mv, sizeof(mv), u->move_mm);
		if (u->road_move_mm > 0) {
			len_str(rs, rm, sizeof(rm), u->road_move_mm);
			t = xasprintf(_("%s (road %s)"), mv, rm);
		} else
			t = xstrdup(mv);
		snprintf(cnt, sizeof(cnt), "%d", f->v[e].count);
		if (val > 0)
			snprintf(pts, sizeof(pts), "%d × %d", f->v[e].count,
			    val);
		else
			snprintf(pts, sizeof(pts), "—");
		total += val * f->v[e].count;
		/* A row that does not fit goes on the next page. */
		if (e > *next &&
		    y + force_row_h(wp, t, u->name, cb, cx) + 1.6 > bottom) {
			free(cb);
			free(wp);
			free(t);
			break;
		}
		/* The cells in their columns' order, the reading order of
		 * the row; first the map's marker. */
		rnd_tag_begin(cr, "TR");
		rnd_tag_begin(cr, "TD");
		cairo_rectangle(cr, cx[0] + 1, y + 0.8, 7, 3.8);
		rnd_set_rgb(cr, side_ink[side]);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 1, 1, 1);
		{
			struct rnd_font mf = { sc_font, 6, 1, 0 };

			rnd_text(cr, &mf, cx[0] + 1, y + 1.45, 7, 1, 0, mark);
		}
		rnd_set_rgb(cr, INK);
		rnd_tag_end(cr, "TD");
		rnd_tag_begin(cr, "TD");
		rowh = rnd_text(cr, &f_cell, cx[1] + 1, y + 0.8,
		    cx[2] - cx[1] - 2, 0, 0, u->name);
		rnd_tag_end(cr, "TD");
		rnd_tag_begin(cr, "TD");
		rnd_text(cr, &f_cell, cx[2] + 1, y + 0.8, cx[3] - cx[2] - 2, 2,
		    0, cnt);
		rnd_tag_end(cr, "TD");
		rnd_tag_begin(cr, "TD");
		h = rnd_text(cr, &f_cell, cx[3] + 1, y + 0.8,
		    cx[4] - cx[3] - 2, 0, 0, t);
		rnd_tag_end(cr, "TD");
		rowh = fmax(rowh, h);
		rnd_tag_begin(cr, "TD");
		h = rnd_text(cr, &f_cell, cx[4] + 1, y + 0.8,
		    cx[5] - cx[4] - 2, 0, 0, cb);
		rnd_tag_end(cr, "TD");
		rowh = fmax(rowh, h);
		if (!hide[5]) {
			rnd_tag_begin(cr, "TD");
			h = rnd_text(cr, &f_cell, cx[5] + 1, y + 0.8,
			    cx[6] - cx[5] - 2, 0, 0, wp);
			rnd_tag_end(cr, "TD");
			rowh = fmax(rowh, h);
		}
		if (!hide[6]) {
			rnd_tag_begin(cr, "TD");
			rnd_text(cr, &f_cell, cx[6] + 1, y + 0.8,
			    cx[7] - cx[6] - 2, 2, 0, pts);
			rnd_tag_end(cr, "TD");
		}
		rnd_tag_end(cr, "TR");
		y += rowh + 1.6;
		rnd_set_rgb(cr, 0xc8c8c8);
		cairo_set_line_width(cr, 0.2);
		cairo_move_to(cr, x, y - 0.8);
		cairo_line_to(cr, x + w, y - 0.8);
		cairo_stroke(cr);
		rnd_set_rgb(cr, INK);
		free(cb);
		free(wp);
		free(t);
	}
	rnd_tag_end(cr, "Table");
	(void)total;
	*next = e;
	return y - y0;
}

static double section(cairo_t *, double, double, double, const char *,
    const char *);

/* The page being filled: a new page begins when the next block does
 * not fit. */
struct flow {
	struct rnd_doc *doc;
	cairo_t *cr;
	double y, pw, ph;
	/* Columns (a landscape page has a second beside the forces): the
	 * one being filled, how many, and where the second is. */
	int col, ncols;
	double x, w, x2, w2, top2;
	/* A dry run draws on recordings and counts the pages. */
	int dry, pages;
	cairo_surface_t *rec;
	FILE *dump; /* --dump (NULL in a dry run) */
};

/* The flow's next page: the document's, or in a dry run a recording. */
static void
flow_page_end(struct flow *f)
{
	if (!f->dry) {
		rnd_doc_page_end(f->doc);
		return;
	}
	cairo_destroy(f->cr);
	cairo_surface_destroy(f->rec);
	f->cr = NULL;
	f->rec = NULL;
}

static void
flow_page_begin(struct flow *f)
{
	f->pages++;
	if (!f->dry) {
		f->cr = rnd_doc_page_begin(f->doc, f->pw, f->ph, 0);
		/* The map is page 1. */
		rnd_dump_box(f->dump, "page", f->pages + 1, 0, 0, f->pw, f->ph,
		    NULL);
		return;
	}
	f->rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA,
	    NULL);
	f->cr = cairo_create(f->rec);
}

/* Make room for h mm: the next column, or a new page, when the rest of
 * this one is short. */
static void
room(struct flow *f, double h)
{
	if (f->y + h <= f->ph - M)
		return;
	if (f->col + 1 < f->ncols) {
		f->col++;
		f->x = f->x2;
		f->w = f->w2;
		f->y = f->top2;
		return;
	}
	flow_page_end(f);
	flow_page_begin(f);
	f->y = M;
	f->col = 0;
	f->ncols = 1;
	f->x = M;
	f->w = f->pw - 2 * M;
}

/* A new page of the orders of battle, laid out as the first: the forces
 * in a column x, w wide, and on a landscape page the sections beside. */
static void
orders_page(struct flow *f, double x, double w)
{
	flow_page_end(f);
	flow_page_begin(f);
	f->y = M;
	f->col = 0;
	f->ncols = f->pw > f->ph ? 2 : 1;
	f->x = x;
	f->w = w;
}

/* Height of a section as section() draws it. */
static double
section_height(cairo_t *cr, double w, const char *markup)
{
	PangoLayout *l = rnd_layout_new(cr, &f_body, w);
	double h;

	rnd_layout_markup(l, markup);
	rnd_layout_size(l, NULL, &h);
	g_object_unref(l);
	return h + 12;
}

/* Draw a section in the flow. */
static void
flow_section(struct flow *f, const char *head, const char *markup)
{
	double h;

	room(f, section_height(f->cr, f->w, markup));
	h = section(f->cr, f->x, f->y, f->w, head, markup);
	rnd_dump_box(f->dump, "section", f->pages + 1, f->x, f->y, f->w, h - 4,
	    head);
	f->y += h;
}

/* A section heading and a paragraph (Pango markup); returns height. */
static double
section(cairo_t *cr, double x, double y, double w, const char *head,
    const char *markup)
{
	double h;

	rnd_set_rgb(cr, INK);
	rnd_tag_begin(cr, "H2");
	h = rnd_text(cr, &f_head, x, y, w, 0, 0, head) + 0.8;
	rnd_tag_end(cr, "H2");
	rnd_tag_begin(cr, "P");
	h += rnd_text(cr, &f_body, x, y + h, w, 0, 1, markup);
	rnd_tag_end(cr, "P");
	return h + 4;
}

/* Where a point is, in words, from the west and south edges: on squares
 * the cell as the map labels it (A1 at Blue's left corner). */
static char *
where(const struct ruleset *rs, const struct scenario *s, double x, double y)
{
	char a[32], b[32];
	struct grid g;
	const char *why;
	int c, r;

	if (rs->grid == RS_GRID_SQUARE && rs->cell_mm > 0 &&
	    grid_init(&g, RS_GRID_SQUARE, rs->cell_mm, s->table_w, s->table_h,
	        &why) == 0 &&
	    (c = (int)floor((x - g.ox) / g.cell)) >= 0 && c < g.cols &&
	    (r = (int)floor((y - g.oy) / g.cell)) >= 0 && r < g.rows) {
		rnd_map_label(a, sizeof(a), "%C", c, r, g.cols, g.rows,
		    RND_ORIGIN_BL);
		rnd_map_label(b, sizeof(b), "%r", c, r, g.cols, g.rows,
		    RND_ORIGIN_BL);
		return xasprintf(_("cell %s%s: column %s from the west edge, "
		                   "row %s from the south edge"),
		    a, b, a, b);
	}
	len_str(rs, a, sizeof(a), x);
	len_str(rs, b, sizeof(b), s->table_h - y);
	return xasprintf(_("%s from the west edge, %s from the south edge"), a,
	    b);
}

/* How a battle ends before its last turn, in words, from what the
 * family says ends it (eng_show.end; none: losses alone). */
static void
end_words(const struct ruleset *rs, char *buf, size_t sz)
{
	const struct eng_show *sh = eng_show_of(rs);
	struct eng_end e = { 0 };

	if (sh->end != NULL)
		sh->end(rs, &e);
	if (e.break_pct > 0 && e.unfit)
		snprintf(buf, sz,
		    _("one side's army breaks (it has lost %d%% of "
		      "its fighting units) or has no unit fit to fight left"),
		    e.break_pct);
	else if (e.break_pct > 0)
		snprintf(buf, sz,
		    _("one side's army breaks (it has lost %d%% of "
		      "its units) or has no units left"),
		    e.break_pct);
	else if (e.unfit)
		snprintf(buf, sz, "%s",
		    _("one side has no unit fit to fight left"));
	else
		snprintf(buf, sz, "%s", _("one side has no units left"));
}

/* Page 2: orders of battle, deployment, objectives, victory, balance;
 * returns the pages it took (a dry run draws nothing). */
static int
page_orders(struct rnd_doc *doc, const struct ruleset *rs,
    const struct scenario *s, const struct rnd_scenario_opts *o,
    char (*marks)[RND_MARK_SZ], double pw, double ph, int dry)
{
	struct flow fl = { doc, NULL, M, pw, ph, 0, 1, M, pw - 2 * M, 0, 0, M,
		dry, 0, NULL, dry ? NULL : o->dump };
	cairo_t *cr;
	double w = pw - 2 * M, x = M;

	flow_page_begin(&fl);
	cr = fl.cr;

	/* A landscape page: the forces take a portrait page's width, and
	 * the sections follow under them and then in a column beside. */
	if (pw > ph) {
		w = fl.w = (pw - 2 * M) * 0.69;
		fl.ncols = 2;
		fl.x2 = M + w + 7;
		fl.w2 = pw - M - fl.x2;
		fl.top2 = M + 1;
	}
	char d0[32], d1[32], r[32], *t, *u, *e, a[32], b[32], c[32], g[32];
	char end[160];
	int i, side, total = 0;

	if (!dry)
		rnd_doc_outline(doc, 0, _("Orders of battle"), 0);
	rnd_set_rgb(cr, INK);
	fl.y += rnd_text(cr, &f_title, x, fl.y, w, 0, 0,
	            _("Orders of battle")) +
	    2;
	/* The forces in the first column, a table carried on to the next
	 * page row by row when the page is full (never into the narrow
	 * second column). */
	for (side = 0; side < 2; side++) {
		size_t next = 0;
		int cont = 0;

		while (next < s->side[side].n) {
			if (fl.col > 0 || fl.y + 20 > ph - M)
				orders_page(&fl, x, w);
			double h = draw_force(fl.cr, rs, s, o, marks, side, x,
			    fl.y, w, &next, ph - M, cont);

			rnd_dump_box(fl.dump, "force", fl.pages + 1, x, fl.y,
			    w, h, _(side_name[side]));
			fl.y += h + 4;
			cont = 1;
			if (next < s->side[side].n)
				orders_page(&fl, x, w);
		}
	}

	/* Deployment */
	len_str(rs, d0, sizeof(d0), s->zone[SC_BLUE].h);
	len_str(rs, d1, sizeof(d1), s->zone[SC_RED].h);
	t = xasprintf(
	    _("<b>Blue</b> sets up first, anywhere within %s of the "
	      "south edge; <b>Red</b> then sets up within %s of the north edge. "
	      "Roll for the first turn as the rules say. The markers on the map "
	      "are %s."),
	    d0, d1,
	    eng_show_of(rs)->print_only ? _("one such set-up") :
	                                  _("the set-up the test games used"));
	if (sc_sections & SEC_DEPLOY)
		flow_section(&fl, _("Deployment"), t);
	free(t);
	/* Objectives and victory */
	t = xstrdup("");
	for (i = 0; i < s->nobj; i++) {
		char *p = where(rs, s, s->obj[i].x, s->obj[i].y),
		     *nm = rnd_markup_escape(s->obj[i].name);

		/* TRANSLATORS: between two items of a list in a
		 * sentence (French: a no-break space before it). */
		u = xasprintf(_("%s%s<b>%s</b> (%s; worth %d)"), t,
		    i ? _("; ") : "", nm, p, s->obj[i].value);
		free(t);
		free(p);
		free(nm);
		t = u;
	}
	len_str(rs, r, sizeof(r), s->obj[0].radius);
	u = xasprintf(
	    _("%s. A side <i>holds</i> an objective when one of its "
	      "units stands within %s of the marker (centre to centre) and no "
	      "enemy unit does."),
	    t, r);
	if (sc_sections & SEC_OBJ)
		flow_section(&fl,
		    s->nobj > 1 ? _("Objectives") : _("Objective"), u);
	free(t);
	free(u);
	end_words(rs, end, sizeof(end));
	t = xasprintf(
	    _("The battle ends as soon as %s: the other side wins. "
	      "Otherwise it ends after <b>%d game turns</b> (a game turn is "
	      "one turn for each side). Then each side scores the value of "
	      "every objective it holds; the higher score wins. Equal scores: "
	      "the side with more units left wins; equal units too: a draw."),
	    end, s->turns);
	/* A print-only game's rules were never read for how a battle is
	 * won: these are the scenario's, and say so. */
	if (eng_show_of(rs)->print_only) {
		u = xasprintf("%s %s",
		    rs->turn_limit > 0 ?
		        _("<i>Suggested by this scenario (the turn limit is "
		          "the ruleset's battle); where your rules say how a "
		          "battle is won, play by them.</i>") :
		        _("<i>Suggested by this scenario, turn limit "
		          "included; where your rules say how a battle is won "
		          "or how long it lasts, play by them.</i>"),
		    t);
		free(t);
		t = u;
	}
	if (sc_sections & SEC_VICTORY)
		flow_section(&fl, _("Victory conditions"), t);
	free(t);
	e = rnd_markup_escape(_(sc_special_text(s->special)));
	t = xasprintf("<b>%s.</b> %s", _(sc_special_title(s->special)), e);
	if (sc_sections & SEC_SPECIAL)
		flow_section(&fl, _("Special rule"), t);
	free(t);
	free(e);
	/* Balance */
	if (s->bal.games > 0) {
		pct(a, sizeof(a), s->bal.rate);
		pct(b, sizeof(b), s->bal.lo);
		pct(c, sizeof(c), s->bal.hi);
		thousands(g, sizeof(g), s->bal.games);
		if (o->balanced == 1) {
			char half[32];

			thousands(half, sizeof(half), s->bal.games / 2);
			u = xasprintf(P_("%s game (two series of %s with "
			                 "different dice)",
			                  "%s games (two series of %s with "
			                  "different dice)",
			                  s->bal.games),
			    g, half);
		} else
			u = xasprintf(P_("%s game", "%s games", s->bal.games),
			    g);
		t = xasprintf(
		    _("Tested by %s between the engine's greedy "
		      "players: Blue won %ld, Red %ld, %ld drawn. Blue's score "
		      "(a draw counts half) is <b>%s%%</b>, 95%% Wilson interval "
		      "%s–%s%%.%s"),
		    u, s->bal.wins[0], s->bal.wins[1], s->bal.draws, a, b, c,
		    o->balanced == 1 ?
		        "" :
		        o->balanced == 0 && s->bal.stopped ?
		        _(" <b>Not balanced:</b> the search stopped at its "
		          "limit of play (games times the square of the units on "
		          "the table) before a candidate came within 45–55%; "
		          "this is the closest found.") :
		        o->balanced == 0 ?
		        _(" <b>Not balanced:</b> no candidate came within 45–55%; "
		          "this is the closest found.") :
		        "");
		free(u);
		if (o->balanced == 1 && sc_favoured(&s->bal) >= 0) {
			char by[32];

			fmt_double(by, sizeof(by),
			    fabs(s->bal.rate - 0.5) * 100, 1);
			u = xasprintf(
			    P_("%s Within 45–55%% after %d candidate, but not "
			       "even: <b>%s is favoured</b> by %s percentage points (the "
			       "interval leaves out 50%%).",
			        "%s Within 45–55%% after %d candidates, but not "
			        "even: <b>%s is favoured</b> by %s percentage points (the "
			        "interval leaves out 50%%).",
			        s->bal.candidates),
			    t, s->bal.candidates,
			    _(side_name[sc_favoured(&s->bal)]), by);
			free(t);
			t = u;
		} else if (o->balanced == 1) {
			u = xasprintf(
			    P_("%s Balanced to within 45–55%% after %d "
			       "candidate.",
			        "%s Balanced to within 45–55%% after %d "
			        "candidates.",
			        s->bal.candidates),
			    t, s->bal.candidates);
			free(t);
			t = u;
		}
		if (o->balanced == -1 &&
		    (s->bal.lo > SC_BAND_HI || s->bal.hi < SC_BAND_LO)) {
			u = xasprintf(s->bal.lo > SC_BAND_HI ?
			        _("%s <b>Blue is favoured:</b> the interval "
			          "lies outside 45–55%%.") :
			        _("%s <b>Red is favoured:</b> the interval "
			          "lies outside 45–55%%."),
			    t);
			free(t);
			t = u;
		}
		if (s->bal.turns_sum > 0) {
			char mt[32];

			fmt_double(mt, sizeof(mt),
			    (double)s->bal.turns_sum / s->bal.games, 1);
			pct(a, sizeof(a),
			    (double)s->bal.at_limit / s->bal.games);
			u = xasprintf(
			    P_("%s Battles lasted %s game turns on "
			       "average; %s%% went the full %d turn and were "
			       "decided by the victory conditions.",
			        "%s Battles lasted %s game turns on "
			        "average; %s%% went the full %d turns and were "
			        "decided by the victory conditions.",
			        s->turns),
			    t, mt, a, s->turns);
			free(t);
			t = u;
		}
		if (o->val != NULL && o->val->own) {
			u = xasprintf(
			    _("%s Unit points are the ruleset's own, "
			      "from the Points column of its Units "
			      "table."),
			    t);
			free(t);
			t = u;
		} else if (o->val != NULL && o->val->games > 0) {
			thousands(g, sizeof(g), o->val->games);
			u = xasprintf(
			    P_("%s Unit points come from the exact odds "
			       "of fire and melee and from %s self-play game.",
			        "%s Unit points come from the exact odds "
			        "of fire and melee and from %s self-play games.",
			        o->val->games),
			    t, g);
			free(t);
			t = u;
		}
		flow_section(&fl, _("Balance"), t);
		free(t);
	} else if (eng_show_of(rs)->print_only && s->side[SC_BLUE].points > 0)
		flow_section(&fl, _("Balance"),
		    _("<b>NOT balanced by play.</b> "
		      "The ruleset has no engine, so no games were played: each "
		      "side's force was picked to the points total from the "
		      "Points column of the Units table, so the sides differ, "
		      "and the terrain may favour either. Swap sides for a "
		      "second game, or adjust the forces in the scenario file."));
	else if (eng_show_of(rs)->print_only)
		flow_section(&fl, _("Balance"),
		    _("<b>NOT balanced by play.</b> "
		      "The ruleset has no engine, so no games were played: both "
		      "sides field the same force (the default battle's, or one "
		      "unit of each type), and the terrain may favour either. "
		      "Swap sides for a second game, or adjust the forces in the "
		      "scenario file."));
	(void)total;
	(void)ph;
	flow_page_end(&fl);
	return fl.pages;
}

/*
 * The orders of battle at the body size, or a little smaller when that
 * saves a page: a German briefing's sections run longer than English
 * ones, and a third page holding one paragraph is paper spent. Never
 * under 7.5 pt (a template's smaller body stays as it is).
 */
static void
orders_fitted(struct rnd_doc *doc, const struct ruleset *rs,
    const struct scenario *s, const struct rnd_scenario_opts *o,
    char (*marks)[RND_MARK_SZ], double pw, double ph)
{
	struct rnd_font body = f_body, head = f_head;
	int n = page_orders(doc, rs, s, o, marks, pw, ph, 1), k;

	for (k = 1; n > 1 && k <= 3; k++) {
		double sc = 1 - 0.05 * k;

		if (body.size_pt * sc < 7.5)
			break;
		f_body.size_pt = body.size_pt * sc;
		f_head.size_pt = head.size_pt * sc;
		if (page_orders(doc, rs, s, o, marks, pw, ph, 1) < n)
			break;
		f_body = body;
		f_head = head;
	}
	page_orders(doc, rs, s, o, marks, pw, ph, 0);
	f_body = body;
	f_head = head;
}

/* The settings templates/scenario-briefing.yaml may have. */
static const char *const sc_keys[] = { "product", "font", "heading-font",
	"title-size", "subtitle-size", "heading-size", "size", "table-size",
	"small-size", "margin", "colours", "sections", NULL };

/* Read the template's look into the briefing's settings; returns -1 on
 * a bad value (errors in dg at their lines). */
static int
sc_look(const struct rs_node *t, struct diags *dg)
{
	static const char *const colours[] = { "blue", "red", "text", "muted",
		NULL };
	static const struct {
		const char *name;
		unsigned bit;
	} secs[] = { { "deployment", SEC_DEPLOY }, { "objectives", SEC_OBJ },
		{ "victory", SEC_VICTORY }, { "special-rule", SEC_SPECIAL } };
	const struct rs_node *c = rs_node_get(t, "colours"),
	                     *sq = rs_node_get(t, "sections");
	size_t errs = diags_count(dg, SEV_ERROR), i, k;
	const char *head;
	double small;

	rnd_tmpl_keys(t, sc_keys, "setting", dg);
	rnd_tmpl_keys(c, colours, "colour", dg);
	sc_font = rnd_tmpl_font(t, "font", "DejaVu Sans", dg);
	head = rnd_tmpl_font(t, "heading-font", "DejaVu Serif", dg);
	f_title = (struct rnd_font){ head,
		rnd_tmpl_num(t, "title-size", 20, 4, 72, dg), 1, 0 };
	f_sub = (struct rnd_font){ sc_font,
		rnd_tmpl_num(t, "subtitle-size", 9, 4, 72, dg), 0, 1 };
	f_head = (struct rnd_font){ head,
		rnd_tmpl_num(t, "heading-size", 13, 4, 72, dg), 1, 0 };
	f_body = (struct rnd_font){ sc_font,
		rnd_tmpl_num(t, "size", 9, 4, 72, dg), 0, 0 };
	f_cell = (struct rnd_font){ sc_font,
		rnd_tmpl_num(t, "table-size", 8, 4, 72, dg), 0, 0 };
	small = rnd_tmpl_num(t, "small-size", 7.5, 4, 72, dg);
	f_small = (struct rnd_font){ sc_font, small, 0, 0 };
	f_th = (struct rnd_font){ sc_font, small, 1, 0 };
	M = rnd_tmpl_len(t, "margin", 14, 5, 40, dg);
	side_ink[0] = rnd_tmpl_rgb(c, "blue", 0x1f4e9a, dg);
	side_ink[1] = rnd_tmpl_rgb(c, "red", 0xa8261b, dg);
	INK = rnd_tmpl_rgb(c, "text", 0x202020, dg);
	GREY = rnd_tmpl_rgb(c, "muted", 0x606060, dg);
	sc_sections = SEC_DEPLOY | SEC_OBJ | SEC_VICTORY | SEC_SPECIAL;
	if (sq != NULL && sq->kind != RS_NODE_SEQ)
		diag_msg(dg, sq->pos, MSG(TEMPLATE_SCENARIO_SECTIONS_LIST));
	else if (sq != NULL) {
		sc_sections = 0;
		for (i = 0; i < sq->nkids; i++) {
			const struct rs_node *v = sq->kids[i];

			for (k = 0; k < sizeof(secs) / sizeof(secs[0]); k++)
				if (v->kind == RS_NODE_SCALAR &&
				    strcmp(v->scalar, secs[k].name) == 0)
					break;
			if (k < sizeof(secs) / sizeof(secs[0]))
				sc_sections |= secs[k].bit;
			else
				diag_msg(dg, v->pos,
				    MSG(TEMPLATE_UNKNOWN_SCENARIO_SECTION),
				    v->kind == RS_NODE_SCALAR ? v->scalar :
				                                "?");
		}
	}
	return diags_count(dg, SEV_ERROR) > errs ? -1 : 0;
}

/* Returns 0 written, -1 failed. */
int
rnd_scenario(const struct ruleset *rs, const struct scenario *s,
    const char *path, const struct rnd_scenario_opts *o, struct diags *d)
{
	struct rnd_meta meta = { s->title, rs->author, _("Scenario briefing"),
		"wargame, scenario", NULL };
	struct rnd_doc *doc;
	const char *from, *why;
	double pw, ph;
	struct pos at = { rs->path, 0, 0 };
	char(*marks)[RND_MARK_SZ];
	struct rnd_pics *pics;
	struct rs_node *tm;
	char *tfile = NULL;
	int failed, bad;

	if ((tm = rnd_template_load(o->tmpl, "scenario", &tfile, d)) == NULL)
		return -1;
	bad = sc_look(tm, d);
	/* The fonts' names point into the template: it is freed once the
	 * briefing is drawn. */
	if (bad ||
	    rnd_paper_choose(o->paper, rs, &pw, &ph, &from, &why) != 0) {
		if (!bad)
			diag_msg(d, at, MSG(PAPER_NOT_CHOSEN), from, why);
		rs_node_free(tm);
		free(tfile);
		return -1;
	}
	pics = rnd_pics_new(rs, d, &failed);
	if (failed > 0) {
		rnd_pics_free(pics);
		rs_node_free(tm);
		free(tfile);
		return -1;
	}
	doc = rnd_doc_new(path, &meta, d);
	marks = rnd_unit_marks(rs, s);
	/* The sheets sideways when the table is wider than deep: every
	 * page the same way round, so the briefing reads as one. */
	if (s->table_w >= s->table_h) {
		double t = pw;

		pw = ph;
		ph = t;
	}
	page_map(doc, rs, s, marks, pics, pw, ph, o->dump);
	orders_fitted(doc, rs, s, o, marks, pw, ph);
	free(marks);
	rnd_pics_free(pics);
	failed = rnd_doc_close(doc);
	rs_node_free(tm);
	free(tfile);
	return failed;
}
