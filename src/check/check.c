/*
 * check.c: the validation pipeline — test games, rule coverage, self-play
 * and findings — and its JSON reports.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check.h"

int
chk_grid_parse(const char *s, enum unit_of_length bare, int *grid,
    double *cell)
{
	enum rs_grid g;
	const char *why;

	/* A board to play on: a kind, and a cell unless it is none. */
	if (rs_grid_parse(s, bare, &g, cell, &why) != 0 ||
	    (g != RS_GRID_NONE && *cell == 0))
		return -1;
	*grid = (int)g;
	return 0;
}

/* s followed by a and b (s freed; NULL is empty). */
static char *
append(char *s, const char *a, const char *b)
{
	char *r = xasprintf("%s%s%s", s != NULL ? s : "", a, b);

	free(s);
	return r;
}

/* The rules named in the coverage warning, unless all are asked for. */
#define CHK_COVERAGE_NAMED 8

/*
 * One warning for the rules that can apply to the ruleset and that no
 * test game applied: how many, and their ids (the first few, unless
 * all is set: check -v, whose table lists each rule too).
 */
static void
coverage_warnings(const struct ruleset *rs, const struct chk_result *r,
    int all, struct diags *d)
{
	const struct eng_family *f = r->ctx->fam;
	struct pos at = rs->tests != NULL && rs->ntests > 0 ?
	    rs->tests[0].pos :
	    rs->engine_pos;
	int k, n = 0, miss = 0;
	char *ids = NULL;

	for (k = 0; k < f->nrules; k++)
		n += eng_rule_applies(r->ctx, k);
	if (rs->ntests == 0) {
		diag_add(d, SEV_WARNING, at,
		    "no test games: %s%d %s of the %s "
		    "engine %s exercised by a test game",
		    n == 1 ? "" : "none of the ", n,
		    plural(n, "rule", "rules"), f->name,
		    plural(n, "is not", "is"));
		return;
	}
	for (k = 0; k < f->nrules; k++) {
		if (r->test_cov[k] != 0 || !eng_rule_applies(r->ctx, k))
			continue;
		if (all || miss < CHK_COVERAGE_NAMED)
			ids = append(ids, miss ? ", " : "", f->rules[k].id);
		else if (miss == CHK_COVERAGE_NAMED)
			ids = append(ids, ", …", "");
		miss++;
	}
	if (miss > 0)
		diag_add(d, SEV_WARNING, at,
		    "%d of %d rule%s %s exercised by "
		    "no test game: %s%s",
		    miss, n, n == 1 ? "" : "s", miss == 1 ? "is" : "are", ids,
		    all || miss <= CHK_COVERAGE_NAMED ?
		        "" :
		        " (check -v lists each rule)");
	free(ids);
}

/* Whether the Markdown tree has a heading with this text (or its
 * German or French, in lang). */
static int
has_heading(const char *lang, const struct rs_md *m, const char *title)
{
	size_t i;
	int found = 0;
	char *t;

	if (m == NULL)
		return 0;
	if (m->kind == RS_MD_HEADING) {
		t = rs_md_text(m);
		/* In lang: de or fr, a German or French title too. */
		found = t != NULL &&
		    strcasecmp(rs_heading_en(lang, t), title) == 0;
		free(t);
		return found;
	}
	for (i = 0; i < m->nkids && !found; i++)
		found = has_heading(lang, m->kids[i], title);
	return found;
}

/* Each rule that can apply names the section of the ruleset that states
 * it: a note for a section the ruleset does not have (once per
 * section). */
static void
section_notes(const struct ruleset *rs, const struct eng_ctx *c,
    struct diags *d)
{
	const struct eng_family *f = c->fam;
	int k, j, seen;

	for (k = 0; k < f->nrules; k++) {
		if (!eng_rule_applies(c, k))
			continue;
		for (seen = 0, j = 0; j < k; j++)
			if (eng_rule_applies(c, j) &&
			    strcmp(f->rules[j].section, f->rules[k].section) ==
			        0)
				seen = 1;
		if (!seen &&
		    !has_heading(rs->lang, rs->doc, f->rules[k].section))
			diag_add(d, SEV_NOTE, rs->engine_pos,
			    "the %s engine's "
			    "rules such as %s are stated in a section '%s', "
			    "which this ruleset does not have",
			    f->name, f->rules[k].id, f->rules[k].section);
	}
}

/* Findings of self-play that every family shares. */
static void
selfplay_findings(const struct ruleset *rs, const struct chk_result *r,
    struct diags *d)
{
	const struct eng_stats *st = &r->st;
	struct pos at = rs->engine_pos;
	int s;

	if (st->games == 0)
		return;
	if (st->games >= 100 &&
	    (st->first_player_wins * 10 < (st->wins[0] + st->wins[1]) * 4 ||
	        st->first_player_wins * 10 > (st->wins[0] + st->wins[1]) * 6))
		diag_add(d, SEV_NOTE, at,
		    "the side that moves first won %ld "
		    "of %ld decided self-play games",
		    st->first_player_wins, st->wins[0] + st->wins[1]);
	if (st->timeouts * 2 > st->games)
		diag_add(d, SEV_WARNING, at,
		    "%ld of %ld self-play %s did "
		    "not end before the turn limit (%d %s)",
		    st->timeouts, st->games,
		    plural(st->games, "game", "games"), r->ctx->turn_limit,
		    plural(r->ctx->turn_limit, "turn", "turns"));
	for (s = 0; s < 2 && st->games >= 20; s++)
		if (st->wins[s] == 0)
			diag_add(d, SEV_WARNING, at,
			    "%s never won a mirror "
			    "match in %ld self-play games",
			    s ? "red" : "blue", st->games);
}

int
chk_run(const struct ruleset *rs, const struct chk_opts *o,
    struct chk_result *r, struct diags *d)
{
	size_t before = d->n;

	memset(r, 0, sizeof(*r));
	r->games = o->games;
	r->seed = o->seed;
	r->jobs = o->jobs;
	r->ctx = eng_ctx_new(rs, o->grid, o->cell_mm, d);
	if (r->ctx == NULL) {
		size_t i;
		for (i = before; i < d->n; i++)
			if (d->v[i].sev == SEV_ERROR)
				return -1;
		return 1;
	}
	if (o->tests) {
		r->tests_failed = eng_testgames_run(r->ctx, d, r->test_cov,
		    &r->tests);
		coverage_warnings(rs, r, o->all_rules, d);
		section_notes(rs, r->ctx, d);
	}
	if (o->games > 0)
		eng_selfplay_progress(r->ctx, o->games, o->seed, o->jobs,
		    &r->st, o->progress, o->parg);
	if (r->ctx->fam->findings != NULL)
		r->ctx->fam->findings(r->ctx, o->games > 0 ? &r->st : NULL, d);
	selfplay_findings(rs, r, d);
	return 0;
}

void
chk_result_free(struct chk_result *r)
{
	eng_ctx_free(r->ctx);
	r->ctx = NULL;
}

json_t *
chk_q_real(struct eng_q q)
{
	return json_real(eng_q_double(q));
}

json_t *
chk_q_string(struct eng_q q)
{
	char b[64];

	eng_q_format(b, sizeof(b), q);
	return json_string(b);
}

/* A double rounded to 4 decimals, so that output is stable. */
static json_t *
real4(double v)
{
	return json_real(round(v * 10000) / 10000);
}

/* A name as JSON: a file name's bytes that are not UTF-8 as U+FFFD. */
static json_t *
name_json(const char *name)
{
	char *fixed = str_utf8_fix(name);
	json_t *j = json_string(fixed);

	free(fixed);
	return j;
}

json_t *
chk_stats_json(const struct ruleset *rs, const struct chk_result *r)
{
	const struct eng_stats *st = &r->st;
	json_t *o = json_object(), *w, *t, *gr, *cov;
	double n = (double)(st->games > 0 ? st->games : 1), mean, var;
	long decided = st->wins[0] + st->wins[1];
	int k;

	json_object_set_new(o, "ruleset", name_json(rs->name));
	json_object_set_new(o, "engine", json_string(eng_engine_name(rs)));
	json_object_set_new(o, "games", json_integer(st->games));
	json_object_set_new(o, "seed", json_integer((json_int_t)r->seed));
	w = json_object();
	json_object_set_new(w, "blue", json_integer(st->wins[0]));
	json_object_set_new(w, "red", json_integer(st->wins[1]));
	json_object_set_new(o, "wins", w);
	json_object_set_new(o, "draws", json_integer(st->draws));
	json_object_set_new(o, "timeouts", json_integer(st->timeouts));
	json_object_set_new(o, "first_player_wins",
	    json_integer(st->first_player_wins));
	mean = (double)st->turns_sum / n;
	var = (double)st->turns_sumsq / n - mean * mean;
	t = json_object();
	json_object_set_new(t, "mean", real4(mean));
	json_object_set_new(t, "sd", real4(var > 0 ? sqrt(var) : 0));
	json_object_set_new(t, "max", json_integer(st->turns_max));
	json_object_set_new(o, "turns", t);
	/* Balance: blue's share of the decided games (0.5 is even). */
	json_object_set_new(o, "balance",
	    real4(decided ? (double)st->wins[0] / (double)decided : 0.5));
	json_object_set_new(o, "first_player_win_rate",
	    real4(st->games ? (double)st->first_player_wins / n : 0));
	gr = json_object();
	json_object_set_new(gr, "games", json_integer(st->greedy_games));
	json_object_set_new(gr, "greedy_wins", json_integer(st->greedy_wins));
	json_object_set_new(gr, "win_rate",
	    real4(st->greedy_games ?
	            (double)st->greedy_wins / (double)st->greedy_games :
	            0));
	json_object_set_new(o, "greedy_vs_random", gr);
	cov = json_object();
	for (k = 0; k < r->ctx->fam->nrules; k++)
		json_object_set_new(cov, r->ctx->fam->rules[k].id,
		    json_integer((json_int_t)st->cov[k]));
	json_object_set_new(o, "coverage", cov);
	json_object_set_new(o, "games_per_second",
	    json_integer(st->seconds > 0 ?
	            (json_int_t)((st->games + st->greedy_games) /
	                st->seconds) :
	            0));
	return o;
}

json_t *
chk_json(const struct ruleset *rs, const struct chk_result *r)
{
	json_t *o, *tg, *rules;
	int k;

	if (r->games > 0)
		o = chk_stats_json(rs, r);
	else {
		o = json_object();
		json_object_set_new(o, "ruleset", name_json(rs->name));
		json_object_set_new(o, "engine",
		    json_string(eng_engine_name(rs)));
	}
	json_object_set_new(o, "played", json_true());
	tg = json_object();
	json_object_set_new(tg, "played", json_integer(r->tests));
	json_object_set_new(tg, "failed", json_integer(r->tests_failed));
	json_object_set_new(o, "test_games", tg);
	rules = json_array();
	for (k = 0; k < r->ctx->fam->nrules; k++) {
		json_t *e = json_object();
		json_object_set_new(e, "id",
		    json_string(r->ctx->fam->rules[k].id));
		json_object_set_new(e, "section",
		    json_string(r->ctx->fam->rules[k].section));
		json_object_set_new(e, "applies",
		    json_boolean(eng_rule_applies(r->ctx, k)));
		json_object_set_new(e, "test_games",
		    json_integer((json_int_t)r->test_cov[k]));
		json_object_set_new(e, "self_play",
		    json_integer((json_int_t)r->st.cov[k]));
		json_array_append_new(rules, e);
	}
	json_object_set_new(o, "rules", rules);
	return o;
}

static int
name_ok(const char *filter, const char *name)
{
	return filter == NULL || strcasecmp(filter, name) == 0;
}

/* A chance of the generic tables, exactly as eng_q_format() says it. */
static void
emit_q(const struct eng_emit *out, const char *key, struct eng_q q)
{
	mpq_t x;

	mpq_init(x);
	mpz_set_si(mpq_numref(x), (long)q.num);
	mpz_set_si(mpq_denref(x), (long)q.den);
	out->exact(out->arg, key, x);
	mpq_clear(x);
}

void
chk_odds_stream(const struct eng_ctx *c, const struct eng_odds *od,
    const char *a, const char *b, const struct eng_emit *out)
{
	const struct ruleset *rs = c->rs;
	void *x = out->arg;
	int uw = eng_names_width(rs, 0), ww = eng_names_width(rs, 1);
	size_t i;

	out->table(x, "fire",
	    "Fire: chance that one shot destroys the target");
	out->column(x, "shooter", "shooter", uw);
	out->column(x, "weapon", "weapon", ww);
	out->column(x, "target", "target", uw);
	out->column(x, "exact", "destroyed", 0);
	for (i = 0; i < od->nfire; i++) {
		const struct eng_odds_fire *f = &od->fire[i];
		const char *sn = rs->units[f->shooter].name,
		           *tn = rs->units[f->target].name;
		if (!name_ok(a, sn) || !name_ok(b, tn))
			continue;
		out->open(x, NULL, 0);
		out->string(x, "shooter", sn);
		out->string(x, "weapon", rs->weapons[f->weapon].name);
		out->string(x, "target", tn);
		out->real(x, "p_hit", eng_q_double(f->p_hit));
		emit_q(out, "exact", f->p_hit);
		out->close(x);
	}
	out->table(x, "melee", "Melee: draws rolled again until one result");
	out->column(x, "attacker", "attacker", uw);
	out->column(x, "defender", "defender", uw);
	out->column(x, "situation", "where", 6);
	out->column(x, "exact.attacker_wins", "attacker wins", 15);
	out->column(x, "exact.defender_wins", "defender wins", 15);
	out->column(x, "exact.both_destroyed", "both destroyed", 15);
	out->column(x, "exact.expected_rolls", "rolls", 0);
	out->note(x, "attacker wins: only the defender is removed");
	out->note(x,
	    "rolls: the mean number of rolls; - where the melee "
	    "never resolves");
	for (i = 0; i < od->nmelee; i++) {
		const struct eng_odds_melee *m = &od->melee[i];
		const char *an = rs->units[m->attacker].name,
		           *dn = rs->units[m->defender].name;
		if (!name_ok(a, an) || !name_ok(b, dn))
			continue;
		out->open(x, NULL, 0);
		out->string(x, "attacker", an);
		out->string(x, "defender", dn);
		out->string(x, "situation", m->situation);
		out->integer(x, "attacker_power", m->a_power);
		out->integer(x, "defender_power", m->d_power);
		out->real(x, "attacker_wins", eng_q_double(m->attacker_wins));
		out->real(x, "defender_wins", eng_q_double(m->defender_wins));
		out->real(x, "both_destroyed",
		    eng_q_double(m->both_destroyed));
		if (m->resolves)
			out->real(x, "expected_rolls",
			    eng_q_double(m->expected_rolls));
		else
			out->null(x, "expected_rolls");
		out->boolean(x, "resolves", m->resolves);
		out->open(x, "exact", 0);
		emit_q(out, "attacker_wins", m->attacker_wins);
		emit_q(out, "defender_wins", m->defender_wins);
		emit_q(out, "both_destroyed", m->both_destroyed);
		if (m->resolves)
			emit_q(out, "expected_rolls", m->expected_rolls);
		else
			out->null(x, "expected_rolls");
		out->close(x);
		out->close(x);
	}
}

void
chk_odds_document(const struct eng_ctx *c, const char *a, const char *b,
    const struct eng_emit *s)
{
	const struct eng_show *sh = c->fam->show;
	struct eng_odds o;

	if (sh != NULL && sh->odds_doc != NULL) {
		sh->odds_doc(c, a, b, s);
		return;
	}
	memset(&o, 0, sizeof(o));
	if (c->fam->odds != NULL)
		c->fam->odds(c, &o);
	chk_odds_stream(c, &o, a, b, s);
	eng_odds_free(&o);
}
