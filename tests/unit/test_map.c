/* Maps: grid geometry (hexes regular, neighbours shared), tiling maths,
 * labels, terrain generation and its YAML, and a PNG measured. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>

#include "../../src/render/map/map.h"
#include "../../src/scenario/terrain.h"

static struct grid
mkgrid(enum rs_grid k, double cell, double w, double h)
{
	struct grid g;
	const char *why = NULL;

	cr_assert_eq(grid_init(&g, k, cell, w, h, &why), 0, "%s", why);
	return g;
}

Test(grid, square_counts_and_centres)
{
	struct grid g = mkgrid(RS_GRID_SQUARE, 76.2, 1828.8, 1219.2);
	double x, y;
	int c, r;

	cr_assert_eq(g.cols, 24);
	cr_assert_eq(g.rows, 16);
	cr_assert_float_eq(g.ox, 0, 1e-9);
	grid_center(&g, 0, 0, &x, &y);
	cr_assert_float_eq(x, 38.1, 1e-9);
	cr_assert(grid_locate(&g, 100, 200, &c, &r));
	cr_assert_eq(c, 1);
	cr_assert_eq(r, 2);
	cr_assert(!grid_locate(&g, -1, 5, &c, &r));
	/* A table that is not whole cells keeps an even border. */
	g = mkgrid(RS_GRID_SQUARE, 50, 520, 310);
	cr_assert_eq(g.cols, 10);
	cr_assert_eq(g.rows, 6);
	cr_assert_float_eq(g.ox, 10, 1e-9);
	cr_assert_float_eq(g.oy, 5, 1e-9);
}

/* Every hex: 6 equal sides of the circumradius, across the flats equal to
 * the cell, and each neighbour shares the edge (same two corners). */
static void
check_regular(enum rs_grid k)
{
	struct grid g = mkgrid(k, 50, 900, 600);
	double xs[6], ys[6], nx[6], ny[6], R = 50 / sqrt(3), cx, cy, ncx, ncy;
	int c, r, e, nc, nr, i, back, found;

	for (r = 0; r < g.rows; r++)
		for (c = 0; c < g.cols; c++) {
			cr_assert_eq(grid_corners(&g, c, r, xs, ys), 6);
			grid_center(&g, c, r, &cx, &cy);
			for (i = 0; i < 6; i++) {
				cr_assert_float_eq(hypot(xs[(i + 1) % 6] -
				                           xs[i],
				                       ys[(i + 1) % 6] -
				                           ys[i]),
				    R, 1e-9);
				cr_assert_float_eq(hypot(xs[i] - cx,
				                       ys[i] - cy),
				    R, 1e-9);
				cr_assert(xs[i] >= g.ox - 1e-9 &&
				    xs[i] <= g.ox + g.w + 1e-9);
				cr_assert(ys[i] >= g.oy - 1e-9 &&
				    ys[i] <= g.oy + g.h + 1e-9);
			}
			for (e = 0; e < 6; e++) {
				if (!grid_neighbour(&g, c, r, e, &nc, &nr))
					continue;
				grid_center(&g, nc, nr, &ncx, &ncy);
				/* Centres one "across the flats" apart. */
				cr_assert_float_eq(hypot(ncx - cx, ncy - cy),
				    50, 1e-9, "cell %d,%d edge %d", c, r, e);
				grid_corners(&g, nc, nr, nx, ny);
				back = (e + 3) % 6;
				found = fabs(nx[back] - xs[(e + 1) % 6]) <
				        1e-9 &&
				    fabs(ny[back] - ys[(e + 1) % 6]) < 1e-9 &&
				    fabs(nx[(back + 1) % 6] - xs[e]) < 1e-9 &&
				    fabs(ny[(back + 1) % 6] - ys[e]) < 1e-9;
				cr_assert(found, "edge %d of %d,%d not shared",
				    e, c, r);
			}
		}
}

Test(grid, flat_hexes_are_regular)
{
	check_regular(RS_GRID_HEX);
}

Test(grid, pointy_hexes_are_regular)
{
	check_regular(RS_GRID_HEX_POINTY);
}

Test(grid, hex_locate_finds_the_nearest_centre)
{
	struct grid g = mkgrid(RS_GRID_HEX, 40, 600, 400);
	double x, y;
	int c, r, lc, lr;

	for (r = 0; r < g.rows; r++)
		for (c = 0; c < g.cols; c++) {
			grid_center(&g, c, r, &x, &y);
			cr_assert(grid_locate(&g, x + 5, y - 7, &lc, &lr));
			cr_assert_eq(lc, c);
			cr_assert_eq(lr, r);
		}
}

Test(grid, portable_extent)
{
	double w, h;

	grid_extent(RS_GRID_SQUARE, 76.2, 8, 8, &w, &h);
	cr_assert_float_eq(w, 609.6, 1e-9);
	grid_extent(RS_GRID_HEX, 50, 9, 8, &w, &h);
	struct grid g = mkgrid(RS_GRID_HEX, 50, w, h);
	cr_assert_eq(g.cols, 9);
	cr_assert_eq(g.rows, 8);
}

Test(grid, bad_sizes)
{
	struct grid g;
	const char *why;

	cr_assert_eq(grid_init(&g, RS_GRID_SQUARE, 0, 100, 100, &why), -1);
	cr_assert_eq(grid_init(&g, RS_GRID_SQUARE, -5, 100, 100, &why), -1);
	cr_assert_eq(grid_init(&g, RS_GRID_SQUARE, 10, 0, 100, &why), -1);
	cr_assert_eq(grid_init(&g, RS_GRID_SQUARE, 200, 100, 100, &why), -1);
	cr_assert(strstr(why, "larger than the table") != NULL);
	cr_assert_eq(grid_init(&g, RS_GRID_HEX, 1, 25400, 25400, &why), -1);
	cr_assert(strstr(why, "too many") != NULL);
	cr_assert_eq(grid_init(&g, RS_GRID_SQUARE, NAN, 100, 100, &why), -1);
	cr_assert_eq(grid_init(&g, RS_GRID_SQUARE, 10, INFINITY, 100, &why),
	    -1);
	cr_assert_eq(grid_init(&g, RS_GRID_NONE, 0, 100, 100, &why), 0);
}

/* Tiles cover the table, neighbours overlap by exactly the overlap, and
 * one tile fewer in either direction would not cover it. */
static void
check_tiling(double tw, double th, double pw, double ph, double ov)
{
	struct rnd_map_tiling t;
	const char *why;
	double x, y, w, h, px, py, pw2, ph2;
	int c, r;

	cr_assert_eq(rnd_map_tiling(tw, th, pw, ph, ov, &t, &why), 0);
	cr_assert_float_eq(t.area_w, t.page_w - 2 * RND_TILE_MARGIN, 1e-9);
	cr_assert_float_eq(t.area_h,
	    t.page_h - RND_TILE_MARGIN - RND_TILE_BOTTOM, 1e-9);
	rnd_map_tile_rect(&t, t.cols - 1, t.rows - 1, &x, &y, &w, &h);
	cr_assert_float_eq(x + w, tw, 1e-6, "tiles end at the table edge");
	cr_assert_float_eq(y + h, th, 1e-6);
	cr_assert(w > ov && h > ov, "the last tile is more than overlap");
	for (r = 0; r < t.rows; r++)
		for (c = 1; c < t.cols; c++) {
			rnd_map_tile_rect(&t, c - 1, r, &px, &py, &pw2, &ph2);
			rnd_map_tile_rect(&t, c, r, &x, &y, &w, &h);
			cr_assert_float_eq(px + pw2 - x, ov, 1e-9);
		}
	for (r = 1; r < t.rows; r++) {
		rnd_map_tile_rect(&t, 0, r - 1, &px, &py, &pw2, &ph2);
		rnd_map_tile_rect(&t, 0, r, &x, &y, &w, &h);
		cr_assert_float_eq(py + ph2 - y, ov, 1e-9);
	}
	/* Whole tiles from Blue's left corner: the row along Blue's edge
	 * and the first column are whole; the top row starts at Red's
	 * edge. */
	rnd_map_tile_rect(&t, 0, t.rows - 1, &x, &y, &w, &h);
	cr_assert_float_eq(w, fmin(t.area_w, tw), 1e-9);
	cr_assert_float_eq(h, fmin(t.area_h, th), 1e-9);
	rnd_map_tile_rect(&t, 0, 0, &x, &y, &w, &h);
	cr_assert_float_eq(y, 0, 1e-9, "the top row starts at Red's edge");
	/* Minimal: cols - 1 tiles would fall short. */
	cr_assert(t.cols == 1 || (t.cols - 1) * t.step_x + ov < tw);
	cr_assert(t.rows == 1 || (t.rows - 1) * t.step_y + ov < th);
}

Test(tiling, cover_and_overlap)
{
	check_tiling(1828.8, 1219.2, 210, 297, 10);
	check_tiling(1828.8, 1219.2, 215.9, 279.4, 10);
	check_tiling(1828.8, 1219.2, 297, 420, 25);
	check_tiling(914.4, 914.4, 210, 297, 0);
	check_tiling(150, 100, 210, 297, 10); /* fits on one sheet */
}

Test(tiling, six_by_four_on_a4)
{
	struct rnd_map_tiling t;
	const char *why;

	/* Portrait area 196 x 274: 10 x 5; landscape 283 x 187: 7 x 7. */
	cr_assert_eq(rnd_map_tiling(1828.8, 1219.2, 210, 297, RND_TILE_OVERLAP,
	                 &t, &why),
	    0);
	cr_assert_eq(t.cols * t.rows, 49);
	cr_assert_eq(t.landscape, 1);
	/* Letter: portrait 201.9 x 256.4: 10 x 5; landscape 8 x 7. */
	cr_assert_eq(rnd_map_tiling(1828.8, 1219.2, 215.9, 279.4,
	                 RND_TILE_OVERLAP, &t, &why),
	    0);
	cr_assert_eq(t.cols * t.rows, 50);
	cr_assert_eq(t.landscape, 0);
	cr_assert_eq(rnd_map_tiling(100, 100, 210, 297, 10, &t, &why), 0);
	cr_assert_eq(t.cols * t.rows, 1);
}

Test(tiling, refusals)
{
	struct rnd_map_tiling t;
	const char *why;

	cr_assert_eq(rnd_map_tiling(1000, 1000, 210, 297, -1, &t, &why), -1);
	cr_assert_eq(rnd_map_tiling(1000, 1000, 210, 297, 150, &t, &why), -1);
	cr_assert_eq(rnd_map_tiling(1000, 1000, 50, 50, 10, &t, &why), -1);
	cr_assert_eq(rnd_map_tiling(1e7, 1e7, 210, 297, 10, &t, &why), -1);
	cr_assert(strstr(why, "10000 tiles") != NULL);
}

Test(labels, formats_and_origins)
{
	char b[64];

	rnd_map_label(b, sizeof(b), "%C%r", 0, 0, 24, 16, RND_ORIGIN_TL);
	cr_assert_str_eq(b, "A1");
	rnd_map_label(b, sizeof(b), "%C%r", 26, 3, 30, 16, RND_ORIGIN_TL);
	cr_assert_str_eq(b, "AA4");
	rnd_map_label(b, sizeof(b), "%02c%02r", 4, 6, 24, 16, RND_ORIGIN_TL);
	cr_assert_str_eq(b, "0507");
	rnd_map_label(b, sizeof(b), "%c,%r", 0, 0, 24, 16, RND_ORIGIN_BR);
	cr_assert_str_eq(b, "24,16");
	rnd_map_label(b, sizeof(b), "%c.%R", 0, 15, 24, 16, RND_ORIGIN_BL);
	cr_assert_str_eq(b, "1.A");
	rnd_map_label(b, sizeof(b), "100%%", 0, 0, 1, 1, RND_ORIGIN_TL);
	cr_assert_str_eq(b, "100%");
	cr_assert_eq(rnd_map_label(b, sizeof(b), "%x", 0, 0, 1, 1,
	                 RND_ORIGIN_TL),
	    -1);
}

/* The numbers of a label as snprintf would print them (rnd_map_label
 * formats them by hand: a map labels up to 250,000 cells, twice). */
static void
label_by_printf(char *buf, size_t sz, const char *fmt, int col, int row)
{
	size_t n = 0;
	char piece[32];
	int zero, width;

	buf[0] = '\0';
	for (; *fmt != '\0' && n + 1 < sz; fmt++) {
		if (*fmt != '%') {
			buf[n++] = *fmt;
			continue;
		}
		fmt++;
		zero = *fmt == '0';
		if (zero)
			fmt++;
		for (width = 0; *fmt >= '0' && *fmt <= '9'; fmt++)
			width = width < 9 ? width * 10 + (*fmt - '0') : 9;
		if (*fmt == '%')
			snprintf(piece, sizeof(piece), "%%");
		else
			snprintf(piece, sizeof(piece), zero ? "%0*d" : "%*d",
			    width, *fmt == 'c' ? col : row);
		snprintf(buf + n, sz - n, "%s", piece);
		n += strlen(buf + n);
	}
	buf[n < sz ? n : sz - 1] = '\0';
}

Test(labels, numbers_as_printf_prints_them)
{
	static const char *const fmts[] = { "%c%r", "%02c%02r", "%3c-%03r",
		"%9c%09r", "%0c|%0r", "r%r c%c 100%%", "%12c", "%99r%c",
		NULL };
	static const int vals[] = { 1, 7, 9, 10, 99, 100, 999, 1000, 12345,
		250000 };
	static const size_t sizes[] = { 1, 2, 3, 5, 8, 64 };
	char got[64], want[64];
	size_t f, i, k;

	for (f = 0; fmts[f] != NULL; f++)
		for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
			for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]);
			     k++) {
				int v = vals[i], w = vals[(i + 3) % 10];

				rnd_map_label(got, sizes[k], fmts[f], v - 1,
				    w - 1, v, w, RND_ORIGIN_TL);
				label_by_printf(want, sizes[k], fmts[f], v, w);
				cr_assert_str_eq(got, want, "%s, %d, %d, %zu",
				    fmts[f], v, w, sizes[k]);
			}
}

Test(terrain, same_seed_same_battlefield)
{
	struct battlefield *a = tr_generate(42, 1828.8, 1219.2, TR_KINDS_ALL);
	struct battlefield *b = tr_generate(42, 1828.8, 1219.2, TR_KINDS_ALL);
	struct battlefield *c = tr_generate(43, 1828.8, 1219.2, TR_KINDS_ALL);
	char *ya = tr_to_yaml(a), *yb = tr_to_yaml(b), *yc = tr_to_yaml(c);

	cr_assert_str_eq(ya, yb);
	cr_assert_str_neq(ya, yc);
	free(ya), free(yb), free(yc);
	tr_free(a), tr_free(b), tr_free(c);
}

Test(terrain, kinds_follow_the_mask)
{
	unsigned m = (1u << RS_TERRAIN_HILL) |
	    (1u << RS_TERRAIN_FORTIFICATION);
	uint64_t s;

	for (s = 1; s <= 40; s++) {
		struct battlefield *bf = tr_generate(s, 900, 600, m);

		cr_assert_eq(bf->nwoods + bf->nrivers + bf->nroads + bf->ntown,
		    0);
		tr_free(bf);
	}
}

/* Many seeds: rivers meet two edges, fords lie on the river, roads
 * cross the table, and YAML round trips exactly. */
Test(terrain, generated_shapes_and_yaml)
{
	uint64_t s;
	size_t i, k;
	int rivers = 0, towns = 0;

	for (s = 1; s <= 60; s++) {
		struct battlefield *bf = tr_generate(s, 1828.8, 1219.2,
		                       TR_KINDS_ALL),
		                   *back;
		struct diags d = { 0 };
		char *y = tr_to_yaml(bf), *y2;

		for (i = 0; i < bf->nrivers; i++) {
			const struct tr_path *p = &bf->rivers[i];
			const struct tr_point *a = &p->path.v[0],
			                      *b = &p->path.v[p->path.n - 1];

			rivers++;
			cr_assert(a->x == 0 || a->y == 0 || a->x == 1828.8 ||
			    a->y == 1219.2);
			cr_assert(b->x == 0 || b->y == 0 || b->x == 1828.8 ||
			    b->y == 1219.2);
			for (k = 0; k < p->nfords; k++)
				cr_assert(tr_path_dist(&p->path, p->fords[k].x,
				              p->fords[k].y) < 1,
				    "ford off the river");
			/* The river goes round hills: none stands in it. */
			for (k = 0; k < p->path.n; k++)
				cr_assert_eq(tr_hill_level(bf, p->path.v[k].x,
				                 p->path.v[k].y),
				    0, "seed %d", (int)s);
		}
		towns += bf->ntown > 0;
		back = tr_parse("gen.yaml", y, strlen(y), 0, 0, &d);
		cr_assert_not_null(back, "seed %d: %s", (int)s,
		    d.n ? d.v[0].msg : "");
		y2 = tr_to_yaml(back);
		cr_assert_str_eq(y, y2);
		free(y), free(y2);
		tr_free(bf), tr_free(back);
		diags_free(&d);
	}
	cr_assert(rivers > 10 && towns > 5, "rivers %d towns %d", rivers,
	    towns);
}

Test(terrain, yaml_errors_have_positions)
{
	static const char *bad[] = {
		"terrain:\n  - kind: lake\n",
		"terrain:\n  - kind: wood\n    outline: [[0, 0], [1, 1]]\n",
		"terrain:\n  - kind: river\n    width: 0\n    path: [[0,0],[9,9]]\n",
		"terrain:\n  - kind: road\n    path: [[0, 0], [1, x]]\n",
		"terrain:\n  - kind: town\n    buildings: [[0, 0, 0, 5]]\n",
		"table: 0x4ft\n",
		"terrain: 5\n",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		struct diags d = { 0 };
		struct battlefield *bf = tr_parse("s.yaml", bad[i],
		    strlen(bad[i]), 100, 100, &d);

		cr_assert_null(bf, "case %zu should fail", i);
		cr_assert_geq(d.n, 1);
		cr_assert_gt(d.v[0].line, 0, "case %zu: no line", i);
		diags_free(&d);
	}
}

Test(terrain, units_and_snapping)
{
	static const char *ok =
	    "measure: in\ntable: 24x24in\nterrain:\n"
	    "  - kind: wood\n    outline: [[3, 3], [9, 3], [9, 9], [3, 9]]\n"
	    "  - kind: river\n    width: 1in\n    path: [[0, 13.5], [24, 13.5]]\n"
	    "    fords: [[13.5, 13.5]]\n";
	struct diags d = { 0 };
	struct battlefield *bf = tr_parse("s.yaml", ok, strlen(ok), 0, 0, &d);
	struct grid g = mkgrid(RS_GRID_SQUARE, 76.2, 609.6, 609.6);
	struct tr_cells *tc;
	int c;

	cr_assert_not_null(bf);
	cr_assert_float_eq(bf->table_w, 609.6, 1e-9);
	cr_assert_float_eq(bf->woods[0].v[1].x, 228.6, 1e-9);
	tc = tr_snap(bf, &g);
	/* Wood covers cells (1..2, 1..2) by their centres (3in cells). */
	cr_assert(tc->kind[1 * 8 + 1] & (1u << RS_TERRAIN_WOOD));
	cr_assert(tc->kind[2 * 8 + 2] & (1u << RS_TERRAIN_WOOD));
	cr_assert(!(tc->kind[3 * 8 + 3] & (1u << RS_TERRAIN_WOOD)));
	/* The river runs along row 4 (13.5in), a ford at column 4. */
	for (c = 0; c < 8; c++)
		cr_assert(tc->kind[4 * 8 + c] & (1u << RS_TERRAIN_RIVER));
	cr_assert(tc->kind[4 * 8 + 4] & (1u << RS_TERRAIN_FORD));
	cr_assert(!(tc->kind[4 * 8 + 1] & (1u << RS_TERRAIN_FORD)));
	tr_cells_free(tc);
	tr_free(bf);
}

Test(terrain, square_paths_step_by_edges)
{
	struct grid g = mkgrid(RS_GRID_SQUARE, 50, 500, 500);
	struct tr_point pts[2] = { { 0, 0 }, { 500, 500 } };
	struct tr_line l = { pts, 2, 2 };
	int *cells;
	size_t n = tr_snap_path(&l, &g, &cells), i;

	cr_assert_geq(n, 19);
	for (i = 1; i < n; i++) {
		int dc = abs(cells[i] % 10 - cells[i - 1] % 10);
		int dr = abs(cells[i] / 10 - cells[i - 1] / 10);

		cr_assert_eq(dc + dr, 1, "step %zu is not across an edge", i);
	}
	free(cells);
}

/* A PNG at 100 px per cell: the image is exactly cols x rows cells and
 * the grid lines are exactly 100 px apart. */
Test(png, cells_are_exactly_100_px)
{
	struct grid g = mkgrid(RS_GRID_SQUARE, 76.2, 1828.8, 1219.2);
	struct rnd_map_opts o;
	struct diags d = { 0 };
	char path[] = "/tmp/sandtable-mapXXXXXX.png";
	cairo_surface_t *s;
	unsigned char *px;
	int fd, stride, x, y, prev = -1, lines = 0;

	memset(&o, 0, sizeof(o));
	o.tmpl = "battle-map";
	o.grid = &g;
	o.lines = 1;
	o.px_per_cell = 100;
	fd = mkstemps(path, 4);
	cr_assert_geq(fd, 0);
	close(fd);
	cr_assert_eq(rnd_map(path, &o, &d), 0);
	s = cairo_image_surface_create_from_png(path);
	unlink(path);
	cr_assert_eq(cairo_image_surface_get_width(s), 2400);
	cr_assert_eq(cairo_image_surface_get_height(s), 1600);
	px = cairo_image_surface_get_data(s);
	stride = cairo_image_surface_get_stride(s);
	y = 150; /* the middle of row 2 */
	for (x = 0; x < 2400; x++) {
		unsigned char v = px[y * stride + x * 4 + 1];

		/* Each line is 2 px centred on the cell boundary; the first
		 * (at x = 0) is half cut off, so count the runs after it. */
		if (x > 0 && v < 128 &&
		    px[y * stride + (x - 1) * 4 + 1] >= 128) {
			if (prev >= 0)
				cr_assert_eq(x - prev, 100,
				    "line at %d after %d", x, prev);
			prev = x;
			lines++;
		}
	}
	cr_assert_eq(lines, 24, "%d grid lines", lines);
	cairo_surface_destroy(s);
	diags_free(&d);
}

/* Snapping by scan lines agrees with asking each cell's centre. */
Test(terrain, snap_agrees_with_centres)
{
	static const enum rs_grid kinds[3] = { RS_GRID_SQUARE, RS_GRID_HEX,
		RS_GRID_HEX_POINTY };
	unsigned area = (1u << RS_TERRAIN_HILL) | (1u << RS_TERRAIN_WOOD);
	uint64_t s;
	int k, c, r;
	double x, y;

	for (s = 1; s <= 12; s++)
		for (k = 0; k < 3; k++) {
			struct battlefield *bf = tr_generate(s, 1828.8, 1219.2,
			    TR_KINDS_ALL);
			struct grid g = mkgrid(kinds[k], 38.1 + s, 1828.8,
			    1219.2);
			struct tr_cells *tc = tr_snap(bf, &g);

			for (r = 0; r < g.rows; r++)
				for (c = 0; c < g.cols; c++) {
					int i = r * g.cols + c;

					grid_center(&g, c, r, &x, &y);
					cr_assert_eq(tc->kind[i] & area,
					    tr_at(bf, x, y) & area,
					    "seed %d grid %d cell %d,%d",
					    (int)s, k, c, r);
					cr_assert_eq(tc->level[i],
					    tr_hill_level(bf, x, y));
					if (tr_at(bf, x, y) &
					    (1u << RS_TERRAIN_TOWN))
						cr_assert(tc->kind[i] &
						    (1u << RS_TERRAIN_TOWN));
				}
			tr_cells_free(tc);
			tr_free(bf);
		}
}
