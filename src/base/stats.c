/* stats.c: the statistics the report and the scenario balance share. */
#include <math.h>
#include <stdlib.h>

#include "base.h"

void
wilson95(double p, long n, double *lo, double *hi)
{
	const double z = 1.959963984540054;
	double den, mid, half;

	if (n <= 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	den = 1 + z * z / n;
	mid = (p + z * z / (2.0 * n)) / den;
	half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / den;
	*lo = fmax(0, mid - half);
	*hi = fmin(1, mid + half);
}

/* The smaller tail of Binomial(n, p) from k away from the mean: terms
 * fall off away from the mean, so the sum stops once they no longer
 * count. */
static double
binom_tail(long k, long n, double p)
{
	double lt, t, sum;
	long i;

	lt = lgamma((double)n + 1) - lgamma((double)k + 1) -
	    lgamma((double)(n - k) + 1) + (double)k * log(p) +
	    (double)(n - k) * log1p(-p);
	t = sum = exp(lt);
	if ((double)k < (double)n * p)
		for (i = k; i > 0 && t > sum * 1e-17; i--) {
			t *= (double)i / (double)(n - i + 1) * (1 - p) / p;
			sum += t;
		}
	else
		for (i = k; i < n && t > sum * 1e-17; i++) {
			t *= (double)(n - i) / (double)(i + 1) * p / (1 - p);
			sum += t;
		}
	return sum;
}

double
binom_p2(long k, long n, double p)
{
	double tail;

	if (n <= 0)
		return 1;
	if (p <= 0)
		return k == 0 ? 1 : 0;
	if (p >= 1)
		return k == n ? 1 : 0;
	tail = 2 * binom_tail(k, n, p);
	return tail < 1 ? tail : 1;
}

void
holm(const double *p, size_t m, double *adj)
{
	size_t i, j, best;
	unsigned char *done = xcalloc(m + 1, 1);
	double run = 0, v;

	/* Smallest p first: the i-th (from 0) is multiplied by m - i, and
	 * an adjusted value is never below the one before it. */
	for (i = 0; i < m; i++) {
		for (best = m, j = 0; j < m; j++)
			if (!done[j] && (best == m || p[j] < p[best]))
				best = j;
		done[best] = 1;
		v = p[best] * (double)(m - i);
		if (v > 1)
			v = 1;
		if (v > run)
			run = v;
		adj[best] = run;
	}
	free(done);
}
