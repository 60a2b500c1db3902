/*
 * options.c: one option table. A command lists its options as rows (long
 * name, short letter, the value's name, what it is and where it goes, its
 * help); cli_parse() builds getopt_long's tables from the rows and reads
 * the command line with them, command_help() prints the rows as --help
 * shows them, and `sandtable --options` lists them for the completion and
 * the tests. The common options (-o, -p, -t, --print-template, --lang,
 * -q, -v, -h, --json, -j, -s, -n, --no-cache) are read here, the same way in every
 * command: one meaning, one default, one message for a bad value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "../render/render.h"
#include "../render/map/map.h"
#include "../base/cache.h"

/* The most rows a command may have (map has 23). */
#define OPTS_MAX 48

int
cli_count_opt(const char *cmd, const char *opt, const char *arg, long long lo,
    long long hi, long long *v)
{
	if (rnd_parse_count(arg, lo, hi, v) == 0)
		return 0;
	usage_error(cmd, "%s '%s': needs a whole number from %lld to %lld",
	    opt, arg, lo, hi);
	return -1;
}

static void
common_init(struct cli_common *c)
{
	memset(c, 0, sizeof(*c));
	c->jobs = CLI_JOBS_DEFAULT;
	c->games = CLI_GAMES_DEFAULT;
	c->seed = CLI_SEED_DEFAULT;
}

/* A count option into *v: CLI_GO, or EXIT_USAGE with the whole range
 * said. */
static int
count(const char *cmd, const char *opt, const char *arg, long long lo,
    long long hi, long long *v)
{
	return cli_count_opt(cmd, opt, arg, lo, hi, v) == 0 ? CLI_GO :
	                                                      EXIT_USAGE;
}

/* Take one option's value (arg NULL for one that takes none). Returns
 * CLI_GO, or the exit status to stop with. */
static int
take(const struct command *cmd, const struct cli_opt *o, const char *arg,
    struct cli_common *c, void *own)
{
	const char *why;
	long long v;
	double w, h;
	int rc;

	switch (o->kind) {
	case OPT_OUTPUT:
		c->output = arg;
		return CLI_GO;
	case OPT_PAPER:
		if (!(o->lo && strcasecmp(arg, "none") == 0) &&
		    paper_parse(arg, &w, &h, &why) == -1)
			return usage_error(cmd->name, "--paper %s: %s", arg,
			    why);
		c->paper = arg;
		return CLI_GO;
	case OPT_TEMPLATE:
		c->tmpl = arg;
		if (c->ntmpl < CLI_TMPL_MAX)
			c->tmpls[c->ntmpl] = arg;
		c->ntmpl++;
		return CLI_GO;
	case OPT_PRINT_TEMPLATE:
		c->print_template = 1;
		return CLI_GO;
	case OPT_LANG:
		return cli_lang_opt(cmd->name, arg) == 0 ? CLI_GO : EXIT_USAGE;
	case OPT_QUIET:
		/* Errors only, from here on: no warnings, notes or
		 * progress bar (each command leaves out its "wrote" lines
		 * too). */
		c->quiet = 1;
		diags_set_level(SEV_ERROR);
		progress_set_quiet(1);
		return CLI_GO;
	case OPT_VERBOSE:
		c->verbose = 1;
		return CLI_GO;
	case OPT_HELP:
		command_help(cmd, stdout);
		return EXIT_CLEAN;
	case OPT_JSON:
		c->json = 1;
		return CLI_GO;
	case OPT_JOBS:
		if ((rc = count(cmd->name, "--jobs", arg, 1, CLI_JOBS_MAX,
		         &v)) == CLI_GO)
			c->jobs = (int)v;
		return rc;
	case OPT_SEED:
		if ((rc = count(cmd->name, "--seed", arg, 0, CLI_SEED_MAX,
		         &v)) == CLI_GO) {
			c->seed = (uint64_t)v;
			c->seed_given = 1;
		}
		return rc;
	case OPT_GAMES:
		if ((rc = count(cmd->name, "--games", arg, o->lo,
		         CLI_GAMES_MAX, &v)) == CLI_GO)
			c->games = (long)v;
		return rc;
	case OPT_PDFX:
	case OPT_ICC: {
		char wpx[512];

		if (rnd_pdfx_set(o->kind == OPT_ICC ? arg : NULL, wpx,
		        sizeof(wpx)) == -1)
			return usage_error(cmd->name, "--%s%s%s: %s", o->name,
			    arg != NULL ? " " : "", arg != NULL ? arg : "",
			    wpx);
		c->pdfx = 1;
		return CLI_GO;
	}
	case OPT_STR:
		/* A command's own rows are only in a table with its own. */
		memcpy((char *)own + o->off, &arg, sizeof(arg));
		return CLI_GO;
	case OPT_SET:
	case OPT_UNSET:
		rc = o->kind == OPT_SET;
		memcpy((char *)own + o->off, &rc, sizeof(rc));
		return CLI_GO;
	case OPT_NO_CACHE:
		/* One meaning everywhere: no result of an earlier run is
		 * used, none is remembered (base/cache.h). */
		cache_off();
		rc = 1;
		if (o->lo)
			memcpy((char *)own + o->off, &rc, sizeof(rc));
		return CLI_GO;
	case OPT_FN: {
		char msg[CLI_WHY_MAX] = "";
		int got = o->parse(o, arg, own, msg);

		/* The row's message, as the CLI prints its usage errors. */
		if (got == EXIT_USAGE)
			usage_error(cmd->name, "%s", msg);
		return got;
	}
	}
	return CLI_GO;
}

/*
 * getopt_long's tables from the rows: a long option's code is 256 plus
 * its row, a short one's its letter. A leading ':' has a missing value
 * reported as such; '+' (dice) stops at the first word that is not an
 * option. Returns how many rows.
 */
static size_t
tables(const struct command *cmd, struct option *lo, char *so)
{
	const struct cli_opt *o;
	size_t n = 0;

	if (cmd->stop)
		*so++ = '+';
	*so++ = ':';
	for (o = cmd->opts; o->name != NULL; o++, n++) {
		if (n == OPTS_MAX) {
			/* A table past the limit is this program's bug. */
			cli_error("%s: more than %d options (options.c)",
			    cmd->name, OPTS_MAX);
			abort();
		}
		lo[n].name = o->name;
		lo[n].has_arg = o->arg != NULL ? required_argument :
		                                 no_argument;
		lo[n].flag = NULL;
		lo[n].val = 256 + (int)n;
		if (o->letter != 0) {
			*so++ = o->letter;
			if (o->arg != NULL)
				*so++ = ':';
		}
	}
	memset(&lo[n], 0, sizeof(lo[n]));
	*so = '\0';
	return n;
}

/*
 * The option getopt_long stopped at, as it was written, into buf (3
 * bytes): a word read alone (dice) is argv[at]; a short letter is named
 * by itself (in "-xq" getopt stops at the x); a long option is the word
 * getopt stepped over.
 */
static const char *
word_of(const struct command *cmd, int argc, char **argv, int at, char *buf)
{
	if (cmd->stop && at < argc)
		return argv[at];
	if (optopt > 0 && optopt < 256) {
		buf[0] = '-';
		buf[1] = (char)optopt;
		buf[2] = '\0';
		return buf;
	}
	return argv[optind - 1];
}

/* An option that is not the command's: a usage error naming it, and a
 * long one the command's long option it seems meant for ('--formt':
 * did you mean '--format'?), as a command's name is. */
static int
unknown(const struct command *cmd, const char *word)
{
	const char *names[OPTS_MAX], *near;
	char w[64];
	size_t n = 0;

	if (cmd->unknown != NULL)
		return cmd->unknown(cmd->name, word);
	if (strncmp(word, "--", 2) == 0 && word[2] != '\0') {
		snprintf(w, sizeof(w), "%.*s", (int)strcspn(word + 2, "="),
		    word + 2);
		while (n < OPTS_MAX && cmd->opts[n].name != NULL) {
			names[n] = cmd->opts[n].name;
			n++;
		}
		if ((near = str_closest(w, names, n)) != NULL)
			return usage_error(cmd->name,
			    "unknown option '%s'; did you mean '--%s'?", word,
			    near);
	}
	return usage_error(cmd->name, "unknown option '%s'", word);
}

int
cli_parse(const struct command *cmd, int argc, char **argv,
    struct cli_common *c, void *own)
{
	struct option lo[OPTS_MAX + 1];
	char so[3 + 3 * OPTS_MAX];
	const struct cli_opt *o;
	size_t n = tables(cmd, lo, so);
	char buf[3];
	int ch, at, rc;

	common_init(c);
	/* 0, not 1: glibc starts afresh (a new argv may be read after
	 * another, as a project's options are). */
	optind = 0;
	opterr = 0;
	for (;;) {
		at = optind > 0 ? optind : 1; /* 0 before the first */
		if ((ch = getopt_long(argc, argv, so, lo, NULL)) == -1)
			break;
		if (ch == ':')
			return usage_error(cmd->name,
			    "option '%s' needs a value",
			    word_of(cmd, argc, argv, at, buf));
		if (ch == '?')
			return unknown(cmd, word_of(cmd, argc, argv, at, buf));
		if (ch >= 256 && (size_t)(ch - 256) < n)
			o = &cmd->opts[ch - 256];
		else
			for (o = cmd->opts; o->name != NULL; o++)
				if (o->letter == ch)
					break;
		if (o->name == NULL)
			return unknown(cmd, word_of(cmd, argc, argv, at, buf));
		if ((rc = take(cmd, o, o->arg != NULL ? optarg : NULL, c,
		         own)) != CLI_GO)
			return rc;
	}
	/* A product's template, when -t is not given, is its row's: the
	 * one place that names it. */
	if (c->tmpl == NULL)
		c->tmpl = cli_template_default(cmd->name);
	/* Every option read first: a bad one is reported before it. */
	if (c->print_template)
		return cli_print_template(cmd->name, c->tmpl);
	return CLI_GO;
}

/* "  -p, --paper P", as --help shows an option; returns its length. */
static int
label(char *buf, size_t sz, const struct cli_opt *o)
{
	return snprintf(buf, sz, "  %c%c%c --%s%s%s", o->letter ? '-' : ' ',
	    o->letter ? o->letter : ' ', o->letter ? ',' : ' ', o->name,
	    o->arg ? " " : "", o->arg ? o->arg : "");
}

/* The n bytes of help at s, "{template}" in them as tmpl: a product's
 * default template is named by its row alone (products.c). */
static void
help_put(FILE *fp, const char *s, size_t n, const char *tmpl)
{
	static const char mark[] = "{template}";
	const char *m;

	while (tmpl != NULL && (m = strstr(s, mark)) != NULL &&
	    (size_t)(m - s) + sizeof(mark) - 1 <= n) {
		fprintf(fp, "%.*s%s", (int)(m - s), s, tmpl);
		n -= (size_t)(m - s) + sizeof(mark) - 1;
		s = m + sizeof(mark) - 1;
	}
	fprintf(fp, "%.*s", (int)n, s);
}

void
command_help(const struct command *c, FILE *fp)
{
	const char *tmpl = cli_template_default(c->name);
	const struct cli_opt *o;
	const char *s, *nl;
	char buf[128];
	int n;

	fprintf(fp, "usage: sandtable %s\n\n%s", c->synopsis, c->about);
	for (o = c->opts; o != NULL && o->name != NULL; o++) {
		/* The help starts in the command's column, or two spaces
		 * after a label that reaches it; its lines under it. */
		n = label(buf, sizeof(buf), o);
		fprintf(fp, "%s%*s", buf, n < c->col ? c->col - n : 2, "");
		for (s = o->help; (nl = strchr(s, '\n')) != NULL; s = nl + 1) {
			help_put(fp, s, (size_t)(nl - s), tmpl);
			fprintf(fp, "\n%*s", c->col, "");
		}
		help_put(fp, s, strlen(s), tmpl);
		fputc('\n', fp);
	}
	if (c->after != NULL)
		fputs(c->after, fp);
}

void
cli_options_list(FILE *fp)
{
	const struct cli_opt *o;
	const struct command *c;
	size_t i;

	for (i = 0; (c = command_nth(i)) != NULL; i++)
		for (o = c->opts; o != NULL && o->name != NULL; o++)
			fprintf(fp, "%s\t--%s\t%s%c\t%s\n", c->name, o->name,
			    o->letter ? "-" : "", o->letter ? o->letter : '-',
			    o->arg ? o->arg : "-");
}

/* --vtt LIST, as map and build read it: the formats by name
 * (rnd_vtt_names) or all, commas between. */
int
cli_vtt_parse(const char *cmd, const char *list, unsigned *set)
{
	char *s = xstrdup(list), *w, *save = NULL, dym[96];
	size_t n = 0;
	int k;

	*set = 0;
	while (rnd_vtt_names[n] != NULL)
		n++;
	for (w = strtok_r(s, ", ", &save); w != NULL;
	     w = strtok_r(NULL, ", ", &save)) {
		if (strcmp(w, "all") == 0) {
			*set |= (1u << n) - 1;
			continue;
		}
		for (k = 0; rnd_vtt_names[k] != NULL; k++)
			if (strcmp(w, rnd_vtt_names[k]) == 0)
				break;
		if (rnd_vtt_names[k] == NULL) {
			usage_error(cmd,
			    "--vtt %s: no format '%s': foundry, uvtt, tts or "
			    "all%s",
			    list, w,
			    str_did_you_mean(dym, sizeof(dym), w,
			        rnd_vtt_names, n));
			free(s);
			return EXIT_USAGE;
		}
		*set |= 1u << k;
	}
	free(s);
	if (*set == 0)
		return usage_error(cmd, "--vtt '%s': no format named", list);
	return 0;
}
