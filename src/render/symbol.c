/*
 * symbol.c: a unit's military map symbol in the NATO (APP-6) manner, as
 * vectors — a frame for its side and an icon for its kind (the choice
 * is src/ruleset/symbol.c's) — and a unit's mark: its picture when it
 * has one, else its symbol. Cards, base templates and the scenario's
 * markers all draw a unit through rnd_unit_mark, so that a player knows
 * it everywhere; the reference sheet prints a key of them (rnd_mark_key).
 *
 * Frames: either side (cards, bases) a white rectangle; Blue a
 * rectangle in NATO's friendly blue; Red a diamond in its hostile red.
 * The rectangle is 3:2; the diamond is square and holds its icon in its
 * middle. rulesets/FORMAT.md shows each icon in words.
 *
 * A unit of a class of the game's own that no keyword names has no icon
 * of APP-6's: its frame holds its class's letters instead ("HG" for
 * Hearth guard, "TR" for Trooper), two or three capitals, no two
 * classes of a ruleset the same (class_letters).
 */
#include <string.h>
#include <math.h>

#include "internal.h"

#define FRIEND_FILL 0x80e0ff  /* APP-6 friendly, "crystal blue" */
#define HOSTILE_FILL 0xff8080 /* APP-6 hostile, "salmon" */
#define SYM_INK 0x000000

/* The icon box: (x, y) its top-left, w x h; lw the line width. Points
 * are given as fractions of the box. */
struct ibox {
	double x, y, w, h, lw;
};

static void
ln(cairo_t *cr, const struct ibox *b, double u0, double v0, double u1,
    double v1)
{
	cairo_move_to(cr, b->x + u0 * b->w, b->y + v0 * b->h);
	cairo_line_to(cr, b->x + u1 * b->w, b->y + v1 * b->h);
	cairo_stroke(cr);
}

/* A filled triangle, for arrow- and spearheads and the pennant. */
static void
tri(cairo_t *cr, const struct ibox *b, double u0, double v0, double u1,
    double v1, double u2, double v2)
{
	cairo_move_to(cr, b->x + u0 * b->w, b->y + v0 * b->h);
	cairo_line_to(cr, b->x + u1 * b->w, b->y + v1 * b->h);
	cairo_line_to(cr, b->x + u2 * b->w, b->y + v2 * b->h);
	cairo_close_path(cr);
	cairo_fill(cr);
}

static void
cross(cairo_t *cr, const struct ibox *b)
{
	ln(cr, b, 0, 0, 1, 1);
	ln(cr, b, 0, 1, 1, 0);
}

static void
slash(cairo_t *cr, const struct ibox *b)
{
	ln(cr, b, 0, 1, 1, 0);
}

/* Armour's oval: a track seen from above, a stadium in the middle. */
static void
oval(cairo_t *cr, const struct ibox *b)
{
	double h = b->h * 0.38, w = b->w * 0.62, r = h / 2;
	double x = b->x + (b->w - w) / 2, y = b->y + (b->h - h) / 2;

	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, M_PI / 2);
	cairo_arc(cr, x + r, y + r, r, M_PI / 2, 3 * M_PI / 2);
	cairo_close_path(cr);
	cairo_stroke(cr);
}

/* A bar along the foot of the box: heavy foot or horse. */
static void
bar(cairo_t *cr, const struct ibox *b)
{
	cairo_rectangle(cr, b->x, b->y + b->h * 0.8, b->w, b->h * 0.2);
	cairo_fill(cr);
}

static void
wheel(cairo_t *cr, const struct ibox *b)
{
	double cx = b->x + b->w / 2, cy = b->y + b->h / 2;
	double r = fmin(b->w, b->h) * 0.36;
	int i;

	cairo_new_sub_path(cr);
	cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
	cairo_stroke(cr);
	for (i = 0; i < 3; i++) {
		double a = i * M_PI / 3;

		cairo_move_to(cr, cx - r * cos(a), cy - r * sin(a));
		cairo_line_to(cr, cx + r * cos(a), cy + r * sin(a));
	}
	cairo_stroke(cr);
}

/* An elephant's head from the front: the brow, a trunk that hangs and
 * curls, and two tusks. */
static void
elephant(cairo_t *cr, const struct ibox *b)
{
	double cx = b->x + b->w / 2, s = fmin(b->w, b->h);
	double top = b->y + b->h * 0.12;

	cairo_save(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	/* Brow. */
	cairo_move_to(cr, cx - s * 0.42, top + s * 0.34);
	cairo_curve_to(cr, cx - s * 0.35, top - s * 0.05, cx + s * 0.35,
	    top - s * 0.05, cx + s * 0.42, top + s * 0.34);
	cairo_stroke(cr);
	/* Trunk. */
	cairo_set_line_width(cr, b->lw * 1.6);
	cairo_move_to(cr, cx, top + s * 0.12);
	cairo_curve_to(cr, cx, top + s * 0.5, cx - s * 0.04, top + s * 0.72,
	    cx + s * 0.14, top + s * 0.74);
	cairo_stroke(cr);
	/* Tusks. */
	cairo_set_line_width(cr, b->lw);
	cairo_move_to(cr, cx - s * 0.12, top + s * 0.34);
	cairo_curve_to(cr, cx - s * 0.2, top + s * 0.5, cx - s * 0.3,
	    top + s * 0.52, cx - s * 0.36, top + s * 0.46);
	cairo_move_to(cr, cx + s * 0.12, top + s * 0.34);
	cairo_curve_to(cr, cx + s * 0.2, top + s * 0.5, cx + s * 0.3,
	    top + s * 0.52, cx + s * 0.36, top + s * 0.46);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The icon of symbol s in box b (the ink and line width set). */
static void
icon(cairo_t *cr, enum rs_symbol s, const struct ibox *b)
{
	double r;

	switch (s) {
	case RS_SYM_NONE:
	case RS_SYM__MAX:
		break;
	case RS_SYM_INFANTRY:
		cross(cr, b);
		break;
	case RS_SYM_HEAVY_INFANTRY:
		cross(cr, b);
		bar(cr, b);
		break;
	case RS_SYM_SKIRMISHERS:
		cairo_move_to(cr, b->x + 0.1 * b->w, b->y + 0.68 * b->h);
		cairo_line_to(cr, b->x + 0.3 * b->w, b->y + 0.32 * b->h);
		cairo_line_to(cr, b->x + 0.5 * b->w, b->y + 0.68 * b->h);
		cairo_line_to(cr, b->x + 0.7 * b->w, b->y + 0.32 * b->h);
		cairo_line_to(cr, b->x + 0.9 * b->w, b->y + 0.68 * b->h);
		cairo_stroke(cr);
		break;
	case RS_SYM_PIKE:
		ln(cr, b, 0.5, 0.92, 0.5, 0.3);
		tri(cr, b, 0.5, 0.06, 0.42, 0.32, 0.58, 0.32);
		ln(cr, b, 0.4, 0.36, 0.6, 0.36);
		break;
	case RS_SYM_BOWMEN:
		/* The bow, its string, and an arrow nocked to the right. */
		cairo_move_to(cr, b->x + 0.38 * b->w, b->y + 0.1 * b->h);
		cairo_curve_to(cr, b->x + 0.72 * b->w, b->y + 0.25 * b->h,
		    b->x + 0.72 * b->w, b->y + 0.75 * b->h, b->x + 0.38 * b->w,
		    b->y + 0.9 * b->h);
		cairo_stroke(cr);
		cairo_save(cr);
		cairo_set_line_width(cr, b->lw * 0.6);
		ln(cr, b, 0.38, 0.1, 0.38, 0.9);
		cairo_restore(cr);
		ln(cr, b, 0.18, 0.5, 0.8, 0.5);
		tri(cr, b, 0.92, 0.5, 0.78, 0.38, 0.78, 0.62);
		break;
	case RS_SYM_MACHINE_GUN:
		ln(cr, b, 0.5, 0.92, 0.5, 0.25);
		tri(cr, b, 0.5, 0.06, 0.4, 0.3, 0.6, 0.3);
		ln(cr, b, 0.36, 0.62, 0.64, 0.62);
		break;
	case RS_SYM_ANTI_TANK:
		cairo_move_to(cr, b->x, b->y + b->h);
		cairo_line_to(cr, b->x + b->w / 2, b->y);
		cairo_line_to(cr, b->x + b->w, b->y + b->h);
		cairo_stroke(cr);
		break;
	case RS_SYM_ENGINEER:
		cairo_move_to(cr, b->x + 0.22 * b->w, b->y + 0.7 * b->h);
		cairo_line_to(cr, b->x + 0.22 * b->w, b->y + 0.32 * b->h);
		cairo_line_to(cr, b->x + 0.78 * b->w, b->y + 0.32 * b->h);
		cairo_line_to(cr, b->x + 0.78 * b->w, b->y + 0.7 * b->h);
		cairo_stroke(cr);
		ln(cr, b, 0.5, 0.32, 0.5, 0.7);
		break;
	case RS_SYM_HEADQUARTERS:
		ln(cr, b, 0.36, 0.9, 0.36, 0.1);
		cairo_move_to(cr, b->x + 0.36 * b->w, b->y + 0.1 * b->h);
		cairo_line_to(cr, b->x + 0.72 * b->w, b->y + 0.26 * b->h);
		cairo_line_to(cr, b->x + 0.36 * b->w, b->y + 0.42 * b->h);
		cairo_close_path(cr);
		cairo_fill(cr);
		break;
	case RS_SYM_MECHANISED:
		cross(cr, b);
		oval(cr, b);
		break;
	case RS_SYM_ARMOUR:
		oval(cr, b);
		break;
	case RS_SYM_RECON:
	case RS_SYM_CAVALRY:
		slash(cr, b);
		break;
	case RS_SYM_ARMOURED_RECON:
		slash(cr, b);
		oval(cr, b);
		break;
	case RS_SYM_HEAVY_CAVALRY:
		slash(cr, b);
		bar(cr, b);
		break;
	case RS_SYM_CHARIOT:
		wheel(cr, b);
		break;
	case RS_SYM_ELEPHANT:
		elephant(cr, b);
		break;
	case RS_SYM_ARTILLERY:
		r = fmin(b->w, b->h) * 0.16;
		cairo_new_sub_path(cr);
		cairo_arc(cr, b->x + b->w / 2, b->y + b->h / 2, r, 0,
		    2 * M_PI);
		cairo_fill(cr);
		break;
	}
}

/* Append the capital of the character at p to out (at most sz bytes
 * with its NUL); returns the next character. */
static const char *
put_upper(char *out, size_t sz, const char *p)
{
	gunichar c = g_unichar_toupper(g_utf8_get_char(p));
	size_t n = strlen(out);

	if (n + 7 < sz)
		out[n + (size_t)g_unichar_to_utf8(c, out + n)] = '\0';
	return g_utf8_next_char(p);
}

/* The letters and digits of s (its spaces and marks left out), in
 * order, each one's start in at[], at most max of them; their count. */
static size_t
letters_of(const char *s, const char **at, size_t max, int *words)
{
	size_t n = 0;
	int in = 0;

	*words = 0;
	for (; *s != '\0'; s = g_utf8_next_char(s)) {
		if (!g_unichar_isalnum(g_utf8_get_char(s))) {
			in = 0;
			continue;
		}
		if (!in)
			++*words;
		if (n < max)
			at[n++] = s;
		in = 1;
	}
	return n;
}

/*
 * The letters of own class k (its index in rs->classes) in out: the
 * initials of its first three words ("Hearth guard" HG), or the first
 * two letters of a one-word class ("Trooper" TR); when an earlier class
 * of the ruleset has taken them, the first letter with the next letter
 * of the class that makes them new (TO, TP …), else with a number.
 */
static void
class_letters(const struct ruleset *rs, size_t k, char *out, size_t sz)
{
	char taken[RS_MAX_OWN_CLASSES][24];
	size_t i, j;

	for (i = 0; i <= k && i < RS_MAX_OWN_CLASSES; i++) {
		const char *at[64], *s = rs->classes[i], *p;
		char try[24];
		size_t n, t;
		int words, w, ok = 0;

		n = letters_of(s, at, 64, &words);
		try[0] = '\0';
		if (n == 0) {
			snprintf(taken[i], sizeof(taken[i]), "%zu", i + 1);
			continue;
		}
		/* Initials: the first letter after each gap. */
		if (words > 1) {
			for (p = s, w = 0; *p != '\0' && w < 3;
			     p = g_utf8_next_char(p))
				if (g_unichar_isalnum(g_utf8_get_char(p)) &&
				    (p == s ||
				        !g_unichar_isalnum(g_utf8_get_char(
				            g_utf8_prev_char(p))))) {
					put_upper(try, sizeof(try), p);
					w++;
				}
		} else {
			put_upper(try, sizeof(try), at[0]);
			if (n > 1)
				put_upper(try, sizeof(try), at[1]);
		}
		for (t = 0; t <= n; t++) {
			if (t > 0) {
				/* The first letter and the t-th after it. */
				if (t >= n) {
					snprintf(try, sizeof(try), "%s", "");
					put_upper(try, sizeof(try), at[0]);
					snprintf(try + strlen(try),
					    sizeof(try) - strlen(try), "%zu",
					    i + 1);
				} else {
					try[0] = '\0';
					put_upper(try, sizeof(try), at[0]);
					put_upper(try, sizeof(try), at[t]);
				}
			}
			for (ok = 1, j = 0; j < i; j++)
				if (strcmp(taken[j], try) == 0)
					ok = 0;
			if (ok)
				break;
		}
		memcpy(taken[i], try, sizeof(try));
	}
	snprintf(out, sz, "%s", k < RS_MAX_OWN_CLASSES ? taken[k] : "");
}

/* Letters in the icon box, as large as fit it, as paths (an icon's
 * ink, not text to read out of the PDF). */
static void
letters(cairo_t *cr, const char *s, const struct ibox *b)
{
	struct rnd_font f = { "DejaVu Sans Condensed", 10, 1, 0 };
	PangoLayout *l;
	double tw, th, k;

	l = rnd_layout_new(cr, &f, 0);
	rnd_layout_text(l, s);
	rnd_layout_size(l, &tw, &th);
	if (tw <= 0 || th <= 0) {
		g_object_unref(l);
		return;
	}
	/* The capitals' height is about 0.55 of the line's. */
	k = fmin(b->h * 0.56 / (th * 0.55), b->w * 0.84 / tw);
	cairo_save(cr);
	cairo_translate(cr, b->x + (b->w - tw * k) / 2,
	    b->y + (b->h - th * k) / 2 + th * k * 0.035);
	cairo_scale(cr, k, k);
	cairo_move_to(cr, 0, 0);
	pango_cairo_layout_path(cr, l);
	cairo_fill(cr);
	cairo_restore(cr);
	g_object_unref(l);
}

/* Symbol s, or letters instead of its icon when given, framed for
 * side in the box. */
static void
symbol_draw(cairo_t *cr, enum rs_symbol s, const char *abc, int side, double x,
    double y, double w, double h)
{
	struct ibox b;
	double fw, fh, lw;

	if (w <= 0 || h <= 0)
		return;
	cairo_save(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	if (side == RND_SIDE_RED) {
		/* A square diamond; the icon in its middle, 3:2. */
		double d = fmin(w, h), cx = x + w / 2, cy = y + h / 2;

		lw = d * 0.045;
		cairo_move_to(cr, cx, cy - d / 2 + lw / 2);
		cairo_line_to(cr, cx + d / 2 - lw / 2, cy);
		cairo_line_to(cr, cx, cy + d / 2 - lw / 2);
		cairo_line_to(cr, cx - d / 2 + lw / 2, cy);
		cairo_close_path(cr);
		b.w = d * 0.5;
		b.h = d * 0.34;
		b.x = cx - b.w / 2;
		b.y = cy - b.h / 2;
	} else {
		fw = fmin(w, h * 1.5);
		fh = fw / 1.5;
		lw = fh * 0.06;
		cairo_rectangle(cr, x + (w - fw) / 2 + lw / 2,
		    y + (h - fh) / 2 + lw / 2, fw - lw, fh - lw);
		b.x = x + (w - fw) / 2 + lw / 2;
		b.y = y + (h - fh) / 2 + lw / 2;
		b.w = fw - lw;
		b.h = fh - lw;
	}
	rnd_set_rgb(cr,
	    side == RND_SIDE_RED      ? HOSTILE_FILL :
	        side == RND_SIDE_BLUE ? FRIEND_FILL :
	                                0xffffff);
	cairo_fill_preserve(cr);
	rnd_set_rgb(cr, SYM_INK);
	cairo_set_line_width(cr, lw);
	cairo_stroke(cr);
	/* The icon inside the frame's line. */
	cairo_rectangle(cr, b.x, b.y, b.w, b.h);
	cairo_clip(cr);
	b.lw = lw;
	if (abc != NULL && abc[0] != '\0')
		letters(cr, abc, &b);
	else
		icon(cr, s, &b);
	cairo_restore(cr);
}

void
rnd_symbol_draw(cairo_t *cr, enum rs_symbol s, int side, double x, double y,
    double w, double h)
{
	symbol_draw(cr, s, NULL, side, x, y, w, h);
}

void
rnd_unit_symbol(cairo_t *cr, const struct ruleset *rs, size_t unit, int side,
    double x, double y, double w, double h)
{
	const struct rs_unit *u;
	char abc[24] = "";

	if (unit >= rs->nunits)
		return;
	u = &rs->units[unit];
	/* A class of the game's own no keyword names: its letters. */
	if (u->symbol == RS_SYM_NONE && !u->symbol_set && u->cls_free > 0)
		class_letters(rs, (size_t)u->cls_free - 1, abc, sizeof(abc));
	symbol_draw(cr, u->symbol, abc, side, x, y, w, h);
}

void
rnd_unit_mark(cairo_t *cr, struct rnd_pics *ps, const struct ruleset *rs,
    size_t unit, int side, double x, double y, double w, double h)
{
	if (unit >= rs->nunits)
		return;
	if (rnd_pic_draw(ps, cr, unit, x, y, w, h) == 0)
		return;
	rnd_unit_symbol(cr, rs, unit, side, x, y, w, h);
}

/*
 * A key of the units' marks for a flow (rnd_flow_custom): each unit's
 * picture or symbol, small, before its name, as many a line as fit the
 * column w; the names at the flow's body size, never under its least.
 * Returns the
 * height (mm); draws when draw != 0.
 */
double
rnd_mark_key(cairo_t *cr, void *arg, double x, double y, double w,
    double scale, int draw)
{
	const struct rnd_mark_key *k = arg;
	struct rnd_font f = { k->font, fmax(k->size_pt * scale, k->min_pt), 0,
		0 };
	double mh = f.size_pt * RND_PT_MM * 1.25, mw = mh * 1.5;
	double cx = 0, cy = 0, lh = 0, tw, th;
	size_t i;

	for (i = 0; i < k->rs->nunits; i++) {
		PangoLayout *l = rnd_layout_memo(&f, 0, 0, 0, 0,
		    k->rs->units[i].name);
		double iw;

		rnd_layout_size(l, &tw, &th);
		iw = mw + 1.0 + fmin(tw, w - mw - 1.0);
		if (cx > 0 && cx + iw > w) {
			cx = 0;
			cy += lh + 0.8;
			lh = 0;
		}
		lh = fmax(lh, fmax(mh, th));
		if (draw) {
			rnd_unit_mark(cr, k->pics, k->rs, i, RND_SIDE_ANY,
			    x + cx, y + cy + (th > mh ? (th - mh) / 2 : 0), mw,
			    mh);
			cairo_save(cr);
			cairo_rectangle(cr, x + cx + mw + 1.0, y + cy,
			    iw - mw - 1.0, th);
			cairo_clip(cr);
			rnd_set_rgb(cr, k->ink);
			rnd_layout_draw(cr, l, x + cx + mw + 1.0,
			    y + cy + (mh > th ? (mh - th) / 2 : 0));
			cairo_restore(cr);
		}
		g_object_unref(l);
		cx += iw + 3.0;
	}
	return k->rs->nunits > 0 ? cy + lh + 0.6 : 0;
}
