/*
 * internal.h: the drawing layer every renderer in src/render shares —
 * PDF documents (metadata, outline, page boxes, print-at-100%, atomic
 * write, deterministic bytes), marks (crop marks, calibration bars) and
 * text through Pango. Only src/render includes this (and Cairo/Pango).
 *
 * Units: every cairo_t handed out by rnd_doc_page_begin() draws in
 * MILLIMETRES, origin at the top-left of the page's media box (that is,
 * including any bleed). Font sizes are in points.
 *
 * Typical use:
 *	struct rnd_doc *d = rnd_doc_new(path, &meta, diags);
 *	rnd_doc_set_print_at_scale(d);           // PrintScaling /None
 *	cairo_t *cr = rnd_doc_page_begin(d, 297, 210, 0);
 *	rnd_doc_outline(d, 0, "Sheet 1");        // points at this page
 *	... draw in mm ...
 *	rnd_doc_page_end(d);
 *	return rnd_doc_close(d);                 // 0 written, -1 failed
 */
#ifndef SANDTABLE_RENDER_INTERNAL_H
#define SANDTABLE_RENDER_INTERNAL_H

#include <cairo.h>
#include <pango/pangocairo.h>

#include "render.h"

#define RND_PT_MM (25.4 / 72.0) /* one point in millimetres */
#define RND_IN_MM 25.4

/* ---- documents ---- */

struct rnd_meta {
	const char *title, *author, *subject, *keywords;
	/* creator defaults to "sandtable VERSION"; dates come from
	 * SOURCE_DATE_EPOCH (or now). */
	const char *creator;
};

struct rnd_doc; /* opaque; one owner frees everything made in it */

/*
 * Start a PDF that will be written to path on rnd_doc_close (atomically,
 * so a failure leaves any previous file untouched). Problems are errors
 * in diags. Never returns NULL.
 */
struct rnd_doc *rnd_doc_new(const char *path, const struct rnd_meta *,
    struct diags *);
/* Ask readers to print at 100% (ViewerPreferences /PrintScaling /None). */
void rnd_doc_set_print_at_scale(struct rnd_doc *);
/*
 * Begin a page of trim size w x h mm with bleed mm on every side (0: none;
 * the media box is then (w+2b) x (h+2b) and TrimBox/BleedBox are set).
 * Returns a cairo_t in mm, origin at the media box's top-left: the trim
 * box starts at (bleed, bleed). Owned by the doc: don't destroy it.
 */
cairo_t *rnd_doc_page_begin(struct rnd_doc *, double w_mm, double h_mm,
    double bleed_mm);
/* Finish the page begun last. */
void rnd_doc_page_end(struct rnd_doc *);
/* Number of pages begun so far (1-based index of the current page). */
int rnd_doc_pages(const struct rnd_doc *);
/*
 * Add an outline (bookmark) entry pointing at the current page, at y_mm
 * from its top; parent 0 is the top level. Returns the entry's id for
 * children.
 */
int rnd_doc_outline(struct rnd_doc *, int parent, const char *label,
    double y_mm);
/* The diagnostics list the doc reports to (for renderers' warnings). */
struct diags *rnd_doc_diags(struct rnd_doc *);
/* Mark the doc as failed (an error has been added to diags). */
void rnd_doc_fail(struct rnd_doc *);
/*
 * Finish, post-process (qpdf: viewer preferences, page boxes,
 * deterministic /ID) and write atomically. Frees the doc. Returns 0
 * written, -1 failed (error in diags, previous file untouched).
 */
int rnd_doc_close(struct rnd_doc *);
/* Drop everything; the target file is not touched. Frees the doc. */
void rnd_doc_abandon(struct rnd_doc *);

/* ---- marks ---- */

/* Colours as 0xRRGGBB. */
void rnd_set_rgb(cairo_t *, unsigned rgb);

/*
 * Crop marks around a trim rectangle (x, y, w, h in mm): two short hairlines
 * at each corner, len long, starting off mm away from the corner, outside
 * the rectangle.
 */
void rnd_crop_marks(cairo_t *, double x, double y, double w, double h,
    double len, double off);
/*
 * Crop marks for a grid of cols x rows cells of cw x ch with gap between
 * cells, top-left at (x, y): marks along the outside of the grid only, at
 * every cut line, so they survive cutting.
 */
void rnd_crop_marks_grid(cairo_t *, double x, double y, int cols, int rows,
    double cw, double ch, double gap, double len, double off);
/*
 * Calibration bars: a 100 mm bar and a 4 in bar, stacked, with ticks and
 * labels ("100 mm — measure me", "4 in"), top-left at (x, y). Returns the
 * height used (mm). The bars are 100 mm and 101.6 mm long.
 */
double rnd_calibration(cairo_t *, double x, double y);

/* ---- text (Pango only) ---- */

/* A font choice: family, size in points, bold/italic. */
struct rnd_font {
	const char *family; /* e.g. "DejaVu Sans" */
	double size_pt;
	int bold, italic;
};

/*
 * A Pango layout for cr, set up for mm user units (resolution 25.4 dpi
 * in user space, no hinting, unrounded glyph positions so layout is the
 * same at every scale). width_mm <= 0: no wrapping. Caller unrefs.
 */
PangoLayout *rnd_layout_new(cairo_t *, const struct rnd_font *,
    double width_mm);
/* Set plain text / Pango markup on a layout. */
void rnd_layout_text(PangoLayout *, const char *utf8);
void rnd_layout_markup(PangoLayout *, const char *markup);
/* Size of a layout's ink-independent logical extent, in mm. */
void rnd_layout_size(PangoLayout *, double *w_mm, double *h_mm);
/* Draw a layout with its top-left at (x, y) mm. */
void rnd_layout_draw(cairo_t *, PangoLayout *, double x, double y);
/*
 * Convenience: draw text (plain, or markup when markup != 0) at (x, y),
 * wrapped to width_mm (<= 0 none), aligned 0 left, 1 centre, 2 right within
 * width_mm. Returns the height drawn (mm).
 */
double rnd_text(cairo_t *, const struct rnd_font *, double x, double y,
    double width_mm, int align, int markup, const char *s);
/* Text escaped for Pango markup (caller frees). */
char *rnd_markup_escape(const char *);

/* ---- templates (templates/NAME.yaml) ---- */

/*
 * Find and parse a template: spec is a NAME (looked up as NAME.yaml in
 * ./templates, then PREFIX/share/sandtable/templates, then ../share/
 * sandtable/templates beside the binary) or a PATH (contains '/' or ends
 * in .yaml). dflt is the name used when spec is NULL. Returns the YAML
 * tree (caller frees with rs_node_free) or NULL with an error in diags.
 * *file gets the path read (caller frees) so later messages can name it.
 */
struct rs_node *rnd_template_load(const char *spec, const char *dflt,
    char **file, struct diags *);
/* Typed getters with defaults; a present but bad value is an error in
 * diags at its position, and the default is used. */
double rnd_tmpl_num(const struct rs_node *map, const char *key, double dflt,
    struct diags *);
double rnd_tmpl_len(const struct rs_node *map, const char *key, double dflt,
    struct diags *);
const char *rnd_tmpl_str(const struct rs_node *map, const char *key,
    const char *dflt, struct diags *);
unsigned rnd_tmpl_rgb(const struct rs_node *map, const char *key,
    unsigned dflt, struct diags *);
int rnd_tmpl_bool(const struct rs_node *map, const char *key, int dflt,
    struct diags *);

#endif
