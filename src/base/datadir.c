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
exe_dir(void)
{
	char exe[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		return NULL;
	*slash = '\0';
	return xstrdup(exe);
}

int
path_is_dir(const char *p)
{
	return is_dir(p);
}

char *
data_dir(void)
{
	const char *env = getenv("SANDTABLE_DATADIR");
	char *exe, *p;

	if (env != NULL && *env != '\0')
		return xstrdup(env);
	if ((exe = exe_dir()) != NULL) {
		p = xasprintf("%s/../share/sandtable", exe);
		if (is_dir(p))
			goto found;
		free(p);
		/* Run from a source tree: templates/ beside the binary, or
		 * one up (a build directory such as build-san/). */
		p = xasprintf("%s/templates", exe);
		if (is_dir(p)) {
			free(p);
			return exe;
		}
		free(p);
		p = xasprintf("%s/../templates", exe);
		if (is_dir(p)) {
			free(p);
			p = xasprintf("%s/..", exe);
			goto found;
		}
		free(p);
		free(exe);
	}
	return xstrdup(SANDTABLE_DATADIR);
found:
	free(exe);
	return p;
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
