/*
 * scenario/product.c: the scenario its briefing shows — generated to a
 * points total (or read from a file), its forces priced and its balance
 * measured by the games of the analysis's engine, searched until fair
 * when asked — and the briefing written with its YAML beside it; its
 * row, options and build's entry point. The command's run,
 * src/cli/cmd_scenario.c, checks the outputs and says what was made.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "../../check/analysis.h"
#include "../../engine/engine.h"
#include "../../scenario/play.h"
#include "../product.h"
#include "scenario.h"

/* Its row, command and entry point for build (products.c). */
PRODUCT_OF(scenario);

#define VALUE_GAMES 2400 /* self-play games in all for unit values */

/* FILE.pdf (.png, .svg) → FILE.yaml (caller frees). */
char *
rnd_scenario_yaml_path(const char *pdf)
{
	size_t n = strlen(pdf);

	if (n > 4 &&
	    (strcasecmp(pdf + n - 4, ".pdf") == 0 ||
	        strcasecmp(pdf + n - 4, ".png") == 0 ||
	        strcasecmp(pdf + n - 4, ".svg") == 0))
		return xasprintf("%.*s.yaml", (int)(n - 4), pdf);
	return xasprintf("%s.yaml", pdf);
}

/* The default points: the default battle's force at these values, or
 * eight average units. */
static int
default_points(const struct ruleset *rs, const struct sc_values *v)
{
	size_t i;
	int p = 0, sum = 0, n = 0;

	for (i = 0; i < rs->nforces; i++)
		if (rs->forces[i].unit >= 0 &&
		    (size_t)rs->forces[i].unit < v->n)
			p += v->v[rs->forces[i].unit] * rs->forces[i].count;
	if (p > 0)
		return p;
	for (i = 0; i < v->n; i++)
		if (v->v[i] > 0) {
			sum += v->v[i];
			n++;
		}
	return n > 0 ? 8 * sum / n : 0;
}

/* 1 when two paths name the same file. */
int
rnd_same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	if (strcmp(a, b) == 0)
		return 1;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	    sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* A scenario read from a (perhaps hand-edited) file, its forces priced
 * at the engine's values. Returns it or NULL (errors in d). */
static struct scenario *
from_file(const struct ruleset *rs, const char *path,
    const struct sc_values *val, struct diags *d)
{
	struct scenario *s = sc_read(path, rs, d);
	size_t i;
	int side;

	if (s == NULL || sc_validate(s, rs, d) != 0) {
		sc_free(s);
		return NULL;
	}
	/* The file written names the ruleset it was checked against: the
	 * one given, which is where it is now (the file read may have moved
	 * away from the one it names). */
	free(s->ruleset);
	s->ruleset = xstrdup(rs->path);
	for (side = 0; side < 2; side++) {
		s->side[side].points = 0;
		for (i = 0; i < s->side[side].n; i++)
			s->side[side].points += s->side[side].v[i].count *
			    val->v[s->side[side].v[i].type];
	}
	if (s->points == 0)
		s->points = s->side[0].points > s->side[1].points ?
		    s->side[0].points :
		    s->side[1].points;
	return s;
}

/*
 * The scenario of a print-only ruleset: nothing plays it, so nothing
 * prices its units or measures its balance. Both sides field the
 * default battle's forces (or one unit of each type), on a generated
 * or given battlefield; val gets a zero for every unit (no points are
 * printed). Returns it, or NULL (errors in d).
 */
static struct scenario *
unplayed(const struct ruleset *rs, const struct rnd_sc_req *o,
    struct sc_values *val, struct diags *d)
{
	struct sc_request rq = o->rq;
	struct scenario *s;
	struct sc_force f;
	int priced;

	val->n = rs->nunits;
	val->v = xcalloc(rs->nunits ? rs->nunits : 1, sizeof(int));
	priced = sc_own_values(rs, val) >= 0;
	if (o->from != NULL)
		return from_file(rs, o->from, val, d);
	/* Forces to points from the ruleset's own Points column, when asked
	 * (--points) or when it names no battle of its own. */
	if (priced && (rq.points > 0 || rs->nforces == 0) &&
	    sc_cheapest(val->v, val->n) > 0) {
		if (rq.points == 0)
			rq.points = default_points(rs, val);
		return sc_generate(rs, rs->path, &rq, val, d);
	}
	if (sc_default_force(rs, &f, d) != 0)
		return NULL;
	rq.forces = &f;
	rq.points = 0;
	s = sc_generate(rs, rs->path, &rq, val, d);
	sc_force_free(&f);
	return s;
}

/* The scenario's units, both sides, for the bases sheet of the run. */
static void
fielded(struct analysis *a, const struct scenario *s)
{
	const struct ruleset *rs = a->rs;
	int *n = xcalloc(rs->nunits ? rs->nunits : 1, sizeof(int));
	char *by = xasprintf(_("the scenario %s"), s->title);
	size_t i;
	int side;

	for (side = 0; side < 2; side++)
		for (i = 0; i < s->side[side].n; i++)
			if ((size_t)s->side[side].v[i].type < rs->nunits)
				n[s->side[side].v[i].type] +=
				    s->side[side].v[i].count;
	ana_fielded(a, n, rs->nunits, by);
	free(by);
	free(n);
}

/* ---- the results cache (base/cache.h) ---- */

/* The key of a generated scenario: the analysis's (the ruleset's
 * bytes), the request, the games, the search, the labels' language. */
static struct cache_key *
sc_key(const struct analysis *a, const struct rnd_sc_req *o, int own)
{
	struct cache_key *k = ana_cache_key(a, "scenario");

	cache_key_int(k, (long long)o->rq.seed);
	cache_key_int(k, o->rq.points);
	cache_key_real(k, o->rq.table_w);
	cache_key_real(k, o->rq.table_h);
	cache_key_int(k, o->rq.density);
	cache_key_int(k, o->rq.special);
	cache_key_int(k, o->games);
	cache_key_int(k, o->balanced);
	cache_key_int(k, own);
	cache_key_int(k, RND_SC_CANDIDATES);
	cache_key_int(k, VALUE_GAMES);
	cache_key_str(k, i18n_current());
	return k;
}

/* What was made, as the cache keeps it: the unit values, whether the
 * search balanced it, its balance figure and seed, its YAML. Returns
 * the text (caller frees), *len its length. */
static char *
sc_save(const struct rnd_sc_made *m, const struct ruleset *rs, size_t *len)
{
	const struct sc_balance *b = &m->s->bal;
	char *buf = NULL, *y = sc_to_yaml(m->s, rs);
	FILE *fp = open_memstream(&buf, len);
	size_t i;

	if (fp == NULL) {
		free(y);
		return NULL;
	}
	fprintf(fp, "scenario 1\n%d %zu %ld %d", m->ok, m->val.n, m->val.games,
	    m->val.own);
	for (i = 0; i < m->val.n; i++)
		fprintf(fp, " %d", m->val.v[i]);
	fprintf(fp,
	    "\n%ld %ld %ld %ld %ld %ld %llu %d %d %a %a %a %d %d %u %llu\n"
	    "%zu\n",
	    b->games, b->wins[0], b->wins[1], b->draws, b->at_limit,
	    b->turns_sum, (unsigned long long)b->seed, b->candidates,
	    b->stopped, b->rate, b->lo, b->hi, b->cand, b->nadj, b->strong,
	    (unsigned long long)m->s->seed, strlen(y));
	fputs(y, fp);
	free(y);
	if (fclose(fp) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/*
 * What the cache kept, into m (val cleared, s NULL): the scenario read
 * from its YAML, as the search copies its best (sc_copy). Returns 0, or
 * -1 (m as it was: the entry is not trusted).
 */
static int
sc_load(char *t, size_t len, const struct ruleset *rs, struct rnd_sc_made *m)
{
	struct sc_balance b;
	struct diags d = { 0 };
	unsigned long long bs, ss;
	size_t n, i, ylen;
	int ok, own, k;
	long games;
	char *p = t;
	int *v = NULL;

	if (sscanf(p, "scenario 1 %d %zu %ld %d%n", &ok, &n, &games, &own,
	        &k) != 4 ||
	    n != rs->nunits)
		return -1;
	p += k;
	v = xcalloc(n + 1, sizeof(int));
	for (i = 0; i < n; i++) {
		/* Not sscanf: it would measure the rest of the text each
		 * time. */
		char *e;
		long x = strtol(p, &e, 10);

		if (e == p || x < 0 || x > 2147483647)
			goto bad;
		v[i] = (int)x;
		p = e;
	}
	memset(&b, 0, sizeof(b));
	if (sscanf(p,
	        "%ld %ld %ld %ld %ld %ld %llu %d %d %la %la %la %d %d %u "
	        "%llu %zu%n",
	        &b.games, &b.wins[0], &b.wins[1], &b.draws, &b.at_limit,
	        &b.turns_sum, &bs, &b.candidates, &b.stopped, &b.rate, &b.lo,
	        &b.hi, &b.cand, &b.nadj, &b.strong, &ss, &ylen, &k) != 17 ||
	    p[k] != '\n' || (size_t)(p + k + 1 - t) + ylen != len)
		goto bad;
	p += k + 1;
	b.seed = bs;
	if ((m->s = sc_parse("(copy)", p, ylen, rs, &d)) == NULL ||
	    diags_worst(&d) >= SEV_ERROR) {
		sc_free(m->s);
		m->s = NULL;
		goto bad;
	}
	diags_free(&d);
	m->s->bal = b;
	m->s->seed = ss;
	m->ok = ok;
	if (!own) {
		m->val.v = v;
		m->val.n = n;
		m->val.games = games;
		m->val.own = 0;
	} else
		free(v);
	return 0;
bad:
	diags_free(&d);
	free(v);
	return -1;
}

/*
 * A hit: the scenario the cache kept, with what generating it says (its
 * first candidate made again: cheap, and the diagnostics and the
 * ruleset's name are this run's). Returns 0 as rnd_scenario_make, or -2
 * when the entry is not to be trusted (m as it was).
 */
static int
cached(struct analysis *a, const struct rnd_sc_req *o, char *t, size_t len,
    struct rnd_sc_made *m, struct diags *d)
{
	const struct ruleset *rs = a->rs;
	struct sc_request rq = o->rq;
	struct diags gd = { 0 }, scratch = { 0 };
	struct scenario *gen, *again;

	if (sc_load(t, len, rs, m) != 0)
		return -2;
	if (rq.points == 0)
		rq.points = default_points(rs, &m->val);
	gen = sc_generate(rs, rs->path, &rq, &m->val, &gd);
	/* The search returns a copy through YAML of the best when none
	 * was balanced, else its own: made again the same way (the YAML
	 * rounds what the drawing places). */
	again = gen == NULL || (o->balanced && !m->ok) ?
	    NULL :
	    !o->balanced ?
	    gen :
	    sc_balance_again(rs, rs->path, &rq, &m->val, &m->s->bal, &scratch);
	diags_free(&scratch);
	if (gen == NULL || (again == NULL && !(o->balanced && !m->ok))) {
		sc_free(gen);
		sc_free(m->s);
		m->s = NULL;
		if (!m->val.own)
			sc_values_free(&m->val);
		diags_free(&gd);
		return -2;
	}
	if (again != NULL) {
		again->bal = m->s->bal;
		sc_free(m->s);
		m->s = again;
		if (again == gen)
			gen = NULL;
	} else {
		free(m->s->ruleset);
		m->s->ruleset = xstrdup(gen->ruleset);
	}
	sc_free(gen);
	diags_append(d, &gd);
	diags_free(&gd);
	fielded(a, m->s);
	return 0;
}

int
rnd_scenario_make(struct analysis *a, const struct rnd_sc_req *o,
    struct rnd_sc_made *m, struct diags *d)
{
	const struct ruleset *rs = a->rs;
	struct sc_request rq = o->rq;
	struct sc_values *val = &m->val;
	struct sc_games gm;
	struct scenario *s = NULL;
	struct cache_key *k = NULL;
	char *t = NULL;
	size_t tlen = 0;
	int rc;

	memset(m, 0, sizeof(*m));
	if (eng_show_of(rs)->print_only) {
		if ((m->s = unplayed(rs, o, val, d)) == NULL)
			return -1;
		fielded(a, m->s);
		return 0;
	}
	/* The analysis's engine and odds; what preparing it said is
	 * this product's to print too. */
	diags_append(d, &a->prep);
	if (a->ctx == NULL)
		return 1;
	m->e = sc_engine_share(a->ctx, ana_odds(a));
	/* The designer's own Points column buys the forces, as written;
	 * only a game without one is priced by play. */
	if (sc_own_values(rs, val) < 0 || sc_cheapest(val->v, val->n) == 0) {
		sc_values_free(val);
	}
	/* A scenario generated from the same inputs before: the cache's. */
	if (o->from == NULL)
		k = sc_key(a, o, val->own);
	if (k != NULL && cache_get(k, &t, &tlen) == 0 &&
	    (rc = cached(a, o, t, tlen, m, d)) != -2) {
		free(t);
		cache_key_free(k);
		return rc;
	}
	free(t);
	if (!val->own &&
	    sc_unit_values(m->e, VALUE_GAMES, 1, o->jobs, val) != 0) {
		struct pos at = { rs->path, 0, 0 };

		diag_msg(d, at, MSG(RULESET_NO_UNITS));
		return -1;
	}
	if (rq.points == 0)
		rq.points = default_points(rs, val);
	gm = sc_engine_games(m->e);
	if (o->from != NULL) {
		if ((s = from_file(rs, o->from, val, d)) == NULL)
			return -1;
		m->s = s;
		if (sc_measure(s, &gm, o->games, rq.seed, o->jobs) != 0) {
			diag_msg(d, s->at_table, MSG(SCENARIO_CANNOT_PLAYED));
			return -1;
		}
		s->bal.candidates = 1;
	} else if (o->balanced) {
		s = sc_balance(rs, rs->path, &rq, val, &gm, o->games, o->jobs,
		    RND_SC_CANDIDATES, &m->ok, o->progress, o->parg, d);
		m->s = s;
	} else if ((s = sc_generate(rs, rs->path, &rq, val, d)) != NULL) {
		m->s = s;
		if (sc_measure(s, &gm, o->games, rq.seed, o->jobs) != 0) {
			struct pos at = { rs->path, 0, 0 };

			diag_msg(d, at,
			    MSG(SCENARIO_CANNOT_PLAYED_ENGINE_BOARD));
			return -1;
		}
		s->bal.candidates = 1;
	}
	if (s != NULL)
		fielded(a, s);
	if (s != NULL && k != NULL && (t = sc_save(m, rs, &tlen)) != NULL)
		cache_put(k, t, tlen);
	free(t);
	cache_key_free(k);
	return s != NULL ? 0 : -1;
}

int
rnd_scenario_write(const struct ruleset *rs, const struct rnd_sc_made *m,
    const struct rnd_sc_req *o, const char *out, char **yamlp, struct diags *d)
{
	struct rnd_scenario_opts ro = { o->paper, &m->val,
		o->balanced ? m->ok : -1, o->tmpl, o->dump };
	const struct scenario *s = m->s;
	char *yaml, *text, *why = NULL;
	int rc = -1;

	if (sc_validate(s, rs, d) != 0)
		return -1;
	yaml = rnd_scenario_yaml_path(out);
	text = sc_to_yaml_at(s, rs, yaml);
	/* The PDF and its YAML are one version: renamed together, with
	 * the directory locked against another run writing them. */
	file_group_begin();
	if (rnd_scenario(rs, s, out, &ro, d) != 0)
		goto out;
	/* Never write over the file the scenario was read from. */
	if ((o->from == NULL || !rnd_same_file(o->from, yaml)) &&
	    atomic_write(yaml, text, strlen(text), &why) != 0) {
		struct pos at = { yaml, 0, 0 };

		diag_msg(d, at, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
		goto out;
	}
	if (file_group_end(&why) != 0) {
		struct pos at = { NULL, 0, 0 };

		diag_msg(d, at, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
		goto out;
	}
	rc = 0;
out:
	file_group_abandon(); /* what was not renamed, when it failed */
	free(text);
	if (rc == 0)
		*yamlp = yaml;
	else
		free(yaml);
	return rc;
}

void
rnd_sc_made_free(struct rnd_sc_made *m)
{
	sc_free(m->s);
	sc_values_free(&m->val);
	sc_engine_free(m->e);
	memset(m, 0, sizeof(*m));
}

/* --points P: a whole number from 1 to 1000000; the option as given is
 * kept, to blame for points that cannot be met. */
static int
points_opt(const struct cli_opt *row, const char *arg, void *own,
    char why[CLI_WHY_MAX])
{
	struct sopts *o = own;
	long long v;

	(void)row;
	if (rnd_parse_count(arg, 1, 1000000, &v)) {
		snprintf(why, CLI_WHY_MAX,
		    "--points %s: needs a whole number from 1 to 1000000",
		    arg);
		return EXIT_USAGE;
	}
	o->rq.points = (int)v;
	free(o->points_opt);
	o->points_opt = xasprintf("%s: --points %s", "scenario", arg);
	return CLI_GO;
}

/* --table SIZE: kept as given, read in the ruleset's measure once the
 * ruleset is (a bare 72x48 is in it); a size no measure reads is the
 * option's error at once. */
static int
table_opt(const struct cli_opt *row, const char *arg, void *own,
    char why[CLI_WHY_MAX])
{
	struct sopts *o = own;
	const char *bad;
	double w, h;

	(void)row;
	if (len_parse_pair(arg, LEN_MM, &w, &h, &bad) != 0) {
		snprintf(why, CLI_WHY_MAX, "--table %s: %s (e.g. 72x48in)",
		    arg, bad);
		return EXIT_USAGE;
	}
	o->table = arg;
	return CLI_GO;
}

/* --density: sparse, normal or dense. */
static int
density_opt(const struct cli_opt *row, const char *arg, void *own,
    char why[CLI_WHY_MAX])
{
	static const char *const names[] = { "sparse", "normal", "dense" };
	struct sopts *o = own;
	int i;

	(void)row;
	for (i = 0; i < 3; i++)
		if (strcmp(arg, names[i]) == 0) {
			o->rq.density = i;
			return CLI_GO;
		}
	snprintf(why, CLI_WHY_MAX, "--density is sparse, normal or dense");
	return EXIT_USAGE;
}

/* --special: a name, "none" or "random". */
static int
special_opt(const struct cli_opt *row, const char *arg, void *own,
    char why[CLI_WHY_MAX])
{
	struct sopts *o = own;
	int i;

	(void)row;
	if (strcmp(arg, "random") == 0) {
		o->rq.special = -1;
		return CLI_GO;
	}
	for (i = 0; i < SC_SPECIAL__MAX; i++)
		if (strcmp(arg, sc_special_name((enum sc_special)i)) == 0) {
			o->rq.special = i;
			return CLI_GO;
		}
	snprintf(why, CLI_WHY_MAX,
	    "--special is random, none, vital-ground, forced-march, "
	    "early-dusk or reconnaissance");
	return EXIT_USAGE;
}

static const struct cli_opt scenario_options[] = {
	CLI_OUTPUT("FILE",
	    "the briefing (.pdf, or .png/.svg a file a\n"
	    "page); the YAML goes beside it"),
	CLI_PAPER("P", "A4, Letter, … (default: ruleset, then locale)"),
	CLI_SEED("S", "scenario seed (default 1); same seed, same files"),
	CLI_GAMES(1, "N", "test games (default 1000)"),
	CLI_JOBS("J",
	    "threads for the games (default 2; results do\n"
	    "not depend on it)"),
	CLI_FN("table", 'T', "SIZE", struct sopts, table, table_opt, 0, 0,
	    "table size, e.g. 72x48in (default: the ruleset's)"),
	CLI_FN("points", 0, "P", struct sopts, rq, points_opt, 0, 0,
	    "points a side (default: the ruleset's battle)"),
	CLI_SET("balanced", 0, struct sopts, balanced,
	    "try candidates (and adjust forces) until Blue's\n"
	    "score is within 45 to 55 percent; says how many\n"
	    "it took"),
	CLI_STR("scenario", 'f', "FILE", struct sopts, from,
	    "read the scenario from FILE.yaml (edited by\n"
	    "hand, say) instead of generating one; test\n"
	    "it and print its briefing (FILE is never\n"
	    "written over); the ruleset may be left out:\n"
	    "the file names it, as for play --scenario"),
	CLI_FN("density", 'd', "D", struct sopts, rq, density_opt, 0, 0,
	    "terrain: sparse, normal (default) or dense"),
	CLI_FN("special", 'S', "R", struct sopts, rq, special_opt, 0, 0,
	    "random (default), none, vital-ground,\n"
	    "forced-march, early-dusk, reconnaissance"),
	CLI_LANG("the language of the labels it prints: en, de, fr\n"
	         "(default: the ruleset's lang:, else English)"),
	CLI_TEMPLATE("T",
	    "a template NAME or PATH (default:\n"
	    "scenario-briefing): fonts, colours, margin,\n"
	    "the sections of the orders page"),
	CLI_PRINT_TEMPLATE("print the template (-t's, else the default)\n"
	                   "to standard output, to start one's own"),
	CLI_FN("dump", 0, NULL, struct sopts, dump, rnd_dump_opt, 0, 0,
	    "print the briefing's layout (one line per page,\n"
	    "map, force and section, tab-separated,\n"
	    "millimetres)"),
	CLI_PDFX,
	CLI_ICC,
	CLI_NO_CACHE(
	    "price, generate and balance it again: no\nscenario from an earlier run (README, Cache)"),
	CLI_QUIET("print only errors"),
	CLI_VERBOSE("the default: errors, warnings, notes, files"),
	CLI_JSON("print what was made as JSON on standard output\n"
	         "(files, title, points, balance, diagnostics;\n"
	         "README.md)"),
	CLI_HELP,
	CLI_END,
};

const struct command scenario_command = {
	.name = "scenario",
	.synopsis =
	    "scenario RULESET [-s S] [--points P] [-T SIZE] [-n N] [--balanced] "
	    "-o FILE.pdf\n"
	    "       sandtable scenario [RULESET] -f FILE.yaml -o FILE.pdf",
	.about =
	    "A generated scenario, balanced by test games: a seeded battlefield,\n"
	    "two forces picked to a points total (unit values from the engine's\n"
	    "exact odds and self-play), deployment zones, one or two objectives\n"
	    "with victory conditions, a turn limit and an optional special rule.\n"
	    "N games between the greedy players measure Blue's score (a draw\n"
	    "counts half) with its 95% Wilson interval. Writes FILE.pdf, a\n"
	    "briefing (map, orders of battle, rules, balance), and FILE.yaml, the\n"
	    "scenario itself: edit it and replay it with\n"
	    "`sandtable play --scenario FILE.yaml`. A print-only ruleset\n"
	    "(engine: none) gets its default battle's forces on both sides (or\n"
	    "one unit of each type), or forces to points when its Units table\n"
	    "has a Points column (and --points, or no battle of its own), and\n"
	    "the files say it is NOT balanced by play.\n"
	    "\n",
	.opts = scenario_options,
	.col = 22,
	.after =
	    "\n"
	    "Earlier spellings still work, with a note: -p N (points), -P\n"
	    "(paper), -t SIZE (table: a value such as 72x48in; any other -t is\n"
	    "the template), -b (balanced), --from (scenario).\n",
};

/* The run's diagnostics into d: errors only when quiet (the ruleset's
 * warnings are check's business). */
static void
append_diags(struct diags *d, const struct diags *run, int quiet)
{
	size_t i;

	for (i = 0; i < run->n; i++)
		if (!quiet || run->v[i].sev == SEV_ERROR) {
			struct diags one = *run;

			one.v = &run->v[i];
			one.n = 1;
			one.dropped = 0;
			diags_append(d, &one);
		}
}

/* The command's defaults: normal density, a random special rule. */
static void
own_init(void *own)
{
	struct sopts *o = own;

	memset(o, 0, sizeof(*o));
	o->rq.density = 1;
	o->rq.special = -1;
}

/* Product for build: a balanced scenario of build's seed (1 unless
 * given), games and jobs, on its paper, with its template. */
int
product_scenario(struct analysis *a, const char *path,
    const struct cli_common *c, const void *own, struct diags *d)
{
	const struct ruleset *rs = a->rs;
	struct rnd_sc_req q;
	struct rnd_sc_made m = { 0 };
	struct diags run = { 0 };
	char *yaml = rnd_scenario_yaml_path(path), *wrote = NULL;
	char *table_at = NULL;
	const struct sopts *so = own;
	int made = -1, rc;

	memset(&q, 0, sizeof(q));
	q.rq.seed = c->seed;
	q.rq.density = 1;
	q.rq.special = -1;
	q.games = c->games;
	q.jobs = c->jobs;
	/* A print-only ruleset's scenario is not balanced: it says so. */
	q.balanced = !eng_show_of(rs)->print_only;
	/* Its own options, from a project (sandtable.yaml's scenario:):
	 * points, table, density and special, as the command takes them. */
	if (so != NULL) {
		const char *why;

		q.rq.points = so->rq.points;
		q.rq.points_at.file = so->points_opt;
		q.rq.density = so->rq.density;
		q.rq.special = so->rq.special;
		if (so->table != NULL) {
			table_at = xasprintf("scenario: --table %s",
			    so->table);
			q.rq.table_at.file = table_at;
			if (len_parse_pair(so->table,
			        rs->measure == LEN_NONE ? LEN_MM : rs->measure,
			        &q.rq.table_w, &q.rq.table_h, &why) != 0) {
				diag_msg(d, q.rq.table_at,
				    MSG(SCENARIO_TABLE_SIZE_BAD), so->table,
				    why);
				free(table_at);
				free(yaml);
				return -1;
			}
		}
	}
	q.paper = c->paper;
	q.tmpl = c->tmpl;
	/* Both outputs are checked before the games are played. */
	if (rnd_output_ok(path, "%PDF-", &run) == 0 &&
	    rnd_output_ok(yaml, SC_YAML_FIRST, &run) == 0) {
		made = rnd_scenario_make(a, &q, &m, &run);
		if (made == 0 &&
		    rnd_scenario_write(rs, &m, &q, path, &wrote, &run) != 0)
			made = -1;
	}
	/* Not made when the ruleset's engine is not played (and nothing
	 * else went wrong). */
	rc = made == 1 && diags_worst(&run) < SEV_ERROR ? 1 :
	    made == 0                                   ? 0 :
	                                                  -1;
	append_diags(d, &run, c->quiet);
	diags_free(&run);
	rnd_sc_made_free(&m);
	free(wrote);
	free(yaml);
	free(table_at);
	return rc;
}

/* Its row of the product table (products.c). */
const struct product scenario_product = {
	.cmd = &scenario_command,
	.summary = "A scenario balanced by test games: briefing PDF and YAML.",
	.files = { "scenario.pdf", "scenario.yaml" },
	.tmpl = "scenario-briefing",
	.needs = PRODUCT_RULESET,
	.uses = PRODUCT_ENGINE | PRODUCT_SELFPLAY | PRODUCT_SCENARIO,
	.make = product_scenario,
	.man =
	    "A generated scenario, its balance measured by self-play\n"
	    ".Fl ( -balanced :\n"
	    "until Blue's score is within 45 to 55 percent);\n"
	    "writes the briefing and\n"
	    ".Ar file Ns .yaml ,\n"
	    "which names its ruleset by the path from its own directory.\n"
	    "With\n"
	    ".Fl f\n"
	    "it reads an edited scenario instead, and the ruleset may be left out\n"
	    "(the file names it).\n",
	.man_build =
	    "balanced, of seed 1.\n"
	    "A print-only ruleset\n"
	    ".Pq Cm engine : none\n"
	    "gets its default battle's forces on both sides and a briefing that\n"
	    "says it is not balanced by play.\n",
	/* Its own options in a build (a project's scenario:), the command's
	 * struct; the command itself has its own run (cmd_scenario.c). */
	.own_size = sizeof(struct sopts),
	.own_init = own_init,
	/* What it reads: the settings and tables, and the seed and games of its search. */
	.reads = PRODUCT_READS_SETTINGS | PRODUCT_READS_TABLES |
	    PRODUCT_READS_SELFPLAY | PRODUCT_READS_TEMPLATE |
	    PRODUCT_READS_PICTURES | PRODUCT_READS_PAPER | PRODUCT_READS_LANG,
};
