/*
 * dlib.c: a library opened when a command first needs it (dlopen), not
 * linked. Linked, a library and the libraries it pulls in are relocated
 * at the start of every command, whether it uses them or not (callgrind:
 * `sandtable --version` spent 40 of its 45 million instructions in the
 * dynamic linker). Only some commands read an .ods sheet (libzip,
 * libxml2), draw an SVG picture (librsvg) or serve (libmicrohttpd); each
 * is opened on first use, by its soname as the build found it (the
 * Makefile's *_SONAME), and a command that needs one that is missing
 * says so rather than failing to start.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

#include "base.h"

static pthread_mutex_t dlib_mu = PTHREAD_MUTEX_INITIALIZER;

/*
 * Open l's library once and fill its table of functions (l->fns, one
 * pointer a name, in the order of l->names). Returns 0, or -1 with the
 * reason in l->why, the same answer on every call.
 */
int
dlib_open(struct dlib *l)
{
	void *h, *p;
	size_t i;
	int rc;

	pthread_mutex_lock(&dlib_mu);
	if (l->state != 0)
		goto out;
	l->state = -1;
	if ((h = dlopen(l->soname, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		/* It names the file: "libzip.so.4: cannot open shared
		 * object file: No such file or directory". */
		snprintf(l->why, sizeof(l->why), "%s", dlerror());
		goto out;
	}
	for (i = 0; i < l->n; i++) {
		if ((p = dlsym(h, l->names[i])) == NULL) {
			snprintf(l->why, sizeof(l->why),
			    "%s has no function %s", l->soname, l->names[i]);
			dlclose(h);
			goto out;
		}
		/* POSIX's way from a void * to a function pointer. */
		memcpy((char *)l->fns + i * sizeof(p), &p, sizeof(p));
	}
	l->state = 1;
out:
	rc = l->state == 1 ? 0 : -1;
	pthread_mutex_unlock(&dlib_mu);
	return rc;
}
