/*
 * rng.c: the engine's random numbers — xoshiro256** seeded through
 * splitmix64 from (seed, stream), and the dice streams that use it.
 */
#include "engine.h"

uint64_t
eng_splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
eng_rng_seed(struct eng_rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t x = seed;
	int i;

	/* Mix the stream number in through its own splitmix step, so that
	 * neighbouring (seed, stream) pairs give unrelated states. */
	x ^= eng_splitmix64(&(uint64_t){ stream ^ 0x5851f42d4c957f2dULL });
	for (i = 0; i < 4; i++)
		r->s[i] = eng_splitmix64(&x);
	if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0)
		r->s[0] = 1;
}

int
eng_die_scripted(struct eng_dice *d, int sides)
{
	d->rolled++;
	if (d->out || d->next >= d->nscript) {
		d->out = 1;
		return 1;
	}
	if (d->script[d->next] > sides) {
		d->out = 1;
		d->bad = d->next + 1;
		d->bad_sides = sides;
		return 1;
	}
	if (d->by_log != NULL)
		d->by_log[d->next] = d->by;
	return d->script[d->next++];
}
