/*
 * plan.h: what the PDF book (rulebook.c) and the HTML book (html.c) both
 * print, decided once (plan.c): the index's terms and their order, and
 * how a prose table is said (columns left out, cells in a player's
 * words, a settings table as rules).
 */
#ifndef SANDTABLE_RENDER_RULEBOOK_PLAN_H
#define SANDTABLE_RENDER_RULEBOOK_PLAN_H

/* A term of the index: a heading, a bold term, a name in the Units,
 * Weapons or Terrain table; the block it is in (row of a table, or -1)
 * and, laid out, its page (the HTML: its place in the document). An
 * entry of the PDF's: the term, its pages in pages. */
struct iterm {
	char *term;
	size_t blk;
	int row, page;
	char *pages; /* an entry's: "3, 7" */
	char *key;   /* its sorting key (rb_terms_sort) */
	int first;   /* its first page's number */
};

struct rb_terms {
	struct iterm *v;
	size_t n, cap;
};

/* The terms of a top-level block m that went into blocks [n0, n1): a
 * list whose items took a block each gives each item's terms its
 * block. */
void rb_terms_of(struct rb_terms *, const struct rs_md *m, size_t n0,
    size_t n1);
/* The names of table m (its first column) in the section sec (its
 * heading as written) when that is Units, Weapons or Terrain: at block
 * blk, each its row. */
void rb_table_terms(struct rb_terms *, const struct ruleset *, const char *sec,
    const struct rs_md *m, size_t blk);
/* Sorted: by their keys (case and accents left out, the same in every
 * locale), then by page; two terms are one entry when their keys are
 * equal. */
void rb_terms_sort(struct rb_terms *);
void rb_terms_free(struct rb_terms *);

/* How the book prints a prose table (rb_table_plan). */
struct rb_table {
	char **words; /* rows × columns: a cell in the family's words (NULL:
	                 as written), or NULL */
	char **rules; /* the settings table said as rules: one a row (NULL:
	                 that row says nothing), or NULL */
	size_t rows, cols;
};

/* Table m under the section sec (its heading as written, or NULL) as
 * the book prints it: its columns keep[c] (the caller's, each 1 at
 * first; the engine's columns set 0); 1 when its cells are said in a
 * player's words (t->words), 2 when the table is said as rules
 * (t->rules), else 0 (as written). rb_table_free(t) after. */
int rb_table_plan(const struct ruleset *, const char *sec,
    const struct rs_md *m, int *keep, struct rb_table *t);
void rb_table_free(struct rb_table *);

#endif
