/* stats.c: the statistics the report and the scenario balance share. */
#include <math.h>

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
