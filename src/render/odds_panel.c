/*
 * odds_panel.c: the odds panels of the reference sheet and the unit
 * cards, filled from the engine's exact odds. The engine computes every
 * chance; this glue only picks rows and prints percentages; render/ only
 * lays them out.
 */
#include <stdlib.h>
#include <string.h>

#include "../check/analysis.h"
#include "../engine/engine.h"
#include "render.h"

/* "57%", "<1%", ">99%", "—" for zero: whole percents, locale-free. */
static char *
pct(double p)
{
	long v;

	if (p <= 0.0)
		return xstrdup("\xe2\x80\x94");
	if (p >= 1.0)
		return xstrdup("100%");
	v = (long)(p * 100.0 + 0.5);
	if (v < 1)
		return xstrdup("<1%");
	if (v > 99)
		return xstrdup(">99%");
	return xasprintf("%ld%%", v);
}

static struct rnd_odds *
panel_new(struct rnd_odds_set *set, const char *title, const char *subject,
    size_t ncols)
{
	struct rnd_odds o;

	memset(&o, 0, sizeof(o));
	/* The families' titles are marked N_() where they are written. */
	o.title = xstrdup(_(title));
	o.subject = subject ? xstrdup(subject) : NULL;
	o.ncols = ncols;
	o.cols = xcalloc(ncols ? ncols : 1, sizeof(char *));
	XPUSH(set->v, set->n, set->cap, o);
	return &set->v[set->n - 1];
}

/* Add a row; the panel owns label and cells (ncols strings). */
static void
panel_row(struct rnd_odds *o, char *label, char **cells)
{
	struct rnd_odds_row r;

	r.label = label;
	r.cells = cells;
	XPUSH(o->rows, o->nrows, o->caprows, r);
}

/*
 * The engine's odds indexed once for the panels, so that a panel looks a
 * matchup up instead of searching the whole table: with 256 unit types
 * of four weapons the tables hold a quarter of a million shots and as
 * many melees.
 */
struct oddsix {
	size_t n;                            /* unit types */
	const struct eng_odds_melee **melee; /* [a * n + d] in the situation */
	double *best;    /* [s * n + t]: best chance to hit, -1 for none */
	double *wp;      /* [w * n + t]: chance of weapon w against t */
	char *wfires;    /* [w]: weapon w is in the fire table */
	char *att, *def; /* [u]: fights as attacker, as defender */
};

static void
oddsix_init(struct oddsix *x, const struct ruleset *rs,
    const struct eng_odds *od, const char *sit)
{
	size_t n = rs->nunits, nw = rs->nweapons, i;

	x->n = n;
	x->melee = xcalloc(n * n + 1, sizeof(*x->melee));
	x->best = xcalloc(n * n + 1, sizeof(double));
	x->wp = xcalloc(nw * n + 1, sizeof(double));
	x->wfires = xcalloc(nw + 1, 1);
	x->att = xcalloc(n + 1, 1);
	x->def = xcalloc(n + 1, 1);
	for (i = 0; i < n * n; i++)
		x->best[i] = -1.0;
	for (i = 0; i < od->nfire; i++) {
		const struct eng_odds_fire *f = &od->fire[i];
		double p = eng_q_double(&f->p_hit);

		if (p > x->best[f->shooter * n + f->target])
			x->best[f->shooter * n + f->target] = p;
		x->wp[f->weapon * n + f->target] = p;
		x->wfires[f->weapon] = 1;
	}
	/* The first entry of a matchup, as a search from the start found. */
	for (i = od->nmelee; i-- > 0;) {
		const struct eng_odds_melee *m = &od->melee[i];

		if (sit != NULL && strcmp(m->situation, sit) != 0)
			continue;
		x->melee[m->attacker * n + m->defender] = m;
		x->att[m->attacker] = 1;
		x->def[m->defender] = 1;
	}
}

static void
oddsix_free(struct oddsix *x)
{
	free(x->melee);
	free(x->best);
	free(x->wp);
	free(x->wfires);
	free(x->att);
	free(x->def);
}

/* The melee matchup a → d in the index's situation, or NULL. */
static const struct eng_odds_melee *
melee_find(const struct oddsix *x, int a, int d)
{
	return x->melee[(size_t)a * x->n + (size_t)d];
}

/* Percent without the sign, for wide matrices: "57", "<1", "—". */
static char *
pct_bare(double p)
{
	char *s = pct(p), *q = strchr(s, '%');

	if (q != NULL)
		*q = '\0';
	return s;
}

/* A reference panel with more rows or columns than this shows those
 * that are alike once (README, Limits and hostile input). */
#define PANEL_SHARE_OVER 16

/* The chance attacker a wins against defender d, -1 for none. */
static double
melee_cell(const struct oddsix *x, size_t a, size_t d)
{
	const struct eng_odds_melee *m = melee_find(x, (int)a, (int)d);

	return m == NULL || !m->resolves ? -1 :
	                                   eng_q_double(&m->attacker_wins);
}

/* Returns 1 when unit types u and v fare alike in every melee, as
 * attacker and as defender. */
static int
melee_alike(const struct oddsix *x, size_t u, size_t v)
{
	size_t t;

	if (x->att[u] != x->att[v] || x->def[u] != x->def[v])
		return 0;
	for (t = 0; t < x->n; t++)
		if (melee_cell(x, u, t) != melee_cell(x, v, t) ||
		    melee_cell(x, t, u) != melee_cell(x, t, v))
			return 0;
	return 1;
}

/*
 * Group the unit types that fare alike in melee: lead[u] is the first of
 * u's group, cnt[lead] the group's size. With share 0 every type is a
 * group of its own.
 */
static void
melee_groups(const struct oddsix *x, int share, int *lead, size_t *cnt)
{
	uint64_t *h = xcalloc(x->n + 1, sizeof(uint64_t));
	size_t u, v, t;

	for (u = 0; u < x->n; u++) {
		uint64_t k = 14695981039346656037u;

		for (t = 0; share && t < x->n; t++) {
			double c[2] = { melee_cell(x, u, t),
				melee_cell(x, t, u) };
			const unsigned char *p = (const void *)c;
			size_t b;

			for (b = 0; b < sizeof(c); b++)
				k = (k ^ p[b]) * 1099511628211u;
		}
		h[u] = k;
		lead[u] = (int)u;
		for (v = 0; share && v < u; v++)
			if (lead[v] == (int)v && h[v] == h[u] &&
			    melee_alike(x, u, v)) {
				lead[u] = (int)v;
				break;
			}
		cnt[lead[u]]++;
	}
	free(h);
}

/* A unit type's name, with "(+N alike)" for a group of N + 1. */
static char *
group_name(const struct ruleset *rs, int u, size_t n)
{
	return n > 1 ?
	    xasprintf(_("%s (+%zu alike)"), rs->units[u].name, n - 1) :
	    xstrdup(rs->units[u].name);
}

/*
 * The reference sheet's melee matrix: attacker rows × defender columns.
 * With many unit types the columns are numbered (the number stands
 * before each row's name) and the cells are bare percentages, so that the
 * matrix stays one line a row. Past PANEL_SHARE_OVER types, those that
 * fare alike in every melee are one row and one column. num[u] (may be
 * NULL) gets the number of unit type u's column, 0 for none.
 */
/*
 * A matrix's titles, as it names its columns and as it numbers them (the
 * wide layout: bare percentages, the number before each row's name), in
 * the words of the matrix's cells (N_() msgids).
 */
static const struct {
	const char *named, *numbered;
} titles[] = {
	{ N_("Melee: chance the attacker wins (row attacks column)"),
	    /* xgettext:no-c-format */
	    N_("Melee: % chance the attacker (row) wins against the "
	       "defender (column number)") },
	{ N_("Melee: chance the attacker wins a round (row attacks "
	     "column)"),
	    /* xgettext:no-c-format */
	    N_("Melee: % chance the attacker (row) wins a round "
	       "against the defender (column number)") },
	{ N_("Melee: chance the attacker wins one opposed roll (row attacks "
	     "column)"),
	    /* xgettext:no-c-format */
	    N_("Melee: % chance the attacker (row) wins one opposed roll "
	       "against the defender (column number)") },
	{ N_("Shooting: chance one attack wounds (row shoots column)"),
	    /* xgettext:no-c-format */
	    N_("Shooting: % chance one attack wounds (row "
	       "shoots column; units numbered as in the melee table)") },
	{ N_("Melee: chance the attacker (row) beats the defender (column) "
	     "by double in one fight"),
	    /* xgettext:no-c-format */
	    N_("Melee: % chance the attacker (row) beats "
	       "the defender (column number) by double in one fight") },
};

/* The title of a matrix that numbers its columns, from its title (a
 * msgid, or its translation): NULL when the panel has no numbered
 * wording of it (the matrix keeps its names). */
static const char *
title_numbered(const char *title)
{
	size_t i;

	for (i = 0; i < sizeof(titles) / sizeof(titles[0]); i++)
		if (strcmp(title, titles[i].named) == 0 ||
		    strcmp(title, _(titles[i].named)) == 0)
			return titles[i].numbered;
	return NULL;
}

/* The melee matrix's title: the family's for this ruleset (its
 * melee_of_rs title), else the family's, or what its cells are (the
 * attacker's chance to win) for a family that gives none; wide, as it
 * numbers its columns (its own words when it has no other). */
static const char *
melee_title(const struct ruleset *rs, const struct eng_show *sh, int wide)
{
	struct eng_chances_of m = sh->melee_of;
	const char *t;

	m.title = NULL;
	if (sh->melee_of_rs != NULL)
		sh->melee_of_rs(rs, &m);
	t = m.title != NULL ? m.title :
	    sh->melee_title != NULL ?
	                      sh->melee_title :
	                      N_("Melee: chance the attacker wins (row "
	                         "attacks column)");

	if (wide && title_numbered(t) != NULL)
		return title_numbered(t);
	return t;
}

static void
melee_matrix(const struct ruleset *rs, const struct eng_show *sh,
    const struct oddsix *x, struct rnd_odds_set *set, int *num)
{
	int a, d, nd = 0, na = 0, *defs = xcalloc(rs->nunits + 1, sizeof(int));
	int *lead = xcalloc(rs->nunits + 1, sizeof(int)), wide;
	size_t *cnt = xcalloc(rs->nunits + 1, sizeof(size_t));
	struct rnd_odds *o;

	for (d = 0; d < (int)rs->nunits; d++) {
		nd += x->def[d];
		na += x->att[d];
	}
	melee_groups(x, nd > PANEL_SHARE_OVER || na > PANEL_SHARE_OVER, lead,
	    cnt);
	nd = 0;
	for (d = 0; d < (int)rs->nunits; d++)
		if (x->def[d] && lead[d] == d)
			defs[nd++] = d;
	if (nd == 0)
		goto out;
	wide = nd > 6;
	o = panel_new(set, melee_title(rs, sh, wide), NULL, (size_t)nd);
	for (d = 0; d < nd; d++) {
		o->cols[d] = wide ? xasprintf("%d", d + 1) :
		                    group_name(rs, defs[d], cnt[defs[d]]);
		if (wide && num != NULL && cnt[defs[d]] == 1)
			num[defs[d]] = d + 1;
	}
	for (a = 0; a < (int)rs->nunits; a++) {
		char **cells, *name;
		int col = 0;

		if (!x->att[a] || lead[a] != a)
			continue;
		cells = xcalloc((size_t)nd, sizeof(char *));
		for (d = 0; d < nd; d++) {
			const struct eng_odds_melee *m = melee_find(x, a,
			    defs[d]);

			if (defs[d] == a)
				col = d + 1;
			cells[d] = m == NULL || !m->resolves ? xstrdup("n/a") :
			    wide ? pct_bare(eng_q_double(&m->attacker_wins)) :
			           pct(eng_q_double(&m->attacker_wins));
		}
		name = group_name(rs, a, cnt[a]);
		panel_row(o,
		    wide && col ? xasprintf("%d  %s", col, name) :
		                  xstrdup(name),
		    cells);
		free(name);
	}
out:
	free(defs);
	free(lead);
	free(cnt);
}

/* Returns 1 when rows i and j of o have the same cells. */
static int
rows_alike(const struct rnd_odds *o, size_t i, size_t j)
{
	size_t k;

	for (k = 0; k < o->ncols; k++)
		if (strcmp(o->rows[i].cells[k], o->rows[j].cells[k]) != 0)
			return 0;
	return 1;
}

/* Returns 1 when columns i and j of o have the same cells. */
static int
cols_alike(const struct rnd_odds *o, size_t i, size_t j)
{
	size_t r;

	for (r = 0; r < o->nrows; r++)
		if (strcmp(o->rows[r].cells[i], o->rows[r].cells[j]) != 0)
			return 0;
	return 1;
}

/*
 * A reference panel with more than PANEL_SHARE_OVER rows or columns
 * shows the rows, then the columns, whose cells are all alike once,
 * "NAME (+N alike)" after the first one's name.
 */
static void
panel_share(struct rnd_odds *o)
{
	size_t *cnt, n = 0, i, j, k;
	char *t;

	if (o->nrows <= PANEL_SHARE_OVER && o->ncols <= PANEL_SHARE_OVER)
		return;
	cnt = xcalloc(o->nrows + o->ncols + 1, sizeof(size_t));
	/* Rows: the first n are kept, in order. */
	for (i = 0; i < o->nrows; i++) {
		for (j = 0; j < n && !rows_alike(o, j, i); j++)
			;
		if (j == n) {
			o->rows[n] = o->rows[i];
			cnt[n++] = 1;
			continue;
		}
		cnt[j]++;
		free(o->rows[i].label);
		for (k = 0; k < o->ncols; k++)
			free(o->rows[i].cells[k]);
		free(o->rows[i].cells);
	}
	o->nrows = n;
	for (j = 0; j < n; j++)
		if (cnt[j] > 1) {
			t = xasprintf(_("%s (+%zu alike)"), o->rows[j].label,
			    cnt[j] - 1);
			free(o->rows[j].label);
			o->rows[j].label = t;
		}
	/* Columns, the same way. */
	n = 0;
	for (i = 0; i < o->ncols; i++) {
		for (j = 0; j < n && !cols_alike(o, j, i); j++)
			;
		if (j == n) {
			o->cols[n] = o->cols[i];
			for (k = 0; k < o->nrows; k++)
				o->rows[k].cells[n] = o->rows[k].cells[i];
			cnt[n++] = 1;
			continue;
		}
		cnt[j]++;
		free(o->cols[i]);
		for (k = 0; k < o->nrows; k++)
			free(o->rows[k].cells[i]);
	}
	o->ncols = n;
	for (j = 0; j < n; j++)
		if (cnt[j] > 1) {
			t = xasprintf(_("%s (+%zu alike)"), o->cols[j],
			    cnt[j] - 1);
			free(o->cols[j]);
			o->cols[j] = t;
		}
	free(cnt);
}

/*
 * Chance to hit per weapon (rows) and target unit (columns), when the
 * family's sheet shows it. num (may be NULL): each unit type's number
 * in the wide melee matrix; with more than six targets, all numbered,
 * and a numbered title for its own (title_numbered()), the columns are those
 * numbers and the cells bare percentages, as in that matrix: seven
 * names across a column of the sheet break inside words. Returns 1
 * numbered, 0 named, -1 no matrix.
 */
static int
fire_matrix(const struct ruleset *rs, const struct eng_show *sh,
    const struct eng_odds *od, const struct oddsix *x, const int *num,
    struct rnd_odds_set *set)
{
	struct rnd_odds *o;
	size_t w, t;
	int wide;

	if (od->nfire == 0 || sh->fire_title == NULL)
		return -1;
	wide = num != NULL && title_numbered(sh->fire_title) != NULL &&
	    rs->nunits > 6;
	for (t = 0; wide && t < rs->nunits; t++)
		wide = num[t] > 0;
	o = panel_new(set,
	    wide ? title_numbered(sh->fire_title) : sh->fire_title, NULL,
	    rs->nunits);
	for (t = 0; t < rs->nunits; t++)
		o->cols[t] = wide ? xasprintf("%d", num[t]) :
		                    xstrdup(rs->units[t].name);
	for (w = 0; w < rs->nweapons; w++) {
		char **cells;

		if (!x->wfires[w])
			continue;
		cells = xcalloc(rs->nunits, sizeof(char *));
		for (t = 0; t < rs->nunits; t++)
			cells[t] = wide ? pct_bare(x->wp[w * x->n + t]) :
			                  pct(x->wp[w * x->n + t]);
		panel_row(o, xstrdup(rs->weapons[w].name), cells);
	}
	panel_share(o);
	return wide;
}

/* The family's own tables of exact chances, as percentages. */
static void
family_tables(const struct eng_ctx *ctx, const struct eng_show *sh,
    struct rnd_odds_set *set)
{
	struct eng_tables t = { 0 };
	size_t i, r, c;

	if (sh->tables == NULL)
		return;
	sh->tables(ctx, ENG_TABLES_SHEET, &t);
	for (i = 0; i < t.n; i++) {
		const struct eng_table *e = &t.v[i];
		int wide = title_numbered(e->title) != NULL && e->ncols > 6 &&
		    e->nrows == e->ncols;
		struct rnd_odds *o;

		/* Numbered as the melee matrix: rows and columns the same. */
		for (c = 0; wide && c < e->ncols; c++)
			wide = strcmp(e->rows[c], e->cols[c]) == 0;
		o = panel_new(set, wide ? title_numbered(e->title) : e->title,
		    NULL, e->ncols);
		for (c = 0; c < e->ncols; c++)
			o->cols[c] = wide ? xasprintf("%zu", c + 1) :
			                    xstrdup(e->cols[c]);
		for (r = 0; r < e->nrows; r++) {
			char **cells = xcalloc(e->ncols + 1, sizeof(char *));

			for (c = 0; c < e->ncols; c++)
				cells[c] = wide ?
				    pct_bare(e->cells[r * e->ncols + c].p) :
				    pct(e->cells[r * e->ncols + c].p);
			panel_row(o,
			    wide ? xasprintf("%zu  %s", r + 1, e->rows[r]) :
			           xstrdup(e->rows[r]),
			    cells);
		}
		panel_share(o);
	}
	eng_tables_free(&t);
}

/* The most enemy types a card's odds panel lists: a poker card has room
 * for about that many rows (README, Limits and hostile input). */
#define CARD_MAX_ROWS 13

/* The columns of a unit card's odds panel, against each enemy type. */
enum card_col {
	CARD_SHOT,      /* best chance of one shot (odds' p_hit) */
	CARD_ATTACKING, /* chance to win a melee attacking it */
	CARD_DEFENDING, /* chance to win a melee it attacks */
	CARD_ROUND,     /* chance to win a round, whoever charged */
};

/* The heading of each kind of card column, where the family does not
 * say its chance in a few words (eng_chances_of.head). */
static const char *const card_heads[] = {
	[CARD_SHOT] = N_("shot kills"),
	[CARD_ATTACKING] = N_("attacking"),
	[CARD_DEFENDING] = N_("defending"),
	[CARD_ROUND] = N_("wins a round"),
};

/* The heading of an attacking and a defending column that say the same
 * in every row: one column for both. */
#define CARD_EITHER_HEAD N_("wins a melee")

/*
 * A card's attacking and defending columns, when equal in every row (a
 * melee where it does not matter who charged, as Modern's in the open),
 * as one: two columns of the same numbers only look like a difference.
 */
static void
card_merge(const enum card_col *card, int ncard, struct rnd_odds *o)
{
	int a = -1, d = -1, c;
	size_t j, k;

	for (c = 0; c < ncard; c++) {
		if (card[c] == CARD_ATTACKING)
			a = c;
		else if (card[c] == CARD_DEFENDING)
			d = c;
	}
	if (a < 0 || d < 0 || o->nrows == 0)
		return;
	for (j = 0; j < o->nrows; j++)
		if (strcmp(o->rows[j].cells[a], o->rows[j].cells[d]) != 0)
			return;
	free(o->cols[a]);
	o->cols[a] = xstrdup(_(CARD_EITHER_HEAD));
	free(o->cols[d]);
	for (k = (size_t)d; k + 1 < o->ncols; k++)
		o->cols[k] = o->cols[k + 1];
	for (j = 0; j < o->nrows; j++) {
		char **cl = o->rows[j].cells;

		free(cl[d]);
		for (k = (size_t)d; k + 1 < o->ncols; k++)
			cl[k] = cl[k + 1];
	}
	o->ncols--;
}

/*
 * The columns of a card, from what the family's chances are: a shot
 * when it shows fire chances (eng_show.fire_title), and one melee
 * column whoever charged when that changes nothing
 * (eng_show.melee_either_way), else attacking and defending. Returns
 * how many.
 */
static int
card_cols(const struct eng_show *sh, enum card_col *card)
{
	int n = 0;

	if (sh->fire_title != NULL)
		card[n++] = CARD_SHOT;
	if (sh->melee_either_way)
		card[n++] = CARD_ROUND;
	else {
		card[n++] = CARD_ATTACKING;
		card[n++] = CARD_DEFENDING;
	}
	return n;
}

/* A card column's heading: the family's chance in a few words, or the
 * words of the column's kind. */
static const char *
card_head(const struct ruleset *rs, const struct eng_show *sh, enum card_col c)
{
	struct eng_chances_of m = sh->melee_of;

	if (sh->melee_of_rs != NULL)
		sh->melee_of_rs(rs, &m);
	if (c == CARD_SHOT && sh->fire_of.head != NULL)
		return sh->fire_of.head;
	if (c == CARD_ROUND && m.head != NULL)
		return m.head;
	return card_heads[c];
}

/*
 * One card's panel: this unit against each enemy type, in the columns
 * card_cols() gives: a shot's chance (to destroy it, or
 * what the family's fire odds are of, in its own heading), the
 * chance to win a melee attacking it or defending against it, or to win
 * one round of melee whoever charged. Rows where nothing can happen are
 * left out. With more enemy types than CARD_MAX_ROWS, those of the
 * default battle come first and the title says how many are listed.
 */
static void
card_panel(const struct ruleset *rs, const struct eng_show *sh,
    const struct oddsix *x, int u, const char *in_battle,
    struct rnd_odds_set *set)
{
	static const char *const dash = "\xe2\x80\x94";
	enum card_col card[3];
	int ncard = card_cols(sh, card), shots = 0, c, pass;
	int *rows = xcalloc(rs->nunits + 1, sizeof(int));
	size_t i, t, n = 0, nc = (size_t)ncard;
	struct rnd_odds *o;
	char *title = NULL;

	for (c = 0; c < ncard; c++)
		shots |= card[c] == CARD_SHOT;
	for (t = 0; t < rs->nunits; t++) {
		const struct eng_odds_melee *ma = melee_find(x, u, (int)t),
		                            *md = melee_find(x, (int)t, u);

		if ((ma != NULL && ma->resolves) ||
		    (md != NULL && md->resolves) ||
		    (shots && x->best[(size_t)u * x->n + t] > 0))
			rows[n++] = (int)t;
	}
	if (n > CARD_MAX_ROWS) {
		int *v = xcalloc(n, sizeof(int));
		size_t m = 0;

		for (pass = 1; pass >= 0; pass--)
			for (i = 0; i < n; i++)
				if (!in_battle[rows[i]] == !pass)
					v[m++] = rows[i];
		memcpy(rows, v, n * sizeof(int));
		free(v);
		title = xasprintf(_("Odds against %d of %zu"), CARD_MAX_ROWS,
		    n);
	}
	/* The title heads the column of enemy names: short, so that it
	 * takes no more lines than the other headings. */
	o = panel_new(set, title ? title : _("Odds against"),
	    rs->units[u].name, nc);
	free(title);
	for (c = 0; c < ncard; c++)
		o->cols[c] = xstrdup(_(card_head(rs, sh, card[c])));
	for (i = 0; i < n && i < CARD_MAX_ROWS; i++) {
		const struct eng_odds_melee *ma, *md;
		char **cells = xcalloc(nc, sizeof(char *));
		int oka, okd;
		double p;

		t = (size_t)rows[i];
		ma = melee_find(x, u, (int)t);
		md = melee_find(x, (int)t, u);
		oka = ma != NULL && ma->resolves;
		okd = md != NULL && md->resolves;
		for (c = 0; c < ncard; c++)
			switch (card[c]) {
			case CARD_SHOT:
				p = x->best[(size_t)u * x->n + t];
				cells[c] = p < 0 ? xstrdup(dash) : pct(p);
				break;
			case CARD_ATTACKING:
				cells[c] = oka ?
				    pct(eng_q_double(&ma->attacker_wins)) :
				    xstrdup(dash);
				break;
			case CARD_DEFENDING:
				cells[c] = okd ?
				    pct(eng_q_double(&md->defender_wins)) :
				    xstrdup(dash);
				break;
			case CARD_ROUND:
				/* Either way round, when there is a melee: a
				 * row may be there for its shot alone (no
				 * melee odds: melee by accumulated hits). */
				cells[c] = oka ?
				    pct(eng_q_double(&ma->attacker_wins)) :
				    okd ?
				    pct(eng_q_double(&md->defender_wins)) :
				    xstrdup(dash);
				break;
			}
		panel_row(o, xstrdup(rs->units[t].name), cells);
	}
	free(rows);
	card_merge(card, ncard, o);
}

int
rnd_odds_panels(struct analysis *a, int cards, struct rnd_odds_set *set)
{
	const struct ruleset *rs = a->rs;
	const struct eng_ctx *ctx = a->ctx;
	const struct eng_odds *odp;
	const struct eng_show *sh;
	struct oddsix x;
	size_t u;

	memset(set, 0, sizeof(*set));
	if (ctx == NULL || ctx->fam->show == NULL ||
	    (odp = ana_odds(a)) == NULL)
		return -1;
	sh = ctx->fam->show;
	oddsix_init(&x, rs, odp, sh->situation);
	if (cards) {
		char *in_battle = xcalloc(rs->nunits + 1, 1);

		for (u = 0; u < rs->nforces; u++)
			if (rs->forces[u].unit >= 0 &&
			    (size_t)rs->forces[u].unit < rs->nunits)
				in_battle[rs->forces[u].unit] = 1;
		for (u = 0; u < rs->nunits; u++)
			card_panel(rs, sh, &x, (int)u, in_battle, set);
		free(in_battle);
	} else {
		int *num = xcalloc(rs->nunits + 1, sizeof(int));
		struct rnd_odds o;

		/* Fire first, then melee; but a fire matrix numbered as the
		 * melee matrix comes after it, whose rows give the numbers. */
		melee_matrix(rs, sh, &x, set, num);
		if (fire_matrix(rs, sh, odp, &x, num, set) == 0 &&
		    set->n == 2) {
			o = set->v[0];
			set->v[0] = set->v[1];
			set->v[1] = o;
		}
		free(num);
		family_tables(ctx, sh, set);
	}
	oddsix_free(&x);
	return 0;
}

int
rnd_sheet_write(struct analysis *a, const char *path, const struct rnd_opts *o,
    int cards, struct diags *d)
{
	const struct ruleset *rs = a->rs;
	struct rnd_opts with = *o;
	struct rnd_odds_set odds;
	int rc;

	/* The engine's exact odds, when it plays this ruleset. */
	if (with.odds == NULL && rnd_odds_panels(a, cards, &odds) == 0)
		with.odds = &odds;
	else
		memset(&odds, 0, sizeof(odds));
	rc = cards ? rnd_cards(rs, path, &with, d) :
	             rnd_reference(rs, path, &with, d);
	rnd_odds_set_free(&odds);
	return rc;
}
