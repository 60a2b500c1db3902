/*
 * mdtable.c: a Markdown table as the reader uses it — a header row and
 * rows of trimmed text cells, each with its position; columns found by
 * any of their names; cells read as whole numbers, lengths or lists,
 * with a message at the cell when they are not. What the columns of a
 * particular table mean is tables.c's business.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void
rd_table_free(struct table *t)
{
	size_t i, j;

	for (j = 0; j < t->ncols; j++)
		free(t->head[j].text);
	free(t->head);
	for (i = 0; i < t->nrows; i++) {
		for (j = 0; j < t->ncols; j++)
			free(t->rows[i][j].text);
		free(t->rows[i]);
	}
	free(t->rows);
}

static void
cell_from(struct cell *c, const struct rs_md *m)
{
	char *raw = m ? rs_md_text(m) : xstrdup("");
	char *t = rd_trim(raw);

	c->text = xstrdup(t);
	free(raw);
	if (m != NULL)
		c->pos = m->pos;
}

void
rd_table_load(struct table *t, const struct rs_md *m, const char *what,
    struct diags *d)
{
	size_t i, j;
	const struct rs_md *row;

	memset(t, 0, sizeof(*t));
	t->d = d;
	t->pos = m->pos;
	t->what = what;
	if (m->nkids == 0)
		return;
	row = m->kids[0];
	t->ncols = row->nkids;
	t->head = xcalloc(t->ncols ? t->ncols : 1, sizeof(struct cell));
	for (j = 0; j < t->ncols; j++)
		cell_from(&t->head[j], row->kids[j]);
	for (i = 1; i < m->nkids; i++) {
		if (t->nrows >= RS_MAX_TABLE_ROWS) {
			diag_msg(t->d, m->kids[i]->pos,
			    MSG(NAMED_TABLE_TOO_MANY_ROWS), what,
			    RS_MAX_TABLE_ROWS);
			break;
		}
		struct cell *cells = xcalloc(t->ncols ? t->ncols : 1,
		    sizeof(struct cell));

		row = m->kids[i];
		for (j = 0; j < t->ncols; j++) {
			cell_from(&cells[j],
			    j < row->nkids ? row->kids[j] : NULL);
			if (j >= row->nkids)
				cells[j].pos = row->pos;
		}
		XPUSH(t->rows, t->nrows, t->caprows, cells);
	}
}

int
rd_table_col(const struct table *t, const char *const *names)
{
	size_t j;

	for (; *names != NULL; names++)
		for (j = 0; j < t->ncols; j++)
			if (rd_name_eq(t->head[j].text, *names))
				return (int)j;
	return -1;
}

void
rd_table_unknown_cols(struct reader *r, const struct table *t,
    const char *const *const *known)
{
	size_t j;
	const char *const *const *k;
	const char *const *a;
	int ok;

	for (j = 0; j < t->ncols; j++) {
		ok = 0;
		for (k = known; *k != NULL && !ok; k++)
			for (a = *k; *a != NULL && !ok; a++)
				ok = rd_name_eq(t->head[j].text, *a);
		if (!ok)
			diag_msg(r->d, t->head[j].pos,
			    MSG(UNKNOWN_COLUMN_TABLE), t->head[j].text,
			    t->what);
	}
}

/* Whether heading h is one of the known names. */
static int
col_known(const char *h, const char *const *const *known)
{
	const char *const *const *k;
	const char *const *a;

	for (k = known; *k != NULL; k++)
		for (a = *k; *a != NULL; a++)
			if (rd_name_eq(h, *a))
				return 1;
	return 0;
}

void
rd_table_own_cols(struct reader *r, const struct table *t,
    const char *const *const *known, struct rs_own_cols *oc, int *col)
{
	size_t j, k;
	int full = 0;

	for (j = 0; j < t->ncols; j++) {
		const struct cell *h = &t->head[j];

		if (col_known(h->text, known))
			continue;
		/* A column without a heading has no name to print it under. */
		if (h->text[0] == '\0') {
			diag_msg(r->d, h->pos,
			    MSG(COLUMN_WITHOUT_HEADING_TABLE), t->what);
			continue;
		}
		for (k = 0; k < oc->n && !rd_name_eq(oc->head[k], h->text);
		     k++)
			;
		if (k < oc->n) {
			diag_msg(r->d, h->pos, MSG(COLUMN_TWICE_TABLE),
			    h->text, t->what, oc->pos[k].line, oc->pos[k].col);
			continue;
		}
		/* The limit of the game's own stats is said here, by the
		 * engine, which knows which are the family's. */
		if (oc->n < RS_MAX_OWN_COLS) {
			struct rs_check *c = rd_check(r, RS_CHECK_OWN_COL,
			    oc == &r->rs->unit_own ? 0 : 1);

			c->pos = h->pos;
			c->text = xstrdup(h->text);
		}
		if (oc->n >= RS_MAX_OWN_COLS) {
			/* Once: the columns past it are the same mistake. */
			if (!full++)
				diag_msg(r->d, h->pos,
				    MSG(MORE_COLUMNS_GAME_OWN_STATS),
				    RS_MAX_OWN_COLS, t->what);
			continue;
		}
		if (rd_name_long(r->d, h->pos, "column heading", h->text,
		        RS_MAX_NAME))
			continue;
		col[oc->n] = (int)j;
		oc->pos[oc->n] = h->pos;
		oc->head[oc->n++] = xstrdup(h->text);
	}
	/* Which of them the rule family plays, and the note on the rest,
	 * are the family's business (eng_own_notes): the note stands here
	 * among the table's messages. */
	oc->table_pos = t->pos;
	oc->diag_at = r->d->n;
	oc->read = 1;
	rd_check(r, RS_CHECK_OWN, oc == &r->rs->unit_own ? 0 : 1);
}

/* The cells of a row under the game's own columns, into own (an empty
 * cell: NULL); a cell past the name limit is an error at its place. */
void
rd_row_own(struct reader *r, const struct rs_own_cols *oc, const int *col,
    const struct cell *row, char **own, struct pos *own_pos)
{
	char what[RS_MAX_NAME * 4 + 16];
	size_t k;

	for (k = 0; k < oc->n; k++) {
		const struct cell *c = &row[col[k]];

		own[k] = NULL;
		own_pos[k] = c->pos;
		/* Only an empty cell is "none": a game's "-" or "none" is
		 * printed as written. */
		snprintf(what, sizeof(what), "stat '%s'", oc->head[k]);
		if (c->text[0] == '\0' ||
		    rd_name_long(r->d, c->pos, what, c->text, RS_MAX_NAME))
			continue;
		own[k] = xstrdup(c->text);
	}
}

/* A leading '+' is allowed: modifiers are written "+1". */
int
rd_cell_int(struct reader *r, const struct cell *c, const char *what, int lo,
    int hi, int *out)
{
	char *end;
	long v;
	const char *s = c->text;

	if (*s == '+')
		s++;
	v = strtol(s, &end, 10);
	if (end == s || *end != '\0') {
		diag_msg(r->d, c->pos, MSG(VALUE_NOT_WHOLE_NUMBER), what,
		    c->text);
		return -1;
	}
	if (v < lo || v > hi) {
		diag_msg(r->d, c->pos, MSG(VALUE_OUT_OF_RANGE), what, v, lo,
		    hi);
		return -1;
	}
	*out = (int)v;
	return 0;
}

int
rd_cell_len(struct reader *r, const struct cell *c, const char *what,
    double *mm)
{
	const char *why;

	if (len_parse(c->text, r->rs->measure, mm, &why) == -1) {
		diag_msg(r->d, c->pos, MSG(CELL_NOT_LENGTH), what, c->text,
		    why);
		return -1;
	}
	return 0;
}

void
rd_split_list(char *s,
    void (*fn)(struct reader *, const char *, struct pos, void *),
    struct reader *r, struct pos at, void *arg)
{
	char *start = s, *p;
	struct pos ip;
	int last = 0;

	for (p = s; !last; p++) {
		if (*p != ',' && *p != ';' && *p != '\0')
			continue;
		last = *p == '\0';
		*p = '\0';
		ip = at;
		while (isspace((unsigned char)*start))
			start++;
		ip.col += (int)(start - s);
		if (*rd_trim(start) != '\0')
			fn(r, rd_trim(start), ip, arg);
		start = p + 1;
	}
}
