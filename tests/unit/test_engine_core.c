/* The engine core: random numbers, dice streams, rationals, the board's
 * geometry, terrain and sight. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "../../src/engine/engine.h"

Test(engine_rng, same_seed_and_stream_same_numbers)
{
	struct eng_rng a, b, c;
	int i, differ = 0;

	eng_rng_seed(&a, 42, 7);
	eng_rng_seed(&b, 42, 7);
	eng_rng_seed(&c, 42, 8);
	for (i = 0; i < 1000; i++) {
		uint64_t x = eng_rng_next(&a), y = eng_rng_next(&b);
		cr_assert_eq(x, y);
		differ += x != eng_rng_next(&c);
	}
	cr_assert_gt(differ, 990, "neighbouring streams must differ");
}

Test(engine_rng, known_first_values_do_not_drift)
{
	struct eng_rng a, b;

	/* Re-seeding gives the same stream: results depend only on
	 * (seed, stream), never on what was drawn before. */
	eng_rng_seed(&a, 1, 0);
	eng_rng_next(&a);
	eng_rng_seed(&a, 1, 0);
	eng_rng_seed(&b, 1, 0);
	cr_assert_eq(eng_rng_next(&a), eng_rng_next(&b));
}

Test(engine_rng, dice_are_fair)
{
	struct eng_dice d;
	long n[7] = { 0 }, N = 60000;
	double chi = 0, e = N / 6.0;
	int i;

	memset(&d, 0, sizeof(d));
	eng_rng_seed(&d.rng, 3, 0);
	for (i = 0; i < N; i++) {
		int f = eng_die(&d);
		cr_assert(f >= 1 && f <= 6);
		n[f]++;
	}
	for (i = 1; i <= 6; i++)
		chi += (n[i] - e) * (n[i] - e) / e;
	/* 5 degrees of freedom: p = 0.001 at 20.5. */
	cr_assert_lt(chi, 20.5, "chi-square %f", chi);
}

Test(engine_rng, below_stays_in_range)
{
	struct eng_rng r;
	int i;

	eng_rng_seed(&r, 9, 9);
	for (i = 0; i < 10000; i++)
		cr_assert_lt(eng_rng_below(&r, 7), 7u);
	cr_assert_eq(eng_rng_below(&r, 1), 0u);
}

Test(engine_dice, scripted_dice_in_order_then_out)
{
	static const int s[] = { 3, 5, 1 };
	struct eng_dice d;

	memset(&d, 0, sizeof(d));
	d.script = s;
	d.nscript = 3;
	cr_assert_eq(eng_die(&d), 3);
	cr_assert_eq(eng_die(&d), 5);
	cr_assert_eq(eng_die(&d), 1);
	cr_assert_eq(d.out, 0);
	cr_assert_eq(eng_die(&d), 1);
	cr_assert_eq(d.out, 1, "running out must be noticed");
}

Test(engine_q, normalised_and_arithmetic)
{
	struct eng_q a = eng_q_make(2, 4), b = eng_q_make(-1, -3), c;
	char buf[32];

	cr_assert_eq(a.num, 1);
	cr_assert_eq(a.den, 2);
	cr_assert_eq(b.num, 1);
	cr_assert_eq(b.den, 3);
	c = eng_q_add(a, b);
	cr_assert(eng_q_eq(c, eng_q_make(5, 6)));
	c = eng_q_sub(b, a);
	cr_assert(eng_q_eq(c, eng_q_make(-1, 6)));
	c = eng_q_mul(a, b);
	cr_assert(eng_q_eq(c, eng_q_make(1, 6)));
	c = eng_q_div(a, b);
	cr_assert(eng_q_eq(c, eng_q_make(3, 2)));
	cr_assert_lt(eng_q_cmp(b, a), 0);
	eng_q_format(buf, sizeof(buf), eng_q_make(8, 14));
	cr_assert_str_eq(buf, "4/7");
	eng_q_format(buf, sizeof(buf), eng_q_make(6, 6));
	cr_assert_str_eq(buf, "1");
}

Test(engine_q, parse)
{
	struct eng_q q;

	cr_assert_eq(eng_q_parse("4/7", &q), 0);
	cr_assert(eng_q_eq(q, eng_q_make(4, 7)));
	cr_assert_eq(eng_q_parse("0.25", &q), 0);
	cr_assert(eng_q_eq(q, eng_q_make(1, 4)));
	cr_assert_eq(eng_q_parse("1", &q), 0);
	cr_assert(eng_q_eq(q, eng_q_make(1, 1)));
	cr_assert_eq(eng_q_parse("-2/4", &q), 0);
	cr_assert(eng_q_eq(q, eng_q_make(-1, 2)));
	cr_assert_eq(eng_q_parse("x", &q), -1);
	cr_assert_eq(eng_q_parse("1/0", &q), -1);
	cr_assert_eq(eng_q_parse("1/2/3", &q), -1);
}

Test(engine_board, lengths_to_cells)
{
	struct eng_board b;
	const char *why;
	int whole;

	cr_assert_eq(eng_board_init(&b, 72 * 25.4, 48 * 25.4, RS_GRID_SQUARE,
	                 3 * 25.4, &why),
	    0);
	cr_assert_eq(b.cols, 24);
	cr_assert_eq(b.rows, 16);
	cr_assert_eq(eng_board_len(&b, 9 * 25.4, &whole), 3);
	cr_assert_eq(whole, 1);
	cr_assert_eq(eng_board_len(&b, 4 * 25.4, &whole), 1);
	cr_assert_eq(whole, 0, "4in on 3in squares is not whole");
	cr_assert_eq(eng_board_init(&b, 1000 * 25.4, 1000 * 25.4,
	                 RS_GRID_SQUARE, 25.4, &why),
	    -1);
}

Test(engine_board, terrain_kinds_and_heights)
{
	struct eng_board b;
	struct eng_terrain t;
	const char *why;
	int hill;

	eng_board_init(&b, 600, 600, RS_GRID_NONE, 0, &why);
	memset(&t, 0, sizeof(t));
	t.kind = RS_TERRAIN_HILL;
	t.shape = ENG_SHAPE_CIRCLE;
	t.x = t.y = 300;
	t.r = 100;
	eng_board_add(&b, &t);
	memset(&t, 0, sizeof(t));
	t.kind = RS_TERRAIN_RIVER;
	t.shape = ENG_SHAPE_BAND;
	t.x = 0;
	t.y = 50;
	t.x2 = 600;
	t.y2 = 50;
	t.r = 10;
	eng_board_add(&b, &t);
	cr_assert(eng_board_kinds_at(&b, 300, 300) & (1u << RS_TERRAIN_HILL));
	cr_assert(eng_board_kinds_at(&b, 100, 55) & (1u << RS_TERRAIN_RIVER));
	cr_assert_eq(eng_board_kinds_at(&b, 100, 100), 0u);
	cr_assert_gt(eng_board_height(&b, 300, 300, &hill),
	    eng_board_height(&b, 300, 350, &hill));
	cr_assert_eq(hill, 0);
	eng_board_height(&b, 10, 500, &hill);
	cr_assert_eq(hill, -1);
}
