/*
 * check.h: the validation pipeline of `sandtable check` and `play` —
 * test games, self-play, rule coverage and findings — and the JSON
 * shapes of their reports. Above the engine, below the CLI: adds to a
 * struct diags and builds jansson values, never prints.
 */
#ifndef SANDTABLE_CHECK_H
#define SANDTABLE_CHECK_H

#include <jansson.h>

#include "../engine/engine.h"

struct analysis;

struct chk_opts {
	long games; /* self-play games (0: none) */
	uint64_t seed;
	int jobs;
	int grid; /* -1: the ruleset's; else enum rs_grid */
	double cell_mm;
	int tests;            /* play the test games */
	int all_rules;        /* the coverage warning names every rule (-v) */
	progress_fn progress; /* self-play progress, or NULL */
	void *parg;
};

struct chk_result {
	struct eng_ctx *ctx;  /* NULL: the ruleset is not played */
	struct analysis *ana; /* what it was worked out from (analysis.h) */
	int tests, tests_failed;
	uint64_t test_cov[ENG_MAX_RULES];
	struct eng_stats st; /* valid when opts.games > 0 */
	long games;
	uint64_t seed;
	int jobs;
};

/* A result of ana_check() (analysis.h) is done with; the analysis
 * keeps what it points to. */
void chk_result_free(struct chk_result *);

/* Parse a --grid value: "none", "square 3in", "hex 30mm"; bare numbers
 * in the unit `bare`. Returns 0 or -1. */
int chk_grid_parse(const char *, enum unit_of_length bare, int *grid,
    double *cell_mm);

/* The self-play statistics as the JSON object of `play --json`. */
json_t *chk_stats_json(const struct ruleset *, const struct chk_result *);
/* The whole check report of `check --json`. */
json_t *chk_json(const struct ruleset *, const struct chk_result *);

/*
 * The agreement of self-play with the exact odds (agree.c): each outcome
 * the family tallies that self-play saw at least CHK_AGREE_MIN times, k
 * of n, its rate with a 95% Wilson interval [lo, hi], and the exact
 * chance p (exact: the fraction, or a percentage when that is long).
 * Each is tested against p (two-sided exact binomial test, pval), the
 * m of them together by Holm's method (padj); one whose padj is below
 * CHK_AGREE_ALPHA disagrees (finding). outside: p is outside [lo, hi].
 * The level is strict because check runs on every build: at 0.05 a
 * correct engine would warn on one seed in twenty; at 0.001, on one in a
 * thousand, while a real disagreement (a wrong rule) shows at once in
 * the thousands of games self-play plays.
 * Returns how many; *out is freed with chk_agree_free().
 */
#define CHK_AGREE_MIN 30
#define CHK_AGREE_ALPHA 0.001
struct chk_agree {
	char *label;
	long k, n;
	double rate, lo, hi, p;
	char *exact;
	double pval, padj;
	int finding, outside;
};
size_t chk_agree(const struct eng_ctx *, const struct eng_stats *,
    struct chk_agree **);
void chk_agree_free(struct chk_agree *, size_t);
/* Test n rows (pval, padj, finding, outside from k, n, lo, hi, p). */
void chk_agree_test(struct chk_agree *, size_t);
/* A warning at `at` for each row that is a finding. */
void chk_agree_diags(struct pos at, const struct chk_agree *, size_t,
    struct diags *);

/* The odds tables of `odds`, "fire" and "melee", into an emitter; unit
 * names a and b filter (NULL: all). */
void chk_odds_stream(const struct eng_ctx *, const struct eng_odds *,
    const char *a, const char *b, const struct eng_emit *);
/* `sandtable odds` for any family: its own document when it has one
 * (eng_show.odds_doc), else the fire and melee tables of odds(). */
void chk_odds_document(const struct eng_ctx *, const char *a, const char *b,
    const struct eng_emit *);
/*
 * The same document as JSON values (odds_json.c), handed on item by
 * item: member() each member that is not a table, table() the opening
 * of each table (its key and title), entry() each entry of the table
 * last opened. Each callee takes the reference it is given. A value the
 * family shares (eng_emit.share) is made once, kept until the document
 * ends and handed on again by reference: its reference count is above
 * 1, and a writer may keep what it made of it.
 */
struct chk_json_sink {
	void (*member)(const char *key, json_t *, void *arg);
	void (*table)(const char *key, const char *title, void *arg);
	void (*entry)(json_t *, void *arg);
	void *arg;
};
void chk_odds_json(const struct eng_ctx *, const char *a, const char *b,
    const struct chk_json_sink *);

#endif
