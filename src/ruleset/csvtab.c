/*
 * csvtab.c: a table kept in a spreadsheet (issue 38). The Units,
 * Weapons or Terrain table of a ruleset may be a CSV file, named in the
 * front matter (`units: units.csv`) or by a paragraph that is only a
 * link to it in place of the table (`[Units](units.csv)`). It is read
 * with libcsv (RFC 4180: quoted fields, commas, quotes and line breaks
 * inside them, CRLF or LF, a UTF-8 byte-order mark), its first row the
 * header, and becomes a Markdown table in the document: the reader
 * reads it as it reads any table, the products print it, and every
 * message about a cell names the spreadsheet's file, line and column.
 */
#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "internal.h"

/* The limits of a spreadsheet table (README.md, Limits). */
#define CSV_MAX_COLS 64
#define CSV_MAX_CELL 2000 /* bytes of one cell */

struct csv_read {
	const char *file; /* the name messages give (the ruleset keeps it) */
	struct diags *d;
	struct rs_md *table, *row;
	int line, col;             /* of the byte being fed */
	int sline, scol, starting; /* where the current field began */
	int prev_cr;
	int failed;
};

struct rs_md *
rd_md_cell(const char *file, int line, int col, const char *s, size_t n)
{
	struct rs_md *c = xcalloc(1, sizeof(*c)), *t;

	c->kind = RS_MD_TABLE_CELL;
	c->pos.file = file;
	c->pos.line = line;
	c->pos.col = col;
	t = xcalloc(1, sizeof(*t));
	t->kind = RS_MD_TEXT;
	t->pos = c->pos;
	t->text = xmalloc(n + 1);
	memcpy(t->text, s, n);
	t->text[n] = '\0';
	XPUSH(c->kids, c->nkids, c->capkids, t);
	return c;
}

static void
on_field(void *s, size_t n, void *arg)
{
	struct csv_read *cr = arg;
	struct pos at = { cr->file, cr->sline, cr->scol };

	cr->starting = 1;
	if (cr->failed)
		return;
	if (cr->row == NULL) {
		cr->row = xcalloc(1, sizeof(*cr->row));
		cr->row->kind = RS_MD_TABLE_ROW;
		cr->row->pos = at;
		cr->row->header = cr->table->nkids == 0;
	}
	if (cr->row->nkids >= CSV_MAX_COLS) {
		diag_msg(cr->d, at, MSG(CSV_TOO_MANY_COLUMNS), CSV_MAX_COLS);
		cr->failed = 1;
		return;
	}
	if (n > CSV_MAX_CELL) {
		diag_msg(cr->d, at, MSG(CSV_CELL_TOO_LONG), n, CSV_MAX_CELL);
		cr->failed = 1;
		return;
	}
	XPUSH(cr->row->kids, cr->row->nkids, cr->row->capkids,
	    rd_md_cell(cr->file, cr->sline, cr->scol, s != NULL ? s : "", n));
}

static void
on_row(int c, void *arg)
{
	struct csv_read *cr = arg;
	struct rs_md *row = cr->row;

	(void)c;
	cr->starting = 1;
	cr->row = NULL;
	if (row == NULL || cr->failed) {
		rs_md_free(row);
		return;
	}
	/* A line of empty cells (a blank line, a row a spreadsheet left
	 * over) is no row. */
	{
		size_t i;
		int blank = 1;

		for (i = 0; i < row->nkids && blank; i++)
			if (row->kids[i]->kids[0]->text[0] != '\0')
				blank = 0;
		if (blank) {
			rs_md_free(row);
			return;
		}
	}
	if (cr->table->nkids > RS_MAX_TABLE_ROWS) {
		diag_msg(cr->d, row->pos, MSG(CSV_TOO_MANY_ROWS),
		    RS_MAX_TABLE_ROWS);
		rs_md_free(row);
		cr->failed = 1;
		return;
	}
	XPUSH(cr->table->kids, cr->table->nkids, cr->table->capkids, row);
}

char *
rd_sheet_read(struct reader *r, const char *name, struct pos at,
    const char **file, size_t *len)
{
	char *path = rd_beside(r->rs->path, name), *data = NULL, *why = NULL;

	*file = rd_keep_name(r->rs, path);
	if (file_slurp(path, RS_MAX_FILE, &data, len, &why) != 0) {
		char *w = strstr(why, path) != NULL ?
		    xstrdup(why) :
		    xasprintf("%s: %s", path, why);

		diag_msg(r->d, at, MSG(CSV_NOT_READ), w);
		free(w);
		free(why);
		data = NULL;
	}
	free(path);
	return data;
}

struct rs_md *
rd_csv_table(struct reader *r, const char *name, struct pos at)
{
	struct csv_read cr;
	struct csv_parser p;
	char *data;
	const char *file, *s;
	size_t len = 0, i;
	int err;

	if ((data = rd_sheet_read(r, name, at, &file, &len)) == NULL)
		return NULL;
	s = data;
	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		s += 3;
		len -= 3;
	}
	/* UTF-8, no control characters, as the ruleset's own text. */
	if (text_check(file, s, len, r->d) == -1) {
		free(data);
		return NULL;
	}
	memset(&cr, 0, sizeof(cr));
	cr.file = file;
	cr.d = r->d;
	cr.line = cr.col = 1;
	cr.starting = 1;
	cr.table = xcalloc(1, sizeof(*cr.table));
	cr.table->kind = RS_MD_TABLE;
	cr.table->pos.file = file;
	cr.table->pos.line = 1;
	cr.table->pos.col = 1;
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) !=
	    0) {
		free(data);
		rs_md_free(cr.table);
		return NULL;
	}
	/* A byte at a time, so that each field's line and column are
	 * known: libcsv calls back when a field or row ends. */
	for (i = 0; i < len && !cr.failed; i++) {
		unsigned char c = (unsigned char)s[i];

		if (cr.starting && !(c == '\n' && cr.prev_cr)) {
			cr.sline = cr.line;
			cr.scol = cr.col;
			cr.starting = 0;
		}
		if (csv_parse(&p, s + i, 1, on_field, on_row, &cr) != 1) {
			struct pos bad = { file, cr.line, cr.col };

			diag_msg(r->d, bad, MSG(CSV_BAD_QUOTE));
			cr.failed = 1;
			break;
		}
		cr.prev_cr = c == '\r';
		if (c == '\n') {
			cr.line++;
			cr.col = 1;
		} else if ((c & 0xc0) != 0x80)
			cr.col++;
	}
	if (!cr.failed && (err = csv_fini(&p, on_field, on_row, &cr)) != 0) {
		struct pos bad = { file, cr.sline, cr.scol };

		(void)err;
		diag_msg(r->d, bad, MSG(CSV_QUOTE_NEVER_CLOSES));
		cr.failed = 1;
	}
	csv_free(&p);
	free(data);
	rs_md_free(cr.row);
	if (cr.failed) {
		rs_md_free(cr.table);
		return NULL;
	}
	if (cr.table->nkids == 0) {
		struct pos top = { file, 1, 1 };

		diag_msg(r->d, top, MSG(CSV_EMPTY));
		rs_md_free(cr.table);
		return NULL;
	}
	return cr.table;
}
