/*
 * dicex_bench EXPR...: rolls of each dice expression per second (10
 * million seeded rolls, no allocation) and the time of its exact
 * distribution (repeated for at least 0.2 s). Built and run by
 * tests/bench/dice.sh against build/libsandtable.a.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../../src/engine/dicex.h"

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
	enum { ROLLS = 10000000 };
	struct eng_dice d;
	struct dx_dist dist;
	struct dx x;
	const char *why;
	double t0, t;
	long long sum = 0;
	long i, reps;
	int a, col;

	for (a = 1; a < argc; a++) {
		if (dx_parse(argv[a], &x, &col, &why) < 0) {
			fprintf(stderr, "%s: column %d: %s\n", argv[a], col,
			    why);
			return 1;
		}
		memset(&d, 0, sizeof(d));
		eng_rng_seed(&d.rng, 1, 0);
		t0 = now();
		for (i = 0; i < ROLLS; i++)
			sum += dx_roll(&x, &d);
		t = now() - t0;
		reps = 0;
		t0 = now();
		do {
			dx_dist(&x, &dist);
			dx_dist_free(&dist);
			reps++;
		} while (now() - t0 < 0.2);
		printf("dice: %-12s %6.1f ns a roll (%ld dice a roll), exact "
		       "distribution in %.3f ms\n",
		    argv[a], t * 1e9 / ROLLS, (long)(d.rolled / ROLLS),
		    (now() - t0) * 1e3 / reps);
	}
	/* The sum, so that the rolls cannot be optimised away. */
	return sum == 42;
}
