/*
 * respell.c: one letter, one meaning. The short letters are kept for the
 * options every command shares (-o output, -p paper, -t template, -T
 * table, -n games, -s seed, -j jobs, -g grid, -q, -v, -h); an option of
 * one command alone is spelled long. The spellings of earlier versions
 * still work, with a note, so that a user's scripts keep running: this
 * file rewrites them to today's before the command reads its options.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* What an old spelling's value must look like for it to be read the old
 * way: -t is today's template on every command, and was a table size
 * (map, scenario) or a tray count (bases) before. */
enum { ANY, NUMBER, SIZE };

struct respell {
	const char *cmd;
	const char *old; /* "-b", or "--from" */
	const char *now; /* "--bleed" */
	int arg;         /* the option takes a value */
	int numeric;     /* only when the value is one: NUMBER (scenario -p),
	                    SIZE (WxH: map -t 6x4ft); else it is today's */
};

static const struct respell respells[] = {
	{ "cards", "-c", "--card", 1, ANY },
	{ "cards", "-b", "--bleed", 1, ANY },
	{ "map", "-c", "--cell", 1, ANY },
	{ "map", "-t", "--table", 1, SIZE },
	{ "bases", "-b", "--base", 1, ANY },
	{ "bases", "-n", "--count", 1, ANY },
	{ "bases", "-t", "--tray", 1, NUMBER },
	{ "bases", "-T", "--dump", 0, ANY },
	{ "bases", "-g", "--guides", 0, ANY },
	{ "scenario", "-b", "--balanced", 0, ANY },
	{ "scenario", "-t", "--table", 1, SIZE },
	{ "scenario", "-P", "--paper", 1, ANY },
	{ "scenario", "-p", "--points", 1, NUMBER },
	{ "scenario", "--from", "--scenario", 1, ANY },
	{ "play", "-c", "--scenario", 1, ANY },
};
#define NRESPELL (sizeof(respells) / sizeof(respells[0]))

/* The strings made here live as long as the process (argv points at
 * them), so they stay reachable. */
static char *made[64];
static size_t nmade;

static int
is_number(const char *s)
{
	if (*s == '\0')
		return 0;
	for (; *s != '\0'; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

int
cli_quiet(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (!strcmp(argv[i], "-q") || !strcmp(argv[i], "--quiet"))
			return 1;
	return 0;
}

/* A table size as the old -t took it: WxH, with or without units
 * ("6x4", "4x4ft", "72x48in", "120×90cm"), or the preset portable. */
static int
is_size(const char *s)
{
	static const char *const presets[] = { "portable", NULL };
	size_t i;

	for (i = 0; presets[i] != NULL; i++)
		if (strcmp(s, presets[i]) == 0)
			return 1;
	if (!isdigit((unsigned char)*s))
		return 0;
	s += strspn(s, "0123456789.");
	return *s == 'x' || *s == 'X' || strncmp(s, "\xc3\x97", 2) == 0;
}

/* Token i as spelled by r: 0 not, 1 alone ("-b"), 2 with its value
 * ("-b3mm", "--from=F"). */
static int
spelled(const struct respell *r, const char *tok)
{
	size_t n = strlen(r->old);

	if (strncmp(tok, r->old, n) != 0)
		return 0;
	if (tok[n] == '\0')
		return 1;
	if (!r->arg)
		return 0;
	if (r->old[1] == '-')
		return tok[n] == '=' ? 2 : 0;
	return 2;
}

void
cli_respell(const char *cmd, int argc, char **argv)
{
	const struct respell *r;
	const char *val;
	size_t k;
	int i, how, quiet = cli_quiet(argc, argv);

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (argv[i][0] != '-')
			continue;
		for (k = 0; k < NRESPELL; k++) {
			r = &respells[k];
			if (strcmp(r->cmd, cmd) != 0 ||
			    (how = spelled(r, argv[i])) == 0)
				continue;
			val = how == 2 ?
			    argv[i] + strlen(r->old) + (r->old[1] == '-') :
			    i + 1 < argc ? argv[i + 1] :
			                   "";
			if ((r->numeric == NUMBER && !is_number(val)) ||
			    (r->numeric == SIZE && !is_size(val)))
				continue;
			if (!quiet)
				cli_error(
				    "note: %s %s is now spelled %s (the "
				    "short letters are kept for the options "
				    "every command shares; sandtable help %s)",
				    cmd, r->old, r->now, cmd);
			if (how == 1)
				argv[i] = (char *)r->now;
			else if (nmade < sizeof(made) / sizeof(made[0])) {
				made[nmade] = xasprintf("%s=%s", r->now, val);
				argv[i] = made[nmade++];
			}
			if (how == 1 && r->arg)
				i++;
			break;
		}
	}
}
