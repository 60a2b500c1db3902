/*
 * dicex.h: dice expressions — a small language for the dice a table
 * cell or a setting names ("2d6kh1+1", "5d6>=4", "max(d6,3)"), compiled
 * to a fixed-size struct dx that is rolled with the engine's dice and
 * whose distribution is computed exactly, as GMP rationals.
 *
 * The language (case-insensitive, spaces anywhere between tokens):
 *
 *   expr    = term { ("+" | "-") term }          at most DX_MAX_TERMS terms
 *   term    = NUMBER | dice | ("max" | "min") "(" expr "," expr ")"
 *   dice    = [N] "d" SIDES { modifier } [ cmp T ]
 *   modifier= "kh" K | "k" K | "kl" K            keep highest / lowest K
 *           | "r" [cmp] F                        reroll once (r1 = r=1)
 *           | "!" [F]                            explode (on F or more)
 *   cmp     = ">=" | ">" | "<=" | "<" | "="
 *
 * A dice term is N (1..DX_MAX_DICE, default 1) dice of SIDES faces
 * (2..100). Each die is rolled; if its face meets the reroll test it is
 * rolled once more and the second face stands. An exploding die whose
 * face is F or more (default: its highest face) adds another roll, which
 * may explode again, but at most DX_EXPLODE_DEPTH times: the die that
 * would explode a fifth time counts its face and stops. That is the
 * rule the distribution computes — exactly, not an approximation of the
 * unbounded die — and the rule dx_roll() plays, so the two agree. The
 * unbounded d6! differs from it only when five rolls in a row explode,
 * (1/6)^5 = 1/7776 of the mass, which the cut keeps at 30 where the
 * unbounded die would go on to 31 and beyond. A die's value is the sum of its rolls. Then the
 * K highest (or lowest) values are kept; the term is their sum, or with
 * a trailing "cmp T" the number of them that meet the test (success
 * counting: "5d6>=4"). "min"/"max" bound a term by a constant: one of
 * their two arguments has no dice, the other at most one dice term.
 *
 * Limits, so that every distribution stays small and fast to compute
 * exactly: DX_MAX_DICE dice in a term (DX_MAX_KEEP_DICE when it keeps),
 * DX_MAX_TERMS terms, numbers up to DX_MAX_NUMBER, and at most
 * DX_MAX_RANGE different results (hi - lo + 1) for the whole expression
 * and for each term. The 2d6 of a compiled struct dx is a handful of
 * bytes: tables may hold many, self-play rolls them without allocation.
 *
 * Knows nothing of rulesets: callers place the column dx_parse() gives
 * at the cell's line and column.
 */
#ifndef SANDTABLE_DICEX_H
#define SANDTABLE_DICEX_H

#include <stdint.h>

#include <gmp.h>

#include "engine.h"

#define DX_MAX_TERMS 8      /* terms of one expression, constants apart */
#define DX_MAX_DICE 100     /* dice in one term */
#define DX_MAX_KEEP_DICE 20 /* dice in one term that keeps some */
#define DX_MAX_SIDES 100    /* faces of a die (d2 .. d100) */
#define DX_MAX_RANGE 1000   /* different results of a term, of the whole */
#define DX_MAX_NUMBER 10000 /* any number written */
#define DX_EXPLODE_DEPTH 4  /* explosions of one die, at most */
#define DX_TEXT 64          /* bytes of dx_format()'s buffer, at least */

/* A comparison: reroll, explode and success tests. */
enum dx_cmp { DX_NONE, DX_EQ, DX_LT, DX_LE, DX_GT, DX_GE };

/* One dice term, as compiled: sign * bound(score of the kept dice). */
struct dx_term {
	int8_t sign;       /* +1 or -1 */
	uint8_t n;         /* dice rolled, 1..DX_MAX_DICE */
	uint8_t sides;     /* 2..DX_MAX_SIDES */
	uint8_t keep;      /* dice kept; 0: all */
	uint8_t keep_low;  /* keep the lowest, not the highest */
	uint8_t reroll_op; /* enum dx_cmp; DX_NONE: no reroll */
	uint8_t reroll_t;  /* a face meeting (reroll_op, reroll_t) rerolls */
	uint8_t explode;   /* a roll of this face or more explodes; 0 none */
	uint8_t succ_op;   /* enum dx_cmp; DX_NONE: the sum of the dice */
	int16_t succ_t;
	int32_t lo, hi; /* bounds (max/min); INT32_MIN/MAX: none */
};

/* A compiled expression: the sum of its terms and a constant. Plain
 * data: copy it, keep it in a table, no free. */
struct dx {
	int nterms;
	int32_t constant;
	int32_t lo, hi; /* every result is in lo..hi */
	struct dx_term t[DX_MAX_TERMS];
};

/*
 * Compile text. Returns 0, or -1 with *col the 1-based column (bytes)
 * within text where the problem is and *why a static reason
 * ("expected a number after 'd'"). col and why may be NULL.
 */
int dx_parse(const char *text, struct dx *, int *col, const char **why);
/* 0 when x is one dx_parse() or dx_const() could have made (every
 * limit kept, lo and hi right), else -1: for a struct dx that was not
 * compiled here (read from a file, built by hand). dx_roll() and
 * dx_dist() expect a checked one; dx_dist() checks. */
int dx_check(const struct dx *);
/* The expression written back in canonical form ("2d6kh1+1") into buf
 * (DX_TEXT bytes at least; longer ones are cut). Returns buf. */
char *dx_format(const struct dx *, char *buf, size_t sz);
/* A constant expression (no dice) of value v. */
void dx_const(struct dx *, int32_t v);

/*
 * Roll the expression with the engine's dice: eng_die_n() for every
 * die, so a scripted stream (a test game's dice) gives the faces in the
 * order the terms are written and each die's rolls in turn (first face,
 * its reroll, its explosions). No allocation. A scripted face is used
 * as listed: the reader of a test game checks its faces against the
 * dice (a 9 scripted for a d6 would give a result outside lo..hi).
 */
int dx_roll(const struct dx *, struct eng_dice *);

/* ---- exact distributions ---- */
/* P(X = v) for v in lo..hi, exactly (p, canonical) and as doubles (pd,
 * for fast use); p[i] and pd[i] are for v = lo + i. */
struct dx_dist {
	int32_t lo, hi;
	mpq_t *p;
	double *pd;
};
/* The same as whole numbers over one total, not reduced: P(X = lo + i)
 * = w[i] / tot, tot the ways the dice can fall (6^n for n d6). */
struct dx_weights {
	int32_t lo, hi;
	mpz_t *w;
	mpz_t tot;
};
/* The weights of an expression (the caller frees them with
 * dx_weights_free()). Returns 0; -1 (out empty) when dx_check() fails. */
int dx_weights(const struct dx *, struct dx_weights *);
void dx_weights_free(struct dx_weights *);
/* About the work of dx_weights() for x, in steps of a product of two
 * numbers of a limb (64 bits) each: 20d100kh10 is some 10 million,
 * 100d6 2 million, 2d6 a dozen. For the budgets of callers that work
 * out many. */
double dx_work(const struct dx *);
/* log2 of the total weight dx_weights() gives x (the ways its dice can
 * fall): the bits of the denominators of its chances, at most. */
double dx_total_bits(const struct dx *);
/* The distribution of an expression (the caller frees it with
 * dx_dist_free()). Returns 0; -1 (out empty) when dx_check() fails. */
int dx_dist(const struct dx *, struct dx_dist *);
void dx_dist_free(struct dx_dist *);
/* P(X = v), P(X >= t), P(X <= t) into out (initialised by the caller). */
void dx_p_eq(const struct dx_dist *, int32_t v, mpq_t out);
void dx_p_at_least(const struct dx_dist *, int32_t t, mpq_t out);
void dx_p_at_most(const struct dx_dist *, int32_t t, mpq_t out);
/* The mean, exactly. */
void dx_mean(const struct dx_dist *, mpq_t out);
/* The distribution of a - b for independent a and b. */
void dx_diff(const struct dx_dist *a, const struct dx_dist *b,
    struct dx_dist *out);

/*
 * Opposed rolls: a and b rolled independently, compared. mult is the
 * factor of "beaten by double" (2), or 3 for "by triple": a_mult is
 * P(a >= mult * b) and b_mult P(b >= mult * a) (with a > b and b > a
 * too, so that a tie of zeros is not a win). Clear with
 * dx_opposed_clear().
 */
struct dx_opposed {
	mpq_t a_wins; /* P(a > b) */
	mpq_t tie;    /* P(a = b) */
	mpq_t b_wins; /* P(a < b) */
	mpq_t a_mult; /* P(a > b and a >= mult * b) */
	mpq_t b_mult; /* P(b > a and b >= mult * a) */
};
void dx_opposed(const struct dx_dist *a, const struct dx_dist *b, int mult,
    struct dx_opposed *);
void dx_opposed_clear(struct dx_opposed *);

#endif
