/* Scenarios: forces by points, Wilson intervals, victory at the turn
 * limit, generation and impossible requests, YAML round trip and errors,
 * the balance search with a fake game, and real games through the
 * engine that end. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/scenario/play.h"
#include "../../src/scenario/scenario.h"

static const int vals[] = { 10, 9, 9, 12, 10, 13, 8 };

static struct ruleset *
load(const char *name)
{
	struct diags d = { 0 };
	char *p = xasprintf("../rulesets/%s.md", name);
	struct ruleset *rs = rs_read(p, &d);

	cr_assert_not_null(rs);
	cr_assert_lt(diags_worst(&d), SEV_ERROR);
	diags_free(&d);
	free(p);
	return rs;
}

static struct sc_values
values_of(const struct ruleset *rs)
{
	struct sc_values v;
	size_t i;

	v.n = rs->nunits;
	v.v = xcalloc(v.n, sizeof(int));
	v.games = 0;
	for (i = 0; i < v.n; i++)
		v.v[i] = vals[i % 7];
	return v;
}

Test(forces, within_points_and_deterministic)
{
	struct sc_force a, b;
	int seed, spent;

	for (seed = 1; seed < 50; seed++) {
		spent = sc_pick_force(vals, 7, 100, (uint64_t)seed, 32, &a);
		cr_assert_leq(spent, 100);
		cr_assert_geq(spent, 100 - 13, "only %d of 100 spent", spent);
		cr_assert_eq(spent, a.points);
		sc_pick_force(vals, 7, 100, (uint64_t)seed, 32, &b);
		cr_assert_eq(a.n, b.n);
		cr_assert_eq(memcmp(a.v, b.v, a.n * sizeof(a.v[0])), 0);
		sc_force_free(&a);
		sc_force_free(&b);
	}
}

Test(forces, too_few_points_and_limits)
{
	struct sc_force f;
	const int zero[] = { 0, 5, 0 };

	cr_assert_eq(sc_pick_force(vals, 7, 7, 1, 32, &f), -1);
	cr_assert_eq(sc_force_units(&f), 0);
	cr_assert_eq(sc_pick_force(vals, 7, 8, 1, 32, &f), 8);
	cr_assert_eq(sc_force_units(&f), 1);
	sc_force_free(&f);
	/* never more than maxunits */
	cr_assert_leq(sc_pick_force(vals, 7, 10000, 1, 5, &f), 13 * 5);
	cr_assert_eq(sc_force_units(&f), 5);
	sc_force_free(&f);
	/* types worth 0 are never fielded */
	cr_assert_eq(sc_pick_force(zero, 3, 50, 3, 32, &f), 50);
	cr_assert_eq(f.n, 1);
	cr_assert_eq(f.v[0].type, 1);
	cr_assert_eq(f.v[0].count, 10);
	sc_force_free(&f);
}

Test(forces, add_remove_keep_order)
{
	struct sc_force f = { 0 };

	sc_force_add(&f, 3, 1);
	sc_force_add(&f, 1, 2);
	sc_force_add(&f, 3, 1);
	cr_assert_eq(f.n, 2);
	cr_assert_eq(f.v[0].type, 1);
	cr_assert_eq(f.v[1].count, 2);
	cr_assert_eq(sc_force_remove(&f, 1), 0);
	cr_assert_eq(sc_force_remove(&f, 1), 0);
	cr_assert_eq(sc_force_remove(&f, 1), -1);
	cr_assert_eq(f.n, 1);
	cr_assert_eq(sc_force_units(&f), 2);
	sc_force_free(&f);
}

Test(balance, wilson_interval)
{
	double lo, hi;

	wilson95(0.5, 1000, &lo, &hi);
	cr_assert_float_eq(lo, 0.4691, 1e-4);
	cr_assert_float_eq(hi, 0.5309, 1e-4);
	wilson95(0, 10, &lo, &hi);
	cr_assert_float_eq(lo, 0, 1e-12);
	cr_assert_float_eq(hi, 0.2775, 1e-4);
}

/* A scenario with two objectives for victory tests. */
static struct scenario
two_objectives(void)
{
	struct scenario s;

	memset(&s, 0, sizeof(s));
	s.nobj = 2;
	s.obj[0] = (struct sc_objective){ "A", 100, 100, 50, 1 };
	s.obj[1] = (struct sc_objective){ "B", 500, 100, 50, 2 };
	return s;
}

Test(victory, objectives_then_units)
{
	struct scenario s = two_objectives();
	int side[4] = { 0, 0, 1, 1 }, alive[4] = { 1, 1, 1, 1 };
	double xy[4][2] = { { 100, 120 }, { 900, 900 }, { 500, 90 },
		{ 800, 800 } };

	/* Blue holds A (1), Red holds B (2): Red wins. */
	cr_assert_eq(sc_victory(&s, 4, side, alive, xy), SC_RED);
	/* A Blue unit contests B: Blue 1, Red 0. */
	xy[1][0] = 510;
	xy[1][1] = 110;
	cr_assert_eq(sc_victory(&s, 4, side, alive, xy), SC_BLUE);
	/* Nothing held: more units wins, equal draws. */
	xy[0][0] = xy[1][0] = xy[2][0] = 900;
	cr_assert_eq(sc_victory(&s, 4, side, alive, xy), -1);
	alive[3] = 0;
	cr_assert_eq(sc_victory(&s, 4, side, alive, xy), SC_BLUE);
	/* A side wiped out loses whatever it held. */
	alive[0] = alive[1] = 0;
	cr_assert_eq(sc_victory(&s, 4, side, alive, xy), SC_RED);
}

static struct scenario *
gen(const struct ruleset *rs, uint64_t seed, int points, double w, double h,
    struct diags *d)
{
	struct sc_values v = values_of(rs);
	struct sc_request rq = { seed, points, w, h, 1, -1, { 0 }, { 0 },
		NULL };
	struct scenario *s = sc_generate(rs, rs->path, &rq, &v, d);

	sc_values_free(&v);
	return s;
}

/* 1 when a and b are within tol of each other. */
static int
near(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

/* 1 when two lines are the same points, within tol. */
static int
same_line(const struct tr_line *a, const struct tr_line *b, double tol)
{
	size_t i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (!near(a->v[i].x, b->v[i].x, tol) ||
		    !near(a->v[i].y, b->v[i].y, tol))
			return 0;
	return 1;
}

static int
same_path(const struct tr_path *a, const struct tr_path *b, double tol)
{
	size_t i;

	if (!near(a->width, b->width, tol) ||
	    !same_line(&a->path, &b->path, tol) || a->nfords != b->nfords)
		return 0;
	for (i = 0; i < a->nfords; i++)
		if (!near(a->fords[i].x, b->fords[i].x, tol) ||
		    !near(a->fords[i].y, b->fords[i].y, tol))
			return 0;
	return 1;
}

static int
same_rect(double ax, double ay, double aw, double ah, double bx, double by,
    double bw, double bh, double tol)
{
	return near(ax, bx, tol) && near(ay, by, tol) && near(aw, bw, tol) &&
	    near(ah, bh, tol);
}

/* 1 when s and t place everything at the same points, within tol. */
static int
same_positions(const struct scenario *s, const struct scenario *t, double tol)
{
	const struct battlefield *a = s->bf, *b = t->bf;
	size_t i, k;
	int j;

	for (j = 0; j < 2; j++)
		if (!same_rect(s->zone[j].x, s->zone[j].y, s->zone[j].w,
		        s->zone[j].h, t->zone[j].x, t->zone[j].y, t->zone[j].w,
		        t->zone[j].h, tol))
			return 0;
	if (s->nobj != t->nobj || !near(s->table_w, t->table_w, tol) ||
	    !near(s->table_h, t->table_h, tol))
		return 0;
	for (j = 0; j < s->nobj; j++)
		if (!near(s->obj[j].x, t->obj[j].x, tol) ||
		    !near(s->obj[j].y, t->obj[j].y, tol) ||
		    !near(s->obj[j].radius, t->obj[j].radius, tol))
			return 0;
	if (a->nhills != b->nhills || a->nwoods != b->nwoods ||
	    a->nrivers != b->nrivers || a->nroads != b->nroads ||
	    a->ntown != b->ntown || a->nforts != b->nforts)
		return 0;
	for (i = 0; i < a->nhills; i++) {
		if (a->hills[i].n != b->hills[i].n)
			return 0;
		for (k = 0; k < a->hills[i].n; k++)
			if (!same_line(&a->hills[i].contours[k],
			        &b->hills[i].contours[k], tol))
				return 0;
	}
	for (i = 0; i < a->nwoods; i++)
		if (!same_line(&a->woods[i], &b->woods[i], tol))
			return 0;
	for (i = 0; i < a->nrivers; i++)
		if (!same_path(&a->rivers[i], &b->rivers[i], tol))
			return 0;
	for (i = 0; i < a->nroads; i++)
		if (!same_path(&a->roads[i], &b->roads[i], tol))
			return 0;
	for (i = 0; i < a->nforts; i++)
		if (!same_path(&a->forts[i], &b->forts[i], tol))
			return 0;
	for (i = 0; i < a->ntown; i++)
		if (!same_rect(a->town[i].x, a->town[i].y, a->town[i].w,
		        a->town[i].h, b->town[i].x, b->town[i].y, b->town[i].w,
		        b->town[i].h, tol))
			return 0;
	return 1;
}

/*
 * scenario.yaml keeps its lengths in the ruleset's measure, to the 0.01
 * mm the generator places things at: every position read back is the
 * one generated (within 0.005 mm), in any measure, and read, written
 * and read again it is the very same to the last bit.
 */
Test(generate, lengths_in_the_rulesets_measure_round_trip)
{
	static const enum unit_of_length units[] = { LEN_MM, LEN_CM, LEN_IN,
		LEN_FT };
	static const char *said[] = { "\nmeasure: mm\n", "\nmeasure: cm\n",
		"\nmeasure: in\n", "\nmeasure: ft\n" };
	struct ruleset *rs = load("morschauser-modern");
	int seed, u;

	for (seed = 1; seed <= 6; seed++) {
		struct diags d = { 0 };
		struct scenario *s = gen(rs, (uint64_t)seed, 100, 0, 0, &d),
		                *t, *t2;
		char *y, *y2;

		cr_assert_not_null(s);
		for (u = 0; u < 4; u++) {
			rs->measure = units[u];
			y = sc_to_yaml(s, rs);
			cr_assert_not_null(strstr(y, said[u]), "%s", y);
			t = sc_parse("x.yaml", y, strlen(y), rs, &d);
			cr_assert_not_null(t, "%s", d.n ? d.v[0].msg : "");
			cr_assert(same_positions(s, t, 0.005 + 1e-9),
			    "seed %d, %s:\n%s", seed, said[u] + 1, y);
			y2 = sc_to_yaml(t, rs);
			cr_assert_str_eq(y, y2);
			t2 = sc_parse("x.yaml", y2, strlen(y2), rs, &d);
			cr_assert_not_null(t2);
			cr_assert(same_positions(t, t2, 0), "seed %d, %s",
			    seed, said[u] + 1);
			sc_free(t);
			sc_free(t2);
			free(y);
			free(y2);
		}
		rs->measure = LEN_IN;
		sc_free(s);
		diags_free(&d);
	}
	rs_free(rs);
}

Test(generate, valid_and_round_trips)
{
	const char *names[] = { "morschauser-modern", "gauntlet-ancients" };
	int k, seed;

	for (k = 0; k < 2; k++) {
		struct ruleset *rs = load(names[k]);

		for (seed = 1; seed <= 12; seed++) {
			struct diags d = { 0 };
			struct scenario *s = gen(rs, (uint64_t)seed, 100, 0, 0,
			                    &d),
			                *t;
			char *y1, *y2;

			cr_assert_not_null(s, "%s seed %d", names[k], seed);
			cr_assert_eq(sc_validate(s, rs, &d), 0);
			cr_assert(s->nobj >= 1 && s->nobj <= 2);
			cr_assert_gt(s->turns, 0);
			cr_assert_leq(s->side[0].points, 100);
			/* objectives between the zones */
			cr_assert_gt(s->obj[0].y,
			    s->zone[SC_RED].y + s->zone[SC_RED].h);
			cr_assert_lt(s->obj[0].y, s->zone[SC_BLUE].y);
			/* a special rule that deepens a zone is played */
			if (s->special == SC_SPECIAL_FORCED_MARCH)
				cr_assert_gt(s->zone[SC_RED].h,
				    s->zone[SC_BLUE].h + 1);
			if (s->special == SC_SPECIAL_RECONNAISSANCE)
				cr_assert_gt(s->zone[SC_BLUE].h,
				    s->zone[SC_RED].h + 1);
			y1 = sc_to_yaml(s, rs);
			t = sc_parse("x.yaml", y1, strlen(y1), rs, &d);
			cr_assert_not_null(t, "%s", d.n ? d.v[0].msg : "");
			y2 = sc_to_yaml(t, rs);
			cr_assert_str_eq(y1, y2);
			free(y1);
			free(y2);
			/* same seed, same scenario */
			sc_free(t);
			t = gen(rs, (uint64_t)seed, 100, 0, 0, &d);
			y1 = sc_to_yaml(s, rs);
			y2 = sc_to_yaml(t, rs);
			cr_assert_str_eq(y1, y2);
			free(y1);
			free(y2);
			sc_free(t);
			sc_free(s);
			diags_free(&d);
		}
		rs_free(rs);
	}
}

Test(generate, impossible_requests)
{
	struct ruleset *rs = load("morschauser-modern");
	struct diags d = { 0 };

	cr_assert_null(gen(rs, 1, 5, 0, 0, &d));
	cr_assert_eq(d.n, 1);
	cr_assert(strstr(d.v[0].msg, "cheapest unit costs 8") != NULL, "%s",
	    d.v[0].msg);
	diags_free(&d);
	/* 12" zones need 30" of depth */
	cr_assert_null(gen(rs, 1, 100, 24 * 25.4, 24 * 25.4, &d));
	cr_assert(strstr(d.v[0].msg, "too small") != NULL, "%s", d.v[0].msg);
	cr_assert(strstr(d.v[0].msg, "30\"") != NULL, "%s", d.v[0].msg);
	diags_free(&d);
	rs_free(rs);
}

Test(yaml, errors_have_positions)
{
	struct ruleset *rs = load("morschauser-modern");
	struct diags d = { 0 };
	struct scenario *s = gen(rs, 3, 100, 0, 0, &d), *t;
	char *y = sc_to_yaml(s, rs), *p, *bad;

	/* an unknown unit */
	p = strstr(y, "    Rifle:");
	cr_assert_not_null(p);
	bad = xasprintf("%.*s    Musketeer:%s", (int)(p - y), y, p + 10);
	t = sc_parse("bad.yaml", bad, strlen(bad), rs, &d);
	cr_assert_null(t);
	cr_assert_geq(d.n, 1);
	cr_assert(strstr(d.v[0].msg, "unknown unit 'Musketeer'") != NULL);
	cr_assert_gt(d.v[0].line, 5);
	cr_assert_eq(d.v[0].col, 5);
	diags_free(&d);
	free(bad);
	/* a bad turn limit */
	p = strstr(y, "turns: ");
	bad = xasprintf("%.*sturns: -3%s", (int)(p - y), y, strchr(p, '\n'));
	cr_assert_null(sc_parse("bad.yaml", bad, strlen(bad), rs, &d));
	cr_assert(strstr(d.v[0].msg, "'turns'") != NULL, "%s", d.v[0].msg);
	diags_free(&d);
	free(bad);
	free(y);
	sc_free(s);
	rs_free(rs);
}

/*
 * Names a hand-made quoting misreads survive write and read: quotes,
 * colons, '#', a leading '-', non-ASCII, and words a YAML reader takes
 * for something else (yes, null, 1e3), which must be written quoted.
 */
Test(yaml, awkward_names_round_trip)
{
	static const char *names[] = {
		"He said \"Hold!\": #1 at 'the' \\ford",
		"- Vanguard: first",
		"Kürassiere — 騎兵 ÆØÅ",
		"yes",
		"null",
		"1e3",
		"key: value # not a comment",
	};
	const size_t nn = sizeof(names) / sizeof(names[0]);
	struct ruleset *rs = load("morschauser-modern");
	struct diags d = { 0 };
	struct scenario *s = gen(rs, 3, 100, 0, 0, &d), *t;
	const struct rs_node *f, *n;
	struct rs_node *root;
	char *y, *y2;
	size_t i, k;

	cr_assert_not_null(s);
	cr_assert_geq(rs->nunits, nn);
	for (i = 0; i < nn; i++) {
		free(rs->units[i].name);
		rs->units[i].name = xstrdup(names[i]);
	}
	/* Blue fields one of each renamed unit. */
	sc_force_free(&s->side[SC_BLUE]);
	memset(&s->side[SC_BLUE], 0, sizeof(s->side[SC_BLUE]));
	for (i = 0; i < nn; i++)
		sc_force_add(&s->side[SC_BLUE], (int)i, (int)i + 1);
	free(s->title);
	s->title = xstrdup("null");
	free(s->obj[0].name);
	s->obj[0].name = xstrdup("- The \"old\" ford: #2, 1e3");
	y = sc_to_yaml(s, rs);
	t = sc_parse("x.yaml", y, strlen(y), rs, &d);
	cr_assert_not_null(t, "%s\n%s", d.n ? d.v[0].msg : "", y);
	cr_assert_str_eq(t->title, "null");
	cr_assert_str_eq(t->obj[0].name, s->obj[0].name);
	cr_assert_eq(t->side[SC_BLUE].n, nn, "%s", y);
	for (i = 0; i < nn; i++) {
		cr_assert_eq(t->side[SC_BLUE].v[i].type, (int)i, "%s",
		    names[i]);
		cr_assert_eq(t->side[SC_BLUE].v[i].count, (int)i + 1);
	}
	/* A reader that types plain scalars (YAML 1.1, core schema) still
	 * reads strings: yes, null and 1e3 are quoted. */
	root = rs_yaml_parse("x.yaml", y, strlen(y), 0, &d);
	cr_assert_not_null(root);
	cr_assert(rs_node_get(root, "scenario")->quoted, "%s", y);
	f = rs_node_get(rs_node_get(root, "blue"), "forces");
	cr_assert_not_null(f);
	for (i = 0, k = 0; i + 1 < f->nkids; i += 2) {
		n = f->kids[i];
		if (strcmp(n->scalar, "yes") == 0 ||
		    strcmp(n->scalar, "null") == 0 ||
		    strcmp(n->scalar, "1e3") == 0) {
			cr_assert(n->quoted, "'%s' written plain:\n%s",
			    n->scalar, y);
			k++;
		}
		/* and the counts stay numbers */
		cr_assert_not(f->kids[i + 1]->quoted);
	}
	cr_assert_eq(k, 3);
	/* the same bytes again, from what was read */
	y2 = sc_to_yaml(t, rs);
	cr_assert_str_eq(y, y2);
	rs_node_free(root);
	free(y);
	free(y2);
	sc_free(t);
	sc_free(s);
	diags_free(&d);
	rs_free(rs);
}

/* ---- the balance search with a fake game ---- */

struct fake {
	const struct scenario *s;
};

static void *
fake_prepare(void *arg, const struct scenario *s)
{
	struct fake *f = xmalloc(sizeof(*f));

	(void)arg;
	f->s = s;
	return f;
}

/* Blue wins with a chance that grows with its share of the points. */
static int
fake_play(void *st, uint64_t seed, uint64_t game, int *turns, int *at_limit)
{
	struct fake *f = st;
	struct tr_rng g;
	double pb = f->s->side[0].points, pr = f->s->side[1].points;
	double p = 0.5 + 4 * (pb - pr) / (pb + pr);

	tr_rng_seed(&g, seed * 1000003 + game);
	*turns = 1;
	*at_limit = 0;
	return tr_rng_range(&g, 0, 1) < p ? SC_BLUE : SC_RED;
}

static void
fake_release(void *st)
{
	free(st);
}

Test(balance, measure_does_not_depend_on_jobs)
{
	struct ruleset *rs = load("morschauser-modern");
	struct diags d = { 0 };
	struct scenario *s = gen(rs, 2, 100, 0, 0, &d);
	struct sc_games gm = { fake_prepare, fake_play, fake_release, NULL,
		NULL, NULL };
	struct sc_balance a;

	cr_assert_eq(sc_measure(s, &gm, 999, 5, 1), 0);
	a = s->bal;
	cr_assert_eq(sc_measure(s, &gm, 999, 5, 3), 0);
	cr_assert_eq(a.wins[0], s->bal.wins[0]);
	cr_assert_eq(a.wins[1], s->bal.wins[1]);
	cr_assert_eq(a.wins[0] + a.wins[1] + a.draws, 999);
	sc_free(s);
	rs_free(rs);
}

Test(balance, search_reaches_the_band)
{
	struct ruleset *rs = load("morschauser-modern");
	struct diags d = { 0 };
	struct sc_values v = values_of(rs);
	struct sc_request rq = { 11, 100, 0, 0, 1, -1, { 0 }, { 0 }, NULL };
	struct sc_games gm = { fake_prepare, fake_play, fake_release, NULL,
		NULL, NULL };
	struct scenario *s;
	int ok;

	s = sc_balance(rs, rs->path, &rq, &v, &gm, 2000, 2, 30, &ok, NULL,
	    NULL, &d);
	cr_assert_not_null(s);
	cr_assert(ok);
	cr_assert(s->bal.rate >= 0.47 && s->bal.rate <= 0.53, "%f",
	    s->bal.rate);
	cr_assert_geq(s->bal.candidates, 1);
	/* the same request gives the same answer */
	{
		struct scenario *t = sc_balance(rs, rs->path, &rq, &v, &gm,
		    2000, 1, 30, &ok, NULL, NULL, &d);
		char *a = sc_to_yaml(s, rs), *b = sc_to_yaml(t, rs);

		cr_assert_str_eq(a, b);
		free(a);
		free(b);
		sc_free(t);
	}
	sc_free(s);
	sc_values_free(&v);
	rs_free(rs);
}

/* Series seen by the fake below: each (forces, seed) whose game 0 was
 * played; twice means a series was played again. */
static char played[256][160];
static int nplayed, replayed;

static void
forces_key(const struct scenario *s, uint64_t seed, char *out, size_t n)
{
	size_t i, k;
	int at = snprintf(out, n, "%llu:", (unsigned long long)seed);

	for (k = 0; k < 2; k++)
		for (i = 0; i < s->side[k].n && at > 0 && (size_t)at < n; i++)
			at += snprintf(out + at, n - (size_t)at, "%zu/%d/%d ",
			    k, s->side[k].v[i].type, s->side[k].v[i].count);
}

/* Blue's chance a number from the forces alone, 35% to 65% (so that
 * which side is the stronger need not follow the points, as in real
 * games, and the search adjusts back and forth); the series are
 * recorded. */
static int
swing_play(void *st, uint64_t seed, uint64_t game, int *turns, int *at_limit)
{
	struct fake *f = st;
	struct tr_rng g;
	char key[160];
	const char *c;
	uint64_t h = 1469598103934665603ULL;
	double p;
	int i;

	forces_key(f->s, 0, key, sizeof(key));
	for (c = key; *c != '\0'; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ULL;
	p = 0.35 + 0.3 * (double)(h >> 11) / 9007199254740992.0;
	if (game == 0 && nplayed < 256) {
		forces_key(f->s, seed, played[nplayed], sizeof(played[0]));
		for (i = 0; i < nplayed; i++)
			if (strcmp(played[i], played[nplayed]) == 0)
				replayed++;
		nplayed++;
	}
	tr_rng_seed(&g, seed * 1000003 + game);
	*turns = 1;
	*at_limit = 0;
	return tr_rng_range(&g, 0, 1) < p ? SC_BLUE : SC_RED;
}

/* An adjustment that undoes the one before gives the scenario measured
 * before: its series is not played again (the same dice, the same
 * figure), and the search's answer is the one it would give playing it. */
Test(balance, search_plays_no_series_twice)
{
	struct ruleset *rs = load("morschauser-modern");
	struct diags d = { 0 };
	struct sc_values v = values_of(rs);
	struct sc_games gm = { fake_prepare, swing_play, fake_release, NULL,
		NULL, NULL };
	struct scenario *s;
	uint64_t seed;
	int ok, searches = 0;

	for (seed = 1; seed <= 12; seed++) {
		struct sc_request rq = { seed, 100, 0, 0, 1, -1, { 0 }, { 0 },
			NULL };

		nplayed = replayed = 0;
		s = sc_balance(rs, rs->path, &rq, &v, &gm, 1000, 1, 6, &ok,
		    NULL, NULL, &d);
		cr_assert_not_null(s);
		cr_assert_eq(replayed, 0, "seed %llu: %d series played again",
		    (unsigned long long)seed, replayed);
		searches += nplayed > 2;
		sc_free(s);
	}
	/* The fake's searches adjusted forces (else this tests nothing). */
	cr_assert_gt(searches, 0);
	sc_values_free(&v);
	diags_free(&d);
	rs_free(rs);
}

/* ---- real games through the engine ---- */

Test(engine, generated_scenarios_play_to_an_end)
{
	struct ruleset *rs = load("morschauser-modern");
	struct diags d = { 0 };
	struct sc_engine *e = sc_engine_new(rs, &d);
	struct sc_games gm;
	int seed, turns, w, i, lim, limits = 0;

	cr_assert_not_null(e);
	gm = sc_engine_games(e);
	for (seed = 1; seed <= 10; seed++) {
		struct scenario *s = gen(rs, (uint64_t)seed, 100, 0, 0, &d);
		void *st = gm.prepare(gm.arg, s);

		cr_assert_not_null(st, "seed %d not playable", seed);
		for (i = 0; i < 20; i++) {
			w = gm.play(st, 7, (uint64_t)i, &turns, &lim);
			cr_assert(w >= -1 && w <= 1);
			cr_assert_leq(turns, s->turns,
			    "seed %d: %d turns "
			    "of %d",
			    seed, turns, s->turns);
			cr_assert(!lim || turns == s->turns);
			limits += lim;
		}
		gm.release(st);
		sc_free(s);
	}
	/* some battles are decided by the victory conditions */
	cr_assert_gt(limits, 0);
	sc_engine_free(e);
	diags_free(&d);
	rs_free(rs);
}

Test(engine, unit_values_are_derived)
{
	struct ruleset *rs = load("morschauser-modern");
	struct diags d = { 0 };
	struct sc_engine *e = sc_engine_new(rs, &d);
	struct sc_values v, w;
	int rifle = rs_unit_find(rs, "Rifle"), tank = rs_unit_find(rs, "Tank");
	int gun = rs_unit_find(rs, "Field Gun"),
	    mg = rs_unit_find(rs, "Machine Gun");

	cr_assert_eq(sc_unit_values(e, 1600, 1, 2, &v), 0);
	cr_assert_eq(v.n, rs->nunits);
	/* a tank (destroys anything, runs down) is worth more than a
	 * machine gun (rifle-calibre only, melee 2) */
	cr_assert_gt(v.v[tank], v.v[mg], "tank %d, mg %d", v.v[tank], v.v[mg]);
	cr_assert_gt(v.v[rifle], 0);
	cr_assert_gt(v.v[gun], 0);
	/* deterministic */
	cr_assert_eq(sc_unit_values(e, 1600, 1, 1, &w), 0);
	cr_assert_eq(memcmp(v.v, w.v, v.n * sizeof(int)), 0);
	sc_values_free(&v);
	sc_values_free(&w);
	sc_engine_free(e);
	diags_free(&d);
	rs_free(rs);
}

/* A print-only ruleset's scenario: the default battle's forces on both
 * sides (or one unit of each type), no values needed; past 32 units a
 * side, an error at the forces. */
Test(generate, fixed_forces)
{
	struct ruleset *rs = load("morschauser-modern");
	struct sc_values v = { NULL, 0, 0, 0 };
	struct sc_request rq;
	struct sc_force f;
	struct scenario *s;
	struct diags d = { 0 };
	size_t i;
	int n = 0;

	v.n = rs->nunits;
	v.v = xcalloc(v.n, sizeof(int)); /* nothing priced */
	cr_assert_eq(sc_default_force(rs, &f, &d), 0);
	for (i = 0; i < rs->nforces; i++)
		n += rs->forces[i].count;
	cr_assert_gt(n, 0);
	cr_assert_eq(sc_force_units(&f), n);
	memset(&rq, 0, sizeof(rq));
	rq.seed = 3;
	rq.density = 1;
	rq.special = -1;
	rq.forces = &f;
	s = sc_generate(rs, rs->path, &rq, &v, &d);
	cr_assert_not_null(s, "%s", d.n ? d.v[0].msg : "");
	cr_assert_eq(sc_force_units(&s->side[SC_BLUE]), n);
	cr_assert_eq(sc_force_units(&s->side[SC_RED]), n);
	cr_assert_eq(sc_validate(s, rs, &d), 0);
	sc_free(s);
	sc_force_free(&f);

	/* No battle: one of each type. */
	rs->nforces = 0;
	cr_assert_eq(sc_default_force(rs, &f, &d), 0);
	cr_assert_eq(sc_force_units(&f), (int)rs->nunits);
	cr_assert_eq(f.n, rs->nunits);
	sc_force_free(&f);

	/* Past a scenario's side. */
	rs->nforces = 1;
	rs->forces[0].count = SC_MAX_SIDE + 1;
	cr_assert_eq(sc_default_force(rs, &f, &d), -1);
	cr_assert_eq(diags_worst(&d), SEV_ERROR);
	cr_assert_eq(d.v[d.n - 1].line, rs->forces[0].pos.line);
	cr_assert_eq(f.n, 0);
	diags_free(&d);
	free(v.v);
	rs_free(rs);
}
