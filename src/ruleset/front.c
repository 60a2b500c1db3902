/*
 * front.c: the YAML front matter of a ruleset — title and credits,
 * paper, the measure (bare numbers here and in the tables are in it),
 * the engine, bases, table, grid, and the default battle (turns, break
 * point, deployment depth, forces). It is read before the body; a unit named in the forces is found once the
 * tables are read (resolve.c).
 */
#include <ctype.h>
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
		diag_msg(r->d, v->pos, MSG(SETTING_NOT_SINGLE_VALUE), key);
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
		diag_msg(r->d, v->pos, MSG(FRONT_NOT_WHOLE_NUMBER), key);
	else if (x < lo || x > hi)
		diag_msg(r->d, v->pos, MSG(FRONT_OUT_OF_RANGE), key, x, lo,
		    hi);
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
		diag_msg(r->d, v->pos, MSG(SETTING_NOT_LENGTH), key,
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
		diag_msg(r->d, v->pos, MSG(BREAK_MUST_SHARE_ARMY_FIGHTING),
		    v->kind == RS_NODE_SCALAR ? v->scalar : "a list");
		return;
	}
	if (x < 1 || x > 100) {
		diag_msg(r->d, v->pos, MSG(BREAK_OUT_RANGE), x);
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
		diag_msg(r->d, b->pos, MSG(BATTLE_MUST_MAPPING));
		return;
	}
	fm_int(r, b, "turns", 1, 10000, &r->rs->turn_limit);
	read_break(r, b);
	fm_len(r, b, "deploy", &r->rs->deploy_mm);
	/* Both sides' zones, from their edges, must leave ground between
	 * them: each less than half the table's depth. */
	if ((f = rs_node_get(b, "deploy")) != NULL && r->rs->table_h_mm > 0 &&
	    (r->rs->table_pos.line > 0 ||
	        rs_node_get(r->rs->front, "table") == NULL) &&
	    r->rs->deploy_mm * 2 >= r->rs->table_h_mm) {
		char dep[32], half[32];

		len_format(dep, sizeof(dep), r->rs->deploy_mm, r->rs->measure);
		len_format(half, sizeof(half), r->rs->table_h_mm / 2,
		    r->rs->measure);
		diag_msg(r->d, f->pos, MSG(DEPLOY_DEEP_HALF_TABLE_MORE), dep,
		    half);
	}
	if ((f = rs_node_get(b, "forces")) == NULL)
		return;
	if (f->kind != RS_NODE_MAP) {
		diag_msg(r->d, f->pos, MSG(FORCES_MUST_MAP_UNIT_NAMES));
		return;
	}
	for (i = 0; i + 1 < f->nkids; i += 2) {
		struct rs_force fc;

		fc.pos = f->kids[i]->pos;
		fc.unit = -1;
		if (rs_node_int(f->kids[i + 1], &x) == -1 || x < 0 ||
		    x > 1000) {
			diag_msg(r->d, f->kids[i + 1]->pos,
			    MSG(COUNT_MUST_WHOLE_NUMBER), f->kids[i]->scalar);
			continue;
		}
		fc.count = (int)x;
		if (x == 0)
			diag_msg(r->d, f->kids[i + 1]->pos,
			    MSG(FORCE_COUNT_ZERO), f->kids[i]->scalar);
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
		"source", "units", "weapons", "terrain", "cover", NULL };
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
		diag_msg(r->d, rs_node_get(fm, "paper")->pos,
		    MSG(FRONT_PAPER_BAD), s, why);
	else
		r->rs->paper = xstrdup(s);
}

/* cover: a picture for the rulebook's cover, a PNG, JPEG or SVG file
 * beside the ruleset (as a unit's Image); one that cannot be drawn is an
 * error at its value. */
static void
front_cover(struct reader *r, const struct rs_node *fm)
{
	const struct rs_node *v = rs_node_get(fm, "cover");
	const char *s = fm_scalar(r, fm, "cover"), *kind = NULL;
	char why[256], *file;

	if (s == NULL || v == NULL)
		return;
	if ((file = rs_image_file(r->rs, s, &kind, why, sizeof(why))) ==
	    NULL) {
		diag_msg(r->d, v->pos, MSG(FRONT_COVER_PICTURE), s, why);
		return;
	}
	r->rs->cover = xstrdup(s);
	r->rs->cover_file = file;
	r->rs->cover_kind = kind;
	r->rs->cover_pos = v->pos;
}

/* The language the ruleset is written in: a tag such as en, en-GB, de_CH
 * or es-419 (a code of ISO 639-1, then subtags of BCP 47 after '-' or
 * '_'), for the products' labels and the rulebook's hyphenation. */
static void
front_lang(struct reader *r, const struct rs_node *fm)
{
	const char *s = fm_scalar(r, fm, "lang");
	char hint[64];
	size_t i, n, sub = 0;
	int ok;

	if (s == NULL)
		return;
	n = strlen(s);
	ok = n >= 2 && n <= 15 && isalpha((unsigned char)s[0]);
	for (i = 0; ok && i < n; i++) {
		if (s[i] == '-' || s[i] == '_') {
			ok = sub > 0 && i + 1 < n;
			sub = 0;
		} else
			ok = ++sub <= 8 &&
			    (isalpha((unsigned char)s[i]) ||
			        (isdigit((unsigned char)s[i]) &&
			            i > strcspn(s, "-_")));
	}
	if (!ok)
		diag_msg(r->d, rs_node_get(fm, "lang")->pos,
		    MSG(LANG_LANGUAGE_TAG_SUCH_EN), s);
	else if (!rd_lang_known(s, hint, sizeof(hint)))
		diag_msg(r->d, rs_node_get(fm, "lang")->pos, MSG(LANG_UNKNOWN),
		    s, hint);
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
		diag_msg(r->d, v->pos, MSG(UNKNOWN_MEASURE), s);
		rs->measure = LEN_MM;
	}
	/* The defaults of base and table in a metric measure are metric:
	 * 25 mm bases on a 180 x 120 cm table, not 1 in on 72 x 48 in. */
	if (rs->measure == LEN_CM || rs->measure == LEN_MM) {
		rs->base_w_mm = rs->base_d_mm = 25;
		rs->table_w_mm = 1800;
		rs->table_h_mm = 1200;
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

/* The bases of all units: "30mm" (square), "40x20mm" (frontage by
 * depth), "32mm round", "60x35mm oval" or a preset, as bases --base takes
 * them (rs_base_parse); a bare number is in the measure. */
static void
front_base(struct reader *r, const struct rs_node *fm)
{
	struct ruleset *rs = r->rs;
	const struct rs_node *v;
	const char *s, *why;
	double w, d;

	if ((v = rs_node_get(fm, "base")) == NULL ||
	    (s = fm_scalar(r, fm, "base")) == NULL)
		return;
	if (rs_base_parse(s, rs->measure, &rs->base_shape, &w, &d, &why) ==
	    -1) {
		diag_msg(r->d, v->pos, MSG(FRONT_BASE_BAD), why);
		return;
	}
	rs->base_w_mm = w;
	rs->base_d_mm = d;
	rs->base_pos = v->pos;
	rs->base_bare = s[strspn(s, "0123456789.")] == '\0';
	if (w > 1000 || d > 1000)
		diag_msg(r->d, v->pos, MSG(BASE_LARGER_METRE));
}

static void
front_table(struct reader *r, const struct rs_node *fm)
{
	struct ruleset *rs = r->rs;
	const struct rs_node *v;
	const char *s, *why;

	double w, h;

	if ((v = rs_node_get(fm, "table")) == NULL ||
	    (s = fm_scalar(r, fm, "table")) == NULL)
		return;
	if (len_parse_pair(s, rs->measure, &w, &h, &why) == -1)
		diag_msg(r->d, v->pos, MSG(FRONT_TABLE_BAD), why);
	else if (w < 100 || h < 100 || w > 100000 || h > 100000)
		diag_msg(r->d, v->pos, MSG(TABLE_SIZE_IMPOSSIBLE), s);
	else {
		/* Kept only when good: what is measured against the table
		 * (the deployment) is not said wrong on a table that is. */
		rs->table_w_mm = w;
		rs->table_h_mm = h;
		rs->table_pos = v->pos;
	}
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
		diag_msg(r->d, v->pos, MSG(FRONT_GRID_BAD), s, why);
	else if ((rs->grid = g) != RS_GRID_NONE && rs->cell_mm == 0)
		diag_msg(r->d, v->pos, MSG(GRID_NEEDS_CELL_SIZE_LIKE));
	else if (rs->grid != RS_GRID_NONE && rs->cell_mm < 2)
		diag_msg(r->d, v->pos, MSG(GRID_CELL_SMALLER_MM));
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
	diag_msg(r->d, v->pos, MSG(UNKNOWN_DIE), s);
	r->die_said = 1;
}

/* The front matter, key by key. The measure comes before every length
 * (base, table, grid, deployment), as bare numbers are in it. Returns -1
 * when it is not a mapping (said): no setting is read. */
int
rd_front(struct reader *r, const struct rs_node *fm)
{
	const struct rs_node *v;

	if (fm->kind != RS_NODE_MAP) {
		diag_msg(r->d, fm->pos, MSG(FRONT_MATTER_MUST_YAML_MAPPING));
		return -1;
	}
	front_credits(r, fm);
	front_paper(r, fm);
	front_cover(r, fm);
	front_lang(r, fm);
	front_measure(r, fm);
	front_engine(r, fm);
	front_base(r, fm);
	front_table(r, fm);
	front_grid(r, fm);
	front_dice(r, fm);
	if ((v = rs_node_get(fm, "battle")) != NULL)
		read_battle(r, v);
	return 0;
}
