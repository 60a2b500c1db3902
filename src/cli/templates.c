/*
 * templates.c: sandtable templates — the templates a product can use,
 * where each was found — and --print-template, which every product
 * command takes: the template it would read, to start one's own from.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../render/render.h"

/* A template is at most this long (as render reads it). */
#define TMPL_MAX (1024 * 1024)

const char *
cli_template_default(const char *product)
{
	const struct product *p = product_find(product);

	return p != NULL ? p->tmpl : NULL;
}

int
cli_print_template(const char *product, const char *spec)
{
	struct diags d = { 0 };
	char *path = NULL, *data = NULL, *why = NULL, *for_;
	size_t len;
	int rc = EXIT_ERRORS;

	if (spec == NULL && (spec = cli_template_default(product)) == NULL) {
		cli_error("%s: reads no template", product);
		goto out;
	}
	if ((path = rnd_template_path(spec, &d)) == NULL)
		goto out;
	if (file_slurp(path, TMPL_MAX, &data, &len, &why) != 0) {
		cli_error("%s: cannot read template: %s", path,
		    why != NULL ? why : "larger than 1 MiB");
		goto out;
	}
	for_ = rnd_template_product(path);
	if (for_ != NULL && strcmp(for_, product) != 0)
		cli_error("%s: error: template: this template is for the %s, "
		          "not the %s",
		    path, for_, product);
	else if (fwrite(data, 1, len, stdout) == len && fflush(stdout) == 0)
		rc = EXIT_CLEAN;
	else
		cli_error("cannot write to standard output");
	free(for_);
out:
	diags_print(&d, stderr);
	diags_free(&d);
	free(data);
	free(why);
	free(path);
	return rc;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names (NAME of NAME.yaml) in dir, sorted; returns how many. Only
 * regular files (after links) are templates: a FIFO or device named so
 * is not opened, which could wait or never end. */
static size_t
dir_names(const char *dir, char ***names)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	struct stat st;
	size_t n = 0, cap = 0, len;

	*names = NULL;
	if (dp == NULL)
		return 0;
	while ((e = readdir(dp)) != NULL) {
		len = strlen(e->d_name);
		if (len <= 5 || e->d_name[0] == '.' ||
		    strcmp(e->d_name + len - 5, ".yaml") != 0)
			continue;
		if (fstatat(dirfd(dp), e->d_name, &st, 0) == -1 ||
		    !S_ISREG(st.st_mode))
			continue;
		XPUSH(*names, n, cap, xstrndup(e->d_name, len - 5));
	}
	closedir(dp);
	if (n > 0)
		qsort(*names, n, sizeof(**names), by_name);
	return n;
}

/* s as a field of a line of the listing: control characters (a tab
 * too, which would begin another field) and bytes that are not UTF-8
 * escaped as \xNN, so a file's name cannot drive the terminal. */
static char *
field(const char *s)
{
	char *e = str_escape(s), *out, *o;
	const char *p;

	out = o = xmalloc(strlen(e) * 4 + 1);
	for (p = e; *p != '\0'; p++)
		if (*p == '\t') {
			memcpy(o, "\\x09", 4);
			o += 4;
		} else
			*o++ = *p;
	*o = '\0';
	free(e);
	return out;
}

/* A line a template: NAME, PRODUCT, PATH, tab-separated; a name an
 * earlier directory has too gets a fourth field, "shadowed". */
static void
list_templates(FILE *fp)
{
	char *dirs[RND_TMPL_DIRS], **names, *path, *product, *f[3];
	char **seen = NULL;
	size_t nd = rnd_template_dirs(dirs), i, k, j, n, nseen = 0,
	       capseen = 0;

	for (i = 0; i < nd; i++) {
		n = dir_names(dirs[i], &names);
		for (k = 0; k < n; k++) {
			for (j = 0; j < nseen; j++)
				if (strcmp(seen[j], names[k]) == 0)
					break;
			path = xasprintf("%s/%s.yaml", dirs[i], names[k]);
			product = rnd_template_product(path);
			f[0] = field(names[k]);
			f[1] = field(product != NULL ? product : "-");
			f[2] = field(path);
			fprintf(fp, "%s\t%s\t%s%s\n", f[0], f[1], f[2],
			    j < nseen ? "\tshadowed" : "");
			free(f[0]);
			free(f[1]);
			free(f[2]);
			free(product);
			free(path);
			if (j == nseen)
				XPUSH(seen, nseen, capseen, names[k]);
			else
				free(names[k]);
		}
		free(names);
	}
	for (j = 0; j < nseen; j++)
		free(seen[j]);
	free(seen);
	rnd_template_dirs_free(dirs, nd);
}

static const struct cli_opt templates_options[] = {
	CLI_QUIET("(accepted; nothing to leave out)"),
	CLI_VERBOSE("(accepted)"),
	CLI_HELP,
	CLI_END,
};

static int
cmd_templates(int argc, char **argv)
{
	struct cli_common c;
	int rc;

	if ((rc = cli_parse(&templates_command, argc, argv, &c, NULL)) !=
	    CLI_GO)
		return rc;
	if (optind < argc)
		return usage_error("templates", "no arguments, not '%s'",
		    argv[optind]);
	list_templates(stdout);
	return EXIT_CLEAN;
}

const struct command templates_command = {
	.name = "templates",
	.run = cmd_templates,
	.synopsis = "templates",
	.about =
	    "List the templates the products can use, a line each, tab-separated:\n"
	    "the NAME that -t takes, the product it is for (its product: key; -\n"
	    "when it says none) and the file. A NAME is looked for in ./templates,\n"
	    "then $XDG_DATA_HOME/sandtable/templates (~/.local/share/sandtable/\n"
	    "templates when XDG_DATA_HOME is not set), then the installed data\n"
	    "directory; the first found is used, and a later one of the same name\n"
	    "is listed with a fourth field, shadowed. Each product prints the\n"
	    "template it would use with --print-template, to start one's own:\n"
	    "\n"
	    "    sandtable map --print-template > templates/my-map.yaml\n"
	    "    sandtable map -t my-map -T 6x4ft -o map.pdf\n"
	    "\n",
	.opts = templates_options,
	.col = 24,
};
