/*
 * map.h: gridded battle maps at true scale — the public face of
 * src/render/map*.c for the CLI (no Cairo here). A map is a table with
 * an optional grid (struct grid), optional terrain (struct battlefield),
 * coordinate labels and centre dots, written as:
 *
 *   PDF  tiled over paper at 100% (an assembly plan first, then one page
 *        per tile with overlap, alignment marks, labels and calibration
 *        bars), or one page of the whole table (paper 0 x 0);
 *   PNG  exactly the grid, cols × px_per_cell wide, no margin (for
 *        virtual tabletops);
 *   SVG  the same area as the PNG, in millimetres.
 */
#ifndef SANDTABLE_RENDER_MAP_H
#define SANDTABLE_RENDER_MAP_H

#include "../../base/base.h"
#include "../../scenario/grid.h"
#include "../../scenario/terrain.h"

/* Corner where labels count from. */
enum rnd_origin { RND_ORIGIN_TL, RND_ORIGIN_TR, RND_ORIGIN_BL, RND_ORIGIN_BR };

/* Which tiles a PDF prints: AUTO skips the tiles of plain table (no
 * terrain on them) when the map draws no grid, and prints all when it
 * does (the grid is content); SKIP_EMPTY and ALL say so whatever the
 * grid. */
enum rnd_tiles { RND_TILES_AUTO, RND_TILES_SKIP_EMPTY, RND_TILES_ALL };

/* What a tiled PDF came to (for the line that says what was written). */
struct rnd_map_count {
	int sheets;  /* pages: the plan and the tiles printed */
	int tiles;   /* tiles in all */
	int skipped; /* tiles of plain table, not printed */
};

struct rnd_map_look; /* map_internal.h */
struct analysis;     /* check/analysis.h */
struct cli_common;   /* render/product.h */
struct rnd_map_opts {
	const struct grid *grid;      /* the table and its grid */
	const struct battlefield *bf; /* NULL: no terrain */
	const struct ruleset *rs;     /* names the legend's terrain; NULL */
	int snap;                     /* draw terrain on cells (grid only) */
	const char *label_fmt;        /* NULL: no labels; see rnd_map_label */
	enum rnd_origin origin;
	int dots;                    /* centre dots */
	int lines;                   /* grid lines */
	enum unit_of_length measure; /* border ruler unit (no grid) */
	const char *title;           /* printed on the plan and tiles */
	const char *grid_desc;       /* e.g. "square 3in on 72x48in" */
	/* PDF */
	double paper_w, paper_h;     /* portrait sheet; 0: one page */
	double overlap;              /* between tiles, mm (default
	                                * RND_TILE_OVERLAP) */
	enum rnd_tiles tiles;        /* which tiles are printed */
	struct rnd_map_count *count; /* set by a tiled PDF, or NULL */
	/* PNG */
	double px_per_cell; /* pixels per cell (per inch, no grid) */
	const char *tmpl;   /* NAME|PATH: -t, else the product row's */
	FILE *dump; /* --dump: the PDF's layout as text (dump.c), or NULL */
	/* Set by rnd_map from the template; NULL: the defaults. */
	const struct rnd_map_look *look;
	/* Virtual tabletops: a note at each objective of the scenario
	 * the terrain came from (its name, centre and radius in table
	 * mm as the battlefield's, its victory points). */
	const struct rnd_map_note *notes;
	size_t nnotes;
	/* Tabletop Simulator: the analysis whose odds the deck's cards
	 * print (NULL: none). */
	struct analysis *ana;
	/* The tabletops' files written (rnd_map_vtt), when not NULL. */
	struct rnd_map_written *written;
};
struct rnd_map_written {
	char **v;
	size_t n, cap;
};
struct rnd_map_note {
	char *name;
	double x, y, radius;
	int value;
};

/*
 * The label of cell (c, r) by a printf-like format: %c column number,
 * %r row number (from 1, counted from the origin corner), %C / %R the
 * same as letters (A … Z, AA …), %% a percent sign; an optional zero
 * flag and width, as in %02c. Returns 0, or -1 when the format has an
 * unknown conversion (the text so far is kept).
 */
int rnd_map_label(char *buf, size_t sz, const char *fmt, int c, int r,
    int cols, int rows, enum rnd_origin);
/* Check a label format: 0 good, -1 bad with a static reason in *why. */
int rnd_map_label_check(const char *fmt, const char **why);

/* ---- tiling: a table cut into pages ---- */
/* The fixed margins of a tile page (mm): sides and top, and the band at
 * the foot, which holds the tile's name and a 100 mm bar. They are as
 * narrow as a printer's unprintable edge (about 5 mm) allows, because
 * every millimetre of map a sheet shows saves sheets: a 6 x 4 ft table
 * takes 49 A4 sheets, not 55. */
#define RND_TILE_MARGIN 7.0
#define RND_TILE_BOTTOM 16.0
/* The default overlap: the smallest strip that holds a whole alignment
 * crosshair (8 mm across), so that the marks meet where tiles are glued. */
#define RND_TILE_OVERLAP 8.0
/* Nothing is printed smaller than this (mm): 6 pt. */
#define RND_MIN_TEXT_MM (6.0 * 25.4 / 72.0)

struct rnd_map_tiling {
	int cols, rows;        /* tiles across and down */
	int landscape;         /* the sheet is turned */
	double page_w, page_h; /* the sheet as used (mm) */
	double area_w, area_h; /* map area of one tile (mm) */
	double step_x, step_y; /* area minus overlap */
	double overlap;
	double table_w, table_h;
};

/*
 * Plan the tiles for a table on a sheet (portrait w × h; it is turned
 * when that takes fewer pages). Each tile shows area_w × area_h of the
 * table; neighbours share overlap mm. Returns 0, or -1 with a static
 * reason in *why (overlap too large for the sheet, sheet too small,
 * more than 10000 tiles).
 */
int rnd_map_tiling(double table_w, double table_h, double paper_w,
    double paper_h, double overlap, struct rnd_map_tiling *, const char **why);
/* The part of the table that tile (col, row) shows: x, y, w, h (mm;
 * y down from Red's edge, as drawn). Tiles are whole from Blue's left
 * corner: the last column (right) and the top row (Red's edge) are what
 * is left. */
void rnd_map_tile_rect(const struct rnd_map_tiling *, int col, int row,
    double *x, double *y, double *w, double *h);

/*
 * Write the map to path; the format follows the extension (.pdf, .png,
 * .svg). Returns 0 written, -1 failed (error in diags).
 */
int rnd_map(const char *path, const struct rnd_map_opts *, struct diags *);

/* The largest PNG: a side in pixels, and pixels in all (256 MB). */
#define RND_MAP_MAX_PX 20000
#define RND_MAP_MAX_PIXELS (64.0 * 1024 * 1024)

/* ---- the map product (product.c) ---- */
/* What the user asked for; NULL / -1 means "the default". */
struct map_req {
	const char *out, *grid, *cell, *hex_size, *table, *paper, *overlap;
	const char *labels, *origin, *scenario, *write_terrain, *ppc;
	const char *tmpl;
	const char *vtt; /* --vtt LIST: foundry,uvtt,tts or all; NULL none */
	uint64_t seed;   /* with seed_given: terrain from this seed */
	int seed_given, no_labels, dots, no_lines, no_snap, quiet;
	int skip_empty, all_tiles; /* --skip-empty, --all-tiles */
	FILE *dump;                /* --dump */
};

/* Everything a map is made from, owned by it (rnd_map_job_free). */
struct map_job {
	struct grid grid;
	struct battlefield *bf;
	struct rnd_map_note *notes; /* o.notes */
	struct rnd_map_opts o;
	char *desc;
};

/*
 * Work out the whole map from the ruleset (may be NULL) and the request:
 * 0, or EXIT_ERRORS with the message for the user in *msg (caller frees;
 * "map: --cell 0: …") or the terrain file's errors in d. Free j with
 * rnd_map_job_free() in every case.
 */
int rnd_map_setup(const struct ruleset *, const struct map_req *,
    struct map_job *j, char **msg, struct diags *d);
void rnd_map_job_free(struct map_job *);
/* The part of the table a PNG or SVG shows (table mm): the grid's box,
 * or the whole table without a grid. */
void rnd_map_image_area(const struct grid *, double *x, double *y, double *w,
    double *h);

/*
 * Virtual tabletops (vtt.c): beside a map's PNG, the files that tell a
 * tabletop its grid and walls. rnd_vtt_names lists the formats by name
 * (bit k of a set is rnd_vtt_names[k]); rnd_vtt_path is the file of one
 * beside png (caller frees), rnd_vtt_begins its first bytes (for the
 * output check). rnd_map_vtt writes those in which for the PNG just
 * written at png: 0, or -1 (error in diags).
 */
enum { RND_VTT_FOUNDRY, RND_VTT_UVTT, RND_VTT_TTS };
extern const char *const rnd_vtt_names[];
char *rnd_vtt_path(const char *png, int which);
const char *rnd_vtt_begins(int which);
int rnd_map_vtt(const char *png, unsigned which, const struct rnd_map_opts *,
    struct diags *);
/* Tabletop Simulator (tts.c): the saved object's first bytes, and the
 * object for the PNG at png as text (*text, caller frees) with its
 * images written beside it (NAME-tile-C-R.png when the map is cut,
 * NAME-deck-N.png, NAME-deck-N-backs.png, NAME-marker-N.png): 0, or
 * -1. */
const char *rnd_tts_begins(void);
int rnd_map_tts(const char *png, const struct rnd_map_opts *, char **text,
    struct diags *);

/*
 * build --vtt: map.png of the ruleset's table and grid in dir, at 100
 * pixels a cell, with the terrain and objectives of scenario (a file, or
 * NULL: the terrain of c's seed), and the tabletops' files of set beside
 * it, as map --vtt writes them, all one version. 0, or -1 (errors in d);
 * the files written (their names in dir) into *w (caller frees).
 */
int rnd_map_vtt_build(struct analysis *, const char *dir, const char *scenario,
    const struct cli_common *c, unsigned set, struct rnd_map_written *w,
    struct diags *d);

/* Write the job's terrain as YAML, in the map's measure; 0, or
 * EXIT_ERRORS with the message in *msg (caller frees). */
int rnd_map_terrain_write(const struct map_job *, const char *path,
    char **msg);

#endif
