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
	struct eng_q a, b, c;
	char *buf;

	eng_q_init(&a);
	eng_q_init(&b);
	eng_q_init(&c);
	eng_q_set_si(&a, 2, 4);
	eng_q_set_si(&b, -1, -3);
	cr_assert(eng_q_is(&a, 1, 2));
	cr_assert(eng_q_is(&b, 1, 3));
	eng_q_add(&c, &a, &b);
	cr_assert(eng_q_is(&c, 5, 6));
	eng_q_sub(&c, &b, &a);
	cr_assert(eng_q_is(&c, -1, 6));
	eng_q_mul(&c, &a, &b);
	cr_assert(eng_q_is(&c, 1, 6));
	eng_q_div(&c, &a, &b);
	cr_assert(eng_q_is(&c, 3, 2));
	cr_assert_lt(eng_q_cmp(&b, &a), 0);
	eng_q_set_si(&c, 8, 14);
	buf = eng_q_str(&c);
	cr_assert_str_eq(buf, "4/7");
	free(buf);
	eng_q_set_si(&c, 6, 6);
	buf = eng_q_str(&c);
	cr_assert_str_eq(buf, "1");
	free(buf);
	eng_q_clear(&a);
	eng_q_clear(&b);
	eng_q_clear(&c);
}

/* No size overflows: (2^62 + 1)/3^40 squared and back is exact, and its
 * figure is printed whole, where an int64 fraction overflowed. */
Test(engine_q, big_values_are_exact)
{
	struct eng_q a, b;
	char *buf;

	eng_q_init(&a);
	eng_q_init(&b);
	cr_assert_eq(eng_q_parse("4611686018427387905/12157665459056928801",
	                 &a),
	    0);
	eng_q_mul(&b, &a, &a);
	buf = eng_q_str(&b);
	cr_assert_str_eq(buf,
	    "21267647932558653975684285001340289025/"
	    "147808829414345923316083210206383297601");
	free(buf);
	eng_q_div(&b, &b, &a);
	cr_assert(eng_q_eq(&a, &b));
	cr_assert_float_eq(eng_q_double(&a),
	    4611686018427387905.0 / 12157665459056928801.0, 1e-15);
	eng_q_clear(&a);
	eng_q_clear(&b);
}

Test(engine_q, parse)
{
	struct eng_q q;

	eng_q_init(&q);
	cr_assert_eq(eng_q_parse("4/7", &q), 0);
	cr_assert(eng_q_is(&q, 4, 7));
	cr_assert_eq(eng_q_parse("0.25", &q), 0);
	cr_assert(eng_q_is(&q, 1, 4));
	cr_assert_eq(eng_q_parse("1", &q), 0);
	cr_assert(eng_q_is(&q, 1, 1));
	cr_assert_eq(eng_q_parse("-2/4", &q), 0);
	cr_assert(eng_q_is(&q, -1, 2));
	cr_assert_eq(eng_q_parse("x", &q), -1);
	cr_assert_eq(eng_q_parse("1/0", &q), -1);
	cr_assert_eq(eng_q_parse("1/2/3", &q), -1);
	eng_q_clear(&q);
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
