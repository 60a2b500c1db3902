/* Dice expressions (src/engine/dicex.h): the parser and its errors, exact
 * distributions against hand calculations, scripted and seeded rolls. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/engine/dicex.h"

/* The expression compiles; its distribution into d. */
static void
dist_of(const char *text, struct dx_dist *d)
{
	struct dx x;
	const char *why = NULL;
	int col = 0;

	cr_assert_eq(dx_parse(text, &x, &col, &why), 0, "%s: column %d: %s",
	    text, col, why ? why : "");
	cr_assert_eq(dx_dist(&x, d), 0);
}

/* q is exactly num/den. */
static void
is_q(const mpq_t q, long num, long den, const char *what)
{
	mpq_t want;

	mpq_init(want);
	mpq_set_si(want, num, (unsigned long)den);
	mpq_canonicalize(want);
	cr_assert(mpq_equal(q, want), "%s: got %s, wanted %ld/%ld", what,
	    mpq_get_str(NULL, 10, q), num, den);
	mpq_clear(want);
}

/* P(text = v) is num/den. */
static void
p_is(const char *text, int v, long num, long den)
{
	struct dx_dist d;
	mpq_t p;

	dist_of(text, &d);
	mpq_init(p);
	dx_p_eq(&d, v, p);
	is_q(p, num, den, text);
	mpq_clear(p);
	dx_dist_free(&d);
}

static void
mean_is(const char *text, long num, long den)
{
	struct dx_dist d;
	mpq_t m;

	dist_of(text, &d);
	mpq_init(m);
	dx_mean(&d, m);
	is_q(m, num, den, text);
	mpq_clear(m);
	dx_dist_free(&d);
}

Test(dicex, two_d6)
{
	p_is("2d6", 7, 1, 6);
	p_is("2d6", 2, 1, 36);
	p_is("2d6", 13, 0, 1);
	mean_is("2d6", 7, 1);
	p_is("2D6 - 1", 6, 1, 6);
	p_is("d6+2", 8, 1, 6);
	p_is("3", 3, 1, 1);
	mean_is("d10", 11, 2);
	mean_is("d100", 101, 2);
	/* d6 + d4 + 1: 24 outcomes, 7 = (2,4)..(5,1): 4 ways. */
	p_is("d6+d4+1", 7, 4, 24);
	mean_is("d6+d4+1", 7, 1);
}

Test(dicex, keep)
{
	/* Highest of two d6 is 6 unless both miss it: 1 - 25/36. */
	p_is("2d6kh1", 6, 11, 36);
	/* Lowest is 1 the same way; mean of the highest is 161/36. */
	p_is("2d6kl1", 1, 11, 36);
	mean_is("2d6kh1", 161, 36);
	/* 3d6kl2 = 2 only for at least two ones: 3*5 + 1 of 216. */
	p_is("3d6kl2", 2, 16, 216);
	/* 4d6 drop lowest: 18 needs three sixes, the fourth any: 21/1296. */
	p_is("4d6kh3", 18, 21, 1296);
	p_is("4d6kh3", 3, 1, 1296);
	p_is("2d6k1", 6, 11, 36);
}

Test(dicex, reroll_once)
{
	/* A 1 is rolled again once: 1 stands with (1/6)(1/6); others
	 * (1/6) + (1/6)(1/6) = 7/36; mean (1/6)(7/2) + (2+3+4+5+6)/6 =
	 * 7/12 + 40/12 = 47/12. */
	p_is("d6r1", 1, 1, 36);
	p_is("d6r1", 4, 7, 36);
	mean_is("d6r1", 47, 12);
	/* r<3: 1 and 2 rerolled once: 1 stands 2/36, 6 has 6/36 + 2/36. */
	p_is("d6r<3", 1, 2, 36);
	p_is("d6r<3", 6, 8, 36);
	/* Once only: d100r<100 ends; 100 is 1/100 + (99/100)(1/100). */
	p_is("d100r<100", 100, 199, 10000);
}

Test(dicex, explode_at_depth_4)
{
	/* A 6 adds a roll, at most 4 times: 30 = five sixes. */
	p_is("d6!", 30, 1, 7776);
	p_is("d6!", 6, 0, 1);
	p_is("d6!", 7, 1, 36);
	p_is("d6!", 31, 0, 1);
	/* Mean 7/2 (1 + 1/6 + 1/36 + 1/216 + 1/1296) = 7/2 * 1555/1296. */
	mean_is("d6!", 10885, 2592);
	/* !5: a 5 or 6 explodes; 9 = 5 then 4, or 6 then 3; 10 only 6
	 * then 4, as 5 then 5 explodes again. */
	p_is("d6!5", 9, 2, 36);
	p_is("d6!5", 10, 1, 36);
	p_is("d6!5", 5, 0, 1);
}

Test(dicex, success_counting)
{
	/* Each die 4+ with 1/2: three of five is C(5,3)/32. */
	p_is("5d6>=4", 3, 10, 32);
	mean_is("5d6>=4", 5, 2);
	p_is("5d6 > 3", 3, 10, 32);
	p_is("2d6=6", 2, 1, 36);
	p_is("3d6<=2", 0, 8, 27);
	p_is("3d6<3", 3, 1, 27);
	/* Exploded dice count once, on their total: d6! >= 7 is a 6. */
	p_is("d6!>=7", 1, 1, 6);
}

Test(dicex, min_max)
{
	/* max(d6,3): 1, 2 and 3 all give 3. */
	p_is("max(d6,3)", 3, 1, 2);
	p_is("max(3, d6)", 4, 1, 6);
	/* min(2d6,10): 10 takes 10, 11, 12: 3 + 2 + 1 of 36. */
	p_is("min(2d6,10)", 10, 6, 36);
	p_is("MIN(2d6, 10)", 11, 0, 1);
	/* Constants inside: max(d6+1, 4) = 4 for 1..3. */
	p_is("max(d6+1,4)", 4, 1, 2);
	p_is("max(d6+1,4)", 7, 1, 6);
	/* A negative term: max(-d6, -2) is -2 for 2..6. */
	p_is("max(-d6,-2)", -2, 5, 6);
	p_is("min(max(d6,2),5)", 5, 1, 3);
	p_is("max(2,5)", 5, 1, 1);
}

Test(dicex, opposed_d6_plus_3_against_d6_plus_2)
{
	struct dx_dist a, b, diff;
	struct dx_opposed o;
	mpq_t p;

	/* a = X + 3, b = Y + 2: a wins when X >= Y (21 of 36), ties when
	 * X + 1 = Y (5), loses otherwise (10). a >= 2b means X >= 2Y + 1:
	 * Y = 1 with X >= 3 (4), Y = 2 with X >= 5 (2): 6 of 36; b >= 2a
	 * means Y >= 2X + 4: only X = 1, Y = 6: 1 of 36. */
	dist_of("d6+3", &a);
	dist_of("d6+2", &b);
	dx_opposed(&a, &b, 2, &o);
	is_q(o.a_wins, 21, 36, "a wins");
	is_q(o.tie, 5, 36, "tie");
	is_q(o.b_wins, 10, 36, "b wins");
	is_q(o.a_mult, 6, 36, "a doubles b");
	is_q(o.b_mult, 1, 36, "b doubles a");
	dx_opposed_clear(&o);
	/* The difference a - b: 1 is X = Y (6 of 36). */
	dx_diff(&a, &b, &diff);
	mpq_init(p);
	dx_p_eq(&diff, 1, p);
	is_q(p, 6, 36, "a - b = 1");
	dx_p_at_least(&diff, 1, p);
	is_q(p, 21, 36, "a - b >= 1");
	cr_assert_eq(diff.lo, -4);
	cr_assert_eq(diff.hi, 6);
	mpq_clear(p);
	dx_dist_free(&diff);
	dx_dist_free(&a);
	dx_dist_free(&b);
}

Test(dicex, hit_wound_save_pipeline)
{
	struct dx_dist d6, attacks;
	mpq_t hit, wound, fail, n, x;

	/* 10 attacks hitting on 3+, wounding on 4+, saved on 6+: the
	 * expected unsaved hits are 10 * 2/3 * 1/2 * 5/6 = 25/9. */
	dist_of("d6", &d6);
	dist_of("10", &attacks);
	mpq_inits(hit, wound, fail, n, x, NULL);
	dx_p_at_least(&d6, 3, hit);
	dx_p_at_least(&d6, 4, wound);
	dx_p_at_most(&d6, 5, fail);
	dx_mean(&attacks, n);
	mpq_mul(x, n, hit);
	mpq_mul(x, x, wound);
	mpq_mul(x, x, fail);
	is_q(x, 25, 9, "unsaved hits");
	/* The same as one success count: 10 dice at 2/3 * 1/2 * 5/6 = 5/18
	 * each; no d18 needed, but 10d18<=5 has that chance. */
	mpq_clears(hit, wound, fail, n, x, NULL);
	dx_dist_free(&d6);
	dx_dist_free(&attacks);
	mean_is("10d18<=5", 25, 9);
}

Test(dicex, sums_to_one)
{
	static const char *const e[] = { "2d6kh1+1", "3d6!kl2", "d20r<5+d4",
		"10d6>=5", "max(4d6kh3,8)-d6", "d100", "100d6", "2d100!",
		"20d6kh10", "8d6!>=6" };
	struct dx_dist d;
	mpq_t sum;
	size_t i;
	int32_t v;

	mpq_init(sum);
	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		dist_of(e[i], &d);
		mpq_set_ui(sum, 0, 1);
		for (v = d.lo; v <= d.hi; v++)
			mpq_add(sum, sum, d.p[v - d.lo]);
		is_q(sum, 1, 1, e[i]);
		dx_dist_free(&d);
	}
	mpq_clear(sum);
}

/* text fails at column col with a reason that contains why. */
static void
bad(const char *text, int col, const char *why)
{
	struct dx x;
	const char *got = NULL;
	int c = 0;

	cr_assert_eq(dx_parse(text, &x, &c, &got), -1, "%s parsed", text);
	cr_assert_str_eq(got, why, "%s", text);
	cr_assert_eq(c, col, "%s: column %d, wanted %d (%s)", text, c, col,
	    got);
}

Test(dicex, errors_at_their_column)
{
	bad("", 1, "expected a number or a die (d6) at the end");
	bad("2d", 3, "expected a number after 'd'");
	bad("2d6+", 5, "expected a number or a die (d6) at the end");
	bad("d1", 1, "a die has 2 to 100 sides");
	bad("d101", 1, "a die has 2 to 100 sides");
	bad("1+d0", 3, "a die has 2 to 100 sides");
	bad("0d6", 1, "roll at least one die");
	bad("101d6", 1, "at most 100 dice in a term");
	bad("999999d6", 1, "number too large (at most 10000)");
	bad("2d6kh3", 4, "keep more dice than rolled");
	bad("2d6kl0", 4, "keep at least one die");
	bad("2d6k", 5, "expected how many dice to keep (kh1)");
	bad("21d6kh1", 5, "keep from at most 20 dice");
	bad("2d6kh1kh1", 7, "two keeps in one term");
	bad("d6r<7", 3, "reroll every face: no roll would stand");
	bad("d100r<=100", 5, "reroll every face: no roll would stand");
	bad("d6r7", 3, "reroll on no face of the die");
	bad("d6r", 4, "expected the face to reroll (r1)");
	bad("d6!1", 3, "explode on every face: would never end");
	bad("d6!7", 3, "explode on a face the die does not have");
	bad("d6!!", 4, "two explosions in one term");
	bad("5d6>=", 6,
	    "expected a number to count successes against "
	    "(>=4)");
	bad("2d6 x", 5, "unexpected character after the expression");
	bad("2d6)", 4, "')' without '('");
	bad("max(d6 3)", 8,
	    "expected ',' between the two arguments of max "
	    "or min");
	bad("max d6", 5, "expected '(' after max or min");
	bad("max(d6,3", 9, "expected ')' after the arguments of max or min");
	bad("max(d6,d4)", 8, "max and min take a number as one argument");
	bad("max(d6+d4,3)", 1, "max and min of more than one dice term");
	bad("d6+d6+d6+d6+d6+d6+d6+d6+d6", 25, "more than 8 dice terms");
	bad("100d100", 1, "too many results (more than 1000 values)");
	bad("3d100!", 1, "too many results (more than 1000 values)");
	bad("10d100+10d100", 1, "too many results (more than 1000 values)");
	bad("min(100d100,10)", 5,
	    "too many results (more than 1000 "
	    "values)");
	bad("max(max(max(max(max(max(max(max(max(d6,1),1),1),1),1),1),1),"
	    "1),1)",
	    33, "max and min nested too deeply (at most 8)");
}

Test(dicex, hostile_input_ends)
{
	static char big[20000];
	struct dx x;
	const char *why;
	int col;

	/* A long run of constants: the sum is bounded, not the text. */
	memset(big, 0, sizeof(big));
	for (size_t i = 0; i + 2 < sizeof(big) - 1; i += 2)
		memcpy(big + i, "9+", 2);
	big[sizeof(big) - 2] = '9';
	cr_assert_eq(dx_parse(big, &x, &col, &why), 0);
	cr_assert_eq(x.constant, 90000);
	/* 101 times 10000: the 101st passes the sum's limit. */
	memset(big, 0, sizeof(big));
	for (int i = 0; i < 101; i++)
		strcat(big, i ? "+10000" : "10000");
	bad(big, 601, "the numbers add up to more than 1000000");
	memset(big, '(', sizeof(big) - 1);
	cr_assert_eq(dx_parse(big, &x, &col, &why), -1);
}

Test(dicex, format_round_trip)
{
	static const char *const e[] = { "2d6kh1+1", "d6r1", "d6!", "d6!5",
		"5d6>=4", "max(d6,3)", "min(2d6,10)", "d6+d4+1", "3d6kl2-1",
		"-d6+3", "d20r<5", "7" };
	struct dx x, y;
	char buf[DX_TEXT];
	size_t i;

	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		cr_assert_eq(dx_parse(e[i], &x, NULL, NULL), 0);
		dx_format(&x, buf, sizeof(buf));
		cr_assert_str_eq(buf, e[i]);
		cr_assert_eq(dx_parse(buf, &y, NULL, NULL), 0);
		cr_assert(memcmp(&x, &y, sizeof(x)) == 0, "%s", e[i]);
	}
}

/* text rolled with the scripted faces gives want and uses them all. */
static void
scripted(const char *text, const int *faces, size_t n, int want)
{
	struct eng_dice d;
	struct dx x;

	cr_assert_eq(dx_parse(text, &x, NULL, NULL), 0);
	memset(&d, 0, sizeof(d));
	d.script = faces;
	d.nscript = n;
	cr_assert_eq(dx_roll(&x, &d), want, "%s", text);
	cr_assert_eq(d.next, n, "%s used %zu faces of %zu", text, d.next, n);
	cr_assert_eq(d.out, 0);
}

Test(dicex, scripted_rolls)
{
	static const int one_four[] = { 1, 4 }, four[] = { 4 };
	static const int sixes[] = { 6, 6, 2 }, six5[] = { 6, 6, 6, 6, 6 };
	static const int kh[] = { 3, 5 }, pool[] = { 1, 4, 5, 6, 3 };
	static const int sum[] = { 2, 3 };

	scripted("d6r1", one_four, 2, 4);
	scripted("d6r1", four, 1, 4);
	scripted("d6!", sixes, 3, 14);
	/* The fifth six does not explode: depth 4. */
	scripted("d6!", six5, 5, 30);
	scripted("2d6kh1+1", kh, 2, 6);
	scripted("2d6kl1", kh, 2, 3);
	scripted("5d6>=4", pool, 5, 3);
	scripted("max(d6,3)", sum, 1, 3);
	scripted("d6+d4-1", sum, 2, 4);
	scripted("-d6+3", sum, 1, 1);
}

/*
 * 100,000 seeded rolls of each expression against its exact
 * distribution: Pearson's chi-square over the values expected at least
 * 5 times (the rest pooled), under df + 6 sqrt(2 df), six standard
 * deviations of the statistic: a fixed seed, so it passes or fails the
 * same every run.
 */
Test(dicex, rolls_agree_with_exact)
{
	static const char *const e[] = { "2d6kh1+1", "d6r1", "d6!", "5d6>=4",
		"max(d6,3)", "3d6kl2", "d10!r<3+d4", "min(2d6,10)-d4",
		"4d6!kh2>=5" };
	enum { N = 100000 };
	static long seen[DX_MAX_RANGE];
	struct eng_dice d;
	struct dx_dist dist;
	struct dx x;
	double chi, exp, pool_e, pool_o;
	int df, v;
	size_t i;
	long k;

	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		cr_assert_eq(dx_parse(e[i], &x, NULL, NULL), 0);
		dx_dist(&x, &dist);
		memset(&d, 0, sizeof(d));
		eng_rng_seed(&d.rng, 17, i);
		memset(seen, 0, sizeof(seen));
		for (k = 0; k < N; k++) {
			v = dx_roll(&x, &d);
			cr_assert(v >= dist.lo && v <= dist.hi, "%s: %d", e[i],
			    v);
			seen[v - dist.lo]++;
		}
		chi = pool_e = pool_o = 0;
		df = -1;
		for (v = dist.lo; v <= dist.hi; v++) {
			exp = N * dist.pd[v - dist.lo];
			if (exp == 0)
				cr_assert_eq(seen[v - dist.lo], 0, "%s: %d",
				    e[i], v);
			if (exp < 5) {
				pool_e += exp;
				pool_o += seen[v - dist.lo];
				continue;
			}
			chi += (seen[v - dist.lo] - exp) *
			    (seen[v - dist.lo] - exp) / exp;
			df++;
		}
		if (pool_e >= 5) {
			chi += (pool_o - pool_e) * (pool_o - pool_e) / pool_e;
			df++;
		}
		cr_assert(df >= 1, "%s", e[i]);
		cr_assert(chi < df + 6 * sqrt(2.0 * df),
		    "%s: chi-square "
		    "%.1f with %d degrees of freedom",
		    e[i], chi, df);
		dx_dist_free(&dist);
	}
}

/* eng_die_n() of a d6 is the same stream as eng_die(): the two d6
 * families could move to it without their games changing. */
Test(dicex, die_n_matches_die)
{
	struct eng_dice a, b;
	int i;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	eng_rng_seed(&a.rng, 5, 1);
	eng_rng_seed(&b.rng, 5, 1);
	for (i = 0; i < 1000; i++)
		cr_assert_eq(eng_die(&a), eng_die_n(&b, 6));
	cr_assert_eq(a.rolled, b.rolled);
}

/* A random expression from the grammar's pieces, often a bad one. */
static void
random_expr(struct eng_rng *r, char *buf, size_t sz)
{
	static const char *const sides[] = { "2", "3", "4", "6", "8", "10",
		"12", "20", "100", "1", "0", "" };
	static const char *const mods[] = { "kh1", "kl2", "k3", "r1", "r<3",
		"r>=5", "!", "!5", ">=4", "<3", "=6", "kh0", "r<=6", "!1",
		"" };
	size_t n = 0;
	int terms = 1 + (int)eng_rng_below(r, 3), i, k;

	buf[0] = '\0';
	for (i = 0; i < terms; i++) {
		if (i > 0)
			n += (size_t)snprintf(buf + n, sz - n, "%s",
			    eng_rng_below(r, 2) ? "+" : "-");
		k = (int)eng_rng_below(r, 10);
		if (k == 0) {
			n += (size_t)snprintf(buf + n, sz - n, "%u",
			    eng_rng_below(r, 20));
			continue;
		}
		if (k == 1)
			n += (size_t)snprintf(buf + n, sz - n, "max(");
		n += (size_t)snprintf(buf + n, sz - n, "%ud%s",
		    eng_rng_below(r, 8), sides[eng_rng_below(r, 12)]);
		n += (size_t)snprintf(buf + n, sz - n, "%s%s",
		    mods[eng_rng_below(r, 15)], mods[eng_rng_below(r, 15)]);
		if (k == 1)
			n += (size_t)snprintf(buf + n, sz - n, ",%u)",
			    eng_rng_below(r, 12));
	}
}

/*
 * Random expressions, good and bad: a bad one names a column inside the
 * text (or just past it) and a reason; a good one has a distribution
 * over exactly lo..hi that sums to 1, and its rolls fall inside it.
 */
Test(dicex, random_expressions)
{
	struct eng_rng r;
	struct eng_dice d;
	struct dx_dist dist;
	struct dx x;
	const char *why;
	char buf[256];
	mpq_t sum;
	int i, k, col, good = 0, v;

	eng_rng_seed(&r, 99, 0);
	memset(&d, 0, sizeof(d));
	eng_rng_seed(&d.rng, 99, 1);
	mpq_init(sum);
	for (i = 0; i < 3000; i++) {
		random_expr(&r, buf, sizeof(buf));
		why = NULL;
		col = 0;
		if (dx_parse(buf, &x, &col, &why) < 0) {
			cr_assert(why != NULL && col >= 1 &&
			        col <= (int)strlen(buf) + 1,
			    "%s", buf);
			continue;
		}
		good++;
		cr_assert_eq(dx_dist(&x, &dist), 0);
		cr_assert_eq(dist.lo, x.lo, "%s", buf);
		cr_assert_eq(dist.hi, x.hi, "%s", buf);
		mpq_set_ui(sum, 0, 1);
		for (v = dist.lo; v <= dist.hi; v++)
			mpq_add(sum, sum, dist.p[v - dist.lo]);
		cr_assert(mpq_cmp_ui(sum, 1, 1) == 0, "%s", buf);
		for (k = 0; k < 100; k++) {
			v = dx_roll(&x, &d);
			cr_assert(v >= dist.lo && v <= dist.hi &&
			        mpq_sgn(dist.p[v - dist.lo]) > 0,
			    "%s rolled %d", buf, v);
		}
		dx_dist_free(&dist);
	}
	cr_assert(good > 300, "only %d of the random expressions parse", good);
	mpq_clear(sum);
}

/* Bytes of every kind: dx_parse() ends with 0 or -1 and a column. */
Test(dicex, random_bytes)
{
	static const char alphabet[] = "0123456789dDkKhHlLrR!<>=+-(),maxin "
	                               "\t\x01\xff%";
	struct eng_rng r;
	struct dx x;
	const char *why;
	char buf[40];
	int i, j, n, col;

	eng_rng_seed(&r, 7, 0);
	for (i = 0; i < 20000; i++) {
		n = (int)eng_rng_below(&r, sizeof(buf));
		for (j = 0; j < n; j++)
			buf[j] =
			    alphabet[eng_rng_below(&r, sizeof(alphabet) - 1)];
		buf[n] = '\0';
		why = NULL;
		if (dx_parse(buf, &x, &col, &why) < 0)
			cr_assert(why != NULL && col >= 1 && col <= n + 1,
			    "%s", buf);
		else
			cr_assert(x.hi - x.lo < DX_MAX_RANGE);
	}
}

/* A struct dx not made by dx_parse(): dx_check() and dx_dist() refuse it. */
Test(dicex, check_refuses_hand_made)
{
	struct dx x, y;
	struct dx_dist d;

	cr_assert_eq(dx_parse("4d6kh3+2", &x, NULL, NULL), 0);
	cr_assert_eq(dx_check(&x), 0);
	dx_const(&y, 5);
	cr_assert_eq(dx_check(&y), 0);
	y = x;
	y.t[0].keep = 5;
	cr_assert_eq(dx_check(&y), -1);
	cr_assert_eq(dx_dist(&y, &d), -1);
	cr_assert_null(d.p);
	y = x;
	y.t[0].n = 50;
	cr_assert_eq(dx_check(&y), -1);
	y = x;
	y.hi = 100;
	cr_assert_eq(dx_check(&y), -1);
	y = x;
	y.nterms = 9;
	cr_assert_eq(dx_check(&y), -1);
}

/*
 * Keep, against every way the dice can fall: n dice of one die's
 * distribution (rerolled, exploding) enumerated, the k best (or worst)
 * kept, summed or counted against a test. The order-statistics DP of
 * keep_dist() must give the same fractions.
 */
static void
keep_brute(const char *die, int n, int k, int low, int succ, const char *expr)
{
	struct dx_dist one, d;
	int idx[8], val[8], kept[8], i, j, m, s, t, carry, nv;
	mpq_t *want, p;
	int32_t lo, hi, v;

	dist_of(die, &one);
	dist_of(expr, &d);
	nv = one.hi - one.lo + 1;
	lo = d.lo;
	hi = d.hi;
	want = calloc((size_t)(hi - lo + 1), sizeof(*want));
	for (v = lo; v <= hi; v++)
		mpq_init(want[v - lo]);
	mpq_init(p);
	memset(idx, 0, sizeof(idx));
	for (;;) {
		mpq_set_ui(p, 1, 1);
		for (i = 0; i < n; i++) {
			val[i] = one.lo + idx[i];
			mpq_mul(p, p, one.p[idx[i]]);
		}
		/* The k best (worst) values, by selection. */
		for (i = 0; i < n; i++)
			kept[i] = 0;
		for (m = 0; m < k; m++) {
			for (j = -1, i = 0; i < n; i++)
				if (!kept[i] &&
				    (j < 0 ||
				        (low ? val[i] < val[j] :
				               val[i] > val[j])))
					j = i;
			kept[j] = 1;
		}
		for (s = 0, i = 0; i < n; i++)
			if (kept[i])
				s += succ ? val[i] >= succ : val[i];
		t = s - lo;
		if (t >= 0 && t <= hi - lo && mpq_sgn(p) != 0)
			mpq_add(want[t], want[t], p);
		for (i = 0, carry = 1; i < n && carry; i++) {
			if (++idx[i] < nv)
				carry = 0;
			else
				idx[i] = 0;
		}
		if (carry)
			break;
	}
	for (v = lo; v <= hi; v++)
		cr_assert(mpq_equal(want[v - lo], d.p[v - lo]), "%s = %d",
		    expr, v);
	for (v = lo; v <= hi; v++)
		mpq_clear(want[v - lo]);
	free(want);
	mpq_clear(p);
	dx_dist_free(&one);
	dx_dist_free(&d);
}

Test(dicex, keep_against_every_fall)
{
	keep_brute("d6", 4, 3, 0, 0, "4d6kh3");
	keep_brute("d6", 5, 2, 1, 0, "5d6kl2");
	keep_brute("d10", 4, 1, 0, 0, "4d10kh1");
	keep_brute("d4", 6, 3, 0, 0, "6d4kh3");
	keep_brute("d6r1", 4, 2, 0, 0, "4d6r1kh2");
	keep_brute("d4!", 4, 2, 0, 0, "4d4!kh2");
	keep_brute("d8", 4, 2, 0, 5, "4d8kh2>=5");
	keep_brute("d6", 5, 4, 1, 4, "5d6kl4>=4");
}

/* dx_opposed() in one pass against every pair of values, by 2 and 3. */
Test(dicex, opposed_against_every_pair)
{
	static const char *const e[][2] = { { "2d6kh1", "d6" },
		{ "d6!-3", "3d6kl1" }, { "d10-4", "d10-6" },
		{ "2d20kh1", "2d20kl1+5" }, { "4d6>=5", "d3-1" } };
	struct dx_dist a, b;
	struct dx_opposed o;
	mpq_t aw, tie, bw, am, bm, x;
	size_t n;
	int32_t i, j;
	int mult;

	mpq_inits(aw, tie, bw, am, bm, x, NULL);
	for (n = 0; n < sizeof(e) / sizeof(e[0]); n++)
		for (mult = 2; mult <= 3; mult++) {
			dist_of(e[n][0], &a);
			dist_of(e[n][1], &b);
			mpq_set_ui(aw, 0, 1);
			mpq_set_ui(tie, 0, 1);
			mpq_set_ui(bw, 0, 1);
			mpq_set_ui(am, 0, 1);
			mpq_set_ui(bm, 0, 1);
			for (i = a.lo; i <= a.hi; i++)
				for (j = b.lo; j <= b.hi; j++) {
					mpq_mul(x, a.p[i - a.lo],
					    b.p[j - b.lo]);
					if (i > j) {
						mpq_add(aw, aw, x);
						if (i >= mult * j)
							mpq_add(am, am, x);
					} else if (i < j) {
						mpq_add(bw, bw, x);
						if (j >= mult * i)
							mpq_add(bm, bm, x);
					} else
						mpq_add(tie, tie, x);
				}
			dx_opposed(&a, &b, mult, &o);
			cr_assert(mpq_equal(aw, o.a_wins), "%s v %s", e[n][0],
			    e[n][1]);
			cr_assert(mpq_equal(tie, o.tie), "%s v %s: tie",
			    e[n][0], e[n][1]);
			cr_assert(mpq_equal(bw, o.b_wins), "%s v %s: b",
			    e[n][0], e[n][1]);
			cr_assert(mpq_equal(am, o.a_mult), "%s v %s: a by %d",
			    e[n][0], e[n][1], mult);
			cr_assert(mpq_equal(bm, o.b_mult), "%s v %s: b by %d",
			    e[n][0], e[n][1], mult);
			dx_opposed_clear(&o);
			dx_dist_free(&a);
			dx_dist_free(&b);
		}
	mpq_clears(aw, tie, bw, am, bm, x, NULL);
}
