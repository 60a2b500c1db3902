/*
 * report/product.c: the validation report made from the results of the
 * check pipeline (test games, self-play, findings): they are turned into
 * the plain struct rnd_report (figures, intervals, tables) that
 * report.c only draws. The command (src/cli/cmd_report.c) runs the
 * pipeline; `check --report` writes the report this way too.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "../../check/analysis.h"
#include "../../check/check.h"
#include "../product.h"
#include "../render.h"
#include "report.h"

/* Its row, command and entry point for build (products.c). */
PRODUCT_OF(report);

/* Add a win-rate row of k in n with its interval. */
static void
add_rate(struct rnd_report *r, const char *label, long k, long n)
{
	double lo, hi;

	wilson95(n > 0 ? (double)k / (double)n : 0, n, &lo, &hi);
	rnd_report_rate(r, label, k, n, n > 0 ? (double)k / (double)n : 0, lo,
	    hi);
}

/* Add a fact whose value is a whole number. */
static void
fact_long(struct rnd_report *r, const char *label, long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", v);
	rnd_report_fact(r, label, buf);
}

/* A JSON real as text with up to 4 decimals, as `play --json` has it. */
static void
fmt_json_real(char *buf, size_t sz, const json_t *v)
{
	fmt_double(buf, sz, json_is_number(v) ? json_number_value(v) : 0, 4);
}

/*
 * The self-play figures: the numbers `play --json` prints (the same JSON
 * object is read, so the report and the JSON can never disagree), and
 * the win rates with their intervals.
 */
static void
fill_selfplay(struct rnd_report *r, const struct ruleset *rs,
    const struct chk_result *res)
{
	const struct eng_stats *st = &res->st;
	json_t *j = chk_stats_json(rs, res), *t = json_object_get(j, "turns");
	char a[32], b[32], c[96], *one, *two;

	fact_long(r, _("games (greedy against greedy, mirrored forces)"),
	    st->games);
	fact_long(r, _("blue wins"), st->wins[0]);
	fact_long(r, _("red wins"), st->wins[1]);
	fact_long(r, _("draws"), st->draws);
	fact_long(r, _("games that reached the turn limit"), st->timeouts);
	fact_long(r, _("first player wins"), st->first_player_wins);
	fmt_json_real(a, sizeof(a), json_object_get(j, "balance"));
	fmt_double(b, sizeof(b),
	    json_number_value(json_object_get(j, "balance")) * 100, 2);
	snprintf(c, sizeof(c), "%s (%s%%)", a, b);
	rnd_report_fact(r, _("balance (blue's share of decided games)"), c);
	fmt_json_real(a, sizeof(a), json_object_get(t, "mean"));
	fmt_json_real(b, sizeof(b), json_object_get(t, "sd"));
	snprintf(c, sizeof(c), "%s / %s / %ld", a, b, st->turns_max);
	rnd_report_fact(r, _("game turns: mean / sd / max"), c);
	snprintf(c, sizeof(c), _("%ld of %ld"), st->greedy_wins,
	    st->greedy_games);
	rnd_report_fact(r, _("greedy player beat the random one"), c);
	one = xasprintf(P_("%ld game: mean %s turns, sd %s turns, longest %ld "
	                   "turns;",
	                    "%ld games: mean %s turns, sd %s turns, longest "
	                    "%ld turns;",
	                    st->games),
	    st->games, a, b, st->turns_max);
	two = xasprintf(P_("%ld reached the turn limit of %d turn.",
	                    "%ld reached the turn limit of %d turns.",
	                    res->ctx->turn_limit),
	    st->timeouts, res->ctx->turn_limit);
	r->length.note = xasprintf("%s %s", one, two);
	free(one);
	free(two);
	json_decref(j);

	add_rate(r, _("Blue wins (mirror battle)"), st->wins[0], st->games);
	add_rate(r, _("Red wins (mirror battle)"), st->wins[1], st->games);
	add_rate(r, _("First player wins"), st->first_player_wins, st->games);
	add_rate(r, _("Greedy beats random"), st->greedy_wins,
	    st->greedy_games);
}

/* Self-play's outcomes against the exact odds (check/agree.c). */
static void
fill_agree(struct rnd_report *r, const struct eng_ctx *c,
    const struct eng_stats *st)
{
	struct chk_agree *v;
	size_t n = chk_agree(c, st, &v), i, out = 0, found = 0;
	char pa[32], *how, *verdict, *one = NULL, *two = NULL, *outs = NULL,
	                             *finds = NULL, **to, *t;

	/* A point outside its plain whiskers or disagreeing is marked on
	 * its row (short, so that the chart keeps its width in any
	 * language) and named with its Holm p in the note. */
	for (i = 0; i < n; i++) {
		rnd_report_agree(r, v[i].label, v[i].k, v[i].n, v[i].rate,
		    v[i].lo, v[i].hi, v[i].p, v[i].exact);
		if (!v[i].finding && !v[i].outside)
			continue;
		rnd_report_agree_test(r, "*");
		if (v[i].padj < 0.001)
			snprintf(pa, sizeof(pa), "< 0.001");
		else
			fmt_double(pa, sizeof(pa), v[i].padj, 3);
		to = v[i].finding ? &finds : &outs;
		t = xasprintf(_("%s%s%s (Holm p %s)"), *to != NULL ? *to : "",
		    *to != NULL ? "; " : "", v[i].label, pa);
		free(*to);
		*to = t;
		found += v[i].finding;
		out += !v[i].finding;
	}
	if (n == 0)
		goto done;
	how =
	    xasprintf(P_("The %zu point is tested against its exact chance "
	                 "(two-sided exact binomial test) with Holm's "
	                 "correction for %zu comparison: it is a finding "
	                 "when its Holm-adjusted p is below 0.001.",
	                  "Each of the %zu points is tested against its "
	                  "exact chance (two-sided exact binomial test) with "
	                  "Holm's correction for %zu comparisons: a point is "
	                  "a finding when its Holm-adjusted p is below 0.001.",
	                  n),
	        n, n);
	if (found > 0)
		one =
		    xasprintf(P_("%zu point (*) disagrees and is listed among "
		                 "the findings: %s.",
		                  "%zu points (*) disagree and are listed "
		                  "among the findings: %s.",
		                  found),
		        found, finds);
	if (out > 0)
		two = xasprintf(
		    P_("%zu point (*) lies outside its plain 95%% whiskers and "
		       "is not a finding: %s. About one in twenty of the %zu "
		       "points falls outside by chance, and its Holm-adjusted "
		       "p is not below 0.001.",
		        "%zu points (*) lie outside their plain 95%% whiskers "
		        "and are not findings: %s. About one in twenty of the "
		        "%zu points falls outside by chance, and no "
		        "Holm-adjusted p of theirs is below 0.001.",
		        out),
		    out, outs, n);
	if (one == NULL && two == NULL)
		verdict = xstrdup(_("Every exact chance is within its "
		                    "whiskers: no finding."));
	else
		verdict = xasprintf("%s%s%s", one != NULL ? one : "",
		    one != NULL && two != NULL ? " " : "",
		    two != NULL ? two : "");
	r->agree_test = xasprintf("%s %s", how, verdict);
	free(how);
	free(verdict);
done:
	free(one);
	free(two);
	free(outs);
	free(finds);
	chk_agree_free(v, n);
}

/* Game length and each unit type's survivors, as self-play counted
 * them (the main series). */
static void
fill_games(struct rnd_report *r, const struct ruleset *rs,
    const struct eng_stats *st)
{
	size_t k, last = 0;
	long kills = 0;

	for (k = 1; k < ENG_TURNS_HIST; k++)
		if (st->turns_hist[k] > 0)
			last = k;
	if (last > 0) {
		r->length.first = 1;
		r->length.n = last;
		r->length.count = xcalloc(last, sizeof(long));
		for (k = 1; k <= last; k++)
			r->length.count[k - 1] = st->turns_hist[k];
		r->length.xlabel = xstrdup(
		    _("game turns until the battle ended"));
		r->length.ylabel = xstrdup(_("games"));
	}
	/* A family that credits no kills (morale: units rout and disperse
	 * under many hands) leaves them unknown rather than zero. */
	for (k = 0; k < rs->nunits && k < RS_MAX_UNITS; k++)
		kills += st->kills[k];
	for (k = 0; k < rs->nunits && k < RS_MAX_UNITS; k++)
		if (st->fielded[k] > 0)
			rnd_report_unit(r, rs->units[k].name, st->fielded[k],
			    st->survived[k], kills > 0 ? st->kills[k] : -1);
}

/* Index of name in names[0..n), appending it when absent. */
static size_t
name_index(const char **names, size_t *n, const char *name)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	names[*n] = name;
	return (*n)++;
}

/* The row of key k (< nkeys) in ix[], numbered in the order first seen;
 * ix[] starts all -1. Returns the row. */
static size_t
key_index(long *ix, size_t *n, size_t k)
{
	if (ix[k] < 0)
		ix[k] = (long)(*n)++;
	return (size_t)ix[k];
}

/* Returns a new array of n longs, all -1. */
static long *
index_new(size_t n)
{
	long *ix = xcalloc(n + 1, sizeof(long));
	size_t i;

	for (i = 0; i <= n; i++)
		ix[i] = -1;
	return ix;
}

/* One heat map of melee odds for a situation: attacker x defender,
 * P(only the defender is removed), the exact fraction under it. */
static void
melee_map(struct rnd_report *r, const struct ruleset *rs,
    const struct eng_show *sh, const struct eng_odds *od, const char *sit)
{
	long *ri = index_new(rs->nunits), *ci = index_new(rs->nunits);
	size_t nr = 0, nc = 0, i, never = 0;
	struct rnd_matrix *m;
	const char *note;
	char *title;

	/* Units in the order of the ruleset, those that fight at all. */
	for (i = 0; i < od->nmelee; i++)
		if (strcmp(od->melee[i].situation, sit) == 0) {
			key_index(ri, &nr, (size_t)od->melee[i].attacker);
			key_index(ci, &nc, (size_t)od->melee[i].defender);
		}
	title = xasprintf(_("Melee odds: %s"), eng_situation_words(sh, sit));
	m = rnd_report_matrix(r, title, nr, nc);
	free(title);
	m->rowhead = xstrdup(_("attacker"));
	m->colhead = xstrdup(_("defender"));
	/* A family that gives no legend: what attacker_wins means. */
	m->legend = xstrdup(sh->melee_of.legend != NULL ?
	        _(sh->melee_of.legend) :
	        _("chance the attacker wins (only the defender is removed)"));
	m->text = xcalloc(nr * nc + 1, sizeof(char *));
	for (i = 0; i < rs->nunits; i++) {
		if (ri[i] >= 0)
			m->rows[ri[i]] = xstrdup(rs->units[i].name);
		if (ci[i] >= 0)
			m->cols[ci[i]] = xstrdup(rs->units[i].name);
	}
	for (i = 0; i < od->nmelee; i++) {
		const struct eng_odds_melee *e = &od->melee[i];
		size_t a, d;

		if (strcmp(e->situation, sit) != 0)
			continue;
		a = (size_t)ri[e->attacker];
		d = (size_t)ci[e->defender];
		if (!e->resolves) {
			never++;
			continue;
		}
		m->v[a * nc + d] = eng_q_double(&e->attacker_wins);
		free(m->text[a * nc + d]);
		m->text[a * nc + d] = eng_q_str(&e->attacker_wins);
	}
	note = sh->melee_of.note != NULL ? _(sh->melee_of.note) : NULL;
	m->note = xasprintf("%s%s%s%s%s", note != NULL ? note : "",
	    note != NULL && never ? " " : "",
	    never ?
	        _("Cells marked n/a are melees that can never be decided.") :
	        "",
	    note != NULL || never ? " " : "",
	    _("The command sandtable odds prints each as an exact fraction."));
	free(ri);
	free(ci);
}

/* One heat map of the chance to hit (or what the family's fire chance
 * is of, in its words): shooter and weapon x target. */
static void
fire_map(struct rnd_report *r, const struct ruleset *rs,
    const struct eng_show *sh, const struct eng_odds *od)
{
	size_t nw = rs->nweapons, nr = 0, nc = 0, i;
	long *ri = index_new(rs->nunits * nw), *ci = index_new(rs->nunits);
	struct rnd_matrix *m;

	for (i = 0; i < od->nfire; i++) {
		const struct eng_odds_fire *f = &od->fire[i];

		key_index(ri, &nr,
		    (size_t)f->shooter * nw + (size_t)f->weapon);
		key_index(ci, &nc, (size_t)f->target);
	}
	m = rnd_report_matrix(r,
	    sh->fire_of.title != NULL ?
	        _(sh->fire_of.title) :
	        _("Fire: chance of a hit with one shot"),
	    nr, nc);
	m->rowhead = xstrdup(_("shooter: weapon"));
	m->colhead = xstrdup(_("target"));
	m->legend = xstrdup(sh->fire_of.legend != NULL ?
	        _(sh->fire_of.legend) :
	        _("chance to hit"));
	m->text = xcalloc(nr * nc + 1, sizeof(char *));
	for (i = 0; i < rs->nunits * nw; i++)
		if (ri[i] >= 0)
			m->rows[ri[i]] = xasprintf("%s: %s",
			    rs->units[i / nw].name, rs->weapons[i % nw].name);
	for (i = 0; i < rs->nunits; i++)
		if (ci[i] >= 0)
			m->cols[ci[i]] = xstrdup(rs->units[i].name);
	for (i = 0; i < od->nfire; i++) {
		const struct eng_odds_fire *f = &od->fire[i];
		size_t a = (size_t)
		           ri[(size_t)f->shooter * nw + (size_t)f->weapon],
		       d = (size_t)ci[f->target];

		m->v[a * nc + d] = eng_q_double(&f->p_hit);
		free(m->text[a * nc + d]);
		m->text[a * nc + d] = eng_q_str(&f->p_hit);
	}
	m->note = xstrdup(sh->fire_of.note != NULL ?
	        _(sh->fire_of.note) :
	        _("Exact odds of one shot at a target in range and sight; 0 where "
	          "the weapon cannot harm that class of unit."));
	free(ri);
	free(ci);
}

/* The family's own tables of exact chances as heat maps. */
static void
table_maps(struct rnd_report *r, const struct eng_ctx *c)
{
	const struct eng_show *sh = c->fam->show;
	struct eng_tables t = { 0 };
	struct rnd_matrix *m;
	size_t i, k;

	sh->tables(c, ENG_TABLES_REPORT, &t);
	for (i = 0; i < t.n; i++) {
		const struct eng_table *e = &t.v[i];

		m = rnd_report_matrix(r, e->title, e->nrows, e->ncols);
		m->rowhead = e->rowhead ? xstrdup(e->rowhead) : NULL;
		m->colhead = e->colhead ? xstrdup(e->colhead) : NULL;
		m->legend = e->legend ? xstrdup(e->legend) : NULL;
		m->note = e->note ? xstrdup(e->note) : NULL;
		m->text = xcalloc(e->nrows * e->ncols + 1, sizeof(char *));
		for (k = 0; k < e->nrows; k++)
			m->rows[k] = xstrdup(e->rows[k]);
		if (e->rowcount != NULL) {
			m->rowcount = xcalloc(e->nrows + 1, sizeof(size_t));
			memcpy(m->rowcount, e->rowcount,
			    e->nrows * sizeof(size_t));
		}
		for (k = 0; k < e->ncols; k++)
			m->cols[k] = xstrdup(e->cols[k]);
		for (k = 0; k < e->nrows * e->ncols; k++)
			if (e->cells[k].p >= 0) {
				m->v[k] = e->cells[k].p;
				m->text[k] = e->cells[k].exact ?
				    xstrdup(e->cells[k].exact) :
				    NULL;
			}
	}
	eng_tables_free(&t);
}

/* A heat map with more rows or columns than this shares those that are
 * alike (README, Limits and hostile input). */
#define MAP_SHARE_OVER ENG_TABLE_SHARE_OVER

/* Returns 1 when the n cells from a and from b, step apart, are alike. */
static int
cells_alike(const struct rnd_matrix *m, size_t a, size_t b, size_t n,
    size_t step)
{
	size_t i;

	for (i = 0; i < n; i++) {
		size_t x = a + i * step, y = b + i * step;
		const char *s = m->text ? m->text[x] : NULL,
		           *t = m->text ? m->text[y] : NULL;

		if (m->v[x] != m->v[y] || (s == NULL) != (t == NULL) ||
		    (s != NULL && strcmp(s, t) != 0))
			return 0;
	}
	return 1;
}

/* The rows row i of m stands for. */
static size_t
row_count(const struct rnd_matrix *m, size_t i)
{
	return m->rowcount != NULL ? m->rowcount[i] : 1;
}

/* The rows m stands for. */
static size_t
rows_of(const struct rnd_matrix *m)
{
	size_t i, n = 0;

	for (i = 0; i < m->nrows; i++)
		n += row_count(m, i);
	return n;
}

/*
 * Share the rows of m whose cells are all alike (by == 0) or its columns
 * (by == 1): the first keeps its place, named "NAME (+N alike)". With 256
 * unit types of four weapons the fire map has 1,024 rows but only a few
 * different ones. A row the family gave once for several (rowcount)
 * counts as that many.
 */
static void
matrix_share(struct rnd_matrix *m, int by)
{
	size_t nl = by ? m->ncols : m->nrows, no = by ? m->nrows : m->ncols;
	size_t step = by ? m->ncols : 1, lstep = by ? 1 : m->ncols;
	size_t *rep = xcalloc(nl + 1, sizeof(size_t));
	size_t *cnt = xcalloc(nl + 1, sizeof(size_t));
	uint64_t *h = xcalloc(nl + 1, sizeof(uint64_t));
	char **lab = by ? m->cols : m->rows, **nlab, **ntext = NULL;
	size_t nrep = 0, i, j, k;
	double *nv;

	/* FNV-1a over each line's values and texts, then compare within
	 * equal hashes. */
	for (i = 0; i < nl; i++) {
		uint64_t x = 14695981039346656037u;

		for (k = 0; k < no; k++) {
			size_t c = i * lstep + k * step;
			const unsigned char *p = (const void *)&m->v[c];
			size_t b;

			for (b = 0; b < sizeof(double); b++)
				x = (x ^ p[b]) * 1099511628211u;
			if (m->text != NULL && m->text[c] != NULL)
				for (p = (const void *)m->text[c]; *p; p++)
					x = (x ^ *p) * 1099511628211u;
		}
		h[i] = x;
	}
	for (i = 0; i < nl; i++) {
		for (j = 0; j < nrep; j++)
			if (h[rep[j]] == h[i] &&
			    cells_alike(m, rep[j] * lstep, i * lstep, no,
			        step))
				break;
		if (j == nrep)
			rep[nrep++] = i;
		cnt[j] += by ? 1 : row_count(m, i);
	}
	for (j = 0; j < nrep && cnt[j] == 1; j++)
		;
	if (nrep == nl && j == nrep)
		goto out;
	nlab = xcalloc(nrep + 1, sizeof(char *));
	nv = xcalloc(nrep * no + 1, sizeof(double));
	if (m->text != NULL)
		ntext = xcalloc(nrep * no + 1, sizeof(char *));
	for (j = 0; j < nrep; j++) {
		nlab[j] = cnt[j] > 1 ?
		    xasprintf(_("%s (+%zu alike)"), lab[rep[j]], cnt[j] - 1) :
		    xstrdup(lab[rep[j]]);
		for (k = 0; k < no; k++) {
			size_t c = rep[j] * lstep + k * step,
			       d = by ? k * nrep + j : j * no + k;

			nv[d] = m->v[c];
			if (ntext != NULL) {
				ntext[d] = m->text[c];
				m->text[c] = NULL;
			}
		}
	}
	for (i = 0; i < nl; i++)
		free(lab[i]);
	free(lab);
	if (m->text != NULL)
		for (i = 0; i < m->nrows * m->ncols; i++)
			free(m->text[i]);
	free(m->text);
	free(m->v);
	m->text = ntext;
	m->v = nv;
	if (!by) {
		free(m->rowcount);
		m->rowcount = NULL;
	}
	if (by) {
		m->cols = nlab;
		m->ncols = nrep;
	} else {
		m->rows = nlab;
		m->nrows = nrep;
	}
out:
	free(rep);
	free(cnt);
	free(h);
}

/* A heat map shows at most this many different rows, and columns: the
 * first ones (README, Limits and hostile input). */
#define MAP_SHOW_MAX 128

/* Keep the first nr rows and nc columns of m. */
static void
matrix_cut(struct rnd_matrix *m, size_t nr, size_t nc)
{
	double *v = xcalloc(nr * nc + 1, sizeof(double));
	char **text = m->text ? xcalloc(nr * nc + 1, sizeof(char *)) : NULL;
	size_t i, k;

	for (i = 0; i < m->nrows; i++)
		for (k = 0; k < m->ncols; k++) {
			size_t c = i * m->ncols + k;

			if (i < nr && k < nc) {
				v[i * nc + k] = m->v[c];
				if (text != NULL) {
					text[i * nc + k] = m->text[c];
					m->text[c] = NULL;
				}
			} else if (m->text != NULL)
				free(m->text[c]);
		}
	for (i = nr; i < m->nrows; i++)
		free(m->rows[i]);
	for (k = nc; k < m->ncols; k++)
		free(m->cols[k]);
	free(m->v);
	free(m->text);
	m->v = v;
	m->text = text;
	m->nrows = nr;
	m->ncols = nc;
}

/* A big heat map shares its rows and columns that are alike, shows at
 * most MAP_SHOW_MAX different ones, and its note says so. */
static void
matrix_shrink(struct rnd_matrix *m)
{
	size_t r = rows_of(m), c = m->ncols, dr, dc;
	char *note, *more;

	if (r <= MAP_SHARE_OVER && c <= MAP_SHARE_OVER)
		return;
	matrix_share(m, 0);
	matrix_share(m, 1);
	if (m->nrows == r && m->ncols == c)
		return;
	dr = m->nrows;
	dc = m->ncols;
	if (dr > MAP_SHOW_MAX || dc > MAP_SHOW_MAX)
		matrix_cut(m, dr < MAP_SHOW_MAX ? dr : MAP_SHOW_MAX,
		    dc < MAP_SHOW_MAX ? dc : MAP_SHOW_MAX);
	note = xasprintf(
	    _("%s%sRows and columns whose cells are all alike are "
	      "shown once, \"+N alike\" after the first one's name (%zu of %zu "
	      "%s, %zu of %zu %s)."),
	    m->note ? m->note : "", m->note ? " " : "", dr, r,
	    P_("row", "rows", r), dc, c, P_("column", "columns", c));
	free(m->note);
	m->note = note;
	if (m->nrows == dr && m->ncols == dc)
		return;
	/* TRANSLATORS: after the note on alike rows and columns. */
	more = xasprintf(_("%s The map shows the first %zu of these %zu rows "
	                   "and %zu of %zu columns; sandtable odds lists them "
	                   "all."),
	    m->note, m->nrows, dr, m->ncols, dc);
	free(m->note);
	m->note = more;
}

/* The exact odds tables as heat maps, one per melee situation. */
static void
fill_odds(struct rnd_report *r, struct analysis *a)
{
	const struct eng_ctx *c = a->ctx;
	const struct eng_show *sh = c->fam->show;
	const struct eng_odds *od;
	const char *sits[8];
	size_t nsits = 0, i, first = r->nmaps;

	if (sh == NULL || (od = ana_odds(a)) == NULL)
		return;
	for (i = 0; i < od->nmelee && nsits < 8; i++)
		name_index(sits, &nsits, od->melee[i].situation);
	for (i = 0; i < nsits; i++)
		melee_map(r, c->rs, sh, od, sits[i]);
	/* Fire chances the family shows (it titles them). */
	if (sh->fire_title != NULL && od->nfire > 0)
		fire_map(r, c->rs, sh, od);
	if (sh->tables != NULL)
		table_maps(r, c);
	for (i = first; i < r->nmaps; i++)
		matrix_shrink(&r->maps[i]);
}

/* The text of line n of data (1-based), blanks trimmed, at most 100
 * bytes (cut at a character boundary, "…" added); NULL when there is
 * no such line or it is blank. Caller frees. */
static char *
source_line(const char *data, size_t len, int n)
{
	const char *p = data, *end = data + len, *e;
	size_t k;

	for (; n > 1 && p < end; n--) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (p == NULL)
			return NULL;
		p++;
	}
	if (n > 1 || p >= end)
		return NULL;
	e = memchr(p, '\n', (size_t)(end - p));
	if (e == NULL)
		e = end;
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	if (e == p)
		return NULL;
	k = (size_t)(e - p);
	if (k <= 100)
		return xstrndup(p, k);
	k = 100;
	while (k > 0 && ((unsigned char)p[k] & 0xc0) == 0x80)
		k--;
	return xasprintf("%.*s\xe2\x80\xa6", (int)k, p);
}

/* The findings, errors first, each with its place: "LINE:COL" in the
 * ruleset, "FILE:LINE:COL" elsewhere; and the source line it names,
 * when it differs from the one shown just above. */
static void
fill_findings(struct rnd_report *r, const struct ruleset *rs,
    const struct diags *d)
{
	const char *file = rs->path, *data = rs->src;
	size_t len = rs->srclen;
	char *src, *last = NULL;
	int sev;
	size_t i;

	for (sev = SEV_ERROR; sev >= SEV_NOTE; sev--)
		for (i = 0; i < d->n; i++) {
			const struct diag *x = &d->v[i];
			char *where = NULL;

			if ((int)x->sev != sev)
				continue;
			if (x->file != NULL && x->line > 0 &&
			    strcmp(x->file, file) == 0)
				where = xasprintf("%d:%d", x->line, x->col);
			else if (x->file != NULL && x->line > 0)
				where = xasprintf("%s:%d:%d", x->file, x->line,
				    x->col);
			else if (x->file != NULL)
				where = xstrdup(x->file);
			src = data != NULL && x->file != NULL && x->line > 0 &&
			        strcmp(x->file, file) == 0 ?
			    source_line(data, len, x->line) :
			    NULL;
			if (src != NULL && last != NULL &&
			    strcmp(src, last) == 0) {
				free(src);
				src = NULL;
			} else if (src != NULL) {
				free(last);
				last = xstrdup(src);
			}
			rnd_report_finding(r, x->sev, where, x->msg, src);
			free(src);
			free(where);
		}
	free(last);
}

/*
 * A print-only ruleset's report: what was read, and the reader's own
 * findings (read again from the text kept in rs: the check pipeline
 * plays nothing, so it finds nothing).
 */
static void
fill_read(struct rnd_report *r, const struct ruleset *rs, struct diags *rd)
{
	struct ruleset *again;
	char a[32], b[32], c[96];
	size_t i;
	long forces = 0;

	r->print_only = 1;
	r->nunits_read = rs->nunits;
	if ((again = rs_parse(rs->path, rs->src, rs->srclen, rd)) != NULL)
		rs_free(again);
	fact_long(r, _("unit types"), (long)rs->nunits);
	fact_long(r, _("weapons"), (long)rs->nweapons);
	fact_long(r, _("terrain types"), (long)rs->nterrain);
	fact_long(r, _("phases in the sequence of play"), (long)rs->nphases);
	for (i = 0; i < rs->nforces; i++)
		forces += rs->forces[i].count;
	fact_long(r, _("units a side in the default battle"), forces);
	len_format(a, sizeof(a), rs->table_w_mm, rs->measure);
	len_format(b, sizeof(b), rs->table_h_mm, rs->measure);
	snprintf(c, sizeof(c), "%s × %s", a, b);
	rnd_report_fact(r, _("table"), c);
	if (rs->grid != RS_GRID_NONE) {
		len_format(a, sizeof(a), rs->cell_mm, rs->measure);
		snprintf(c, sizeof(c), "%s %s", rs_grid_name(rs->grid), a);
	} else
		snprintf(c, sizeof(c), "%s", _("none"));
	rnd_report_fact(r, _("grid"), c);
}

/* The examples of play (test games marked example:), and which of the
 * ruleset's level-2 sections have one, as the rulebook places them. */
static void
fill_examples(struct rnd_report *r, const struct ruleset *rs,
    struct analysis *a)
{
	const struct eng_example *ex;
	char *have = NULL, *lack = NULL, *t, *v;
	size_t i;
	int n, failed, k, with = 0, secs = 0;

	/* What they say is the rulebook's and check's to give. */
	n = ana_examples(a, NULL, &ex, &failed);
	for (i = 0; rs->doc != NULL && i < rs->doc->nkids; i++) {
		const struct rs_md *m = rs->doc->kids[i];
		int found = 0;

		if (m->kind != RS_MD_HEADING || m->level != 2)
			continue;
		t = rs_md_text(m);
		if (strcasecmp(rs_heading_en(rs->lang, t), "test games") ==
		    0) {
			free(t);
			continue;
		}
		for (k = 0; k < n; k++)
			found += rs_heading_eq(rs->lang, ex[k].section, t);
		v = xasprintf("%s%s%s",
		    found ? (have ? have : "") : (lack ? lack : ""),
		    (found ? have : lack) ? ", " : "", t);
		free(found ? have : lack);
		if (found)
			have = v, with++;
		else
			lack = v;
		secs++;
		free(t);
	}
	v = xasprintf(_("%d, in %d of %d sections%s%s%s"), n, with, secs,
	    have ? " (" : "", have ? have : "", have ? ")" : "");
	rnd_report_fact(r, _("examples of play"), v);
	free(v);
	if (lack != NULL && n > 0)
		rnd_report_fact(r, _("sections without an example"), lack);
	free(have);
	free(lack);
}

/* Each rule of the family that can apply to the ruleset, where it is
 * stated and how often it was applied, from the same counts `check
 * --json` prints. */
static void
fill_rules(struct rnd_report *r, const struct chk_result *res)
{
	const struct eng_family *f = res->ctx->fam;
	int k;

	for (k = 0; k < f->nrules; k++)
		if (eng_rule_applies(res->ctx, k))
			rnd_report_rule(r, f->rules[k].id, f->rules[k].section,
			    f->rules[k].text, (unsigned long)res->test_cov[k],
			    (unsigned long)res->st.cov[k]);
}

/*
 * Write the report of a checked ruleset from the results of the check
 * pipeline (res, its diagnostics d) to path. Returns 0 written, -1
 * failed (the reason is in out).
 */
int
rnd_report_write(const struct ruleset *rs, const struct chk_result *res,
    const struct diags *d, const char *path, const char *paper,
    const char *tmpl, FILE *dump, struct diags *out)
{
	struct rnd_report r;
	struct rnd_opts o;
	struct diags rd = { 0 };
	int rc;

	rnd_report_init(&r);
	if (eng_show_of(rs)->print_only)
		fill_read(&r, rs, &rd);
	r.title = xstrdup(rs->title != NULL ? rs->title : rs->name);
	r.ruleset = xstrdup(rs->path);
	r.engine = xstrdup(eng_engine_name(rs));
	r.seed = (unsigned long long)res->seed;
	r.games = res->games;
	r.tests_total = res->tests;
	r.tests_passed = res->tests - res->tests_failed;
	fill_findings(&r, rs, r.print_only ? &rd : d);
	diags_free(&rd);
	if (res->ctx != NULL) {
		if (res->games > 0) {
			fill_selfplay(&r, rs, res);
			fill_games(&r, rs, &res->st);
			fill_agree(&r, res->ctx, &res->st);
		}
		fill_odds(&r, res->ana);
		fill_rules(&r, res);
		fill_examples(&r, rs, res->ana);
	}
	rnd_opts_init(&o);
	o.paper = paper;
	o.tmpl = tmpl;
	o.dump = dump;
	rc = rnd_report(rs, &r, path, &o, out);
	rnd_report_free(&r);
	return rc;
}

static const struct cli_opt report_options[] = {
	CLI_OUTPUT("FILE", "FILE.pdf, or .png/.svg: a file a page (required)"),
	CLI_GAMES(0, "N", "self-play games of the default battle (1000)"),
	CLI_SEED("S", "seed of the dice (1)"),
	CLI_JOBS("J", "threads for self-play (2); same figures for any J"),
	CLI_PAPER("P",
	    "paper: A4, Letter, 210x297mm, … (else the\n"
	    "ruleset's, then the locale's)"),
	CLI_STR("grid", 'g', "G", struct report_own, grid,
	    "play on this grid instead of the ruleset's:\n"
	    "none, square 3in, hex 30mm"),
	CLI_SET("sample", 0, struct report_own, sample,
	    "a report of made-up figures, without a ruleset,\n"
	    "to try a template on"),
	CLI_LANG("the language of the labels it prints: en, de, fr\n"
	         "(default: the ruleset's lang:, else English)"),
	CLI_TEMPLATE("T", "a template NAME or PATH (default: {template})"),
	CLI_PRINT_TEMPLATE("print the template (-t's, else the default)\n"
	                   "to standard output, to start one's own"),
	CLI_DUMP(struct report_own, dump),
	CLI_PDFX,
	CLI_ICC,
	CLI_NO_CACHE(
	    "play the games again: no statistics from an\nearlier run (README, Cache)"),
	CLI_QUIET("print only errors: no warnings, no progress bar"),
	CLI_VERBOSE("the default: errors, warnings, notes, files"),
	CLI_JSON("print what was written as JSON on standard\n"
	         "output (files, diagnostics; README.md)"),
	CLI_HELP,
	CLI_END,
};

const struct command report_command = {
	.name = "report",
	.synopsis = "report [options] RULESET -o FILE.pdf",
	.about =
	    "Check the ruleset (test games, self-play, odds, rule coverage) and\n"
	    "write the validation report: a summary with the findings and their\n"
	    "source lines, win rates with 95% confidence intervals, a histogram\n"
	    "of game length, heat maps of the exact melee and fire odds, unit\n"
	    "survival, and rule coverage. Same inputs, seed and SOURCE_DATE_EPOCH\n"
	    "give the same bytes. The report is written even when test games\n"
	    "fail (they are in it); exit 1 when the ruleset has errors or the\n"
	    "file cannot be written.\n"
	    "\n",
	.opts = report_options,
	.col = 21,
};

/* For `sandtable build`: the report with build's paper, template, games,
 * seed and jobs, quietly (build draws its own progress bar). */
int
product_report(struct analysis *a, const char *path,
    const struct cli_common *c, const void *own, struct diags *d)
{
	/* The figures are the same for any number of jobs. */
	struct chk_opts co = { .games = c->games,
		.seed = c->seed,
		.jobs = c->jobs,
		.grid = -1,
		.cell_mm = 0,
		.tests = 1 };
	struct chk_result res;
	struct diags run = { 0 }, out = { 0 };
	size_t i;
	int rc = -1;

	(void)own;
	if (ana_check(a, &co, &res, &run) != -1)
		rc = rnd_report_write(a->rs, &res, &run, path, c->paper,
		    c->tmpl, NULL, &out);
	/* The run's diagnostics (errors only when quiet), then the
	 * report's. */
	for (i = 0; i < run.n; i++)
		if (!c->quiet || run.v[i].sev == SEV_ERROR) {
			struct diags one = run;

			one.v = &run.v[i];
			one.n = 1;
			one.dropped = 0;
			diags_append(d, &one);
		}
	diags_append(d, &out);
	chk_result_free(&res);
	diags_free(&run);
	diags_free(&out);
	return rc == 0 ? 0 : -1;
}

/* Its row of the product table (products.c). */
const struct product report_product = {
	.cmd = &report_command,
	.summary =
	    "The validation report: findings, win rates, odds, coverage.",
	.files = { "report.pdf" },
	.tmpl = "report",
	.needs = PRODUCT_RULESET,
	.uses = PRODUCT_ENGINE | PRODUCT_SELFPLAY,
	.make = product_report,
	.man =
	    "The validation report with charts;\n"
	    ".Cm report Fl -sample Fl o Ar file.pdf\n"
	    "draws one of made-up figures, without a ruleset, to try a template on.\n",
	/* What it reads: all but the text's prose: findings name lines, so where each block stands. */
	.reads = PRODUCT_READS_SETTINGS | PRODUCT_READS_TABLES |
	    PRODUCT_READS_TESTS | PRODUCT_READS_PLACES |
	    PRODUCT_READS_SELFPLAY | PRODUCT_READS_TEMPLATE |
	    PRODUCT_READS_PICTURES | PRODUCT_READS_PAPER | PRODUCT_READS_LANG,
};
