/*
 * map/product.c: the battle map's row — its options (as data) and help,
 * and build's entry point — and the map worked out from the options and
 * the ruleset: the grid over the table, the labels and look, the paper
 * and its tiles, the terrain. The command's run, src/cli/cmd_map.c,
 * checks the outputs and says what it wrote.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../check/analysis.h"
#include "../../scenario/scenario.h"
#include "../../scenario/terrain.h"
#include "../product.h"
#include "../render.h"
#include "map.h"

/* Its row, command and entry point for build (products.c). */
PRODUCT_OF(map);

void
rnd_map_job_free(struct map_job *j)
{
	size_t i;

	tr_free(j->bf);
	free(j->desc);
	for (i = 0; i < j->o.nnotes; i++)
		free(j->notes[i].name);
	free(j->notes);
}

/* "map: --OPTION VALUE: WHY" for a bad value (what the value is for,
 * when given, before why) into *msg; returns EXIT_ERRORS. */
static int
bad(char **msg, const char *opt, const char *val, const char *what,
    const char *why)
{
	*msg = xasprintf("map: %s %s: %s%s%s", opt, val, what ? what : "",
	    what ? ": " : "", why);
	return EXIT_ERRORS;
}

/* The same for a grid that cannot be laid out: blamed on --cell and
 * --table as given, else on the ruleset whose grid and table they are. */
static int
bad_grid(char **msg, const struct ruleset *rs, const struct map_req *q,
    const char *why)
{
	if (q->cell != NULL && q->table != NULL)
		*msg = xasprintf("map: --cell %s --table %s: %s", q->cell,
		    q->table, why);
	else if (q->cell != NULL || q->table != NULL)
		return bad(msg, q->cell ? "--cell" : "--table",
		    q->cell ? q->cell : q->table, NULL, why);
	else
		*msg = xasprintf("%s: error: %s", rs ? rs->path : "map", why);
	return EXIT_ERRORS;
}

/* The cell size: --cell, the cell of --grid, the ruleset's grid, twice
 * its base, or 3in. */
static int
pick_cell(const struct ruleset *rs, const struct map_req *q, enum rs_grid kind,
    double grid_cell, double *cell, char **msg)
{
	const char *why;
	enum unit_of_length m = rs ? rs->measure : LEN_IN;

	if (q->cell == NULL && grid_cell > 0)
		*cell = grid_cell;
	else if (q->cell != NULL) {
		if (len_parse(q->cell, m == LEN_NONE ? LEN_MM : m, cell,
		        &why) == -1)
			return bad(msg, "--cell", q->cell, "bad cell size",
			    why);
	} else if (rs != NULL && rs->cell_mm > 0)
		*cell = rs->cell_mm;
	else if (rs != NULL && rs->base_w_mm > 0)
		*cell = 2 * rs->base_w_mm; /* room for a base and its turn */
	else
		*cell = 3 * 25.4;
	if (q->hex_size != NULL) {
		if (strcmp(q->hex_size, "corners") == 0 &&
		    (kind == RS_GRID_HEX || kind == RS_GRID_HEX_POINTY))
			*cell = hex_flats(*cell);
		else if (strcmp(q->hex_size, "flats") != 0)
			return bad(msg, "--hex-size", q->hex_size, NULL,
			    "expected flats or corners");
	}
	return 0;
}

/* Lay out the grid over the table (a preset, --table, the ruleset's). */
static int
pick_table(const struct ruleset *rs, const struct map_req *q,
    enum rs_grid kind, double cell, struct grid *g, char **msg)
{
	double w = 72 * 25.4, h = 48 * 25.4;
	const char *why;
	int cols = 8, rows = 8;

	if (rs != NULL && rs->table_w_mm > 0)
		w = rs->table_w_mm, h = rs->table_h_mm;
	if (q->table != NULL && strcmp(q->table, "portable") == 0) {
		if (kind != RS_GRID_SQUARE)
			cols = 9; /* 9 × 8 hexes */
		if (kind == RS_GRID_NONE) {
			w = h = 8 * cell;
		} else
			grid_extent(kind, cell, cols, rows, &w, &h);
		if (!(cell > 0))
			return bad_grid(msg, rs, q,
			    "the cell size must be greater "
			    "than zero");
	} else if (q->table != NULL &&
	    len_parse_pair(q->table, rs ? rs->measure : LEN_NONE, &w, &h,
	        &why) == -1)
		return bad(msg, "--table", q->table, "bad table size", why);
	/* A table's limits are the front matter's table:. */
	if (q->table != NULL &&
	    ((w > 0 && w < 100) || (h > 0 && h < 100) || w > 100000 ||
	        h > 100000))
		return bad(msg, "--table", q->table, "bad table size",
		    "10 cm to 100 m a side");
	if (grid_init(g, kind, cell, w, h, &why) == -1)
		return bad_grid(msg, rs, q, why);
	return 0;
}

/* The objectives of the scenario file at path, when it is one of the
 * ruleset's (a terrain file alone has none; what is wrong with the rest
 * of it is the scenario command's to say): the tabletops' notes. */
static void
scenario_notes(const struct ruleset *rs, const char *path, struct map_job *j)
{
	struct diags quiet = { 0 };
	struct scenario *s;
	int i;

	if (rs == NULL || (s = sc_read(path, rs, &quiet)) == NULL) {
		diags_free(&quiet);
		return;
	}
	j->notes = xcalloc((size_t)s->nobj + 1, sizeof(*j->notes));
	for (i = 0; i < s->nobj; i++) {
		j->notes[i].name = xstrdup(s->obj[i].name);
		j->notes[i].x = s->obj[i].x;
		j->notes[i].y = s->obj[i].y;
		j->notes[i].radius = s->obj[i].radius;
		j->notes[i].value = s->obj[i].value;
	}
	j->o.notes = j->notes;
	j->o.nnotes = (size_t)s->nobj;
	sc_free(s);
	diags_free(&quiet);
}

/* Terrain: a scenario file, a seed, or none. */
static int
pick_terrain(const struct ruleset *rs, const struct map_req *q,
    struct map_job *j, struct diags *d)
{
	if (q->scenario != NULL) {
		j->bf = tr_read(q->scenario, j->grid.table_w, j->grid.table_h,
		    d);
		if (j->bf == NULL)
			return EXIT_ERRORS;
		scenario_notes(rs, q->scenario, j);
	} else if (q->seed_given)
		j->bf = tr_generate(q->seed, j->grid.table_w, j->grid.table_h,
		    tr_kinds_of(rs));
	return 0;
}

/* "square grid of 3" cells (24 × 16) on a 72" × 48" table". */
static char *
describe(const struct grid *g, enum unit_of_length u)
{
	char c[32], w[32], h[32];
	static const char *const kinds[] = { N_("no grid"), N_("square grid"),
		N_("hex grid (flat tops)"), N_("hex grid (pointy tops)") };

	u = u == LEN_NONE ? LEN_MM : u;
	len_format(c, sizeof(c), g->cell, u);
	len_format(w, sizeof(w), g->table_w, u);
	len_format(h, sizeof(h), g->table_h, u);
	if (g->kind == RS_GRID_NONE)
		return xasprintf(_("%s \xc3\x97 %s table, no grid"), w, h);
	return xasprintf(
	    _("%s of %s cells%s (%d \xc3\x97 %d) on a %s \xc3\x97 "
	      "%s table"),
	    _(kinds[g->kind]), c,
	    g->kind == RS_GRID_SQUARE ? "" : _(" across the flats"), g->cols,
	    g->rows, w, h);
}

/* The label format and the options that are not sizes. */
static int
pick_look(const struct map_req *q, int raster, struct rnd_map_opts *o,
    char **msg)
{
	const char *why;

	o->label_fmt = o->grid->kind == RS_GRID_SQUARE ? "%C%r" : "%02c%02r";
	if (q->labels != NULL && strcmp(q->labels, "on") != 0)
		o->label_fmt = q->labels;
	if (q->no_labels || (raster && q->labels == NULL))
		o->label_fmt = NULL;
	if (o->label_fmt != NULL && rnd_map_label_check(o->label_fmt, &why))
		return bad(msg, "--labels", o->label_fmt, NULL, why);
	/* A1 at Blue's left corner, rows counted north: the axes of test
	 * games and of every file (x right, y up from Blue's edge). */
	o->origin = RND_ORIGIN_BL;
	if (q->origin != NULL) {
		static const char *const names[] = { "tl", "tr", "bl", "br" };
		int i;

		for (i = 0; i < 4 && strcmp(q->origin, names[i]) != 0; i++)
			;
		if (i == 4)
			return bad(msg, "--origin", q->origin, NULL,
			    "expected tl, tr, bl or br");
		o->origin = (enum rnd_origin)i;
	}
	o->dots = q->dots;
	o->lines = !q->no_lines;
	o->snap = !q->no_snap;
	if (q->skip_empty && q->all_tiles) {
		*msg = xstrdup("map: --skip-empty and --all-tiles: give one "
		               "or the other");
		return EXIT_ERRORS;
	}
	o->tiles = q->skip_empty ? RND_TILES_SKIP_EMPTY :
	    q->all_tiles         ? RND_TILES_ALL :
	                           RND_TILES_AUTO;
	return 0;
}

/* Paper, overlap and pixels. */
static int
pick_output(const struct ruleset *rs, const struct map_req *q,
    struct rnd_map_opts *o, char **msg)
{
	const char *why, *from;
	char *end;

	o->overlap = RND_TILE_OVERLAP;
	if (q->overlap != NULL &&
	    (len_parse(q->overlap, LEN_MM, &o->overlap, &why) == -1))
		return bad(msg, "--overlap", q->overlap, NULL, why);
	if (q->paper != NULL && strcasecmp(q->paper, "none") == 0)
		o->paper_w = o->paper_h = 0;
	else if (rnd_paper_choose(q->paper, rs, &o->paper_w, &o->paper_h,
	             &from, &why) == -1)
		return bad(msg, from, q->paper ? q->paper : rs->paper, NULL,
		    why);
	o->px_per_cell = 100;
	if (q->ppc != NULL) {
		o->px_per_cell = (double)strtol(q->ppc, &end, 10);
		if (*q->ppc == '\0' || *end != '\0' || o->px_per_cell < 8 ||
		    o->px_per_cell > 1000)
			return bad(msg, "--px-per-cell", q->ppc, NULL,
			    "expected a whole number from 8 to 1000");
	}
	return 0;
}

/* A PDF's tiles, laid out here so that an overlap or paper that cannot
 * be tiled is blamed on its option; other reasons are the renderer's to
 * report. Returns 0 or EXIT_ERRORS. */
static int
check_tiles(const struct map_req *q, const struct rnd_map_opts *o, int raster,
    char **msg)
{
	struct rnd_map_tiling t;
	const char *why;

	if (raster || o->paper_w <= 0 ||
	    rnd_map_tiling(o->grid->table_w, o->grid->table_h, o->paper_w,
	        o->paper_h, o->overlap, &t, &why) == 0)
		return 0;
	if (q->overlap != NULL && strstr(why, "overlap") != NULL)
		return bad(msg, "--overlap", q->overlap, NULL, why);
	if (q->paper != NULL && strstr(why, "paper") != NULL)
		return bad(msg, "--paper", q->paper, NULL, why);
	return 0;
}

int
rnd_map_setup(const struct ruleset *rs, const struct map_req *q,
    struct map_job *j, char **msg, struct diags *d)
{
	enum rs_grid kind = rs ? rs->grid : RS_GRID_SQUARE;
	double cell, grid_cell = 0;
	const char *why;
	size_t n = strlen(q->out);
	int raster = n >= 4 &&
	    (strcasecmp(q->out + n - 4, ".png") == 0 ||
	        strcasecmp(q->out + n - 4, ".svg") == 0);

	memset(j, 0, sizeof(*j));
	if (q->grid != NULL &&
	    rs_grid_parse(q->grid, rs ? rs->measure : LEN_IN, &kind,
	        &grid_cell, &why) == -1)
		return bad(msg, "--grid", q->grid, NULL, why);
	if (pick_cell(rs, q, kind, grid_cell, &cell, msg) ||
	    pick_table(rs, q, kind, cell, &j->grid, msg))
		return EXIT_ERRORS;
	j->o.grid = &j->grid;
	/* Without a ruleset, describe in inches when the cell is a whole
	 * quarter inch, else in millimetres. */
	j->o.measure = rs                                 ? rs->measure :
	    fabs(cell / 6.35 - round(cell / 6.35)) < 1e-6 ? LEN_IN :
	                                                    LEN_MM;
	j->o.title = rs && rs->title ? rs->title : "Battle map";
	j->desc = describe(&j->grid, j->o.measure);
	j->o.grid_desc = j->desc;
	if (pick_look(q, raster, &j->o, msg) ||
	    pick_output(rs, q, &j->o, msg) ||
	    check_tiles(q, &j->o, raster, msg) || pick_terrain(rs, q, j, d))
		return EXIT_ERRORS;
	j->o.bf = j->bf;
	j->o.rs = rs;
	return 0;
}

int
rnd_map_terrain_write(const struct map_job *j, const char *path, char **msg)
{
	char *text, *why = NULL;
	int rc;

	if (j->bf == NULL) {
		*msg = xstrdup("map: --write-terrain needs --seed "
		               "or --scenario");
		return EXIT_ERRORS;
	}
	/* In the map's measure: the ruleset's, as scenario.yaml. */
	text = tr_to_yaml_in(j->bf, j->o.measure);
	rc = atomic_write(path, text, strlen(text), &why);
	free(text);
	if (rc == -1) {
		*msg = why;
		return EXIT_ERRORS;
	}
	return 0;
}

#define MAP_STR(n, l, a, field, h) CLI_STR(n, l, a, struct map_req, field, h)
#define MAP_SET(n, field, h) CLI_SET(n, 0, struct map_req, field, h)

static const struct cli_opt map_options[] = {
	CLI_OUTPUT("FILE", "FILE.pdf, FILE.png or FILE.svg (required)"),
	CLI_PAPER_OR_NONE("P",
	    "A4, Letter, A3, WxH, or none (one full-size\n"
	    "page); default: ruleset, then locale"),
	MAP_STR("grid", 'g', "G", grid,
	    "square, hex (flat tops), hex-pointy or none,\n"
	    "with the cell size or not: square 3in, as\n"
	    "check and play take it"),
	MAP_STR("cell", 0, "LEN", cell,
	    "cell size, e.g. 3in; hexes across the flats"),
	MAP_STR("hex-size", 0, "HOW", hex_size,
	    "flats (default) or corners: what --cell measures"),
	MAP_STR("table", 'T', "SIZE", table,
	    "WxH (72x48in, 1200x800mm) or a preset: 6x4ft,\n"
	    "4x4ft, 3x3ft, portable (8x8 squares, 9x8 hexes)"),
	MAP_STR("overlap", 0, "LEN", overlap,
	    "overlap between tiles (default 8mm)"),
	MAP_SET("skip-empty", skip_empty,
	    "print only the tiles with terrain on them\n"
	    "(the default with no grid)"),
	MAP_SET("all-tiles", all_tiles,
	    "print every tile, plain table too (the\n"
	    "default on a grid)"),
	MAP_STR("labels", 'l', "FMT", labels,
	    "cell labels: %c column, %r row, %C/%R as\n"
	    "letters, %02c zero-padded, %% percent; 'on' for\n"
	    "the default (%C%r squares, %02c%02r hexes)"),
	MAP_SET("no-labels", no_labels,
	    "no labels (the default for PNG and SVG)"),
	MAP_STR("origin", 0, "CORNER", origin,
	    "where labels count from: bl (the default:\n"
	    "A1 at Blue's left corner, as test games'\n"
	    "x and y), br, tl, tr"),
	MAP_SET("dots", dots, "a dot in the centre of every cell"),
	MAP_SET("no-lines", no_lines,
	    "no grid lines (terrain and labels only)"),
	MAP_STR("px-per-cell", 0, "N", ppc,
	    "PNG pixels per cell (per inch with no grid);\n"
	    "default 100 (Roll20 uses 70, Foundry 100)"),
	MAP_STR("scenario", 'f', "FILE", scenario,
	    "terrain from a scenario YAML file"),
	CLI_SEED("N", "generate terrain from seed N"),
	MAP_SET("no-snap", no_snap, "draw terrain as shapes even on a grid"),
	MAP_STR("write-terrain", 0, "FILE", write_terrain,
	    "also write the terrain as YAML"),
	MAP_STR("vtt", 0, "LIST", vtt,
	    "beside -o FILE.png, the files a virtual tabletop\n"
	    "reads its grid and walls from: foundry (a scene,\n"
	    "FILE.foundry.json), uvtt (FILE.dd2vtt), tts (a\n"
	    "Tabletop Simulator object, FILE.tts.json, with\n"
	    "the deck and markers), or all"),
	CLI_LANG("the language of the labels it prints: en, de, fr\n"
	         "(default: the ruleset's lang:, else English)"),
	CLI_TEMPLATE("T",
	    "a template NAME or PATH (default: {template}):\n"
	    "fonts, colours, the plan's steps and key"),
	CLI_PRINT_TEMPLATE("print the template (-t's, else the default)\n"
	                   "to standard output, to start one's own"),
	CLI_FN("dump", 0, NULL, struct map_req, dump, rnd_dump_opt, 0, 0,
	    "print the PDF's layout (one line per page,\n"
	    "plan and tile, tab-separated, millimetres)"),
	CLI_PDFX,
	CLI_ICC,
	CLI_QUIET("print only errors"),
	CLI_VERBOSE("the default: errors, warnings, notes, files"),
	CLI_HELP,
	CLI_END,
};

const struct command map_command = {
	.name = "map",
	.synopsis = "map [RULESET] [options] -o FILE.pdf|.png|.svg",
	.about =
	    "A battle map at true scale: a square or hex grid (or none) over the\n"
	    "table, with coordinates and terrain. PDF output is tiled over paper\n"
	    "with overlap, alignment marks and an assembly plan; PNG and SVG show\n"
	    "exactly the grid (cells x px-per-cell), for virtual tabletops.\n"
	    "Sizes default to the ruleset's grid and table (no ruleset: square 3in\n"
	    "on 72x48in); bare numbers are in the ruleset's measure.\n"
	    "\n",
	.opts = map_options,
	.col = 24,
	.after =
	    "\n"
	    "Earlier spellings still work, with a note: -c (cell), -t SIZE\n"
	    "(table: a value such as 6x4ft or 72x48in; any other -t is the\n"
	    "template).\n",
};

int
product_map(struct analysis *a, const char *path, const struct cli_common *c,
    const void *own, struct diags *d)
{
	struct pos nowhere = { NULL, 0, 0 };
	struct map_req q;
	struct map_job j;
	char *msg = NULL;
	int rc;

	/* The build's map: the ruleset's table and grid, on its paper,
	 * with a sample battlefield from the seed (1 unless given); a
	 * project's map: options (grid, cell, table, labels …) as the
	 * command takes them. */
	memset(&q, 0, sizeof(q));
	if (own != NULL) {
		q = *(const struct map_req *)own;
		q.scenario = q.write_terrain = q.vtt = q.ppc = NULL;
		q.dump = NULL;
	}
	q.out = path;
	q.paper = c->paper;
	q.tmpl = c->tmpl;
	q.seed = c->seed;
	q.seed_given = 1;
	q.quiet = 1;
	rc = rnd_map_setup(a->rs, &q, &j, &msg, d);
	if (msg != NULL)
		diag_msg(d, nowhere, MSG(MAP_NOT_SET_UP), msg);
	free(msg);
	j.o.tmpl = q.tmpl;
	if (rc == 0 &&
	    (rnd_output_ok(path, "%PDF-", d) != 0 ||
	        rnd_map(path, &j.o, d) != 0))
		rc = -1;
	rnd_map_job_free(&j);
	return rc == 0 ? 0 : -1;
}

/* The command's defaults: none of its options given. */
static void
own_init(void *own)
{
	memset(own, 0, sizeof(struct map_req));
}

/* A project's map: options, each as the command would read it on a map
 * of no ruleset (a grid, a cell, a table, labels that cannot be). */
static int
own_check(const void *own, char *why, size_t n)
{
	struct map_req q = *(const struct map_req *)own;
	struct map_job j;
	struct diags d = { 0 };
	char *msg = NULL;
	int rc;

	q.out = "map.pdf";
	q.scenario = q.write_terrain = q.vtt = q.ppc = NULL;
	q.dump = NULL;
	q.seed_given = 0;
	rc = rnd_map_setup(NULL, &q, &j, &msg, &d);
	if (rc != 0)
		snprintf(why, n, "%s",
		    msg != NULL ?
		        (strncmp(msg, "map: ", 5) == 0 ? msg + 5 : msg) :
		        "cannot be laid out");
	free(msg);
	rnd_map_job_free(&j);
	diags_free(&d);
	return rc != 0 ? -1 : 0;
}

int
rnd_map_vtt_build(struct analysis *a, const char *dir, const char *scenario,
    const struct cli_common *c, unsigned set, struct rnd_map_written *w,
    struct diags *d)
{
	struct pos nowhere = { NULL, 0, 0 };
	struct map_req q;
	struct map_job j;
	char *msg = NULL, *png = xasprintf("%s/map.png", dir), *why = NULL;
	size_t i, n = strlen(dir) + 1;
	int rc, k;

	memset(&q, 0, sizeof(q));
	q.out = png;
	q.seed = c->seed;
	q.seed_given = scenario == NULL;
	q.scenario = scenario;
	q.quiet = 1;
	rc = rnd_map_setup(a->rs, &q, &j, &msg, d);
	if (msg != NULL)
		diag_msg(d, nowhere, MSG(MAP_NOT_SET_UP), msg);
	free(msg);
	if (rc == 0 && rnd_output_ok(png, "\x89PNG", d) != 0)
		rc = -1;
	for (k = 0; rc == 0 && rnd_vtt_names[k] != NULL; k++)
		if (set & (1u << k)) {
			char *p = rnd_vtt_path(png, k);

			if (rnd_output_ok(p, rnd_vtt_begins(k), d) != 0)
				rc = -1;
			free(p);
		}
	j.o.tmpl = map_product.tmpl;
	j.o.ana = a;
	j.o.written = w;
	file_group_begin();
	if (rc == 0 &&
	    (rnd_map(png, &j.o, d) != 0 ||
	        rnd_map_vtt(png, set, &j.o, d) != 0))
		rc = -1;
	if (rc != 0)
		file_group_abandon();
	else if (file_group_end(&why) != 0) {
		diag_msg(d, nowhere, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
		rc = -1;
	}
	if (rc == 0)
		XPUSH(w->v, w->n, w->cap, xstrdup(png));
	/* Their names in dir. */
	for (i = 0; i < w->n; i++)
		if (strncmp(w->v[i], dir, n - 1) == 0 && w->v[i][n - 1] == '/')
			memmove(w->v[i], w->v[i] + n, strlen(w->v[i] + n) + 1);
	rnd_map_job_free(&j);
	free(png);
	return rc == 0 ? 0 : -1;
}

/* Its row of the product table (products.c). */
const struct product map_product = {
	.cmd = &map_command,
	.summary = "A battle map at true scale: PDF tiles, or PNG and SVG.",
	.files = { "map.pdf" },
	.tmpl = "battle-map",
	.needs = 0,
	.uses = PRODUCT_RULESET | PRODUCT_SCENARIO,
	.make = product_map,
	.man =
	    "A battle map at true scale: PDF tiled over paper with an assembly\n"
	    "plan, or PNG and SVG of exactly the table for virtual tabletops.\n",
	.man_build =
	    "the ruleset's table and grid with the terrain of seed 1.\n",
	/* Its own options in a build (a project's map:), the command's
	 * struct; the command itself has its own run (cmd_map.c). */
	.own_size = sizeof(struct map_req),
	.own_init = own_init,
	.own_check = own_check,
	/* What it reads: the settings and tables, and the seed of its terrain. */
	.reads = PRODUCT_READS_SETTINGS | PRODUCT_READS_TABLES |
	    PRODUCT_READS_SELFPLAY | PRODUCT_READS_TEMPLATE |
	    PRODUCT_READS_PICTURES | PRODUCT_READS_PAPER | PRODUCT_READS_LANG,
};
