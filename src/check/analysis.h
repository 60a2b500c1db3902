/*
 * analysis.h: one analysis of a ruleset, shared by every product of a
 * run (issue 31, item 4). What the engine works out for a ruleset — its
 * prepared context, the exact odds, the test games, the examples of
 * play, self-play — is worked out once, when a product first asks, and
 * kept for the next one. Above the engine, below render and the CLI:
 * adds to a struct diags, never prints.
 */
#ifndef SANDTABLE_ANALYSIS_H
#define SANDTABLE_ANALYSIS_H

#include "check.h"
#include "../base/cache.h"

/* Self-play of the default battle, kept by what determines it. */
struct ana_play {
	long games;
	uint64_t seed;
	struct eng_stats st;
};

struct analysis {
	const struct ruleset *rs; /* the read model (the caller's) */
	/* The prepared engine: NULL when the ruleset is not played; then
	 * state is 1 (a note says so) or -1 (an error says why). */
	struct eng_ctx *ctx;
	int state;
	struct diags prep; /* what preparing the engine said */
	/* The test games, played once when first asked. */
	int tests_done, tests, tests_failed;
	uint64_t test_cov[ENG_MAX_RULES];
	struct diags test_diags;
	/* The exact odds, worked out once when first asked. */
	int odds_done;
	struct eng_odds odds;
	/* The examples of play (test games marked example:), once. */
	int ex_done, nex, ex_failed;
	struct eng_example *ex;
	struct diags ex_diags;
	/* Self-play, one run per (games, seed): the figures are the same
	 * for any number of jobs. */
	struct ana_play *plays;
	size_t nplays;
	/* What the run's products put on the table beyond the default
	 * battle (ana_fielded): by unit type, the most bases any of them
	 * fields, both sides together, and what fields them. */
	int *fielded;
	size_t nfielded;
	char *fielded_by;
	/* What the engine was prepared with beyond the ruleset, for the
	 * keys of the results cache (base/cache.h); and the situations'
	 * names of odds read from it (the analysis keeps them). */
	int grid, ua, ub;
	double cell_mm;
	char **names;
	size_t nnames, capnames;
};

/*
 * An analysis of rs on a grid (-1: the ruleset's; else enum rs_grid,
 * cell_mm its cell): the engine is prepared here, nothing else is
 * worked out yet. Never NULL; rs must outlive it.
 */
struct analysis *ana_new(const struct ruleset *, int grid, double cell_mm);
/* The same for what concerns unit types ua and ub alone (indices; ub -1:
 * ua with itself): `odds RULESET A B`, whose pair has its odds however
 * large the rest of the ruleset (eng_ctx_new_focus). */
struct analysis *ana_new_focus(const struct ruleset *, int grid,
    double cell_mm, int ua, int ub);
void ana_free(struct analysis *);
/* A key of the results cache (base/cache.h) of kind for what this
 * analysis's engine depends on: the ruleset's bytes, the grid, the
 * units in focus; NULL when nothing is cached. The caller adds the rest
 * (games, seed, options) and frees it. */
struct cache_key *ana_cache_key(const struct analysis *, const char *kind);

/*
 * A product of the run fields count[u] units of each type u (both sides
 * together; n types) in what it calls by ("the scenario Clash at the
 * cairn"): the bases sheet of the same run cuts as many.
 */
void ana_fielded(struct analysis *, const int *count, size_t n,
    const char *by);

/* The exact odds (computed once), or NULL when the ruleset is not
 * played or its family has none. */
const struct eng_odds *ana_odds(struct analysis *);
/*
 * The examples of play (played once): *out gets them (the analysis
 * keeps them), *failed how many failed; what they said is added to d
 * when d is not NULL. Returns how many (0 when not played).
 */
int ana_examples(struct analysis *, struct diags *d,
    const struct eng_example **out, int *failed);
/*
 * The check pipeline over the analysis: what preparing said, the test
 * games (played once), self-play of o->games at o->seed (played once
 * for each such pair), then the findings, into d and r. Returns 0 when
 * it was played, 1 when its engine is not played (a note says so), -1
 * when it cannot be played (an error says why). r->ana is a, r->ctx
 * its context: chk_result_free() leaves them to ana_free().
 */
int ana_check(struct analysis *, const struct chk_opts *, struct chk_result *,
    struct diags *);

/* How many times this process prepared an engine, worked out the odds,
 * played the test games, the examples and self-play: printed on
 * stderr at exit() when SANDTABLE_COUNT is set (tests/check/analysis.sh
 * holds build to once each). */
enum ana_count {
	ANA_PREPARE,
	ANA_ODDS,
	ANA_TESTS,
	ANA_EXAMPLES,
	ANA_SELFPLAY,
	ANA__COUNTS
};
void ana_count(enum ana_count);
/* In a process forked to make products (an incremental build's -j), which
 * leaves by _exit(): count from nought, and print its own counts line
 * (not the cache's) before it leaves; the build prints its own at exit,
 * so the lines add up to what the build did in all. */
void ana_count_fork(void);
void ana_count_exit(void);

#endif
