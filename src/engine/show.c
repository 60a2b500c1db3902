/*
 * show.c: what the print products and the report learn about a rule
 * family (struct eng_show in engine.h): the tables of exact chances a
 * family adds, the outcomes it tallies, and the description of a ruleset
 * that no family plays (print only). The products read only this; none
 * of them asks which family a ruleset uses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define NBSP "\xc2\xa0"

struct eng_table *
eng_table_add(struct eng_tables *t, const char *title, size_t nrows,
    size_t ncols)
{
	struct eng_table x;
	size_t i;

	memset(&x, 0, sizeof(x));
	x.title = xstrdup(title);
	x.nrows = nrows;
	x.ncols = ncols;
	x.rows = xcalloc(nrows + 1, sizeof(char *));
	x.cols = xcalloc(ncols + 1, sizeof(char *));
	x.cells = xcalloc(nrows * ncols + 1, sizeof(*x.cells));
	for (i = 0; i < nrows * ncols; i++)
		x.cells[i].p = -1;
	XPUSH(t->v, t->n, t->cap, x);
	return &t->v[t->n - 1];
}

void
eng_tables_free(struct eng_tables *t)
{
	size_t i, k;

	for (i = 0; i < t->n; i++) {
		struct eng_table *x = &t->v[i];

		for (k = 0; k < x->nrows; k++)
			free(x->rows[k]);
		for (k = 0; k < x->ncols; k++)
			free(x->cols[k]);
		for (k = 0; k < x->nrows * x->ncols; k++)
			free(x->cells[k].exact);
		free(x->rows);
		free(x->cols);
		free(x->cells);
		free(x->rowcount);
		free(x->title);
		free(x->rowhead);
		free(x->colhead);
		free(x->legend);
		free(x->note);
	}
	free(t->v);
	memset(t, 0, sizeof(*t));
}

void
eng_outcome_add(struct eng_outcomes *o, char *label, long k, long n, double p,
    char *exact)
{
	struct eng_outcome x;

	x.label = label;
	x.k = k;
	x.n = n;
	x.p = p;
	x.exact = exact;
	XPUSH(o->v, o->n, o->cap, x);
}

void
eng_outcomes_free(struct eng_outcomes *o)
{
	size_t i;

	for (i = 0; i < o->n; i++) {
		free(o->v[i].label);
		free(o->v[i].exact);
	}
	free(o->v);
	memset(o, 0, sizeof(*o));
}

char *
eng_len_label(char *buf, size_t sz, double mm, enum unit_of_length u)
{
	len_format_as(buf, sz, mm, u, 1);
	return buf;
}

int
eng_names_width(const struct ruleset *rs, int weapons)
{
	size_t i, n = weapons ? rs->nweapons : rs->nunits, w = 0, k;

	for (i = 0; i < n; i++) {
		k = utf8_chars(
		    weapons ? rs->weapons[i].name : rs->units[i].name);
		if (k > w)
			w = k;
	}
	return (int)w;
}

const char *
eng_situation_words(const struct eng_show *s, const char *key)
{
	const struct eng_words *w;

	for (w = s->situations; w != NULL && w->key != NULL; w++)
		if (strcmp(w->key, key) == 0)
			return w->words;
	return key;
}

/* A family without a show of its own, and an engine name no row has
 * (an error the reader reported), are shown as print only; so is no
 * ruleset (rs NULL: a map drawn without one). */
const struct eng_show *
eng_show_of(const struct ruleset *rs)
{
	const struct eng_family *f = rs != NULL ? eng_family_of(rs) : NULL;

	if (f == NULL || f->show == NULL)
		f = eng_family_find("none");
	return f->show;
}
