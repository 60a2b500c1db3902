/*
 * ruleset.h: the model of a ruleset, as read from Markdown with YAML
 * front matter. This is the one public header of src/ruleset; it
 * includes neither cmark-gfm nor libyaml. Every item keeps its source
 * position. Lengths are millimetres (double).
 */
#ifndef SANDTABLE_RULESET_H
#define SANDTABLE_RULESET_H

#include <stddef.h>
#include <stdint.h>

#include "../base/base.h"

/* The shape of a base: a rectangle, a circle or an ellipse. */
enum rs_base_shape { RS_BASE_RECT, RS_BASE_ROUND, RS_BASE_OVAL };

/* Limits on input, stated and enforced by the reader. */
#define RS_MAX_FILE (8u * 1024 * 1024) /* bytes */
#define RS_MAX_DEPTH 64                /* Markdown / YAML nesting */
#define RS_MAX_UNITS 256
#define RS_MAX_WEAPONS 256
#define RS_MAX_TABLE_ROWS 1000
#define RS_MAX_TESTGAMES 1000
#define RS_MAX_WEAPONS_PER_UNIT 4
#define RS_MAX_NAME 80     /* characters: units, weapons, terrain, phases */
#define RS_MAX_TITLE 200   /* characters: title, author, test game names … */
#define RS_MAX_OWN_STATS 8 /* own stat columns a table: what a card holds */
/* Columns the reader keeps as own: the game's own stats and a family's
 * columns (which it may show elsewhere: the engine counts the limit). */
#define RS_MAX_OWN_COLS (RS_MAX_OWN_STATS + 8)
#define RS_MAX_GAUGES 16  /* rows of the Gauges table */
#define RS_MAX_MARKERS 16 /* rows of the Markers table */
/* A unit's picture (Image column): at most this many bytes on disk and
 * this many pixels (a PNG or JPEG, and the images an SVG embeds
 * together; see src/render/picture.c). */
#define RS_MAX_IMAGE_FILE (16u * 1024 * 1024)
#define RS_MAX_IMAGE_PIXELS 25000000L
/* An SVG picture: at most this many elements drawn, its <use> and other
 * references counted where they draw, and this many numbers in one path
 * (librsvg's time grows with their square); see src/render/svg_vet.c. */
#define RS_MAX_SVG_ELEMENTS 40000
#define RS_MAX_SVG_PATH 20000
/* All the pictures of a ruleset together (each file once): as much work
 * as decoding this many pixels of PNG (src/render/picture.c weighs an
 * SVG's elements, text, paths and effects). */
#define RS_MAX_PICTURES_WORK 80000000.0
/* An SVG's svg element comes within this many bytes (after the XML
 * declaration, comments and a doctype: a licence may come first). */
#define RS_MAX_SVG_PROLOG (64u * 1024)

/* Unit classes; a weapon's "destroys" is a mask of (1u << class). */
enum rs_class {
	RS_CLASS_INFANTRY,
	RS_CLASS_ARTILLERY,
	RS_CLASS_VEHICLE,
	RS_CLASS_CAVALRY,
	RS_CLASS_ELEPHANT,
	RS_CLASS_CHARIOT,
	RS_CLASS__MAX
};
#define RS_CLASS_ALL ((1u << RS_CLASS__MAX) - 1)
/* The game's own classes (a word that is none of the six: "trooper"),
 * at most RS_MAX_OWN_CLASSES a ruleset; with the six, a class is one of
 * RS_CLASS_SLOTS, a mask of them fitting 32 bits (rs_class_slot). */
#define RS_MAX_OWN_CLASSES 26
#define RS_CLASS_SLOTS (RS_CLASS__MAX + RS_MAX_OWN_CLASSES)

/*
 * The military map symbol a unit is drawn with when it has no picture:
 * the icon inside its frame (src/render/symbol.c draws them). Chosen by
 * the Symbol column, else by keywords of the unit's name and class
 * (rs_symbol_guess); rulesets/FORMAT.md lists both.
 */
enum rs_symbol {
	RS_SYM_NONE,           /* an empty frame: nothing known */
	RS_SYM_INFANTRY,       /* a cross corner to corner */
	RS_SYM_HEAVY_INFANTRY, /* the cross over a bar along the foot */
	RS_SYM_SKIRMISHERS,    /* a zig-zag: foot in open order */
	RS_SYM_PIKE,           /* a spear upright */
	RS_SYM_BOWMEN,         /* a bow drawn, its arrow to the right */
	RS_SYM_MACHINE_GUN,    /* an arrow upright with a cross-bar */
	RS_SYM_ANTI_TANK,      /* an upturned V from the lower corners */
	RS_SYM_ENGINEER,       /* a bridge: three legs under a span */
	RS_SYM_HEADQUARTERS,   /* a flag on its staff */
	RS_SYM_MECHANISED,     /* the cross and the oval */
	RS_SYM_ARMOUR,         /* an oval: a track */
	RS_SYM_RECON,          /* a slash, lower left to upper right */
	RS_SYM_ARMOURED_RECON, /* the slash and the oval */
	RS_SYM_CAVALRY,        /* the slash */
	RS_SYM_HEAVY_CAVALRY,  /* the slash over a bar along the foot */
	RS_SYM_CHARIOT,        /* a wheel with spokes */
	RS_SYM_ELEPHANT,       /* a trunk hanging and curling, a tusk */
	RS_SYM_ARTILLERY,      /* a dot in the middle */
	RS_SYM__MAX
};
/* The symbol's name as the Symbol column writes it ("heavy-infantry"). */
const char *rs_symbol_name(enum rs_symbol);
/* A Symbol cell's word (a name above, or an alias: "armor", "hq",
 * "mechanized" …) as a symbol; 0, or -1 when it is none of them. */
int rs_symbol_parse(const char *, enum rs_symbol *);
/* Every name, ", "-separated, for messages and documentation. */
const char *rs_symbol_names(void);

/* Unit traits (Traits column), a bit set. */
enum rs_trait {
	RS_TRAIT_RUNS_DOWN = 1u << 0, /* tank: runs down infantry/artillery */
	RS_TRAIT_NO_MELEE = 1u << 1,  /* never melees */
	RS_TRAIT_LIGHT = 1u << 2,     /* open order: evades, never attacks */
	RS_TRAIT_PIKE = 1u << 3,      /* +1 per die to the front; no turning */
	RS_TRAIT_ARMOURED = 1u << 4,  /* +1 per melee die */
	RS_TRAIT_LEVY = 1u << 5,      /* -1 per melee die */
	RS_TRAIT_HEAVY = 1u << 6,     /* heavy chariot */
};

/* Weapon traits. */
enum rs_weapon_trait {
	RS_WTRAIT_INDIRECT = 1u << 0, /* fires over units, woods, hills */
};

enum rs_terrain_kind {
	RS_TERRAIN_OPEN,
	RS_TERRAIN_HILL,
	RS_TERRAIN_WOOD,
	RS_TERRAIN_RIVER,
	RS_TERRAIN_FORD,
	RS_TERRAIN_ROAD,
	RS_TERRAIN_TOWN,
	RS_TERRAIN_FORTIFICATION,
	RS_TERRAIN__MAX
};

enum rs_grid { RS_GRID_NONE, RS_GRID_SQUARE, RS_GRID_HEX, RS_GRID_HEX_POINTY };

/*
 * The Markdown tree kept for the renderer: our own node type, so that no
 * layer above needs cmark. Block nodes hold children; inline text is
 * kept as children of kind RS_MD_TEXT/EMPH/… .
 */
enum rs_md_kind {
	RS_MD_DOCUMENT,
	RS_MD_HEADING, /* level */
	RS_MD_PARAGRAPH,
	RS_MD_LIST, /* ordered, start */
	RS_MD_ITEM,
	RS_MD_BLOCKQUOTE,
	RS_MD_CODE_BLOCK, /* text, info */
	RS_MD_THEMATIC_BREAK,
	RS_MD_TABLE,     /* children are rows */
	RS_MD_TABLE_ROW, /* header flag */
	RS_MD_TABLE_CELL,
	RS_MD_HTML, /* text; raw HTML is kept but never rendered */
	RS_MD_TEXT, /* text */
	RS_MD_CODE, /* inline code: text */
	RS_MD_EMPH,
	RS_MD_STRONG,
	RS_MD_LINK, /* url in info; level 1: an image (its alt text: kids) */
	RS_MD_SOFTBREAK,
	RS_MD_LINEBREAK,
	RS_MD_FOOTNOTE_REF, /* level: the note's number */
	RS_MD_FOOTNOTE_DEF, /* level: its number; kids: blocks (all at the
	                     * document's end) */
};

struct rs_md {
	enum rs_md_kind kind;
	struct pos pos;
	int level;   /* heading level; 1 for an image (RS_MD_LINK) */
	int ordered; /* list */
	int start;   /* ordered list start */
	int header;  /* table row is the header row */
	char *text;  /* TEXT, CODE, CODE_BLOCK, HTML */
	char *info;  /* CODE_BLOCK info string, LINK url */
	struct rs_md **kids;
	size_t nkids, capkids;
};

/*
 * The ruleset's body as HTML, each top-level block in order through
 * cmark-gfm's renderer in safe mode (mdhtml.c): fn gets the block's HTML,
 * its heading level (0: no heading), a heading's text and where the block
 * begins (line, column: its rs_md's pos). img, when not
 * NULL, gives each picture's new address first (malloc'd; NULL: keep).
 */
struct ruleset;
void rs_html_blocks(const struct ruleset *,
    char *(*img)(const char *url, void *arg),
    void (*fn)(const char *html, int level, const char *text, int line,
        int col, void *arg),
    void *arg);

/* Plain text of an inline subtree, concatenated (caller frees). */
char *rs_md_text(const struct rs_md *);

/*
 * A generic YAML tree (test games and extra front-matter keys are kept as
 * this, so the engine can read them without libyaml).
 */
enum rs_node_kind { RS_NODE_SCALAR, RS_NODE_SEQ, RS_NODE_MAP };

struct rs_node {
	enum rs_node_kind kind;
	struct pos pos;
	char *scalar;          /* SCALAR */
	int quoted;            /* SCALAR was quoted: never a number */
	struct rs_node **kids; /* SEQ items; MAP: key, value, key, value … */
	size_t nkids, capkids;
};

/* Look up a key in a MAP node; NULL when absent or not a map. */
const struct rs_node *rs_node_get(const struct rs_node *, const char *key);
/* Parse a scalar node as an integer / double; 0 on success, -1 otherwise. */
int rs_node_int(const struct rs_node *, long *);
int rs_node_double(const struct rs_node *, double *);
/* Parse a scalar node as a whole percentage, "50%" or "50"; 0 on
 * success, -1 otherwise. */
int rs_node_pct(const struct rs_node *, long *);

/*
 * The game's own stats: the columns of a Units or Weapons table that no
 * reader reads, kept in their order under their headings as written. Each
 * unit or weapon holds its cell text by column (NULL: an empty cell, shown
 * as a dash); what they mean is the players' business, never the engine's.
 */
struct rs_own_cols {
	size_t n;
	char *head[RS_MAX_OWN_COLS];
	struct pos pos[RS_MAX_OWN_COLS];
	/* The table, and how many messages the reader had given when it
	 * read it: the family's note on the columns it does not play goes
	 * there (eng_own_notes), among the reader's messages on the table. */
	struct pos table_pos;
	size_t diag_at;
	int read; /* the table was read */
};

/*
 * The faces of a die that hit: bit f of the set (1 <= f <= the ruleset's
 * die, at most RS_MAX_FACES) set when face f hits; all clear when the
 * Hits on column is empty. w[0] holds faces 0-31: the d6 families read
 * it as a mask, as the model kept it before dice other than the d6.
 */
#define RS_MAX_FACES 100
struct rs_faces {
	uint32_t w[(RS_MAX_FACES + 32) / 32];
};
static inline int
rs_faces_has(const struct rs_faces *s, int f)
{
	return f >= 0 && f <= RS_MAX_FACES && (s->w[f / 32] >> (f % 32) & 1);
}
static inline void
rs_faces_set(struct rs_faces *s, int f)
{
	if (f >= 0 && f <= RS_MAX_FACES)
		s->w[f / 32] |= (uint32_t)1 << (f % 32);
}
static inline int
rs_faces_none(const struct rs_faces *s)
{
	size_t i;

	for (i = 0; i < sizeof(s->w) / sizeof(s->w[0]); i++)
		if (s->w[i] != 0)
			return 0;
	return 1;
}
/* "4, 6", or a run of more than 6 faces as "11–20", into buf; an empty
 * set as "" (the caller says what none means). sep goes between items. */
void rs_faces_format(char *buf, size_t sz, const struct rs_faces *,
    const char *sep);

struct rs_weapon {
	struct pos pos;
	char *name;
	double range_mm;
	struct rs_faces hit_faces; /* faces that hit (see rs_faces) */
	char *hits_text;           /* the Hits on cell as written, or NULL */
	unsigned destroys;         /* mask of 1u << rs_class (firepower) */
	unsigned traits;           /* rs_weapon_trait */
	char *notes;               /* free text of the Notes column, or NULL */
	char *own[RS_MAX_OWN_COLS]; /* by rs->weapon_own; NULL: empty */
	struct pos own_pos[RS_MAX_OWN_COLS]; /* each own cell's place */
};

struct rs_unit {
	struct pos pos;
	char *name;
	enum rs_class cls; /* infantry when cls_free: no family plays it */
	int cls_free;      /* 0: cls; k > 0: rs->classes[k - 1], a word of
	                      * the game's own (a print-only ruleset) */
	struct pos cls_pos;
	double move_mm;
	double road_move_mm; /* 0: no road move */
	size_t nweapons;
	int weapons
	    [RS_MAX_WEAPONS_PER_UNIT]; /* indices into ruleset weapons */
	struct pos weapon_pos[RS_MAX_WEAPONS_PER_UNIT];
	unsigned traits; /* rs_trait */
	double base_w_mm,
	    base_d_mm; /* footprint; from Base column or front matter */
	enum rs_base_shape base_shape; /* the front matter's; own Base: rect */
	char *notes;
	char *own[RS_MAX_OWN_COLS];          /* by rs->unit_own; NULL: empty */
	struct pos own_pos[RS_MAX_OWN_COLS]; /* each own cell's place */
	/* The Image column: the path as written, and the file it names
	 * (relative to the ruleset's directory), checked to be a regular,
	 * readable PNG, JPEG or SVG file; NULL: none. */
	char *image, *image_file;
	const char
	    *image_kind; /* "png", "jpeg" or "svg", by its first bytes */
	struct pos image_pos;
	enum rs_symbol symbol; /* the Symbol column's, else guessed */
	int symbol_set;        /* the Symbol column chose it */
};

struct rs_terrain {
	struct pos pos;
	char *name;
	enum rs_terrain_kind kind;
	char *effect;
};

/* A row of the Gauges table: a distance of the designer's own rules that
 * the bases sheet prints as a ruler, after the family's gauges. */
struct rs_gauge {
	struct pos pos;
	char *name;
	double mm;
};

/* A row of the Markers table: a status marker of the designer's own,
 * printed on the bases sheet after the family's, on its colour. */
struct rs_marker {
	struct pos pos;
	char *label;
	uint32_t rgb; /* 0xrrggbb */
	/* The cells a rule family plays markers by (the dice family:
	 * FORMAT.md, Markers), as written, NULL when empty or no column:
	 * Placed, Removed, Most. */
	char *placed, *removed, *most;
	struct pos placed_pos, removed_pos, most_pos;
};

/* A modifier row: which rule it tunes (key), by how much, and the
 * modifiers section it stands in, by its English title ("Melee
 * modifiers"; the reader's, static): the family that plays the ruleset
 * says which sections it reads, and what their keys mean. */
struct rs_modifier {
	struct pos pos;
	const char *section;
	char *key;  /* e.g. "disordered", "pike_front" */
	char *text; /* the Modifier column as written */
	int value;
};

struct rs_phase {
	struct pos pos;
	char *name; /* the item's bold lead-in, or its first words */
	char *text; /* whole item text */
};

struct rs_testgame {
	struct pos pos;      /* of the fence line */
	char *name;          /* the name key, or "test game N" */
	struct rs_node *doc; /* the YAML document (a map) */
};

/*
 * The first table of a level-2 section that the reader does not read
 * (to the reader, prose): kept as text cells with their places, so that
 * a rule family reads sections of its own (the dice family's Combat,
 * Wound table …) without knowing Markdown. Row 0 is the header.
 */
struct rs_table {
	char *section;       /* the heading as written */
	int level;           /* 2, or 3 for a subheading's (not a section) */
	struct pos head_pos; /* of the heading */
	struct pos pos;      /* of the table */
	size_t nrows, ncols; /* rows including the header */
	char **cell;         /* nrows * ncols, row by row; "" when empty */
	struct pos *cpos;
};
/* Cell (row, col) of t, and its place. */
#define RS_CELL(t, r, c) ((t)->cell[(r) * (t)->ncols + (c)])
#define RS_CPOS(t, r, c) ((t)->cpos[(r) * (t)->ncols + (c)])

struct rs_force {
	struct pos pos;
	int unit; /* index into units */
	int count;
};

/*
 * What another module works out once a run about a ruleset and keeps as
 * long as it (src/render/picture.c: the units' pictures, read and decoded
 * once for `check` and every product): p, freed by rs_free() with
 * free_p. The reader makes the slot; a ruleset made otherwise may have
 * none (keep NULL).
 */
struct rs_keep {
	void *p;
	void (*free_p)(void *);
};

/*
 * The places where the rule family that plays a ruleset has its say
 * (eng_family_check): the reader knows no family, so it judges nothing
 * by one's needs; it notes each place where a family's finding would
 * stand among its own, in the order met, and the engine puts the
 * family's findings there.
 */
enum rs_check_kind {
	RS_CHECK_ENGINE,     /* the engine: name (rs->engine, engine_pos) */
	RS_CHECK_OWN_COL,    /* an own column of a table (item as below)
	                      * met, heading text at pos, before the reader
	                      * kept it: the limit of the game's own stats
	                      * is counted there (the family's do not) */
	RS_CHECK_OWN,        /* the game's own columns of a table: item 0
	                      * Units (rs->unit_own), 1 Weapons */
	RS_CHECK_TESTGAME,   /* a test game, at pos (its block's fence) */
	RS_CHECK_CLASS,      /* a unit's class none of the known words:
	                      * text, of unit name, at pos (its cell) */
	RS_CHECK_NO_WEAPONS, /* no Weapons table: text a heading like it,
	                      * at pos; name a unit's first weapon (unit
	                      * item, at name_pos) and n the units that
	                      * name one */
	RS_CHECK_UNIT_CELLS, /* rs->units[item]'s row read up to its
	                      * numbers: a family's own numbers are said
	                      * there (firepower: a bad Melee) */
	RS_CHECK_UNIT,       /* rs->units[item], its weapons looked up */
	RS_CHECK_WEAPON,     /* rs->weapons[item] */
	RS_CHECK_WHOLE,      /* the ruleset as a whole */
	RS_CHECK_NO_ENGINE,  /* front matter without engine: (at pos) */
	RS_CHECK_MARKERS,    /* the Markers table has the columns a family
	                      * plays markers by: text their headings as
	                      * written, n how many, pos the first's */
	RS_CHECK_FACE_OVER   /* a Hits on face above the d6 rolled when the
	                      * front matter gives no dice: (item 1: one it
	                      * could not read, said): text the face as
	                      * written, n its number, name the weapon, at
	                      * pos; the family says what it means */
};

struct rs_check {
	enum rs_check_kind kind;
	size_t at; /* how many messages the reader had given */
	size_t item;
	struct pos pos, name_pos;
	char *text, *name;
	size_t n;
};

struct ruleset {
	char *path; /* as given; the file of every pos */
	char *src;  /* the file's text as read (NUL-terminated) */
	size_t srclen;
	char *name; /* file name without directory and .md */
	char *title, *author, *year, *version;
	char *lang; /* lang: a language tag, or NULL */
	struct pos title_pos;
	char *engine; /* engine: as written; NULL: not given */
	struct pos engine_pos;
	enum unit_of_length measure;
	double base_w_mm, base_d_mm;
	enum rs_base_shape base_shape; /* base: "32mm round" */
	struct pos base_pos;           /* base: (line 0: the default) */
	int base_bare; /* base: a bare number, in the measure */
	double table_w_mm, table_h_mm;
	struct pos table_pos; /* table: (line 0: the default) */
	enum rs_grid grid;
	double cell_mm;
	struct pos grid_pos;
	char *paper; /* NULL: not set */
	/* cover: the rulebook's cover picture as written, its file beside
	 * the ruleset and format (rs_image_file); NULL: none. */
	char *cover, *cover_file;
	const char *cover_kind;
	struct pos cover_pos;
	int die;            /* faces of the game's die: 4, 6 … 100 */
	struct pos die_pos; /* of the dice: key's value; line 0: default */
	int turn_limit;     /* default battle; 0: engine default */
	int break_pct;      /* default battle, morale family: the share
	                       * of its fighting units (%) whose loss breaks
	                       * an army; 0: all of them */
	struct pos break_pos;
	double deploy_mm; /* depth of deployment zones; 0: default */

	struct rs_unit *units;
	size_t nunits, capunits;
	struct rs_weapon *weapons;
	size_t nweapons, capweapons;
	struct rs_terrain *terrain;
	size_t nterrain, capterrain;
	struct rs_gauge *gauges;
	size_t ngauges, capgauges;
	struct rs_marker *markers;
	size_t nmarkers, capmarkers;
	struct rs_modifier *mods;
	size_t nmods, capmods;
	struct rs_phase *phases;
	size_t nphases, capphases;
	struct rs_testgame *tests;
	size_t ntests, captests;
	struct rs_force *forces; /* default battle, one side (mirrored) */
	size_t nforces, capforces;
	struct rs_own_cols unit_own, weapon_own; /* the game's own stats */
	char **classes; /* the game's own classes, in order of first use */
	size_t nclasses, capclasses;
	struct rs_table *tables; /* sections the reader does not read */
	size_t ntables, captables;
	struct rs_check *checks; /* where the rule family has its say */
	size_t nchecks, capchecks;

	struct rs_node *front; /* the whole front matter, for extra keys */
	struct rs_md *doc;     /* the whole body as a Markdown tree */
	struct rs_keep *keep;  /* what the products keep for the run */
	/* File names positions point to besides path (a spreadsheet's). */
	char **names;
	size_t nnames, capnames;
};

/* The file of a picture the ruleset names (a prose image), beside the
 * ruleset as a unit's Image is, with its format ("png", "jpeg", "svg")
 * in *kind; NULL when it cannot be drawn, why in why. */
char *rs_image_file(const struct ruleset *, const char *name,
    const char **kind, char *why, size_t sz);

/*
 * Read and check a ruleset. Always returns a ruleset (possibly partial)
 * unless the file could not be read at all (NULL). Problems go to diags;
 * the caller decides by diags_worst().
 */
struct ruleset *rs_read(const char *path, struct diags *);
/* Same from memory; path is used for positions only. */
struct ruleset *rs_parse(const char *path, const char *data, size_t len,
    struct diags *);
void rs_free(struct ruleset *);
/*
 * The symbol a unit is drawn with when no Symbol cell chooses one: the
 * first keyword of the symbols' table (rulesets/FORMAT.md) that is a
 * word of its name (or its plural: "Guns", not "Gunners"), else of its
 * class; infantry and cavalry made heavy or light by words and traits;
 * else the class's own (a vehicle's armour; a game's own class none,
 * which the renderer draws as the class's letters: rnd_unit_symbol).
 */
enum rs_symbol rs_symbol_guess(const struct ruleset *, const struct rs_unit *);

/* Lookups; -1 when not found. Names compare case-insensitively. */
int rs_unit_find(const struct ruleset *, const char *name);
int rs_points_col(const struct ruleset *);
/* A named base size (listed by `sandtable bases --presets`). */
struct rs_base_preset {
	const char *name;
	enum rs_base_shape shape;
	double w, d; /* mm */
	const char *what;
};
extern const struct rs_base_preset rs_base_presets[]; /* NULL-named end */
/*
 * A base size, as the front matter's base: and `bases --base` give it:
 * "30mm", "1.5in", "40x20mm", "25mm round", "60x35mm oval", "40x20mm
 * rect" or a preset name; a bare number is in u (LEN_NONE: refused).
 * Returns 0, or -1 with a static reason in *why.
 */
int rs_base_parse(const char *spec, enum unit_of_length u,
    enum rs_base_shape *shape, double *w, double *d, const char **why);
int rs_weapon_find(const struct ruleset *, const char *name);
/* For a name not found: "; did you mean 'Reed Wardens'?" when one of
 * the units (weapons) is a near miss (str_closest), else ""; in buf. */
const char *rs_unit_hint(const struct ruleset *, const char *name, char *buf,
    size_t sz);
const char *rs_weapon_hint(const struct ruleset *, const char *name, char *buf,
    size_t sz);
const struct rs_modifier *rs_mod_find(const struct ruleset *,
    const char *section, const char *key);

/* The English title of a section heading in lang (de, fr): "Einheiten"
 * in German is "Units"; else title itself (lang.c). */
const char *rs_heading_en(const char *lang, const char *title);
/* Whether tag names a language of ISO 639-1 (en, en-GB, fr_CH): lang:
 * and --lang take the same; hint gets "; did you mean 'fr'?" or "". */
int rs_lang_known(const char *tag, char *hint, size_t sz);
/* Whether two headings name the same section in lang (rs_name_eq). */
int rs_heading_eq(const char *lang, const char *a, const char *b);

/* The table of the first section titled title that the reader does not
 * read (titles compare as rs_name_eq does), or NULL. */
const struct rs_table *rs_table_find(const struct ruleset *,
    const char *title);
/* Names, headings and titles equal as the reader compares them: without
 * case, spaces, '-', '_' and '.' ("To hit" == "to-hit"). */
int rs_name_eq(const char *, const char *);
/* Whether a cell says "none": empty, a dash, "n/a" or "none". */
int rs_is_none(const char *);
/* A name (what: "class") longer than max characters: an error at its
 * place, -1; else 0. */
int rs_name_long(struct diags *, struct pos, const char *what,
    const char *name, size_t max);

/* 1 when the reader reads this front-matter key (the others are a rule
 * family's settings, or unknown: the engine tells them apart). */
int rs_front_key_read(const char *key);
const char *rs_class_name(enum rs_class);
/* A unit's class as products print it: a known class's name, or the
 * game's own word as first written. */
const char *rs_unit_class(const struct ruleset *, const struct rs_unit *);
/* A unit's class as one of RS_CLASS_SLOTS: a known class's number, or
 * RS_CLASS__MAX + k for the game's own class k. rs_class_slot_find() is
 * the slot of a class word (a known class, or one of the game's own as
 * its units write it, in any case), or -1. */
int rs_class_slot(const struct rs_unit *);
int rs_class_slot_find(const struct ruleset *, const char *word);
const char *rs_terrain_kind_name(enum rs_terrain_kind);
/* The ruleset's own name for a kind of terrain ("Hedgerow" for wood),
 * or NULL when it gives none but the kind's word: products then keep
 * their wording (names.c). */
const char *rs_terrain_name(const struct ruleset *, enum rs_terrain_kind);
const char *rs_grid_name(enum rs_grid);
/*
 * The one reading of a grid, wherever one is written (front matter, test
 * games, --grid): its kind — none, square, hex (or hex-flat), hex-pointy,
 * in any case — then, after spaces, tabs or a colon, its cell size, a
 * length in bare's unit when it has none (mm when bare is LEN_NONE).
 * Returns 0 with *grid and *cell (0 when no size is given); -1 with a
 * static *why.
 */
int rs_grid_parse(const char *, enum unit_of_length bare, enum rs_grid *,
    double *cell, const char **why);
/* Names of the set bits of a trait mask, comma separated, into buf. */
void rs_traits_format(char *buf, size_t sz, unsigned traits);

/* The plain-text summary written to out/NAME/ruleset.txt and used by the
 * regression tests (a -T tree style dump): engine is the name of the
 * family that plays it ("none"). What a family reads of the ruleset the
 * model does not hold, so the family prints it itself (fam, may be
 * NULL; eng_dump() gives both): lines after the grid's (at RS_DUMP_HEAD),
 * and items of unit or weapon `item`'s line after its numbers; cols
 * (NULL-terminated, or NULL) the Units table's own columns it prints
 * that way, left out of the unit's own stats. */
enum rs_dump_at { RS_DUMP_HEAD, RS_DUMP_UNIT, RS_DUMP_WEAPON };
typedef void rs_dump_fn(const struct ruleset *, enum rs_dump_at, size_t item,
    FILE *);
void rs_dump(const struct ruleset *, const char *engine, rs_dump_fn *fam,
    const char *const *cols, FILE *);

/*
 * Parse a YAML document held in memory into a generic tree; used for
 * templates and scenario files. line0/col0 offset positions (for a block
 * embedded in another file). Returns NULL on error (reported).
 */
struct rs_node *rs_yaml_parse(const char *file, const char *data, size_t len,
    int line0, struct diags *);
void rs_node_free(struct rs_node *);

/*
 * YAML written (yaml_write.c), deterministically and without the locale,
 * through libyaml's emitter: a document of one block mapping and what it
 * holds, in order; strings quoted where a reader would take them for
 * anything else. rs_yw_new(head) begins one after the text head (its
 * first lines, comments; NULL: none); rs_yw_finish() ends it and returns
 * the text (caller frees; the writer is freed).
 */
struct rs_yw;
struct rs_yw *rs_yw_new(const char *head);
char *rs_yw_finish(struct rs_yw *);
/* A scalar as written (string 0: a number or word of ours, plain; 1:
 * quoted when plain text would be read as a boolean, null or number). */
void rs_yw_scalar(struct rs_yw *, const char *text, int string);
/* A string from anywhere: bytes that are not UTF-8 become U+FFFD and
 * control characters spaces. */
void rs_yw_str(struct rs_yw *, const char *);
void rs_yw_key(struct rs_yw *, const char *key); /* a fixed word: plain */
void rs_yw_int(struct rs_yw *, long long);
void rs_yw_map(struct rs_yw *); /* block style */
void rs_yw_map_end(struct rs_yw *);
void rs_yw_seq(struct rs_yw *, int flow); /* flow: [a, b] */
void rs_yw_seq_end(struct rs_yw *);
/* A comment appended where the text has got to (see yaml_write.c). */
void rs_yw_comment(struct rs_yw *, const char *text);

#endif
