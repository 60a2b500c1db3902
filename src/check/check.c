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

/* A chance of the generic tables, exactly. */
static void
emit_q(const struct eng_emit *out, const char *key, const struct eng_q *q)
{
	mpq_t x;

	mpq_init(x);
	eng_q_get_mpq(q, x);
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
		out->real(x, "p_hit", eng_q_double(&f->p_hit));
		emit_q(out, "exact", &f->p_hit);
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
		if (m->powers) {
			out->integer(x, "attacker_power", m->a_power);
			out->integer(x, "defender_power", m->d_power);
		}
		out->real(x, "attacker_wins", eng_q_double(&m->attacker_wins));
		out->real(x, "defender_wins", eng_q_double(&m->defender_wins));
		out->real(x, "both_destroyed",
		    eng_q_double(&m->both_destroyed));
		if (m->resolves)
			out->real(x, "expected_rolls",
			    eng_q_double(&m->expected_rolls));
		else
			out->null(x, "expected_rolls");
		out->boolean(x, "resolves", m->resolves);
		out->open(x, "exact", 0);
		emit_q(out, "attacker_wins", &m->attacker_wins);
		emit_q(out, "defender_wins", &m->defender_wins);
		emit_q(out, "both_destroyed", &m->both_destroyed);
		if (m->resolves)
			emit_q(out, "expected_rolls", &m->expected_rolls);
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
