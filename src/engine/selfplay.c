/*
 * selfplay.c: many games of the default battle between the built-in
 * players, on several threads. Game i always rolls the dice of stream
 * (seed, i), and the statistics are sums of integers, so the result does
 * not depend on the number of threads.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"

struct job {
	const struct eng_ctx *ctx;
	long from, to; /* game numbers [from, to) */
	long games;    /* games of the main series */
	uint64_t seed;
	struct eng_stats st;
	_Atomic long done; /* games played so far, read by the first job */
	/* The first job (the calling thread) reports progress for all. */
	struct job *all;
	int njobs;
	long total;
	progress_fn progress;
	void *parg;
};

/* Play game number i; games >= the main series are greedy vs random. */
static void
play_one(const struct eng_ctx *c, uint64_t seed, long i, long games,
    struct eng_game *g, struct eng_stats *st)
{
	int k, skill = i >= games, greedy_side = (int)(i & 1);
	long t;

	eng_game_init(g, c, seed, (uint64_t)i);
	if (skill) {
		g->player[greedy_side] = ENG_PLAYER_GREEDY;
		g->player[!greedy_side] = ENG_PLAYER_RANDOM;
	}
	eng_battle_setup(g);
	eng_game_run(g);
	for (k = 0; k < ENG_MAX_RULES; k++)
		st->cov[k] += g->cov[k];
	for (k = 0; k < ENG_MAX_TALLY; k++)
		st->tally[k] += g->tally[k];
	if (skill) {
		st->greedy_games++;
		if (g->winner == greedy_side)
			st->greedy_wins++;
		return;
	}
	st->games++;
	if (g->winner >= 0)
		st->wins[g->winner]++;
	else
		st->draws++;
	if (g->timeout)
		st->timeouts++;
	if (g->winner >= 0 && g->winner == g->opener)
		st->first_player_wins++;
	t = eng_game_turn(g);
	st->turns_sum += t;
	st->turns_sumsq += (long long)t * t;
	if (t > st->turns_max)
		st->turns_max = t;
	st->turns_hist[t < ENG_TURNS_HIST ? t : ENG_TURNS_HIST - 1]++;
	for (k = 0; k < g->nu; k++) {
		st->fielded[g->u[k].type]++;
		st->survived[g->u[k].type] += g->u[k].alive != 0;
		st->kills[g->u[k].type] += g->kills[k];
	}
}

static void *
run_job(void *arg)
{
	struct job *j = arg;
	struct eng_game *g = eng_game_new(j->ctx);
	long i;

	for (i = j->from; i < j->to; i++) {
		play_one(j->ctx, j->seed, i, j->games, g, &j->st);
		j->done = i - j->from + 1;
		if (j->progress != NULL && (i & 63) == 0) {
			long sum = 0;
			int k;

			for (k = 0; k < j->njobs; k++)
				sum += j->all[k].done;
			j->progress(j->parg, (unsigned long)sum,
			    (unsigned long)j->total);
		}
	}
	free(g);
	return NULL;
}

static void
merge(struct eng_stats *a, const struct eng_stats *b)
{
	int k;

	a->games += b->games;
	a->wins[0] += b->wins[0];
	a->wins[1] += b->wins[1];
	a->draws += b->draws;
	a->timeouts += b->timeouts;
	a->first_player_wins += b->first_player_wins;
	a->turns_sum += b->turns_sum;
	a->turns_sumsq += b->turns_sumsq;
	if (b->turns_max > a->turns_max)
		a->turns_max = b->turns_max;
	a->greedy_games += b->greedy_games;
	a->greedy_wins += b->greedy_wins;
	for (k = 0; k < ENG_MAX_RULES; k++)
		a->cov[k] += b->cov[k];
	for (k = 0; k < ENG_TURNS_HIST; k++)
		a->turns_hist[k] += b->turns_hist[k];
	for (k = 0; k < RS_MAX_UNITS; k++) {
		a->fielded[k] += b->fielded[k];
		a->survived[k] += b->survived[k];
		a->kills[k] += b->kills[k];
	}
	for (k = 0; k < ENG_MAX_TALLY; k++)
		a->tally[k] += b->tally[k];
}

/* Seconds of a monotonic clock. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * The main series (games 0 … games-1) is greedy against greedy; a second
 * series of games/4 games (at least 1) pits greedy against random, the
 * greedy player taking blue in even games and red in odd ones.
 */
void
eng_selfplay(const struct eng_ctx *c, long games, uint64_t seed, int jobs,
    struct eng_stats *st)
{
	eng_selfplay_progress(c, games, seed, jobs, st, NULL, NULL);
}

void
eng_selfplay_progress(const struct eng_ctx *c, long games, uint64_t seed,
    int jobs, struct eng_stats *st, progress_fn progress, void *parg)
{
	long total = games + (games > 0 ? (games / 4 > 0 ? games / 4 : 1) : 0);
	struct job *j;
	double t0 = now();
	int k;

	memset(st, 0, sizeof(*st));
	if (jobs < 1)
		jobs = 1;
	if (jobs > total)
		jobs = total > 0 ? (int)total : 1;
	j = xcalloc((size_t)jobs, sizeof(*j));
	for (k = 0; k < jobs; k++) {
		j[k].ctx = c;
		j[k].seed = seed;
		j[k].games = games;
		j[k].from = total * k / jobs;
		j[k].to = total * (k + 1) / jobs;
	}
	j[0].all = j;
	j[0].njobs = jobs;
	j[0].total = total;
	j[0].progress = progress;
	j[0].parg = parg;
	eng_fan_out(run_job, j, sizeof(*j), jobs);
	for (k = 0; k < jobs; k++)
		merge(st, &j[k].st);
	if (progress != NULL)
		progress(parg, (unsigned long)total, (unsigned long)total);
	st->seconds = now() - t0;
	free(j);
}
