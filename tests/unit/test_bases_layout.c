/* Bases layout: size parsing, packing, ruler splitting, ranges, labels. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "../../src/render/bases/bases_layout.h"

static struct bl_size
size_of(const char *spec)
{
	struct bl_size b = { BL_RECT, -1, -1 };
	const char *why = NULL;

	cr_assert_eq(bl_size_parse(spec, &b, &why), 0, "'%s': %s", spec,
	    why ? why : "");
	return b;
}

static const char *
size_error(const char *spec)
{
	struct bl_size b;
	const char *why = NULL;

	cr_assert_eq(bl_size_parse(spec, &b, &why), -1, "'%s' should fail",
	    spec);
	cr_assert_not_null(why);
	return why;
}

Test(bases_size, spellings)
{
	struct bl_size b;

	b = size_of("30mm");
	cr_assert(b.shape == BL_RECT && fabs(b.w - 30) < 1e-9 &&
	    fabs(b.d - 30) < 1e-9);
	b = size_of("1.5in");
	cr_assert_float_eq(b.w, 38.1, 1e-9);
	cr_assert_float_eq(b.d, 38.1, 1e-9);
	b = size_of("40x20mm");
	cr_assert(b.shape == BL_RECT && fabs(b.w - 40) < 1e-9 &&
	    fabs(b.d - 20) < 1e-9);
	b = size_of("25mm round");
	cr_assert(b.shape == BL_ROUND && fabs(b.w - 25) < 1e-9 &&
	    fabs(b.d - 25) < 1e-9);
	b = size_of("60x35mm oval");
	cr_assert(b.shape == BL_OVAL && fabs(b.w - 60) < 1e-9 &&
	    fabs(b.d - 35) < 1e-9);
	b = size_of("KOW25");
	cr_assert_float_eq(b.w, 25, 1e-9);
	b = size_of("dba15-mounted");
	cr_assert(fabs(b.w - 40) < 1e-9 && fabs(b.d - 30) < 1e-9);
	b = size_of("round32");
	cr_assert_eq(b.shape, BL_ROUND);
}

Test(bases_size, impossible)
{
	cr_assert(strstr(size_error("0mm"), "zero") != NULL);
	cr_assert(strstr(size_error("0x20mm"), "zero") != NULL);
	size_error("-5mm");
	size_error("30");
	size_error("30mm hexagon");
	size_error("60mm oval");
	size_error("40x20mm round");
	size_error("2mm");
	size_error("");
}

Test(bases_size, format)
{
	char buf[64];
	struct bl_size b = { BL_RECT, 25.4, 25.4 };

	bl_size_format(buf, sizeof(buf), &b, LEN_IN);
	cr_assert_str_eq(buf, "1 \xc3\x97 1 in");
	b = (struct bl_size){ BL_ROUND, 25, 25 };
	bl_size_format(buf, sizeof(buf), &b, LEN_MM);
	cr_assert_str_eq(buf, "25 mm round");
}

/* Two items overlap (gap included)? */
static int
overlap(const struct bl_item *a, const struct bl_item *b, double gap)
{
	return a->page == b->page && a->x < b->x + b->w + gap - 1e-9 &&
	    b->x < a->x + a->w + gap - 1e-9 &&
	    a->y < b->y + b->h + gap - 1e-9 && b->y < a->y + a->h + gap - 1e-9;
}

static int
inside(const struct bl_item *m, const struct bl_rect *r)
{
	return m->x >= r->x - 1e-9 && m->y >= r->y - 1e-9 &&
	    m->x + m->w <= r->x + r->w + 1e-9 &&
	    m->y + m->h <= r->y + r->h + 1e-9;
}

Test(bases_pack, no_overlap_and_inside)
{
	struct bl_page pg = { { { 10, 10, 277, 130 }, { 220, 145, 67, 55 } },
		2 };
	struct bl_item it[60];
	size_t i, j, bad;
	int pages;

	for (i = 0; i < 60; i++) {
		it[i].w = i < 40 ? 25.4 : (i < 50 ? 30 : 200);
		it[i].h = i < 40 ? 25.4 : (i < 50 ? 15 : 16);
	}
	pages = bl_pack(it, 60, &pg, 2, &bad);
	cr_assert_geq(pages, 1);
	for (i = 0; i < 60; i++) {
		int in = 0;

		cr_assert(it[i].page >= 0 && it[i].page < pages);
		for (j = 0; j < (size_t)pg.nfree; j++)
			in |= inside(&it[i], &pg.free[j]);
		cr_assert(in, "item %zu outside the free area", i);
		for (j = 0; j < i; j++)
			cr_assert(!overlap(&it[i], &it[j], 2),
			    "items %zu and %zu overlap", i, j);
	}
}

Test(bases_pack, tight)
{
	/* 8 x 5 squares of 25 with gap 2 fill a 214 x 133 area exactly. */
	struct bl_page pg = { { { 0, 0, 214, 133 } }, 1 };
	struct bl_item it[40];
	size_t i, bad;

	for (i = 0; i < 40; i++)
		it[i].w = it[i].h = 25;
	cr_assert_eq(bl_pack(it, 40, &pg, 2, &bad), 1);
	/* One more does not fit: a second page. */
	{
		struct bl_item more[41];

		for (i = 0; i < 41; i++)
			more[i].w = more[i].h = 25;
		cr_assert_eq(bl_pack(more, 41, &pg, 2, &bad), 2);
	}
}

Test(bases_pack, too_big)
{
	struct bl_page pg = { { { 0, 0, 100, 100 } }, 1 };
	struct bl_item it[2] = { { .w = 30, .h = 30 }, { .w = 120, .h = 30 } };
	size_t bad = 99;

	cr_assert_eq(bl_pack(it, 2, &pg, 2, &bad), -1);
	cr_assert_eq(bad, 1);
}

Test(bases_pack, groups_stay_together)
{
	/* One item a row; a group sorts as wide as its widest member and
	 * keeps its given order. */
	struct bl_page pg = { { { 0, 0, 210, 1000 } }, 1 };
	struct bl_item it[5] = {
		{ .w = 180, .h = 16, .group = 2 },
		{ .w = 150, .h = 16, .group = 1 },
		{ .w = 170, .h = 16 },
		{ .w = 200, .h = 16, .group = 1 },
		{ .w = 180, .h = 16, .group = 2 },
	};
	size_t bad;

	cr_assert_eq(bl_pack(it, 5, &pg, 2, &bad), 1);
	cr_assert_float_eq(it[1].y, 0, 1e-9);  /* group 1 (widest 200) */
	cr_assert_float_eq(it[3].y, 18, 1e-9); /* its other piece next */
	cr_assert_float_eq(it[0].y, 36, 1e-9); /* then group 2 */
	cr_assert_float_eq(it[4].y, 54, 1e-9);
	cr_assert_float_eq(it[2].y, 72, 1e-9); /* then the narrower one */
}

Test(bases_ruler, split)
{
	struct bl_piece p[16];
	int n;

	/* 15" fits whole on 400 mm. */
	n = bl_ruler_split(381, 25.4, 400, p, 16);
	cr_assert_eq(n, 1);
	cr_assert_float_eq(p[0].to, 381, 1e-9);
	/* 15" on 277 mm: 8" + 7". */
	n = bl_ruler_split(381, 25.4, 277, p, 16);
	cr_assert_eq(n, 2);
	cr_assert_float_eq(p[0].from, 0, 1e-9);
	cr_assert_float_eq(p[0].to, 8 * 25.4, 1e-9);
	cr_assert_float_eq(p[1].from, 8 * 25.4, 1e-9);
	cr_assert_float_eq(p[1].to, 381, 1e-9);
	/* 36" on 277 mm: four pieces of 9". */
	n = bl_ruler_split(36 * 25.4, 25.4, 277, p, 16);
	cr_assert_eq(n, 4);
	cr_assert_float_eq(p[3].from, 27 * 25.4, 1e-9);
	/* A remainder that is not a whole tick stays on the last piece. */
	n = bl_ruler_split(245, 10, 100, p, 16);
	cr_assert_eq(n, 3);
	cr_assert_float_eq(p[2].to, 245, 1e-9);
	for (int i = 0; i < n; i++)
		cr_assert_leq(p[i].to - p[i].from, 100 + 1e-9);
	/* Impossible. */
	cr_assert_eq(bl_ruler_split(0, 10, 100, p, 16), -1);
	cr_assert_eq(bl_ruler_split(100, 25.4, 20, p, 16), -1);
	cr_assert_eq(bl_ruler_split(10000, 10, 100, p, 16), -1);
}

/* A fake measure: every character 0.5 * size_pt * 0.3528 mm wide, lines
 * split at '\n', no wrapping. */
static void
fake_measure(void *ctx, const char *text, double size, double width, double *w,
    double *h)
{
	double cw = 0.5 * size * 25.4 / 72, line = 0;
	int lines = 1;

	(void)ctx;
	(void)width;
	*w = 0;
	for (; *text; text++) {
		if (*text == '\n') {
			lines++;
			line = 0;
			continue;
		}
		line += cw;
		if (line > *w)
			*w = line;
	}
	*h = lines * size * 1.2 * 25.4 / 72;
}

Test(bases_label, fit)
{
	const char *c[] = { "Armored Scout Car", "Arm. Scout Car", "ASC" };
	struct bl_fit f;

	/* Wide enough at the nominal size. */
	f = bl_label_fit(c, 3, 50, 10, 7, 4.5, fake_measure, NULL);
	cr_assert_eq(f.candidate, 0);
	cr_assert(!f.shrunk && !f.abbreviated);
	/* Must shrink: 17 chars at 7 pt are 21 mm. */
	f = bl_label_fit(c, 3, 18, 10, 7, 4.5, fake_measure, NULL);
	cr_assert_eq(f.candidate, 0);
	cr_assert(f.shrunk && !f.abbreviated);
	cr_assert_lt(f.size_pt, 7);
	/* Must abbreviate. */
	f = bl_label_fit(c, 3, 12, 10, 7, 4.5, fake_measure, NULL);
	cr_assert_eq(f.candidate, 1);
	cr_assert(f.abbreviated);
	/* Nothing fits: nothing is drawn. */
	f = bl_label_fit(c, 3, 1, 10, 7, 4.5, fake_measure, NULL);
	cr_assert_eq(f.candidate, -1);
	f = bl_label_fit(c, 3, 50, 0.5, 7, 4.5, fake_measure, NULL);
	cr_assert_eq(f.candidate, -1);
}

Test(bases_label, abbrev)
{
	char *s;

	s = bl_abbrev("Armored Scout Car", 1);
	cr_assert_str_eq(s, "Arm. Scout Car");
	free(s);
	s = bl_abbrev("Close Order Infantry", 2);
	cr_assert_str_eq(s, "COI");
	free(s);
	s = bl_abbrev("Elephants", 2);
	cr_assert_str_eq(s, "Ele");
	free(s);
	s = bl_abbrev("\xc3\x89l\xc3\xa9phants", 1);
	cr_assert_str_eq(s, "\xc3\x89l\xc3\xa9.");
	free(s);
}

static const char modern[] =
    "---\ntitle: T\nengine: firepower\nmeasure: in\nbase: 1in\n---\n\n"
    "## Units\n\n"
    "| Unit | Class | Move | Road move | Melee | Weapons |\n"
    "|---|---|---|---|---|---|\n"
    "| Rifle | infantry | 9 | | 4 | Rifle |\n"
    "| Tank | vehicle | 9 | 12 | | Tank Gun |\n"
    "| Machine Gun | infantry | 9 | | 2 | MG |\n"
    "| Scout | vehicle | 6 | 18 | | MG |\n\n"
    "## Weapons\n\n"
    "| Weapon | Range | Hits on | Destroys |\n"
    "|---|---|---|---|\n"
    "| Rifle | 15 | 4, 6 | infantry |\n"
    "| Tank Gun | 24 | 4, 6 | all |\n"
    "| MG | 15 | 2, 4, 6 | infantry |\n";

Test(bases_ranges, distinct_and_labelled)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_parse("m.md", modern, strlen(modern), &d);
	struct bl_range *r;
	size_t n, i;
	double want[] = { 2, 6, 9, 12, 15, 18, 24 };

	cr_assert_not_null(rs);
	n = bl_ranges(rs, &r);
	cr_assert_eq(n, 7, "got %zu ranges", n);
	for (i = 0; i < n; i++)
		cr_assert_float_eq(r[i].mm, want[i] * 25.4, 1e-6);
	cr_assert(strstr(r[0].label, "Melee range") != NULL);
	cr_assert(strstr(r[2].label, "Move: Rifle, Tank, Machine Gun") != NULL,
	    "%s", r[2].label);
	cr_assert(strstr(r[4].label, "Fire: Rifle, MG (Machine Gun, Scout)") !=
	        NULL,
	    "%s", r[4].label);
	cr_assert(strstr(r[5].label, "Road: Scout") != NULL);
	bl_ranges_free(r, n);
	rs_free(rs);
	diags_free(&d);
}

Test(bases_markers, by_family)
{
	struct ruleset rs;
	char **m;
	size_t n;

	memset(&rs, 0, sizeof(rs));
	rs.engine = (char *)"firepower";
	n = bl_markers(&rs, &m);
	cr_assert_eq(n, 1);
	cr_assert_str_eq(m[0], "In ford");
	bl_markers_free(m, n);
	rs.engine = (char *)"morale";
	n = bl_markers(&rs, &m);
	cr_assert_eq(n, 7);
	cr_assert_str_eq(m[0], "Disordered");
	cr_assert_str_eq(m[1], "Routing");
	cr_assert_str_eq(m[3], "2 hits");
	bl_markers_free(m, n);
}
