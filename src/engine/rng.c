/*
 * rng.c: the engine's random numbers — xoshiro256** seeded through
 * splitmix64 from (seed, stream), and the dice streams that use it.
 */
#include "engine.h"

/* splitmix64: one step; returns the next output and advances *x. */
static uint64_t
splitmix64(uint64_t *x)
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
	x ^= splitmix64(&(uint64_t){ stream ^ 0x5851f42d4c957f2dULL });
	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
	if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0)
		r->s[0] = 1;
}

static inline uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* xoshiro256**: returns the next 64 random bits. */
uint64_t
eng_rng_next(struct eng_rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

/* Lemire's multiply-and-reject; returns a uniform value in [0, n). */
uint32_t
eng_rng_below(struct eng_rng *r, uint32_t n)
{
	uint64_t m;
	uint32_t lo, thresh;

	if (n <= 1)
		return 0;
	m = (uint64_t)(uint32_t)(eng_rng_next(r) >> 32) * n;
	lo = (uint32_t)m;
	if (lo < n) {
		thresh = (uint32_t)(-n) % n;
		while (lo < thresh) {
			m = (uint64_t)(uint32_t)(eng_rng_next(r) >> 32) * n;
			lo = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

/* Returns the next die, 1..6: scripted dice in order, else random. */
int
eng_die(struct eng_dice *d)
{
	d->rolled++;
	if (d->script != NULL) {
		if (d->next >= d->nscript) {
			d->out = 1;
			return 1;
		}
		return d->script[d->next++];
	}
	return 1 + (int)eng_rng_below(&d->rng, 6);
}
