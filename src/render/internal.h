/*
 * internal.h: the drawing layer every renderer in src/render shares —
 * PDF documents (metadata, outline, page boxes, print-at-100%, atomic
 * write, deterministic bytes), marks (crop marks, calibration bars),
 * text through Pango (single layouts and
 * flows into columns), templates, and how units and weapons print. Only
 * src/render includes this (and Cairo/Pango).
 *
 * Units: every cairo_t handed out by rnd_doc_page_begin() draws in
 * MILLIMETRES, origin at the top-left of the page's media box (that is,
 * including any bleed). Font sizes are in points.
 *
 * Typical use:
 *	struct rnd_doc *d = rnd_doc_new(path, &meta, diags);
 *	rnd_doc_set_print_at_scale(d);           // PrintScaling /None
 *	cairo_t *cr = rnd_doc_page_begin(d, 297, 210, 0);
 *	rnd_doc_outline(d, 0, "Sheet 1", 0);     // points at this page
 *	... draw in mm ...
 *	rnd_doc_page_end(d);
 *	return rnd_doc_close(d);                 // 0 written, -1 failed
 *
 * Paper: rnd_paper_for() (template) or rnd_paper_choose() (render.h);
 * marks: rnd_calibration(), rnd_crop_marks(); text: rnd_text() for one
 * piece, struct rnd_flow for Markdown or long text in columns.
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
 * Tagged PDF (pdf.c): what a screen reader reads, in reading order.
 * rnd_tag_begin/end wrap what is drawn for one structure element (H1 …
 * H6, P, L, LI, Table, TR, TH, TD, Caption, Sect); rnd_figure_begin/end
 * a figure, with its alternative text (a unit's name, what a map tile
 * shows), which the document's /Alt gets on close. Tags nest and end in
 * the order they began; a tag never spans pages.
 */
/* s with & < > " escaped for XML or HTML text and attributes (a new
 * string; text.c). */
char *rnd_xml_escape(const char *s);
void rnd_tag_begin(cairo_t *, const char *role);
void rnd_tag_end(cairo_t *, const char *role);
void rnd_figure_begin(cairo_t *, const char *alt);
void rnd_figure_end(cairo_t *);

/*
 * PDF/X-4 (pdfx.c): once rnd_pdfx_set() (render.h) has turned it on,
 * every PDF closed gets its output intent, XMP, Info keys and page boxes
 * (rnd_pdfx_apply, from pdf.c's qpdf pass, before writing) and PDF 1.6
 * (rnd_pdfx_version, after qpdf_init_write_memory).
 */
int rnd_pdfx_on(void);
#ifdef QPDF_C_H
void rnd_pdfx_apply(qpdf_data, const char *name, const char *xmp_date,
    const unsigned char *buf, size_t len);
void rnd_pdfx_version(qpdf_data);

/* libqpdf, opened when a PDF first goes through it (a booklet, PDF/X,
 * a file not as Cairo writes it: pdf.c), not linked (dlib.c): its
 * functions, rnd_qp.qpdf_init() … once rnd_qpdf_open() is 0. */
#define RND_QPDF_FNS(F)                                                       \
	F(qpdf_add_page)                                                      \
	F(qpdf_cleanup)                                                       \
	F(qpdf_get_buffer)                                                    \
	F(qpdf_get_buffer_length)                                             \
	F(qpdf_get_error)                                                     \
	F(qpdf_get_error_full_text)                                           \
	F(qpdf_get_num_pages)                                                 \
	F(qpdf_get_page_n)                                                    \
	F(qpdf_get_root)                                                      \
	F(qpdf_get_trailer)                                                   \
	F(qpdf_init)                                                          \
	F(qpdf_init_write_memory)                                             \
	F(qpdf_make_indirect_object)                                          \
	F(qpdf_oh_append_item)                                                \
	F(qpdf_oh_get_array_item)                                             \
	F(qpdf_oh_get_array_n_items)                                          \
	F(qpdf_oh_get_dict)                                                   \
	F(qpdf_oh_get_key)                                                    \
	F(qpdf_oh_get_name)                                                   \
	F(qpdf_oh_get_numeric_value)                                          \
	F(qpdf_oh_get_page_content_data)                                      \
	F(qpdf_oh_get_utf8_value)                                             \
	F(qpdf_oh_has_key)                                                    \
	F(qpdf_oh_is_array)                                                   \
	F(qpdf_oh_is_dictionary)                                              \
	F(qpdf_oh_is_name)                                                    \
	F(qpdf_oh_is_string)                                                  \
	F(qpdf_oh_new_array)                                                  \
	F(qpdf_oh_new_bool)                                                   \
	F(qpdf_oh_new_dictionary)                                             \
	F(qpdf_oh_new_integer)                                                \
	F(qpdf_oh_new_name)                                                   \
	F(qpdf_oh_new_null)                                                   \
	F(qpdf_oh_new_real_from_double)                                       \
	F(qpdf_oh_new_stream)                                                 \
	F(qpdf_oh_new_string)                                                 \
	F(qpdf_oh_new_unicode_string)                                         \
	F(qpdf_oh_remove_key)                                                 \
	F(qpdf_oh_replace_key)                                                \
	F(qpdf_oh_replace_stream_data)                                        \
	F(qpdf_read_memory)                                                   \
	F(qpdf_remove_page)                                                   \
	F(qpdf_set_deterministic_ID)                                          \
	F(qpdf_set_info_key)                                                  \
	F(qpdf_set_minimum_pdf_version)                                       \
	F(qpdf_set_suppress_warnings)                                         \
	F(qpdf_silence_errors)                                                \
	F(qpdf_write)
struct rnd_qpdf {
	RND_QPDF_FNS(DLIB_PTR)
};
extern struct rnd_qpdf rnd_qp;
/* 0, or -1 with why it cannot be opened in *why. */
int rnd_qpdf_open(const char **why);
#endif

/*
 * Start a PDF that will be written to path on rnd_doc_close (atomically,
 * so a failure leaves any previous file untouched). Problems are errors
 * in diags. Never returns NULL.
 */
struct rnd_doc *rnd_doc_new(const char *path, const struct rnd_meta *,
    struct diags *);
/* On close, impose the pages two up on sheets of w x h mm (landscape)
 * in saddle-stitch order, padded with blank pages to a multiple of four:
 * a duplex print folds into a booklet. Outline and links go. */
void rnd_doc_set_booklet(struct rnd_doc *, double sheet_w_mm,
    double sheet_h_mm);
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
/* The same for page `page` (from 1) made already. */
int rnd_doc_outline_page(struct rnd_doc *, int parent, const char *label,
    size_t page, double y_mm);
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
/* PNG pages are drawn at this resolution. */
#define RND_IMAGE_DPI 150.0
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
/* A compact one: a 100 mm bar with its label to the right (about 160 mm
 * wide, 4 mm tall). Returns the height used (mm). */
double rnd_calibration_line(cairo_t *, double x, double y);
/*
 * The key to the axes of every product and file: x east from Blue's left
 * corner, y north towards Red's edge, two arrows from that corner with
 * their words, and a1 (the label of the cell there, "A1"; NULL: none).
 * Top-left at (x, y); RND_AXES_KEY_H tall, about 60 mm wide.
 */
#define RND_AXES_KEY_H 6.0
void rnd_axes_key(cairo_t *, double x, double y, const char *a1);

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
 *
 * Every layout is made at one font size, RND_LAYOUT_PT, and scaled to
 * the size asked for (rnd_layout_scale()): without hinting, a layout at
 * another size is the same layout scaled, and each new size would cost
 * Pango a fontconfig look-up and new font metrics, which shrink-to-fit
 * would pay for every size it tries. So a layout's own units (Pango's
 * sizes, widths, line extents) are layout units: rnd_layout_size(),
 * rnd_layout_set_width() and rnd_layout_draw() convert, and code that
 * asks Pango directly multiplies by rnd_layout_scale().
 */
#define RND_LAYOUT_PT 10.0
PangoLayout *rnd_layout_new(cairo_t *, const struct rnd_font *,
    double width_mm);
/* A context set up as above, for making many layouts (caller unrefs),
 * the one shared by rnd_layout_new (not to be unref'd), and a layout in
 * a context. */
PangoContext *rnd_context_new(cairo_t *);
PangoContext *rnd_context_shared(void);
PangoLayout *rnd_layout_ctx(PangoContext *, const struct rnd_font *,
    double width_mm);
/* Set plain text / Pango markup on a layout. */
void rnd_layout_text(PangoLayout *, const char *utf8);
void rnd_layout_markup(PangoLayout *, const char *markup);
/*
 * A laid-out layout of text (markup != 0: Pango markup) in the shared
 * context, centred when centre != 0 and ellipsized at the end when
 * ellipsize != 0, from a cache: shrink-to-fit measures the same cells,
 * labels and values at the same sizes again and again. Caller unrefs and
 * must not change it.
 */
PangoLayout *rnd_layout_memo(const struct rnd_font *, double width_mm,
    int markup, int centre, int ellipsize, const char *s);
/* Size of a layout's ink-independent logical extent, in mm. */
void rnd_layout_size(PangoLayout *, double *w_mm, double *h_mm);
/* A layout's scale: the size of its font / RND_LAYOUT_PT (mm drawn for
 * each mm laid out). */
double rnd_layout_scale(PangoLayout *);
/* The scale of a layout of a font at pt, as rnd_layout_scale() gives it:
 * a size in layout units times it is the size in mm at pt. */
double rnd_pt_scale(double pt);
/* Wrap (or ellipsize) a layout at width_mm. */
void rnd_layout_set_width(PangoLayout *, double width_mm);
/* The Pango size (units) of a markup span at pt in a layout of font f. */
int rnd_markup_size(const struct rnd_font *f, double pt);
/* Draw a layout with its top-left at (x, y) mm. */
void rnd_layout_draw(cairo_t *, PangoLayout *, double x, double y);
/* The same at scale k, not its own: a layout made at one size drawn at
 * another (a layout without a width is the same at every size). */
/* A surface as PNG bytes in memory (picture.c; caller frees *data):
 * 0, or -1 when Cairo cannot write it (*data NULL). */
int rnd_png_bytes(cairo_surface_t *, unsigned char **data, size_t *len);
void rnd_layout_draw_at(cairo_t *, PangoLayout *, double k, double x,
    double y);
/* Draw one line of layout l with its baseline's left end at (x, y) mm. */
void rnd_layout_draw_line(cairo_t *, PangoLayout *, PangoLayoutLine *,
    double x, double y);
/* Add a layout's outline to cr's path, its top-left at (x, y) mm. */
void rnd_layout_path(cairo_t *, PangoLayout *, double x, double y);
/*
 * Convenience: draw text (plain, or markup when markup != 0) at (x, y),
 * wrapped to width_mm (<= 0 none), aligned 0 left, 1 centre, 2 right within
 * width_mm. Returns the height drawn (mm).
 */
double rnd_text(cairo_t *, const struct rnd_font *, double x, double y,
    double width_mm, int align, int markup, const char *s);
/* Warn (once for a text) when a layout of ruleset text at pos
 * has a character no installed font has: it would print as a box. */
void rnd_glyph_check(PangoLayout *, struct pos, struct diags *);
/* Text escaped for Pango markup (caller frees). */
char *rnd_markup_escape(const char *);

/* ---- an example of play (example.c) ---- */
struct rnd_example;
struct rnd_example_ctx {
	const struct ruleset *rs;
	const struct rnd_example *ex;
	const struct rnd_style *st;
	int number; /* "Example 3" */
	/* The printed page a section begins on (0: none), for links from
	 * the rules the example names; NULL: no links. */
	int (*page_of)(const void *arg, const char *section);
	const void *page_arg;
};
/* An rnd_draw_fn for rnd_flow_custom: arg is a struct rnd_example_ctx. */
double rnd_example_draw(cairo_t *, void *arg, double x, double y, double w,
    double scale, int draw);

/* ---- flowing text: blocks into columns (flow.c) ---- */

/* The look of a flow; sizes in points, colours 0xRRGGBB. */
struct rnd_style {
	const char *font, *head_font, *mono_font;
	double size_pt; /* body text at full size */
	double min_pt;  /* shrink-to-fit stops here; nothing is smaller */
	unsigned text, accent, shade, rule;
	const struct rnd_hyph *hyph; /* prose hyphenated by it; NULL: not */
};

/* ---- hyphenation (hyphen.c) ---- */
struct rnd_hyph;
/* The hyphenation dictionary for a language tag ("en_US", "de", "fr-CH"),
 * or NULL when none is installed. */
struct rnd_hyph *rnd_hyph_open(const char *lang);
void rnd_hyph_close(struct rnd_hyph *);
/* Plain text with soft hyphens (U+00AD) where its words may break
 * (caller frees). */
char *rnd_hyphenate(const struct rnd_hyph *, const char *);
/* The same for Pango markup: tags and entities are left whole. */
char *rnd_hyphenate_markup(const struct rnd_hyph *, const char *);

/* Where a flow goes: a frame of columns on each page (mm, media box
 * coordinates). first_top is reserved at the top of the first page. */
struct rnd_frame {
	double x, y, w, h;
	int cols;
	double gutter;
	double first_top;
};

struct rnd_flow; /* blocks: headings, paragraphs, items, tables */

struct rnd_flow *rnd_flow_new(const struct rnd_style *);
void rnd_flow_free(struct rnd_flow *);
/* Add blocks. Text is Pango markup (escape plain text with
 * rnd_markup_escape); pos names the source for overflow warnings. */
void rnd_flow_heading(struct rnd_flow *, struct pos, int level,
    const char *markup);
void rnd_flow_para(struct rnd_flow *, struct pos, const char *markup);
void rnd_flow_item(struct rnd_flow *, struct pos, int level,
    const char *bullet, const char *markup);
/* A table of nrows x ncols markup cells, row-major; the first row is the
 * header when header != 0. Kept together unless taller than a column. */
void rnd_flow_table(struct rnd_flow *, struct pos, size_t nrows, size_t ncols,
    char *const *cells, int header);
/* A custom block drawn by a callback: height in mm for a column width and
 * a scale (font size / full size); kept together. */
typedef double (*rnd_draw_fn)(cairo_t *, void *arg, double x, double y,
    double w, double scale, int draw);
void rnd_flow_custom(struct rnd_flow *, struct pos, rnd_draw_fn, void *arg);
/* The alternative text of the block just added (a custom block: a
 * figure), for a screen reader. */
void rnd_flow_alt(struct rnd_flow *, const char *alt);
/* The blocks added from now on are set in a callout box (on != 0): a
 * blockquote, tinted, with a rule down its left. */
void rnd_flow_quote(struct rnd_flow *, int on);
int rnd_flow_quoting(const struct rnd_flow *);
/* A link's id, for the markup of a flow's text: a span of it marked
 * lang="x-lnkID" is drawn with a PDF link to target, a URL, or "#NAME"
 * for the book's named destination NAME. */
int rnd_flow_link(struct rnd_flow *, const char *target);
/* Links and named destinations are made in this flow (on != 0; a book's):
 * else rnd_flow_link returns -1 and rnd_flow_dest does nothing. */
void rnd_flow_linking(struct rnd_flow *, int on);
/* A PDF link over the box x, y, w, h (mm, user space) with the cairo
 * tag attributes attrs ("dest='melee'", "uri='…'", "page=3"). */
void rnd_link_rect(cairo_t *, double x, double y, double w, double h,
    const char *attrs);
/* Names whose first use in each paragraph of prose added from now on
 * (a whole word, its case as written; not in headings or tables) links
 * to its target ("#unit-rifle"): a unit's or weapon's row. */
void rnd_flow_name_links(struct rnd_flow *, const char *const *names,
    const char *const *targets, size_t n);
/* The names and their targets (0 unless linking). */
size_t rnd_flow_names(const struct rnd_flow *, const char *const **names,
    const char *const **targets);
/* The last block added is the named destination name (a name taken
 * already gets -1, -2 … after it); whether name is one. */
void rnd_flow_dest(struct rnd_flow *, const char *name);
/* The same for block blk (rnd_flow_count() before it was added). */
void rnd_flow_dest_at(struct rnd_flow *, size_t blk, const char *name);
/* A named destination at row `row` of the table that begins at block
 * blk (its first part), or at that row's paragraph when the table went
 * a paragraph a row (rnd_flow_table_rows). */
void rnd_flow_dest_row(struct rnd_flow *, size_t blk, int row,
    const char *name);
/* The block of row `row` of the table that began at block blk when it
 * went a paragraph a row, else -1 (the table is a table). */
long rnd_flow_row_block(const struct rnd_flow *, size_t blk, int row);
int rnd_flow_has_dest(const struct rnd_flow *, const char *name);
/* An image in a paragraph (an RS_MD_LINK of level 1) is given to fn,
 * after its paragraph's text, to add as a figure; with no fn (the
 * default) its alt text stands in the text. */
typedef void (
    *rnd_image_fn)(void *arg, struct rnd_flow *, const struct rs_md *image);
void rnd_flow_on_image(struct rnd_flow *, rnd_image_fn fn, void *arg);
rnd_image_fn rnd_flow_image_fn(const struct rnd_flow *, void **arg);
/* A table of the prose (an RS_MD_TABLE) is given to fn first: it returns
 * 1 when it has put the table in the flow its own way, else 0 with
 * keep[c] set to 0 for each column c to leave out (keep has a 1 for
 * each of the table's columns). */
typedef int (*rnd_table_fn)(void *arg, struct rnd_flow *,
    const struct rs_md *table, int *keep);
void rnd_flow_on_table(struct rnd_flow *, rnd_table_fn fn, void *arg);
rnd_table_fn rnd_flow_table_fn(const struct rnd_flow *, void **arg);
/* A heading's name as a link to it names it: "Melee power" is
 * "melee-power" (caller frees). */
char *rnd_md_slug(const char *text);
/*
 * Add a Markdown subtree (a node, or the nodes kids[from..to) of a
 * document). condense != 0 keeps the first sentence of each paragraph and
 * list item (at least 40 characters of it) and every later sentence that
 * carries a number (a digit or a number word); condense 2 keeps the
 * first sentence only (the quick reference's short form of a rule).
 */
void rnd_flow_md(struct rnd_flow *, const struct rs_md *, int condense);
/* Inline Markdown as Pango markup (caller frees). */
char *rnd_md_markup(const struct rs_md *, const char *mono_font, int condense);

/* A new body size for the flow's blocks (see flow.c): 0, or -1 when the
 * flow must be built anew at that size. */
int rnd_flow_resize(struct rnd_flow *, double size_pt);
/* The body size (pt) at which the flow fits in max_pages of frame, at
 * most size_pt; 0 when it does not fit even at min_pt. */
/* Whether the flow fits max_pages at body size size_pt (one try). */
int rnd_flow_fits_at(struct rnd_flow *, const struct rnd_frame *,
    int max_pages, double size_pt);
double rnd_flow_fit(struct rnd_flow *, const struct rnd_frame *,
    int max_pages);
/*
 * Lay the flow out into at most max_pages pages of frame, shrinking the
 * text from size_pt towards min_pt until it fits. For each page, begin
 * it with rnd_doc_page_begin(doc, page_w, page_h, 0), call decorate (for
 * bands, titles, footers; may be NULL) and draw the flow. What cannot fit
 * is a warning naming the first block left out. Returns the number of
 * pages made; *scale_out (may be NULL) gets the scale used.
 */
typedef void (
    *rnd_page_fn)(cairo_t *, void *arg, int page, int npages, double scale);
int rnd_flow_render(struct rnd_flow *, struct rnd_doc *, double page_w,
    double page_h, const struct rnd_frame *, int max_pages,
    rnd_page_fn decorate, void *arg, double *scale_out);

/* Fit the flow into one frame on an existing page (a card, a panel),
 * shrinking as rnd_flow_render does; draws it. Returns 0 when all fits,
 * -1 when something was left out (a warning in diags names it). */
int rnd_flow_box(struct rnd_flow *, cairo_t *, const struct rnd_frame *,
    struct diags *);
/* What was placed where by the last render or box (for tests and
 * dumps): block index, kind ('h'eading, 'p'aragraph or item, 't'able,
 * 'c'ustom), page, column, top y and height in the column (mm), and the
 * lines or rows [a, b) of units in all. */
struct rnd_placed {
	size_t block;
	int kind;
	int page, col;
	double y, h;
	int a, b, units;
};
size_t rnd_flow_placed(const struct rnd_flow *, struct rnd_placed *,
    size_t max);
/*
 * --dump (dump.c): one box a line on fp (nothing when fp is NULL) —
 * kind, page, x, y, w, h (mm), then what (may be NULL).
 */
void rnd_dump_box(FILE *fp, const char *kind, int page, double x, double y,
    double w, double h, const char *what);
/* The last render's (box 0) or box's (box 1) pieces in frame fr, as
 * boxes of kind heading, text, table or custom, pages counted from
 * page1; what they hold is the block's number and its lines or rows
 * drawn (N lines A-B of C), a heading's text after. */
void rnd_flow_dump(const struct rnd_flow *, const struct rnd_frame *fr,
    int box, int page1, FILE *fp);
/* Lay the flow out at full size without drawing it, for
 * rnd_flow_placed(): the pages it takes, or -1 when it does not fit
 * max_pages. */
int rnd_flow_layout(struct rnd_flow *, const struct rnd_frame *,
    int max_pages);
/* The number of blocks added so far (the next block's index). */
size_t rnd_flow_count(const struct rnd_flow *);
/* Name the flow in its warnings ("card 'Rifle'"); NULL: no name. */
void rnd_flow_label(struct rnd_flow *, const char *);
/* Try this body size (pt) first when shrinking to fit, e.g. the size the
 * last of a run of alike flows took; the size found is the same. */
void rnd_flow_guess(struct rnd_flow *, double size_pt);
/* on: a table whose words are too wide for its column at the flow's
 * size gets a smaller size of its own (never under min_pt) instead of
 * shrinking the whole flow (a reference sheet's wide odds table); off
 * (the default): the flow shrinks. */
void rnd_flow_own_tables(struct rnd_flow *, int on);
void rnd_flow_balance(struct rnd_flow *, int on);
double rnd_flow_area_pt(struct rnd_flow *, const struct rnd_frame *, int);
/* A table whose words do not fit width_mm at the flow's full size, nor
 * (own tables) at least_pt, the least size of its own, is printed in
 * parts of its columns at the full size, each with its first column and
 * a caption, its words whole (a book's); width_mm 0 (the default): not,
 * and a table's own size goes down to min_pt. */
void rnd_flow_table_parts(struct rnd_flow *, double width_mm, double least_pt);
/* on: such a table is set a paragraph a row instead, its first cell in
 * bold and each other value after its column's heading. */
void rnd_flow_table_rows(struct rnd_flow *, int on);
/* A table that would not fit pages pages of frame even at the least
 * size, each row a line, is left out: a note in its place says so (with
 * the sentence where, markup, after it; may be NULL), and a warning names
 * its line. */
void rnd_flow_long_tables(struct rnd_flow *, const struct rnd_frame *,
    int pages, const char *where);
/* A table whose words are too wide for its column even at min_pt (own
 * tables) breaks them where h allows, with a hyphen, instead of between
 * any two letters (h is borrowed; NULL: no hyphenation). */
void rnd_flow_table_hyph(struct rnd_flow *, const struct rnd_hyph *h);
/* The body size (pt) of the last render, box or try. */
double rnd_flow_size(const struct rnd_flow *);
/* The flow's style (for code that adds blocks). */
const struct rnd_style *rnd_flow_style(const struct rnd_flow *);

/* ---- what the model's items print as (stats.c) ---- */

/* One printed stat of a unit; value "" when the unit has none. */
struct rnd_stat {
	const char *label; /* "Move", "Road move", "Melee", "Morale", ... */
	const char *abbr;  /* short column heading */
	char value[RS_MAX_NAME * 4 + 1]; /* an own stat's cell, as written */
};
#define RND_MAX_STATS                                                         \
	8 /* a family's stats; the game's own: RS_MAX_OWN_STATS */
/* The stats a unit type has in this ruleset's engine, in table order;
 * returns how many. A stat no unit of the ruleset has is left out. */
size_t rnd_unit_stats(const struct ruleset *, const struct rs_unit *,
    struct rnd_stat *out);
/* A unit's value of a stat of its family (eng_show.stat; stat an
 * enum eng_stat_bit past Move and Road move) into buf, as a card
 * prints it ("" for a dash): 1 when the unit has it, else 0. */
int rnd_unit_stat(const struct ruleset *, const struct rs_unit *,
    unsigned stat, char *buf, size_t sz);
/* The game's own stats of a unit or weapon (oc: rs->unit_own or
 * weapon_own) under their headings, an empty cell as a dash, but for the
 * Units table's columns the family shows as its stats (rnd_own_hidden);
 * returns how many. */
size_t rnd_own_stats(const struct ruleset *, const struct rs_own_cols *oc,
    char *const *own, struct rnd_stat *out);
/* Whether the Units table's own column k is one the family reads and
 * shows among its stats (eng_show.stat_cols: firepower's Melee), not as
 * the game's own. */
int rnd_own_hidden(const struct ruleset *, size_t k);
/* The Units table's own columns shown as the game's own: their indices
 * into col (may be NULL; room for RS_MAX_OWN_STATS); returns how many. */
size_t rnd_unit_own_cols(const struct ruleset *, size_t *col);
/* A length in the ruleset's measure: 9" or 80 mm. */
void rnd_len(const struct ruleset *, char *buf, size_t sz, double mm);
/* "4, 6"; "all" / "infantry, artillery"; "indirect"; into buf. */
void rnd_hits_on(char *buf, size_t sz, const struct rs_weapon *);
void rnd_classes(char *buf, size_t sz, unsigned mask);
/* A unit's class as printed: the ruleset's own name, or the built-in
 * class's in the language of the labels. */
const char *rnd_unit_class(const struct ruleset *, const struct rs_unit *);
/* Join a unit's weapon names with ", " (caller frees). */
char *rnd_unit_weapons(const struct ruleset *, const struct rs_unit *);
/* Trait names of a unit, "" when none. */
void rnd_unit_traits(char *buf, size_t sz, const struct rs_unit *);
/* Fill a style from a template's settings (reported at their positions). */
/* Whether font family (the first of a list) is installed; else 0, with
 * the family fontconfig falls back to in *used (caller frees; NULL: no
 * font is installed). */
int rnd_font_installed(const char *family, char **used);
void rnd_style_from(struct rnd_style *, const struct rs_node *tmpl,
    struct diags *);

/* ---- templates (templates/NAME.yaml) ---- */

/*
 * Find and parse a template: spec is a NAME (looked up as NAME.yaml in
 * the directories of rnd_template_dirs, render.h) or a PATH (contains
 * '/' or ends in .yaml); the caller gives the product's default when
 * no -t was (its row in render/products.c names it). A template whose `product:` is not product (the command's name) is an
 * error at that key; one without is taken. Returns the YAML
 * tree (caller frees with rs_node_free) or NULL with an error in diags.
 * *file gets the path read (caller frees) so later messages can name it.
 */
struct rs_node *rnd_template_load(const char *spec, const char *product,
    char **file, struct diags *);
/* A template file is at most this long (bytes). */
#define RND_TMPL_MAX (1024 * 1024)
#define RND_TMPL_MAX_STR 200 /* characters of a text value (a font name) */
/* Typed getters with defaults; a present but bad value is an error in
 * diags at its position, and the default is used. Numbers and lengths
 * (mm) must be in [lo, hi]. */
double rnd_tmpl_num(const struct rs_node *map, const char *key, double dflt,
    double lo, double hi, struct diags *);
double rnd_tmpl_len(const struct rs_node *map, const char *key, double dflt,
    double lo, double hi, struct diags *);
const char *rnd_tmpl_str(const struct rs_node *map, const char *key,
    const char *dflt, struct diags *);
unsigned rnd_tmpl_rgb(const struct rs_node *map, const char *key,
    unsigned dflt, struct diags *);
/* The paper for a product, portrait: --paper, else the ruleset's, else
 * the template's `paper`, else the locale's, else A4. Returns 0, or -1
 * with an error in diags at the bad spec's place. */
int rnd_paper_for(const struct rs_node *tmpl, const char *opt,
    const struct ruleset *, double *w_mm, double *h_mm, struct diags *);
/* Warn (at its position) about every key of map not in known. */
void rnd_tmpl_keys(const struct rs_node *map, const char *const *known,
    const char *what, struct diags *);
/* Where a key's value is, else the template's own position. */
struct pos rnd_tmpl_pos(const struct rs_node *map, const char *key);
int rnd_tmpl_bool(const struct rs_node *map, const char *key, int dflt,
    struct diags *);
/* The font family at key (default dflt); one that is not installed is a
 * warning naming it, at its line (once per message). */
const char *rnd_tmpl_font(const struct rs_node *map, const char *key,
    const char *dflt, struct diags *);
/* The same check for a family read otherwise (a card field's font). */
void rnd_tmpl_font_check(const struct rs_node *map, const char *key,
    const char *family, struct diags *);

/* ---- pictures and symbols (picture.c, symbol.c) ---- */

/* A raster picture is decoded at most this many pixels on its longer
 * side, and embedded at no more than RND_PIC_DPI at its printed size. */
#define RND_PIC_MASTER_PX 2400
#define RND_PIC_DPI 300
/* The masters of a ruleset's rasters together: each at most its share. */
#define RND_PIC_MASTERS_PX 8000000.0
/* An SVG is recorded this many units on its longer side (its effects,
 * a blur or a mask, are pixels at that size); one that embeds images is
 * drawn as pixels, at most RND_SVG_PIXELS_PX a side. */
#define RND_SVG_PX 600.0
#define RND_SVG_PIXELS_PX 1200.0
/* A product paints SVG recordings as vectors until it has painted this
 * many elements (a character of text counting RND_SVG_CHAR), which
 * costs a PDF as much each time; the rest as pixels at RND_PIC_DPI. */
#define RND_SVG_VECTORS 200000.0
#define RND_SVG_CHAR 25.0
/* The work of a picture (RS_MAX_PICTURES_WORK), as a PNG's pixel costs
 * one: an SVG's element, character of text, number of path data (and a
 * path of n numbers n * n / RND_WORK_PATH_SQ more), dash and filter
 * effect (a blur; lighter ones less) at RND_SVG_PX. */
#define RND_WORK_ELEMENT 2000.0
#define RND_WORK_CHAR 2500.0
#define RND_WORK_NUMBER 20.0
#define RND_WORK_PATH_SQ 20.0
#define RND_WORK_DASH 50.0
#define RND_WORK_FILTER 5000000.0
/* The units' pictures as one product draws them (one owner frees them);
 * what they are made from is read once a run, kept with the ruleset. */
struct rnd_pics;
/* The units' pictures, read (and decoded) the first time in a run: one
 * past its limits or the ruleset's work, or that cannot be decoded, is
 * an error at its Image cell (each time) and counts in *failed. Never
 * returns NULL. */
struct rnd_pics *rnd_pics_new(const struct ruleset *, struct diags *,
    int *failed);
void rnd_pics_free(struct rnd_pics *);
/* A template's picture, its one "unit" 0: the file name (relative to
 * the template's file tfile) read as a unit's Image is, within the same
 * limits; a problem is an error at at naming key, and NULL. */
struct rnd_pics *rnd_pics_tmpl(const char *tfile, const char *key,
    const char *name, struct pos at, struct diags *);
/* Whether unit (an index into rs->units) has a picture. */
int rnd_pics_has(const struct rnd_pics *, size_t unit);
/* Its height over its width; returns 0, or -1 when it has none. */
int rnd_pic_aspect(const struct rnd_pics *, size_t unit, double *h_over_w);
/* Draw unit's picture as large as fits the box (x, y, w, h mm), its
 * aspect kept, centred. Returns 0, or -1 when it has none. */
int rnd_pic_draw(struct rnd_pics *, cairo_t *, size_t unit, double x, double y,
    double w, double h);
/* What drawing an SVG costs, after its references (svg_vet.c): each
 * count saturates at 10^18. */
struct rnd_svg_cost {
	double elements;  /* drawn: a <use>d one where it is used … */
	double text;      /* characters of text */
	double numbers;   /* of path data */
	double path_sq;   /* the sum of their squares, path by path */
	double filters;   /* filter primitives applied, in blurs (a lighter
	                   * one less, an octave of noise half) */
	double dashes;    /* dashes at most */
	long long pixels; /* of the images it embeds, each once */
	int images;       /* it embeds images (data: URIs) */
};
/* Read an SVG document of len bytes, without drawing it. Returns 0 with
 * its costs in *c, or -1 with why it cannot be drawn in why: not
 * well-formed, or past a picture's limits (RS_MAX_SVG_*, the pixels of
 * its images, filter primitives librsvg cannot draw in bounded time). */
int rnd_svg_vet(const char *doc, size_t len, struct rnd_svg_cost *c, char *why,
    size_t sz);
/* The number v with its thousands separated by commas, in buf (at most
 * sz bytes), for a picture's messages (svg_vet.c). Returns buf. */
const char *rnd_grouped(double v, char *buf, size_t sz);
/* Sides of a symbol's frame: either (a white rectangle), Blue's (a blue
 * rectangle), Red's (a red diamond). */
#define RND_SIDE_ANY (-1)
#define RND_SIDE_BLUE 0
#define RND_SIDE_RED 1
/* Draw symbol s, its frame for side, as large as fits the box. */
void rnd_symbol_draw(cairo_t *, enum rs_symbol s, int side, double x, double y,
    double w, double h);
/* A unit's symbol so (its picture aside): a class of the game's own that
 * no keyword names has its class's letters in the frame ("HG"). */
void rnd_unit_symbol(cairo_t *, const struct ruleset *, size_t unit, int side,
    double x, double y, double w, double h);
/* A unit's mark in the box: its picture when it has one (ps may be
 * NULL), else its symbol framed for side. */
void rnd_unit_mark(cairo_t *, struct rnd_pics *ps, const struct ruleset *,
    size_t unit, int side, double x, double y, double w, double h);
/* A key of every unit's mark, small, before its name, for a flow's
 * rnd_flow_custom(rnd_mark_key, &key): the reference sheet's. */
struct rnd_mark_key {
	const struct ruleset *rs;
	struct rnd_pics *pics;
	const char *font;
	double size_pt; /* the flow's body size at full scale */
	double min_pt;  /* and its least */
	unsigned ink;   /* the names' colour */
};
double rnd_mark_key(cairo_t *, void *arg, double x, double y, double w,
    double scale, int draw);

/* credits.c: "TITLE · v1.0 · AUTHOR, YEAR" for a footer, the parts the
 * ruleset has and the flags ask for (caller frees). */
#define RND_CREDIT_SHORT 1 /* the title up to a colon */
#define RND_CREDIT_AUTHOR 2
#define RND_CREDIT_YEAR 4
char *rnd_credits(const struct ruleset *, int what);
/* The same between before and after (or NULL), with as many of author
 * and year as fit w mm on one line in the font (caller frees). */
char *rnd_credits_fit(cairo_t *, const struct rnd_font *,
    const struct ruleset *, int what, const char *before, const char *after,
    double w);

/* The cards' class colours: the six known classes' in enum rs_class's
 * order, then six for the game's own classes (cards.c). */
#define RND_CLASS_PALETTE 12
extern const unsigned rnd_class_palette[RND_CLASS_PALETTE];

/* The unit cards as images for a virtual tabletop (cards.c): each
 * front, then each back, at k pixels a mm; the count of fronts, or -1. */
int rnd_cards_faces(const struct ruleset *, const struct rnd_opts *, double k,
    cairo_surface_t ***out, int *w, int *h, struct diags *);

#endif
