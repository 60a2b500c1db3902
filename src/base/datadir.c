/*
 * datadir.c: where sandtable finds its templates and bundled rulesets.
 * The installed tree is relocatable: the binary looks beside itself
 * (BIN/../share/sandtable), so a DESTDIR tree works where it lies; a
 * binary in a source tree finds the tree's templates/ and rulesets/.
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"

#ifndef SANDTABLE_DATADIR
#define SANDTABLE_DATADIR "/usr/local/share/sandtable"
#endif

static int
is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int
is_file(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

char *
data_dir(void)
{
	const char *env = getenv("SANDTABLE_DATADIR");
	char exe[PATH_MAX], *slash, *p;
	ssize_t n;

	if (env != NULL && *env != '\0')
		return xstrdup(env);
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL) {
			*slash = '\0';
			p = xasprintf("%s/../share/sandtable", exe);
			if (is_dir(p))
				return p;
			free(p);
			/* Run from a source tree: templates/ beside the binary,
			 * or one up (a build directory such as build-san/). */
			p = xasprintf("%s/templates", exe);
			if (is_dir(p)) {
				free(p);
				return xstrdup(exe);
			}
			free(p);
			p = xasprintf("%s/../templates", exe);
			if (is_dir(p)) {
				free(p);
				return xasprintf("%s/..", exe);
			}
			free(p);
		}
	}
	return xstrdup(SANDTABLE_DATADIR);
}

char *
data_find(const char *sub, const char *name)
{
	char *p, *dir;

	if (strchr(name, '/') != NULL)
		return is_file(name) ? xstrdup(name) : NULL;
	p = xasprintf("%s/%s", sub, name);
	if (is_file(p))
		return p;
	free(p);
	dir = data_dir();
	p = xasprintf("%s/%s/%s", dir, sub, name);
	free(dir);
	if (is_file(p))
		return p;
	free(p);
	return NULL;
}
