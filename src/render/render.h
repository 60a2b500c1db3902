/*
 * render.h: the public face of src/render for the CLI — paper sizes,
 * the odds panel the CLI fills, and one entry point per product. This
 * header includes neither Cairo nor Pango; the drawing layer that
 * renderers inside src/render share (PDF documents, pages, marks, text)
 * is src/render/internal.h.
 */
#ifndef SANDTABLE_RENDER_H
#define SANDTABLE_RENDER_H

#include "../base/base.h"
#include "../ruleset/ruleset.h"

/* ---- paper ---- */

/* paper_parse of base.h. */
int rnd_paper_parse(const char *spec, double *w_mm, double *h_mm,
    const char **why);

/*
 * Choose the paper: the --paper option when given, else the ruleset's
 * `paper`, else the system's (libpaper: PAPERSIZE, else /etc/papersize),
 * else the locale's (LC_ALL, LC_PAPER, LANG: Letter in the territories
 * that use it), else A4. Returns 0, or -1 when a given spec is bad
 * (reason in *why; *from says which: "--paper" or "ruleset").
 * The result is portrait.
 */
int rnd_paper_choose(const char *opt, const struct ruleset *, double *w_mm,
    double *h_mm, const char **from, const char **why);
/* The system's paper (see above) as a spec for rnd_paper_parse (caller
 * frees), or NULL when libpaper has none we can use. */
char *rnd_paper_system(void);
/* The locale's paper (see above): "Letter" or "A4". */
const char *rnd_paper_locale(void);

/* ---- templates (template.c) ---- */

/* The directories a template NAME is looked for in, in order: ./templates,
 * $XDG_DATA_HOME/sandtable/templates (else ~/.local/share/sandtable/
 * templates), the data directory's templates. Fills dirs (at most
 * RND_TMPL_DIRS, free with rnd_template_dirs_free) and returns how many. */
#define RND_TMPL_DIRS 3
size_t rnd_template_dirs(char **dirs);
void rnd_template_dirs_free(char **dirs, size_t n);
/* The file a template spec names: a PATH (it has a '/' or ends in .yaml
 * or .yml) as it is, else NAME.yaml in the first directory that has it.
 * Returns it (caller frees), or NULL with an error in dg naming the
 * directories looked in (or saying that spec is NULL). */
char *rnd_template_path(const char *spec, struct diags *);
/* The `product:` of the template at path (caller frees), or NULL when it
 * says none or cannot be read. */
char *rnd_template_product(const char *path);
/* A colour as a template writes it: "#rrggbb", "#rgb" or a name
 * (pango_color_parse: "navy", "olive"). Returns 0 with 0xRRGGBB in *rgb,
 * or -1. */
int rnd_colour_parse(const char *s, unsigned *rgb);

/* ---- outputs ---- */

/* What the last product this thread wrote to path is called in "wrote
 * …": path itself, or, for a product of several pages written as PNG or
 * SVG (a file a page), "NAME-1.png … NAME-7.png (7 images)". */
const char *rnd_written(const char *path);
/* A document's kind by its path's ending: 0 PDF, 1 PNG (.png), 2 SVG
 * (.svg); an image has a file per page (pdf.c). */
int rnd_image_kind(const char *path);

/* ---- odds panel (filled by the CLI from the engine; render never
 * computes a chance) ---- */
struct rnd_odds_row {
	char *label;  /* e.g. "Rifle → Machine Gun" or a unit name */
	char **cells; /* ncols strings, e.g. "50%" or "2/3" */
};
struct rnd_odds {
	char *title; /* e.g. "Chance to hit" */
	char *
	    subject; /* the unit a row block belongs to (cards); may be NULL */
	size_t ncols;
	char **cols; /* column headings */
	struct rnd_odds_row *rows;
	size_t nrows, caprows;
};
/* A set of panels: the reference sheet prints all; a card prints those
 * whose subject is its unit. */
struct rnd_odds_set {
	struct rnd_odds *v;
	size_t n, cap;
};
void rnd_odds_set_free(struct rnd_odds_set *);

/* ---- products ---- */

/* What a product is told by the CLI. Unset fields (NULL / 0) take the
 * template's or the default. */
/* cards --unit NAME may be given this many times. */
#define RND_MAX_UNIT_OPTS 64
struct rnd_opts {
	const char *paper;               /* --paper, or NULL */
	const char *tmpl;                /* NAME|PATH: -t, else the row's */
	const struct rnd_odds_set *odds; /* NULL or empty: no odds panel */
	FILE *dump; /* --dump: the layout as text on it (dump.c), or NULL */
	/* cards */
	const char *card;   /* poker, bridge, tarot, mini, index */
	double bleed_mm;    /* < 0: template's; 0 none */
	double crop_len_mm; /* < 0: template's */
	double crop_off_mm; /* < 0: template's */
	int backs;          /* 1: mirrored backs after each sheet; 0 none */
	int single;         /* 1: one card a page, TrimBox and BleedBox */
	                    /* backs and single: -1 takes the template's */
	/* --unit NAME: only these units' cards, one a page (as single) */
	const char *unit[RND_MAX_UNIT_OPTS];
	int nunit;
};
/* Fill the defaults (all "unset"). */
void rnd_opts_init(struct rnd_opts *);
/*
 * The odds panels of the reference sheet (cards 0) or of the unit cards
 * (cards 1, one panel per unit), from the engine's exact odds
 * (odds_panel.c). Returns 0, or -1 when the ruleset's engine is not
 * played (set left empty).
 */
struct analysis;
int rnd_odds_panels(struct analysis *, int cards, struct rnd_odds_set *);
/* A sheet product (reference: cards 0; unit cards: cards 1) with the
 * engine's odds panels (odds_panel.c); 0 or -1, diagnostics in d. */
int rnd_sheet_write(struct analysis *, const char *path,
    const struct rnd_opts *, int cards, struct diags *d);
/*
 * Start loading the fonts now: Pango reads the fontconfig set-up in a
 * thread of its own, which then overlaps with reading the ruleset and
 * working out the odds instead of holding up the first text drawn.
 */
void rnd_fonts_warm(void);
/* Wait until they are loaded: before a fork(), whose child has no
 * loading thread to wait for (build makes products in processes). */
void rnd_fonts_ready(void);
/* The versions of the libraries that draw the products, "cairo 1.18.0,
 * pango 1.52.1, fontconfig 21500" (static): a build's products are the
 * same only while they are. */
const char *rnd_lib_versions(void);
/*
 * PDF/X-4 for every PDF this run writes from now on (pdfx.c): the output
 * intent's profile from icc, an RGB ICC file, or NULL for sRGB. Returns
 * 0, or -1 with why filled (the file, and what is wrong with it).
 */
int rnd_pdfx_set(const char *icc, char *why, size_t whysz);
/* The language every PDF written from now on is in (its /Lang): a
 * ruleset's lang: tag, or NULL for English (pdf.c). */
void rnd_doc_set_lang(const char *tag);
/* The output intent's profile description, or NULL when PDF/X is off. */
const char *rnd_pdfx_profile(void);
/* What a PDF/X product depends on: its profile's MD5, or NULL when off. */
const char *rnd_pdfx_key(void);

/*
 * Write the product to path atomically. Returns 0 written, -1 failed (the
 * reason is an error in diags, with a position when it has one); warnings
 * (e.g. overflow, naming the source line) also go to diags.
 */
int rnd_reference(const struct ruleset *, const char *path,
    const struct rnd_opts *, struct diags *);

/*
 * The rulebook: the whole ruleset typeset as a book — title page,
 * contents with page numbers and links, every section of prose with its
 * tables (test games left out), an index of the rule family's rule ids
 * by the section that states them; running heads, page numbers, a PDF
 * outline. rules: the family's rules (id and section), none for a
 * print-only ruleset.
 */
struct rnd_book_rule {
	const char *id, *section;
};
/* An example of play: a test game marked `example:`, its record from the
 * engine, drawn at the end of the section (a heading of levels 1 to 3)
 * it belongs to. */
struct eng_record;
struct rnd_example {
	const struct eng_record *rec;
	const char *caption; /* the test game's caption, else its name */
	const char *section; /* the heading it belongs under */
	struct pos pos;      /* of the test game */
};
struct rnd_book_opts {
	const char *paper; /* --paper, or NULL */
	int booklet;       /* pages half the paper, imposed two up to fold */
	const struct rnd_book_rule *rules;
	size_t nrules;
	const struct rnd_example *examples;
	size_t nexamples;
	const char *lang; /* --lang, or NULL: the ruleset's lang: */
	const char *tmpl; /* NAME|PATH: -t, else the product row's */
	/* --dump: the layout as text on it (dump.c), or NULL: each page
	 * (as read, before a booklet's imposition), the body's frames and
	 * the pieces of its text. */
	FILE *dump;
	int html; /* one HTML page whatever the name (else by FILE.html) */
};
int rnd_rulebook(const struct ruleset *, const char *path,
    const struct rnd_book_opts *, struct diags *);
/* The rulebook of an analysis (check/analysis.h): the family's rules
 * that apply to its ruleset for the index, and its examples of play
 * (played once by the analysis; one that fails is an error and no book
 * is written), added to opts' paper, booklet, lang, tmpl and dump. */
struct analysis;
int rnd_rulebook_of(struct analysis *, const char *path,
    const struct rnd_book_opts *, struct diags *);
/* Read and decode every unit's picture as the products will (src/render/
 * picture.c; they draw what this read, kept with the ruleset), for
 * `check`: a picture that cannot be decoded, or is past its limits or the
 * ruleset's work, is an error at its Image cell. Returns how many
 * failed. */
int rnd_pictures_check(const struct ruleset *, struct diags *);
int rnd_cards(const struct ruleset *, const char *path,
    const struct rnd_opts *, struct diags *);

/* Card sizes: name, width, height (mm, portrait). */
struct rnd_card_size {
	const char *name;
	double w_mm, h_mm;
};
extern const struct rnd_card_size rnd_card_sizes[];

/*
 * The validation report of a ruleset from the results of the check
 * pipeline (report/product.c): res is a struct chk_result, d the run's
 * diagnostics; tmpl the template (its row's unless -t). Returns 0, -1
 * failed (reason in out).
 */
struct chk_result;
int rnd_report_write(const struct ruleset *, const struct chk_result *res,
    const struct diags *d, const char *path, const char *paper,
    const char *tmpl, FILE *dump, struct diags *out);

#endif
