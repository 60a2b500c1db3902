/*
 * main.c: sandtable's entry point and the table of subcommands. Each
 * subcommand lives in a file of its own (cmd_NAME.c).
 */
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "../engine/engine.h"
#include "../render/render.h"
#include "cli.h"

/*
 * The commands that are not products, in the order --help lists them,
 * each with its summary there: one line of at most 60 columns. The
 * products follow, from their table (products.c).
 */
static const struct {
	const struct command *cmd;
	const char *summary;
} commands[] = {
	{ &check_command,
	    "Check rulesets: test games, self-play, findings, coverage." },
	{ &build_command,
	    "Check rulesets and write all their products to DIR/NAME/." },
	{ &init_command,
	    "Start a project: a sandtable.yaml and a ruleset to edit." },
	{ &play_command,
	    "Self-play statistics of a ruleset's default battle." },
	{ &odds_command,
	    "Exact odds of every fire and melee matchup, as fractions." },
	{ &dice_command,
	    "The exact distribution of a dice expression (2d6kh1+1)." },
	{ &templates_command,
	    "List the products' templates and where each was found." },
	{ &serve_command,
	    "A live preview in the browser, rebuilt on every save." },
	{ NULL, NULL },
};

int
cli_not_built(const char *name)
{
	cli_error("%s: not built yet in this version", name);
	return EXIT_USAGE;
}

const struct command *
command_find(const char *name)
{
	const struct product *p;
	size_t i;

	for (i = 0; commands[i].cmd != NULL; i++)
		if (strcmp(commands[i].cmd->name, name) == 0)
			return commands[i].cmd;
	return (p = product_find(name)) != NULL ? p->cmd : NULL;
}

const struct command *
command_nth(size_t i)
{
	size_t n = sizeof(commands) / sizeof(commands[0]) - 1;

	if (i < n)
		return commands[i].cmd;
	/* NULL after the table's last row. */
	return products[i - n] != NULL ? products[i - n]->cmd : NULL;
}

/* For a command name not found: "; did you mean 'check'?" or "". */
static const char *
command_hint(const char *name, char *buf, size_t sz)
{
	const char *names[64];
	const struct command *c;
	size_t n = 0;

	while (n < sizeof(names) / sizeof(names[0]) &&
	    (c = command_nth(n)) != NULL)
		names[n++] = c->name;
	return str_did_you_mean(buf, sz, name, names, n);
}

/* Where the option being read was written, when not on the command line
 * (a project file's key): usage errors begin with it. */
static struct pos usage_at;

void
cli_usage_at(const struct pos *at)
{
	if (at != NULL)
		usage_at = *at;
	else
		memset(&usage_at, 0, sizeof(usage_at));
}

int
usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	char *msg, *safe;

	fputs("sandtable: ", stderr);
	if (usage_at.file != NULL)
		fprintf(stderr, "%s:%d:%d: ", usage_at.file, usage_at.line,
		    usage_at.col);
	if (cmd != NULL)
		fprintf(stderr, "%s: ", cmd);
	/* Option values are the user's: printed with controls escaped. */
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	safe = str_escape(msg);
	fputs(safe, stderr);
	free(safe);
	free(msg);
	fprintf(stderr, " (try 'sandtable help%s%s')\n", cmd ? " " : "",
	    cmd ? cmd : "");
	return EXIT_USAGE;
}

static void
main_help(FILE *fp)
{
	const struct product *const *pp, *p;
	size_t i;

	fputs(
	    "usage: sandtable COMMAND [options] [ARGS]\n"
	    "\n"
	    "A rules press for miniature wargames: reads a ruleset written in\n"
	    "Markdown, checks it by playing test games, and prints what a\n"
	    "player needs on the table, at true scale.\n"
	    "\n"
	    "Commands:\n",
	    fp);
	for (i = 0; commands[i].cmd != NULL; i++)
		fprintf(fp, "  %-10s %s\n", commands[i].cmd->name,
		    commands[i].summary);
	fputs("\n"
	      "Products (each a command; build makes them all):\n",
	    fp);
	for (pp = products; (p = *pp) != NULL; pp++)
		fprintf(fp, "  %-10s %s\n", p->cmd->name, p->summary);
	fputs(
	    "\n"
	    "Options:\n"
	    "  -h, --help      this help\n"
	    "  -V, --version   print the version\n"
	    "      --products  each product's files in a build, what it needs\n"
	    "      --messages  every message sandtable gives: code, severity, text\n"
	    "\n"
	    "'sandtable help COMMAND' shows a command's options.\n"
	    "The ruleset format is described in rulesets/FORMAT.md.\n",
	    fp);
}

/* --commands: every command's name, a line each, in --help's order (for
 * the bash completion and the tests). */
static void
main_commands(FILE *fp)
{
	const struct command *c;
	size_t i;

	for (i = 0; (c = command_nth(i)) != NULL; i++)
		fprintf(fp, "%s\n", c->name);
}

/* --json: the message goes into the JSON too, its severity from its
 * first word ("note: …"); the others are errors, as cli_error() is for
 * what stops a command. */
static void
cli_error_capture(const char *msg)
{
	static const struct {
		const char *word;
		enum severity sev;
	} words[] = { { "note: ", SEV_NOTE }, { "warning: ", SEV_WARNING },
		{ "error: ", SEV_ERROR } };
	size_t i, n;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		n = strlen(words[i].word);
		if (strncmp(msg, words[i].word, n) == 0) {
			diags_capture_add(words[i].sev, msg + n);
			return;
		}
	}
	diags_capture_add(SEV_ERROR, msg);
}

void
cli_error(const char *fmt, ...)
{
	va_list ap;
	char *msg, *safe;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	safe = str_escape(msg);
	fprintf(stderr, "sandtable: %s\n", safe);
	cli_error_capture(safe);
	free(safe);
	free(msg);
}

char *
cli_out_begin(const char *out, const char *ext)
{
	const char *tmp = getenv("TMPDIR");
	char *dir, *path;

	if (!CLI_IS_STDOUT(out))
		return xstrdup(out);
	dir = xasprintf("%s/sandtable-XXXXXX",
	    tmp != NULL && *tmp ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL) {
		cli_error("error: cannot make a temporary directory for -o -: "
		          "%s",
		    strerror(errno));
		free(dir);
		return NULL;
	}
	path = xasprintf("%s/out.%s", dir, ext);
	free(dir);
	return path;
}

int
cli_out_end(const char *out, char *path, int ok)
{
	char buf[65536], *slash;
	size_t n;
	int rc = 0;
	FILE *fp;

	if (!CLI_IS_STDOUT(out)) {
		free(path);
		return 0;
	}
	if (ok) {
		/* A reader that stops early (| head) is an error to report,
		 * not a death that leaves the temporary file behind. */
		signal(SIGPIPE, SIG_IGN);
		if ((fp = fopen(path, "rb")) == NULL)
			rc = -1;
		while (fp != NULL && (n = fread(buf, 1, sizeof(buf), fp)) > 0)
			if (fwrite(buf, 1, n, stdout) != n)
				rc = -1;
		if (fp != NULL)
			fclose(fp);
		if (fflush(stdout) != 0)
			rc = -1;
		if (rc != 0)
			cli_error("error: cannot write to standard output: %s",
			    strerror(errno));
	}
	unlink(path);
	if ((slash = strrchr(path, '/')) != NULL) {
		*slash = '\0';
		rmdir(path);
	}
	free(path);
	return rc;
}

int
cli_is_html(const char *path)
{
	size_t n = strlen(path);

	return n > 5 && strcasecmp(path + n - 5, ".html") == 0;
}

int
cli_output_check(const char *path, const char *begins)
{
	const char *dot = strrchr(path, '.'), *sl = strrchr(path, '/');
	char *why = NULL, *dir, *slash;

	/* Standard output replaces nothing (cli_out_begin()). */
	if (CLI_IS_STDOUT(path))
		return 0;
	/* A product drawn as a PDF is drawn as PNG or SVG too, a file a
	 * page (pdf.c); those files are checked as they are named, before
	 * any is written. */
	if (begins != NULL && strcmp(begins, CLI_PDF) == 0 &&
	    rnd_image_kind(path) != 0)
		begins = rnd_image_kind(path) == 1 ? "\x89PNG" : "<?xml";
	/* An input or a file of another kind is never replaced: that
	 * refusal says the most, so it comes first. */
	if (atomic_check(path, begins, &why) != 0) {
		cli_error("error: %s", why);
		free(why);
		return -1;
	}
	/* The format follows the file's name: a PDF product is not
	 * written under another format's name (map writes PNG and SVG). */
	if (begins != NULL && strcmp(begins, CLI_PDF) == 0 && dot != NULL &&
	    (sl == NULL || dot > sl) && strcasecmp(dot, ".pdf") != 0) {
		cli_error("error: %s: name the output .pdf, .png or .svg "
		          "(PNG and SVG: a file a page)",
		    path);
		return -1;
	}
	/* What an interrupted run left beside it goes. */
	dir = xstrdup(path);
	if ((slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	file_sweep(slash != NULL ? (*dir ? dir : "/") : ".");
	free(dir);
	return 0;
}

struct ruleset *
cli_load(const char *path, int *worst)
{
	return cli_load_keep(path, worst, NULL);
}

struct ruleset *
cli_load_keep(const char *path, int *worst, struct diags *keep)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_read(path, &d);
	size_t i;

	/* What only the family can tell: its settings, its columns; and
	 * whether the units' pictures decode, as the products will. */
	if (rs != NULL) {
		eng_family_check(rs, &d);
		rnd_pictures_check(rs, &d);
	}
	diags_print(&d, stderr);
	/* A file that cannot be read is an input error like any other. */
	*worst = rs == NULL ? SEV_ERROR : diags_worst(&d);
	for (i = 0; keep != NULL && i < d.n; i++)
		diag_copy(keep, &d.v[i]);
	diags_free(&d);
	if (rs != NULL && *worst >= SEV_ERROR) {
		rs_free(rs);
		rs = NULL;
	}
	return rs;
}

int
cli_playable(const struct ruleset *rs, const char *path)
{
	struct diags d = { 0 };
	const struct eng_show *sh = eng_show_of(rs);
	char *names;

	if (!sh->print_only)
		return 0;
	if (sh->unplayed != NULL)
		diag_msg(&d, rs->engine_pos, MSG(NOTHING_PLAY), path,
		    sh->unplayed);
	else {
		names = eng_family_names("engine: ", " or ");
		diag_msg(&d, rs->engine_pos, MSG(NO_ENGINE), path, names);
		free(names);
	}
	diags_print(&d, stderr);
	diags_free(&d);
	return -1;
}

int
main(int argc, char *argv[])
{
	const struct command *c;
	char hb[96];

	/* The user's locale, for LC_PAPER and messages: every number that
	 * sandtable prints or reads is locale-free by construction. */
	setlocale(LC_ALL, "");
	/* Ctrl-C or a kill removes this run's temporary files and stages;
	 * earlier outputs stay as they were. */
	file_signals_install();
	cli_cache_setup();
	if (argc < 2) {
		main_help(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		main_help(stdout);
		return EXIT_CLEAN;
	}
	if (strcmp(argv[1], "-V") == 0 || strcmp(argv[1], "--version") == 0) {
		printf("sandtable %s\n", SANDTABLE_VERSION);
		return EXIT_CLEAN;
	}
	if (strcmp(argv[1], "--products") == 0) {
		products_list(stdout);
		return EXIT_CLEAN;
	}
	/* Hidden: the man page's entries of the products, made from the
	 * table at build time (src/cli/man.sh). */
	if (strcmp(argv[1], "--man-products") == 0) {
		products_man(stdout);
		return EXIT_CLEAN;
	}
	if (strcmp(argv[1], "--commands") == 0) {
		main_commands(stdout);
		return EXIT_CLEAN;
	}
	if (strcmp(argv[1], "--options") == 0) {
		cli_options_list(stdout);
		return EXIT_CLEAN;
	}
	if (strcmp(argv[1], "--messages") == 0) {
		msgs_list(stdout);
		return EXIT_CLEAN;
	}
	if (strcmp(argv[1], "help") == 0) {
		if (argc < 3) {
			main_help(stdout);
			return EXIT_CLEAN;
		}
		if ((c = command_find(argv[2])) == NULL)
			return usage_error(NULL, "unknown command '%s'%s",
			    argv[2], command_hint(argv[2], hb, sizeof(hb)));
		command_help(c, stdout);
		return EXIT_CLEAN;
	}
	if (argv[1][0] == '-')
		return usage_error(NULL, "unknown option '%s'", argv[1]);
	if ((c = command_find(argv[1])) == NULL)
		return usage_error(NULL, "unknown command '%s'%s", argv[1],
		    command_hint(argv[1], hb, sizeof(hb)));
	/* Every product dates its files from SOURCE_DATE_EPOCH: a value that
	 * is not a time is refused once here, before any work. */
	if (!source_date_epoch_valid()) {
		cli_error("SOURCE_DATE_EPOCH: '%s' is not a time (seconds "
		          "since 1970, up to year 9999)",
		    getenv("SOURCE_DATE_EPOCH"));
		return EXIT_ERRORS;
	}
	if (!fifo_wait_valid()) {
		cli_error("SANDTABLE_FIFO_WAIT: '%s' is not a number of "
		          "seconds from 1 to 60",
		    getenv("SANDTABLE_FIFO_WAIT"));
		return EXIT_ERRORS;
	}
	/* Spellings of earlier versions, with a note; then the command
	 * reads its options (cli_parse(): -q takes effect there). */
	cli_respell(c->name, argc - 1, argv + 1);
	if (c->run == NULL)
		return product_main(product_find(c->name), argc - 1, argv + 1);
	return c->run(argc - 1, argv + 1);
}
