/*
 * internal.h: shared between the files of src/ruleset only.
 *
 * The reader of a ruleset file is six files around one struct reader:
 *   read.c     the entry point: the file checked and split, then the
 *              body walked section by section (the sections table),
 *              the sequence of play and the test games
 *   front.c    the YAML front matter: settings, the default battle
 *   tables.c   the Markdown tables: units, weapons, terrain, modifiers
 *   mdtable.c  a Markdown table as cells with positions, found by
 *              column name and parsed as numbers, lengths and lists
 *   resolve.c  what is checked once everything is read: weapon and
 *              force names resolved, what each family needs
 *   names.c    how names compare, their length limit, and the words
 *              of the vocabularies (classes, traits, terrain kinds)
 * Every problem is added to r->d at its position, and the reader goes on
 * with a default: messages are part of the output (tests/regress/).
 */
#ifndef SANDTABLE_RULESET_INTERNAL_H
#define SANDTABLE_RULESET_INTERNAL_H

#include "ruleset.h"

struct cmark_node;

struct mdctx {
	const char *file;
	struct diags *d;
	int warned_depth;
};

struct rs_md *md_parse(const char *file, const char *body, size_t len,
    struct diags *);
char *md_flat_text(struct cmark_node *);
void rs_md_free(struct rs_md *);

/* Check that data is UTF-8 without NUL bytes; report the first bad byte
 * by line and column. Returns 0 when clean. */
int text_check(const char *file, const char *data, size_t len, struct diags *);

/* ---- the reader ---- */

/* Weapon names of units are resolved after all tables are read. */
struct pending {
	char *names[RS_MAX_WEAPONS_PER_UNIT];
	struct pos pos[RS_MAX_WEAPONS_PER_UNIT];
	size_t n;
};

struct reader {
	struct ruleset *rs;
	struct diags *d;
	struct pending *pend; /* one per unit, in order */
	size_t npend, cappend;
	/* A missing Units or Weapons table (or Sequence of play) already
	 * reported, at a heading that looks like its section or at the
	 * top: what follows from it is not. */
	int units_said, weapons_said, phases_said;
	struct pos weapons_like; /* that heading, for the weapons (line 0:
				  * none) */
	char *weapons_title;
	int front_failed; /* front matter given but not YAML */
	/* The front matter's dice: did not read (said): a Hits on face
	 * above the d6 is then noted for the family to say (or not). */
	int die_said;
	/* A section whose table is a spreadsheet that could not be read,
	 * or a Weapons table without its columns (said there): bit 0
	 * Units, 1 Weapons, 2 Terrain. What a missing
	 * table would then say follows from that, and is not said. */
	unsigned csv_failed;
};

/* A cmark-gfm parser with the extensions the reader reads and the
 * document it makes of body, guarded as md_parse guards it (md.c);
 * the caller frees both. */
#ifdef CMARK_GFM_H
cmark_node *rd_cmark_doc(const char *file, const char *body, size_t len,
    struct diags *, cmark_parser **);
#endif
/* The spreadsheet the ruleset names (name, written at at): its bytes
 * (caller frees) and *file, its path beside the ruleset as messages name
 * it; NULL when it cannot be read, said at at (csvtab.c). */
char *rd_sheet_read(struct reader *, const char *name, struct pos at,
    const char **file, size_t *len);
/* A table cell of text (s, n bytes) at file's line and column, as a
 * spreadsheet's reader makes one (csvtab.c). */
struct rs_md *rd_md_cell(const char *file, int line, int col, const char *s,
    size_t n);
/* The file a path written in the ruleset at rs_path names: itself when
 * absolute, else beside the ruleset (caller frees; picture.c). */
char *rd_beside(const char *rs_path, const char *path);
/* A name that positions in the model may point to, kept as long as the
 * ruleset (model.c). */
const char *rd_keep_name(struct ruleset *, const char *name);
/*
 * csvtab.c: the table in the CSV file name (written in the ruleset, at
 * at) as a Markdown table whose cells' positions are the file's lines
 * and columns; NULL when it cannot be read (the error said at at, or in
 * the file).
 */
struct rs_md *rd_csv_table(struct reader *, const char *name, struct pos at);
/* odstab.c: the same of a sheet of an OpenDocument spreadsheet, name
 * "stats.ods#Units" (no #: its first sheet); rows and columns as the
 * spreadsheet numbers them. */
struct rs_md *rd_ods_table(struct reader *, const char *name, struct pos at);

/* front.c: the settings of the front matter into r->rs. */
int rd_front(struct reader *, const struct rs_node *fm);

/* resolve.c: names between tables, and what the model as a whole
 * lacks, once the front matter and the body are read. */
void rd_resolve(struct reader *);
/* No Weapons table: said once, if the family or a unit needs one. */
void rd_no_weapons(struct reader *);
/* A place where the rule family has its say (struct rs_check), after
 * the messages given so far. */
struct rs_check *rd_check(struct reader *, enum rs_check_kind, size_t item);

/* ---- Markdown tables (mdtable.c) ---- */

struct cell {
	char *text; /* trimmed plain text */
	struct pos pos;
};

struct table {
	struct diags *d;
	struct pos pos;
	const char *what; /* "Units", "Weapons" … for messages */
	struct cell *head;
	size_t ncols;
	struct cell **rows; /* each ncols cells */
	size_t nrows, caprows;
};

/* Load table node m as cells (at most RS_MAX_TABLE_ROWS rows; a short
 * row is padded with empty cells at the row's position). */
void rd_table_load(struct table *, const struct rs_md *m, const char *what,
    struct diags *);
void rd_table_free(struct table *);
/* Column index of the first name in the NULL-terminated alias list, or
 * -1. Names compare as rd_name_eq does. */
int rd_table_col(const struct table *, const char *const *names);
/* Warn about columns named in none of the NULL-terminated alias lists. */
void rd_table_unknown_cols(struct reader *, const struct table *,
    const char *const *const *known);
/*
 * The columns of a Units or Weapons table that are none of known: the
 * game's own stats, into oc with their indices in col (at most
 * RS_MAX_OWN_COLS; a heading twice, or past that, is an error at it;
 * the limit of the game's own, RS_MAX_OWN_STATS, is the engine's, which
 * knows the family's columns). Which of them a family reads is the engine's business: its note
 * on the others goes where the table was read (oc->diag_at).
 */
void rd_table_own_cols(struct reader *, const struct table *,
    const char *const *const *known, struct rs_own_cols *oc, int *col);
/* The row's own cells into own (NULL: empty) and their places. */
void rd_row_own(struct reader *, const struct rs_own_cols *, const int *col,
    const struct cell *row, char **own, struct pos *own_pos);
/* A cell as a whole number in lo…hi, or as a length in the ruleset's
 * measure. Returns 0, or reports and returns -1. */
int rd_cell_int(struct reader *, const struct cell *, const char *what, int lo,
    int hi, int *);
int rd_cell_len(struct reader *, const struct cell *, const char *what,
    double *mm);
/* Split a comma- or semicolon-separated list in place; calls fn for each
 * trimmed item with its position inside the cell at `at`. */
void rd_split_list(char *s,
    void (*fn)(struct reader *, const char *, struct pos, void *),
    struct reader *, struct pos at, void *arg);

/* ---- the tables of the body (tables.c) ---- */
/* Each reads one table into r->rs (arg unused; rd_mods keeps the
 * table's section, its what, with each modifier). */
void rd_units(struct reader *, const struct table *, int arg);
void rd_weapons(struct reader *, const struct table *, int arg);
void rd_terrain(struct reader *, const struct table *, int arg);
void rd_gauges(struct reader *, const struct table *, int arg);
void rd_markers(struct reader *, const struct table *, int arg);
void rd_mods(struct reader *, const struct table *, int arg);

/* ---- a unit's Image and Symbol cells (picture.c) ---- */
/* The Image cell (NULL: no column): the file checked (regular, readable,
 * not too long, a PNG, JPEG or SVG by its first bytes) into u->image*,
 * else an error at the cell. */
void rd_unit_image(struct reader *, const struct cell *, struct rs_unit *);
/* The Symbol cell (NULL: no column) into u->symbol, else the guess from
 * the unit's name and class; an unknown word is an error at the cell. */
void rd_unit_symbol(struct reader *, const struct cell *, struct rs_unit *);

/* ---- names (names.c) ---- */
/* s without leading and trailing white space (s is cut in place). */
char *rd_trim(char *s);
/* Names equal ignoring case, spaces, '-', '_' and '.': "Road move" ==
 * "road-move". */
int rd_name_eq(const char *, const char *);
/* An empty cell, or one that says so: "—", "–", "-", "n/a", "none". */
int rd_is_none(const char *);
/* Names and titles past max characters are an error at their place.
 * Returns 0 when name is within the limit. */
int rd_name_long(struct diags *, struct pos, const char *what,
    const char *name, size_t max);
/* Whether tag's language is a code of ISO 639-1; if not, a "did you
 * mean" in hint, or "" (lang.c). */
int rd_lang_known(const char *tag, char *hint, size_t sz);
/* ---- a ruleset in German or French (lang.c) ----
 * The reader's English word for a column heading, or for a word of the
 * Class, Kind or Destroys columns, in the ruleset's lang (de, fr); else
 * the word itself. */
const char *rd_column_en(const char *lang, const char *head);
/* The ruleset's language's word for the English column en, or NULL when
 * it has none of its own (English, or the same word). */
const char *rd_column_own(const char *lang, const char *en);
/* Columns (English, NULL-ended) joined with "and", each followed by the
 * ruleset's language's word in parentheses where it differs (caller
 * frees). */
char *rd_columns_said(const char *lang, const char *const *cols);
const char *rd_value_en(const char *lang, const char *word);

/* A word of a vocabulary; 0, or -1 when s is none of its words. */
int rd_class_parse(const char *s, enum rs_class *);
int rd_trait_parse(const char *s, unsigned *bit);
int rd_terrain_kind_parse(const char *s, enum rs_terrain_kind *);
/* "; a forest is terrain of kind 'wood'" or "; did you mean …?" for a kind
 * rd_terrain_kind_parse() does not know, or "" (in buf). */
const char *rd_terrain_kind_hint(const char *, char *buf, size_t sz);

#endif
