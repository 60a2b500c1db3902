/* fanout.c: jobs run side by side on threads, for self-play, balancing
 * and unit values alike. */
#include <pthread.h>
#include <stdlib.h>

#include "engine.h"

void
eng_fan_out(void *(*fn)(void *), void *jobs, size_t size, int n)
{
	pthread_t *th;
	int *ok, k;
	char *job = jobs;

	if (n <= 1) {
		if (n == 1)
			fn(job);
		return;
	}
	th = xcalloc((size_t)n, sizeof(*th));
	ok = xcalloc((size_t)n, sizeof(*ok));
	for (k = 1; k < n; k++)
		ok[k] = pthread_create(&th[k], NULL, fn, job + k * size) == 0;
	fn(job);
	for (k = 1; k < n; k++)
		if (ok[k])
			pthread_join(th[k], NULL);
		else
			fn(job + k * size); /* no thread: its share here */
	free(th);
	free(ok);
}
