/*
 * front.c: the YAML front matter of a ruleset — title and credits,
 * paper, the measure (bare numbers here and in the tables are in it),
 * the engine, bases, table, grid, and the default battle (turns, break
 * point, deployment depth, forces). It is read before the body; a unit named in the forces is found once the
 * tables are read (resolve.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

/* A key's value as a single scalar, or NULL (absent, or reported). */
static const char *
fm_scalar(struct reader *r, const struct rs_node *n, const char *key)
{
	const struct rs_node *v = rs_node_get(n, key);

	if (v == NULL)
		return NULL;
	if (v->kind != RS_NODE_SCALAR) {
		diag_add(r->d, SEV_ERROR, v->pos,
		    "'%s' must be a single value", key);
		return NULL;
	}
	return v->scalar;
}

/* A front-matter value printed as a title: at most RS_MAX_TITLE
 * characters. */
static const char *
fm_title(struct reader *r, const struct rs_node *n, const char *key)
{
	const char *s = fm_scalar(r, n, key);
	char what[32];

	snprintf(what, sizeof(what), "'%s'", key);
	if (s != NULL &&
	    rd_name_long(r->d, rs_node_get(n, key)->pos, what, s,
	        RS_MAX_TITLE))
		return NULL;
	return s;
}

static void
fm_int(struct reader *r, const struct rs_node *fm, const char *key, int lo,
    int hi, int *out)
{
	const struct rs_node *v = rs_node_get(fm, key);
	long x;

	if (v == NULL)
		return;
	if (rs_node_int(v, &x) == -1)
		diag_add(r->d, SEV_ERROR, v->pos,
		    "'%s' must be a whole number", key);
	else if (x < lo || x > hi)
		diag_add(r->d, SEV_ERROR, v->pos,
		    "'%s' %ld is out of range (%d to %d)", key, x, lo, hi);
	else
		*out = (int)x;
}

static void
fm_len(struct reader *r, const struct rs_node *fm, const char *key, double *mm)
{
	const struct rs_node *v = rs_node_get(fm, key);
	const char *why;

	if (v == NULL)
		return;
	if (v->kind != RS_NODE_SCALAR ||
	    len_parse(v->scalar, r->rs->measure, mm, &why) == -1)
		diag_add(r->d, SEV_ERROR, v->pos, "'%s': %s", key,
		    v->kind != RS_NODE_SCALAR ? "expected a length" : why);
}

/* battle: break: 50% (or 50): the army break point, 1 to 100. */
static void
read_break(struct reader *r, const struct rs_node *b)
{
	const struct rs_node *v = rs_node_get(b, "break");
	long x;

	if (v == NULL)
		return;
	r->rs->break_pos = v->pos;
	if (rs_node_pct(v, &x) == -1) {
		diag_add(r->d, SEV_ERROR, v->pos,
		    "'break' must be a share "
		    "of the army's fighting units, such as 50%%, not '%s'",
		    v->kind == RS_NODE_SCALAR ? v->scalar : "a list");
		return;
	}
	if (x < 1 || x > 100) {
		diag_add(r->d, SEV_ERROR, v->pos,
		    "'break' %ld%% is out of "
		    "range (1%% to 100%%)",
		    x);
		return;
	}
	r->rs->break_pct = (int)x;
}

static void
read_battle(struct reader *r, const struct rs_node *b)
{
	const struct rs_node *f;
	size_t i;
	long x;

	if (b->kind != RS_NODE_MAP) {
		diag_add(r->d, SEV_ERROR, b->pos,
		    "'battle' must be a mapping "
		    "(turns, deploy, forces)");
		return;
	}
	fm_int(r, b, "turns", 1, 10000, &r->rs->turn_limit);
	read_break(r, b);
	fm_len(r, b, "deploy", &r->rs->deploy_mm);
	/* Both sides' zones, from their edges, must leave ground between
	 * them: each less than half the table's depth. */
	if ((f = rs_node_get(b, "deploy")) != NULL && r->rs->table_h_mm > 0 &&
	    r->rs->deploy_mm * 2 >= r->rs->table_h_mm) {
		char dep[32], half[32];

		len_format(dep, sizeof(dep), r->rs->deploy_mm, r->rs->measure);
		len_format(half, sizeof(half), r->rs->table_h_mm / 2,
		    r->rs->measure);
		diag_add(r->d, SEV_ERROR, f->pos,
		    "'deploy' %s is as deep as half the table or more (%s): "
		    "the two sides' zones would meet",
		    dep, half);
	}
	if ((f = rs_node_get(b, "forces")) == NULL)
		return;
	if (f->kind != RS_NODE_MAP) {
		diag_add(r->d, SEV_ERROR, f->pos,
		    "'forces' must map unit "
		    "names to counts (Rifle: 4)");
		return;
	}
	for (i = 0; i + 1 < f->nkids; i += 2) {
		struct rs_force fc;

		fc.pos = f->kids[i]->pos;
		fc.unit = -1;
		if (rs_node_int(f->kids[i + 1], &x) == -1 || x < 0 ||
		    x > 1000) {
			diag_add(r->d, SEV_ERROR, f->kids[i + 1]->pos,
			    "count of '%s' must be a whole number from 0 to "
			    "1000",
			    f->kids[i]->scalar);
			continue;
		}
		fc.count = (int)x;
		XPUSH(r->rs->forces, r->rs->nforces, r->rs->capforces, fc);
	}
}

/* The keys the reader reads; a family's settings are the engine's
 * (eng_front_check warns about the rest, knowing the family). */
int
rs_front_key_read(const char *key)
{
	static const char *const keys[] = { "title", "author", "year",
		"version", "engine", "measure", "base", "table", "grid",
		"paper", "dice", "battle", "description", "license", "lang",
		"source", NULL };
	const char *const *k;

	for (k = keys; *k != NULL; k++)
		if (strcasecmp(*k, key) == 0)
			return 1;
	return 0;
}

/* Title, author, year and version: printed, so limited in length. */
static void
front_credits(struct reader *r, const struct rs_node *fm)
{
	struct ruleset *rs = r->rs;
	const struct rs_node *v;
	const char *s;

	if ((v = rs_node_get(fm, "title")) != NULL)
		rs->title_pos = v->pos;
	if ((s = fm_title(r, fm, "title")) != NULL)
		rs->title = xstrdup(s);
	if ((s = fm_title(r, fm, "author")) != NULL)
		rs->author = xstrdup(s);
	if ((s = fm_title(r, fm, "year")) != NULL)
		rs->year = xstrdup(s);
	if ((s = fm_title(r, fm, "version")) != NULL)
		rs->version = xstrdup(s);
}

static void
front_paper(struct reader *r, const struct rs_node *fm)
{
	const char *s, *why;
	double pw, ph;

	if ((s = fm_scalar(r, fm, "paper")) == NULL)
		return;
	/* The products take the same papers: what check passes, build can
	 * make. */
	if (paper_parse(s, &pw, &ph, &why) == -1)
		diag_add(r->d, SEV_ERROR, rs_node_get(fm, "paper")->pos,
		    "paper '%s': %s", s, why);
	else
		r->rs->paper = xstrdup(s);
}

/* The language the ruleset is written in: a tag such as en, en-GB or
 * de_CH (letters, then an optional region), for the rulebook's
 * hyphenation. */
static void
front_lang(struct reader *r, const struct rs_node *fm)
{
	const char *s = fm_scalar(r, fm, "lang");
	size_t i, n;
	int ok;

	if (s == NULL)
		return;
	n = strlen(s);
	ok = n >= 2 && n <= 15;
	for (i = 0; ok && i < n; i++)
		ok = (s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z') ||
		    (i >= 2 && (s[i] == '-' || s[i] == '_'));
	if (!ok)
		diag_add(r->d, SEV_ERROR, rs_node_get(fm, "lang")->pos,
		    "lang '%s': a language tag such as en, en-GB or de_CH", s);
	else
		r->rs->lang = xstrdup(s);
}

/* The unit of bare numbers; an unknown one is reported and taken as mm. */
static void
front_measure(struct reader *r, const struct rs_node *fm)
{
	struct ruleset *rs = r->rs;
	const struct rs_node *v;
	const char *s;

	if ((v = rs_node_get(fm, "measure")) == NULL)
		return;
	s = fm_scalar(r, fm, "measure");
	if (s != NULL && (rs->measure = len_unit_from_name(s)) == LEN_NONE) {
		diag_add(r->d, SEV_ERROR, v->pos,
		    "unknown measure '%s' (use "
		    "in, mm or cm)",
		    s);
		rs->measure = LEN_MM;
	}
}

static void
front_engine(struct reader *r, const struct rs_node *fm)
{
	struct ruleset *rs = r->rs;
	const struct rs_node *v;
	const char *s;

	if ((v = rs_node_get(fm, "engine")) == NULL)
		return;
	rs->engine_pos = v->pos;
	/* The name only: which family it names, or none, is the engine's
	 * business (eng_family_check), its message said here. */
	if ((s = fm_scalar(r, fm, "engine")) == NULL)
		return;
	rs->engine = xstrdup(s);
	rd_check(r, RS_CHECK_ENGINE, 0);
}

/* The bases of all units: "30mm" (square) or "40x20mm" (frontage by
 * depth). */
static void
front_base(struct reader *r, const struct rs_node *fm)
{
	struct ruleset *rs = r->rs;
	const struct rs_node *v;
	const char *s, *why;

	if ((v = rs_node_get(fm, "base")) == NULL)
		return;
	s = fm_scalar(r, fm, "base");
	if (s != NULL && strpbrk(s, "xX") != NULL) {
		if (len_parse_pair(s, rs->measure, &rs->base_w_mm,
		        &rs->base_d_mm, &why) == -1)
			diag_add(r->d, SEV_ERROR, v->pos, "base: %s", why);
	} else if (s != NULL) {
		if (len_parse(s, rs->measure, &rs->base_w_mm, &why) == -1)
			diag_add(r->d, SEV_ERROR, v->pos, "base: %s", why);
		rs->base_d_mm = rs->base_w_mm;
	}
	if (rs->base_w_mm > 1000 || rs->base_d_mm > 1000)
		diag_add(r->d, SEV_ERROR, v->pos,
		    "base is larger than a metre");
}

static void
front_table(struct reader *r, const struct rs_node *fm)
{
	struct ruleset *rs = r->rs;
	const struct rs_node *v;
	const char *s, *why;

	if ((v = rs_node_get(fm, "table")) == NULL ||
	    (s = fm_scalar(r, fm, "table")) == NULL)
		return;
	if (len_parse_pair(s, rs->measure, &rs->table_w_mm, &rs->table_h_mm,
	        &why) == -1)
		diag_add(r->d, SEV_ERROR, v->pos, "table: %s", why);
	else if (rs->table_w_mm < 100 || rs->table_h_mm < 100 ||
	    rs->table_w_mm > 100000 || rs->table_h_mm > 100000)
		diag_add(r->d, SEV_ERROR, v->pos,
		    "table size '%s' is "
		    "impossible (10 cm to 100 m a side)",
		    s);
}

/* The grid, in the spellings of rs_grid_parse (model.c). */
static void
front_grid(struct reader *r, const struct rs_node *fm)
{
	struct ruleset *rs = r->rs;
	const struct rs_node *v;
	const char *s, *why;
	enum rs_grid g;

	if ((v = rs_node_get(fm, "grid")) == NULL ||
	    (s = fm_scalar(r, fm, "grid")) == NULL)
		return;
	rs->grid_pos = v->pos;
	if (rs_grid_parse(s, rs->measure, &g, &rs->cell_mm, &why) != 0)
		diag_add(r->d, SEV_ERROR, v->pos, "grid '%s': %s", s, why);
	else if ((rs->grid = g) != RS_GRID_NONE && rs->cell_mm == 0)
		diag_add(r->d, SEV_ERROR, v->pos,
		    "grid needs a cell size, like 'square 3in'");
	else if (rs->grid != RS_GRID_NONE && rs->cell_mm < 2)
		diag_add(r->d, SEV_ERROR, v->pos,
		    "grid cell is smaller than 2 mm");
}

/* The game's die: d4, d6, d8, d10, d12, d20 or d100 (the faces Hits on
 * may name). Whether a family plays it is the family's business. */
static void
front_dice(struct reader *r, const struct rs_node *fm)
{
	static const int dice[] = { 4, 6, 8, 10, 12, 20, 100 };
	const struct rs_node *v = rs_node_get(fm, "dice");
	const char *s;
	char *end;
	long n = 0;
	size_t i;

	if (v == NULL || (s = fm_scalar(r, fm, "dice")) == NULL)
		return;
	r->rs->die_pos = v->pos;
	if ((*s == 'd' || *s == 'D') && s[1] >= '1' && s[1] <= '9')
		n = strtol(s + 1, &end, 10);
	for (i = 0;
	     n > 0 && *end == '\0' && i < sizeof(dice) / sizeof(dice[0]); i++)
		if (dice[i] == n) {
			r->rs->die = (int)n;
			return;
		}
	diag_add(r->d, SEV_ERROR, v->pos,
	    "unknown die '%s' (known: d4, d6, "
	    "d8, d10, d12, d20, d100)",
	    s);
}

/* The front matter, key by key. The measure comes before every length
 * (base, table, grid, deployment), as bare numbers are in it. */
void
rd_front(struct reader *r, const struct rs_node *fm)
{
	const struct rs_node *v;

	if (fm->kind != RS_NODE_MAP) {
		diag_add(r->d, SEV_ERROR, fm->pos,
		    "front matter must be a YAML mapping (key: value)");
		return;
	}
	front_credits(r, fm);
	front_paper(r, fm);
	front_lang(r, fm);
	front_measure(r, fm);
	front_engine(r, fm);
	front_base(r, fm);
	front_table(r, fm);
	front_grid(r, fm);
	front_dice(r, fm);
	if ((v = rs_node_get(fm, "battle")) != NULL)
		read_battle(r, v);
}
