/*
 * balance.c: measuring a scenario by test games (Wilson interval of
 * Blue's score) and the --balanced search: new candidates from derived
 * seeds, each adjusted by a unit or two before the next is tried.
 * Games are played through a caller's function (sc_play_fn), so this
 * file needs no engine and is unit-tested with a fake one.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"
#include "../engine/engine.h"

/* Accepted: Blue's score within the middle of the band, so that a
 * replay with other dice (about ±3% at 1,000 games) stays within it. */
#define ACCEPT_LO 0.47
#define ACCEPT_HI 0.53
#define ADJUSTMENTS 3 /* force adjustments tried on each candidate */
/*
 * The search's budget of play, per game asked for: the games of every
 * series it plays, each times the square of the units on the table (a
 * game's work grows so: every unit looks at every other). At 1,000 games
 * that is 5.5 million; the bundled rulesets' searches stay within it
 * (Gauntlet Ancients', the hardest to balance since its forced moves go
 * along paths and no move ends on a friend, takes 11 candidates); a
 * search among 64-unit battles would use 88 million (7 s). Past it the
 * search stops with the closest scenario found, and says so.
 */
#define SEARCH_BUDGET 5500.0
#define SEARCH_MIN_GAMES 100 /* a shorter series tells too little */

struct job {
	const struct sc_games *gm;
	void *state;
	uint64_t seed;
	long from, to, step;
	long wins[2], draws, at_limit, turns;
};

/* A thread: games from, from + step, … below to; counts results. */
static void *
run_job(void *p)
{
	struct job *j = p;
	void *scratch = NULL;
	long i;
	int w, turns, lim;

	for (i = j->from; i < j->to; i += j->step) {
		w = j->gm->play_in != NULL ?
		    j->gm->play_in(j->state, &scratch, j->seed, (uint64_t)i,
		        &turns, &lim) :
		    j->gm->play(j->state, j->seed, (uint64_t)i, &turns, &lim);
		j->turns += turns;
		j->at_limit += lim != 0;
		if (w == SC_BLUE || w == SC_RED)
			j->wins[w]++;
		else
			j->draws++;
	}
	if (scratch != NULL && j->gm->scratch_free != NULL)
		j->gm->scratch_free(scratch);
	return NULL;
}

/* Play games [from, to) striped over jobs threads; add the results to
 * wins and draws. */
static void
play_range(const struct sc_games *gm, void *state, uint64_t seed, long from,
    long to, int jobs, struct sc_balance *b)
{
	struct job *j;
	int k;

	if (to - from < jobs)
		jobs = 1;
	j = xcalloc((size_t)jobs, sizeof(*j));
	for (k = 0; k < jobs; k++) {
		j[k].gm = gm;
		j[k].state = state;
		j[k].seed = seed;
		j[k].from = from + k;
		j[k].to = to;
		j[k].step = jobs;
	}
	eng_fan_out(run_job, j, sizeof(j[0]), jobs);
	for (k = 0; k < jobs; k++) {
		b->wins[0] += j[k].wins[0];
		b->wins[1] += j[k].wins[1];
		b->draws += j[k].draws;
		b->at_limit += j[k].at_limit;
		b->turns_sum += j[k].turns;
	}
	free(j);
}

/* Set rate and interval from the counts. */
static void
bal_finish(struct sc_balance *b)
{
	b->rate = b->games > 0 ?
	    (b->wins[0] + b->draws / 2.0) / (double)b->games :
	    0.5;
	wilson95(b->rate, b->games, &b->lo, &b->hi);
}

/*
 * Play up to `games` games in chunks; with early != 0, stop as soon as a
 * 99.9% interval of Blue's score lies wholly outside [ACCEPT_LO,
 * ACCEPT_HI] (a candidate that cannot pass is not played out). Chunks
 * are fixed ranges of game numbers, so the result does not depend on
 * jobs. Returns 0, or -1 when the scenario cannot be played.
 */
static int
measure(struct scenario *s, const struct sc_games *gm, long games,
    uint64_t seed, int jobs, int early)
{
	const long chunk = 200;
	const double z = 3.29; /* 99.9% */
	void *state = gm->prepare(gm->arg, s);
	struct sc_balance *b = &s->bal;
	long done, next;
	double p, half;

	if (state == NULL)
		return -1;
	if (jobs < 1)
		jobs = 1;
	b->seed = seed;
	b->wins[0] = b->wins[1] = b->draws = b->at_limit = b->turns_sum = 0;
	for (done = 0; done < games; done = next) {
		next = early && games - done > chunk ? done + chunk : games;
		play_range(gm, state, seed, done, next, jobs, b);
		b->games = next;
		p = (b->wins[0] + b->draws / 2.0) / (double)next;
		half = z * sqrt(0.25 / (double)next);
		if (early && (p + half < ACCEPT_LO || p - half > ACCEPT_HI))
			break;
	}
	gm->release(state);
	bal_finish(b);
	return 0;
}

/*
 * The series a candidate was measured with: its forces (kept in the
 * ruleset's order, so equal forces are equal lists) and points, the
 * games, seed and early stop asked for, and the figure. An adjustment
 * often undoes the one before (a unit given to the weaker side makes it
 * the stronger, and the next takes it away): the scenario is then the
 * one measured before, and its series, played with the same dice, is
 * the same. It is taken from here rather than played again.
 */
struct seen {
	struct sc_entry *v[2];
	size_t n[2];
	int points[2];
	long games;
	uint64_t seed;
	int early;
	struct sc_balance bal;
};

struct seen_set {
	struct seen *v;
	size_t n, cap;
};

static int
seen_same(const struct seen *e, const struct scenario *s, long games,
    uint64_t seed, int early)
{
	int k;

	if (e->games != games || e->seed != seed || e->early != early)
		return 0;
	for (k = 0; k < 2; k++)
		if (e->n[k] != s->side[k].n ||
		    e->points[k] != s->side[k].points ||
		    (e->n[k] > 0 &&
		        memcmp(e->v[k], s->side[k].v,
		            e->n[k] * sizeof(e->v[k][0])) != 0))
			return 0;
	return 1;
}

/* Forget every series (a new candidate: another battlefield). */
static void
seen_clear(struct seen_set *ss)
{
	size_t i;

	for (i = 0; i < ss->n; i++) {
		free(ss->v[i].v[0]);
		free(ss->v[i].v[1]);
	}
	ss->n = 0;
}

/* measure(), or the figure of the same series measured before: the
 * fields measure() sets, as it would set them. */
static int
measure_seen(struct seen_set *ss, struct scenario *s,
    const struct sc_games *gm, long games, uint64_t seed, int jobs, int early)
{
	struct sc_balance *b = &s->bal;
	struct seen e;
	size_t i;
	int k;

	for (i = 0; i < ss->n; i++)
		if (seen_same(&ss->v[i], s, games, seed, early)) {
			const struct sc_balance *o = &ss->v[i].bal;

			b->seed = o->seed;
			b->wins[0] = o->wins[0];
			b->wins[1] = o->wins[1];
			b->draws = o->draws;
			b->at_limit = o->at_limit;
			b->turns_sum = o->turns_sum;
			b->games = o->games;
			b->rate = o->rate;
			b->lo = o->lo;
			b->hi = o->hi;
			return 0;
		}
	if (measure(s, gm, games, seed, jobs, early) != 0)
		return -1;
	memset(&e, 0, sizeof(e));
	for (k = 0; k < 2; k++) {
		e.n[k] = s->side[k].n;
		e.points[k] = s->side[k].points;
		e.v[k] = xcalloc(e.n[k] + 1, sizeof(e.v[k][0]));
		if (e.n[k] > 0)
			memcpy(e.v[k], s->side[k].v,
			    e.n[k] * sizeof(e.v[k][0]));
	}
	e.games = games;
	e.seed = seed;
	e.early = early;
	e.bal = *b;
	XPUSH(ss->v, ss->n, ss->cap, e);
	return 0;
}

/* Returns 0 and fills s->bal, or -1 (see scenario.h). */
int
sc_measure(struct scenario *s, const struct sc_games *gm, long games,
    uint64_t seed, int jobs)
{
	return measure(s, gm, games, seed, jobs, 0);
}

/* The seed of candidate c: the request's seed for the first. */
static uint64_t
candidate_seed(uint64_t seed, int c)
{
	struct tr_rng g;

	if (c == 0)
		return seed;
	tr_rng_seed(&g, seed + (uint64_t)c * 0x632be59bd9b4e019ULL);
	return tr_rng_next(&g) >> 40; /* short enough to type */
}

/* A deep copy through the YAML text (keeps the balance figure). */
static struct scenario *
sc_copy(const struct scenario *s, const struct ruleset *rs)
{
	char *y = sc_to_yaml(s, rs);
	struct diags d = { 0 };
	struct scenario *c = sc_parse("(copy)", y, strlen(y), rs, &d);

	free(y);
	diags_free(&d);
	if (c != NULL) {
		c->bal = s->bal;
		c->seed = s->seed;
		free(c->ruleset);
		c->ruleset = xstrdup(s->ruleset);
	}
	return c;
}

/* The cheapest fielded type of a force (-1 none). */
static int
cheapest_in(const struct sc_force *f, const struct sc_values *val)
{
	size_t i;
	int best = -1;

	for (i = 0; i < f->n; i++)
		if (best < 0 || val->v[f->v[i].type] < val->v[best])
			best = f->v[i].type;
	return best;
}

/*
 * Nudge the forces towards an even game: take the stronger side's
 * cheapest unit away while its points exceed the weaker side's, else
 * give the weaker side one more of its cheapest unit. Returns 0, or -1
 * when nothing can be done.
 */
static int
adjust(struct scenario *s, const struct ruleset *rs,
    const struct sc_values *val)
{
	int strong = s->bal.rate > 0.5 ? SC_BLUE : SC_RED, weak = 1 - strong;
	struct sc_force *fs = &s->side[strong], *fw = &s->side[weak];
	double xy[SC_MAX_SIDE][2];
	int t;

	if (fs->points >= fw->points && sc_force_units(fs) > 1 &&
	    (t = cheapest_in(fs, val)) >= 0) {
		sc_force_remove(fs, t);
		fs->points -= val->v[t];
		return 0;
	}
	t = cheapest_in(fw, val);
	if (t < 0 || sc_force_units(fw) >= SC_MAX_SIDE)
		return -1;
	sc_force_add(fw, t, 1);
	fw->points += val->v[t];
	if (sc_deploy(s, rs, weak, xy, SC_MAX_SIDE) < sc_force_units(fw)) {
		sc_force_remove(fw, t);
		fw->points -= val->v[t];
		return -1;
	}
	return 0;
}

/*
 * A candidate that came within the band is played again with other dice
 * (a second series of as many games): picking the best of many noisy
 * figures favours lucky ones, and the second series is free of that
 * choice. Returns 1 when the two series together are within the band;
 * s->bal then holds both.
 */
static int
confirm(struct seen_set *ss, struct scenario *s, const struct sc_games *gm,
    long games, uint64_t seed, int jobs)
{
	struct sc_balance first = s->bal;

	if (measure_seen(ss, s, gm, games, seed ^ 0x2545f4914f6cdd1dULL, jobs,
	        1) != 0)
		return 0;
	s->bal.games += first.games;
	s->bal.wins[0] += first.wins[0];
	s->bal.wins[1] += first.wins[1];
	s->bal.draws += first.draws;
	s->bal.at_limit += first.at_limit;
	s->bal.turns_sum += first.turns_sum;
	s->bal.seed = first.seed;
	bal_finish(&s->bal);
	if (s->bal.games == 2 * games && s->bal.rate >= ACCEPT_LO &&
	    s->bal.rate <= ACCEPT_HI)
		return 1;
	s->bal = first;
	return 0;
}

/* The square of the units on the table. */
static double
units2(const struct scenario *s)
{
	double u = sc_force_units(&s->side[SC_BLUE]) +
	    sc_force_units(&s->side[SC_RED]);

	return u * u;
}

/* Returns the balanced (or best) scenario; see scenario.h. */
struct scenario *
sc_balance(const struct ruleset *rs, const char *rs_path,
    const struct sc_request *rq, const struct sc_values *val,
    const struct sc_games *gm, long games, int jobs, int max_candidates,
    int *ok, progress_fn pf, void *parg, struct diags *d)
{
	struct scenario *best = NULL, *cur;
	struct seen_set seen = { NULL, 0, 0 };
	struct sc_request r = *rq;
	int c, a, tried = 0, stopped = 0, strong;
	double dist, bestdist = 2, budget = SEARCH_BUDGET * (double)games,
	             spent = 0, u2;
	long g;

	*ok = 0;
	for (c = 0; c < max_candidates && !*ok && !stopped; c++) {
		struct diags scratch = { 0 };

		r.seed = candidate_seed(rq->seed, c);
		cur = sc_generate(rs, rs_path, &r, val, c == 0 ? d : &scratch);
		diags_free(&scratch);
		if (cur == NULL) {
			if (c == 0)
				return NULL; /* the request itself is bad */
			continue;
		}
		cur->bal.cand = c;
		seen_clear(&seen);
		for (a = 0; a <= ADJUSTMENTS && !*ok; a++) {
			/* As many games as the budget leaves, at most the
			 * games asked for; too few, and the search stops. */
			u2 = units2(cur);
			g = (long)fmin((double)games,
			    floor((budget - spent) / u2));
			if (g < SEARCH_MIN_GAMES && g < games) {
				stopped = 1;
				break;
			}
			if (measure_seen(&seen, cur, gm, g, rq->seed, jobs,
			        1) == -1)
				break; /* not playable: the next candidate */
			spent += (double)cur->bal.games * u2;
			cur->bal.candidates = ++tried;
			if (pf != NULL)
				pf(parg, (unsigned long)tried,
				    (unsigned long)max_candidates *
				        (ADJUSTMENTS + 1));
			if (cur->bal.games == g &&
			    cur->bal.rate >= ACCEPT_LO &&
			    cur->bal.rate <= ACCEPT_HI) {
				/* The second series, when the budget holds
				 * it. */
				if (spent + (double)g * u2 > budget) {
					stopped = 1;
				} else {
					*ok = confirm(&seen, cur, gm, g,
					    rq->seed, jobs);
					spent += (double)g * u2;
				}
			}
			dist = fabs(cur->bal.rate - 0.5);
			if (dist < bestdist || *ok) {
				sc_free(best);
				best = *ok ? cur : sc_copy(cur, rs);
				bestdist = dist;
			}
			/* Far off: a unit will not mend it; a new candidate. */
			if (*ok || stopped || dist > 0.2)
				break;
			strong = cur->bal.rate > 0.5;
			if (adjust(cur, rs, val) == -1)
				break;
			if (strong)
				cur->bal.strong |= 1u << cur->bal.nadj;
			cur->bal.nadj++;
		}
		if (best != cur)
			sc_free(cur);
	}
	seen_clear(&seen);
	free(seen.v);
	if (best != NULL) {
		best->bal.candidates = tried;
		best->bal.stopped = stopped && !*ok;
	}
	return best;
}

struct scenario *
sc_balance_again(const struct ruleset *rs, const char *rs_path,
    const struct sc_request *rq, const struct sc_values *val,
    const struct sc_balance *b, struct diags *d)
{
	struct sc_request r = *rq;
	struct scenario *s;
	int i;

	if (b->nadj < 0 || b->nadj > ADJUSTMENTS)
		return NULL;
	r.seed = candidate_seed(rq->seed, b->cand);
	if ((s = sc_generate(rs, rs_path, &r, val, d)) == NULL)
		return NULL;
	for (i = 0; i < b->nadj; i++) {
		/* adjust() reads which side is the stronger from the rate. */
		s->bal.rate = b->strong >> i & 1 ? 1 : 0;
		if (adjust(s, rs, val) == -1) {
			sc_free(s);
			return NULL;
		}
	}
	s->bal = *b;
	return s;
}

int
sc_favoured(const struct sc_balance *b)
{
	if (b->games <= 0)
		return -1;
	return b->lo > 0.5 ? SC_BLUE : b->hi < 0.5 ? SC_RED : -1;
}
