/*
 * project.c: sandtable.yaml, a designer's project (issue 38). One YAML
 * mapping in the working folder (or named with --project FILE) holds what
 * would otherwise go on every command line: the rulesets, and build's
 * options under their own long names (output, paper, lang, seed, games,
 * jobs, no-cache, pdfx, icc, only, vtt), with the same meanings and the same
 * messages for a bad value; each product's options under the product's
 * name (cards: bleed: 3mm), by the names its command takes. The command
 * line overrides the project: its options are read after the project's.
 *
 * A key is checked where it is written: an unknown one is an error at
 * its line and column, with the nearest name; a value is read by the
 * option's own code, its usage error beginning with the key's place.
 * Paths in the project (rulesets, output, icc, a template given as a
 * path) are from the project file's folder.
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli.h"
#include "project.h"

/* The build options a project does not set: a run's, not a project's. */
static const char *const not_in_project[] = { "help", "json", "watch",
	"template", "quiet", "verbose", "project", NULL };

/* A product's options a project does not set (each a run's, or the
 * build's as a whole: set at the top). */
static const char *const not_per_product[] = { "output", "help", "quiet",
	"verbose", "dump", "print-template", "json", "lang", "pdfx", "icc",
	"no-cache", "jobs", "scenario", "unit", "write-terrain", "vtt",
	"px-per-cell", NULL };

static int
listed(const char *const *list, const char *name)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, name) == 0)
			return 1;
	return 0;
}

/* The row of cmd named name, or NULL. */
static const struct cli_opt *
row_of(const struct command *cmd, const char *name)
{
	const struct cli_opt *o;

	for (o = cmd->opts; o != NULL && o->name != NULL; o++)
		if (strcmp(o->name, name) == 0)
			return o;
	return NULL;
}

/* The names a key could have been (for "did you mean"): build's rows a
 * project sets, "rulesets", "products" and the products' names. */
static size_t
top_names(const char **names, size_t max)
{
	const struct cli_opt *o;
	size_t n = 0, k;

	names[n++] = "rulesets";
	for (o = build_command.opts; o->name != NULL && n < max; o++)
		if (!listed(not_in_project, o->name))
			names[n++] = o->name;
	for (k = 0; products[k] != NULL && n < max; k++)
		names[n++] = products[k]->cmd->name;
	return n;
}

/* path from the project's folder: as it is when absolute or the project
 * is in the working folder. */
static char *
from_dir(const struct project *pj, const char *path)
{
	if (path[0] == '/' || strcmp(pj->dir, ".") == 0)
		return xstrdup(path);
	return xasprintf("%s/%s", pj->dir, path);
}

static void
push(char ***v, size_t *n, char *s)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(char *));
	(*v)[(*n)++] = s;
}

static void
push_node(const struct rs_node ***v, size_t *n, const struct rs_node *at)
{
	*v = xrealloc((void *)*v, (*n + 1) * sizeof(at));
	(*v)[(*n)++] = at;
}

/* A value of one scalar, else an error at it (0 or -1). */
static int
scalar(const struct rs_node *key, const struct rs_node *v, struct diags *d)
{
	if (v->kind == RS_NODE_SCALAR)
		return 0;
	diag_msg(d, v->pos, MSG(PROJECT_ONE_VALUE), key->scalar);
	return -1;
}

/* A flag's value: true (1) or false (0), else an error at it (-1). */
static int
flag(const struct rs_node *key, const struct rs_node *v, struct diags *d)
{
	if (scalar(key, v, d) == -1)
		return -1;
	if (strcmp(v->scalar, "true") == 0)
		return 1;
	if (strcmp(v->scalar, "false") == 0)
		return 0;
	diag_msg(d, v->pos, MSG(PROJECT_TRUE_FALSE), key->scalar, v->scalar);
	return -1;
}

/* rulesets: a path or a list of them, a pattern (*.md) matching each
 * Markdown file it names. */
static int
rulesets(struct project *pj, const struct rs_node *key,
    const struct rs_node *v, struct diags *d)
{
	const struct rs_node *const *items = &v;
	size_t i, j, n = 1;
	struct stat sb;
	glob_t g;
	char *p;

	if (v->kind == RS_NODE_SEQ) {
		items = (const struct rs_node *const *)v->kids;
		n = v->nkids;
	} else if (v->kind == RS_NODE_MAP) {
		diag_msg(d, v->pos, MSG(PROJECT_LIST), key->scalar);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (scalar(key, items[i], d) == -1)
			return -1;
		p = from_dir(pj, items[i]->scalar);
		if (strpbrk(items[i]->scalar, "*?[") != NULL) {
			if (glob(p, 0, NULL, &g) != 0) {
				diag_msg(d, items[i]->pos,
				    MSG(PROJECT_MATCHES_NOTHING),
				    items[i]->scalar);
				free(p);
				return -1;
			}
			for (j = 0; j < g.gl_pathc; j++)
				push(&pj->rulesets, &pj->nrulesets,
				    xstrdup(g.gl_pathv[j]));
			globfree(&g);
			free(p);
		} else if (stat(p, &sb) == -1 || !S_ISREG(sb.st_mode)) {
			diag_msg(d, items[i]->pos, MSG(PROJECT_NO_RULESET),
			    items[i]->scalar);
			free(p);
			return -1;
		} else
			push(&pj->rulesets, &pj->nrulesets, p);
		if (pj->nrulesets > PROJECT_MAX_RULESETS) {
			diag_msg(d, items[i]->pos, MSG(PROJECT_TOO_MANY),
			    PROJECT_MAX_RULESETS);
			return -1;
		}
	}
	if (pj->nrulesets == 0) {
		diag_msg(d, v->pos, MSG(PROJECT_NO_RULESETS));
		return -1;
	}
	return 0;
}

/* A build option into its word (--name=value, or --name for a flag set
 * true); the value is checked by the option's own code, at its place,
 * by project_check(). */
static int
build_key(struct project *pj, const struct cli_opt *o,
    const struct rs_node *key, const struct rs_node *v, struct diags *d)
{
	char *val = NULL;
	int on;

	if (o->arg == NULL) {
		if ((on = flag(key, v, d)) == -1)
			return -1;
		if (on) {
			push(&pj->args, &pj->nargs,
			    xasprintf("--%s", o->name));
			push_node(&pj->where, &pj->nwhere, v);
		}
		return 0;
	}
	if (v->kind == RS_NODE_SEQ) {
		/* A list (only: [cards, rulebook]), as the option's commas
		 * (--only cards,rulebook; --vtt foundry,tts). */
		size_t i;

		val = xstrdup("");
		for (i = 0; i < v->nkids; i++) {
			char *more;

			if (scalar(key, v->kids[i], d) == -1) {
				free(val);
				return -1;
			}
			more = xasprintf("%s%s%s", val, i ? "," : "",
			    v->kids[i]->scalar);
			free(val);
			val = more;
		}
	} else if (scalar(key, v, d) == -1)
		return -1;
	else if (o->kind == OPT_OUTPUT || o->kind == OPT_ICC)
		val = from_dir(pj, v->scalar);
	else
		val = xstrdup(v->scalar);
	push(&pj->args, &pj->nargs, xasprintf("--%s=%s", o->name, val));
	push_node(&pj->where, &pj->nwhere, v);
	free(val);
	return 0;
}

/* A product's options: a mapping of its command's option names. */
static int
product_key(struct project *pj, int k, const struct rs_node *key,
    const struct rs_node *v, struct diags *d)
{
	const struct product *p = products[k];
	const char *names[64];
	const struct cli_opt *o;
	size_t i, nn = 0;
	char hint[128];
	int on;

	if (v->kind == RS_NODE_SCALAR && *v->scalar == '\0')
		return 0; /* "cards:" with nothing: its defaults */
	if (v->kind != RS_NODE_MAP) {
		diag_msg(d, v->pos, MSG(PROJECT_PRODUCT_MAPPING), key->scalar,
		    key->scalar);
		return -1;
	}
	for (o = p->cmd->opts; o->name != NULL && nn < 64; o++)
		if (!listed(not_per_product, o->name))
			names[nn++] = o->name;
	for (i = 0; i + 1 < v->nkids; i += 2) {
		const struct rs_node *ok = v->kids[i], *ov = v->kids[i + 1];
		char *word;

		o = row_of(p->cmd, ok->scalar);
		if (o == NULL) {
			diag_msg(d, ok->pos, MSG(PROJECT_NO_PRODUCT_OPTION),
			    p->cmd->name, ok->scalar,
			    str_did_you_mean(hint, sizeof(hint), ok->scalar,
			        names, nn),
			    p->cmd->name);
			return -1;
		}
		/* The common options but template and paper are the whole
		 * build's (seed, games, lang …): set at the top. */
		if (listed(not_per_product, o->name) ||
		    (o->kind != OPT_TEMPLATE && o->kind != OPT_PAPER &&
		        o->kind != OPT_STR && o->kind != OPT_SET &&
		        o->kind != OPT_UNSET && o->kind != OPT_FN)) {
			diag_msg(d, ok->pos, MSG(PROJECT_NOT_PER_PRODUCT),
			    p->cmd->name, ok->scalar);
			return -1;
		}
		/* A product whose build takes none of its own options
		 * (map, scenario, report) takes its template and paper. */
		if (o->kind != OPT_TEMPLATE && o->kind != OPT_PAPER &&
		    p->own_size == 0) {
			diag_msg(d, ok->pos, MSG(PROJECT_NOT_IN_BUILD),
			    ok->scalar, p->cmd->name, p->cmd->name);
			return -1;
		}
		if (o->arg == NULL) {
			if ((on = flag(ok, ov, d)) == -1)
				return -1;
			if (!on)
				continue;
			word = xasprintf("--%s", o->name);
		} else if (scalar(ok, ov, d) == -1)
			return -1;
		else if (o->kind == OPT_TEMPLATE &&
		    strchr(ov->scalar, '/') != NULL) {
			char *path = from_dir(pj, ov->scalar);

			word = xasprintf("--%s=%s", o->name, path);
			free(path);
		} else
			word = xasprintf("--%s=%s", o->name, ov->scalar);
		push(&pj->pargs[k], &pj->npargs[k], word);
		push_node(&pj->pwhere[k], &pj->npwhere[k], ov);
	}
	return 0;
}

int
project_load(const char *file, struct project *pj)
{
	const char *names[64];
	struct diags d = { 0 };
	size_t len, i, nn;
	char *why = NULL, hint[128];
	int k, rc = 0;

	memset(pj, 0, sizeof(*pj));
	pj->file = xstrdup(file);
	pj->dir = xstrdup(file);
	if (strrchr(pj->dir, '/') != NULL)
		*strrchr(pj->dir, '/') = '\0';
	else
		strcpy(pj->dir, ".");
	if (file_slurp(file, PROJECT_MAX_BYTES, &pj->text, &len, &why) == -1) {
		cli_error("build: project %s: %s", file, why);
		free(why);
		return -1;
	}
	pj->root = rs_yaml_parse(pj->file, pj->text, len, 0, &d);
	if (pj->root != NULL && pj->root->kind != RS_NODE_MAP) {
		diag_msg(&d, pj->root->pos, MSG(PROJECT_NOT_MAPPING));
		rc = -1;
	}
	if (pj->root == NULL && diags_worst(&d) < SEV_ERROR) {
		/* Nothing in it (or only comments). */
		struct pos at = { pj->file, 1, 1 };

		diag_msg(&d, at, MSG(PROJECT_NO_RULESETS));
	}
	if (pj->root == NULL)
		rc = -1;
	nn = top_names(names, 64);
	for (i = 0; rc == 0 && i + 1 < pj->root->nkids; i += 2) {
		const struct rs_node *key = pj->root->kids[i];
		const struct rs_node *v = pj->root->kids[i + 1];
		const struct cli_opt *o = row_of(&build_command, key->scalar);

		if (strcmp(key->scalar, "rulesets") == 0)
			rc = rulesets(pj, key, v, &d);
		else if ((k = product_index(key->scalar)) >= 0)
			rc = product_key(pj, k, key, v, &d);
		else if (o != NULL && !listed(not_in_project, o->name))
			rc = build_key(pj, o, key, v, &d);
		else if (o != NULL) {
			diag_msg(&d, key->pos, MSG(PROJECT_RUN_OPTION),
			    key->scalar);
			rc = -1;
		} else {
			diag_msg(&d, key->pos, MSG(PROJECT_UNKNOWN_KEY),
			    key->scalar,
			    strcmp(key->scalar, "products") == 0 ?
			        "; the products to make are 'only:' (only: "
			        "[cards, rulebook]), as --only" :
			        str_did_you_mean(hint, sizeof(hint),
			            key->scalar, names, nn));
			rc = -1;
		}
	}
	if (rc == 0 && pj->nrulesets == 0) {
		struct pos at = { pj->file, 1, 1 };

		diag_msg(&d, at, MSG(PROJECT_NO_RULESETS));
		rc = -1;
	}
	diags_print(&d, stderr);
	diags_free(&d);
	return rc;
}

int
project_check(const struct project *pj, const struct command *cmd,
    void *scratch, size_t size)
{
	struct cli_common c;
	size_t i;
	int rc = CLI_GO;

	for (i = 0; i < pj->nargs && rc == CLI_GO; i++) {
		const struct rs_node *v = pj->where[i];
		char *argv[] = { (char *)cmd->name, pj->args[i], NULL };

		memset(scratch, 0, size);
		cli_usage_at(&v->pos);
		rc = cli_parse(cmd, 2, argv, &c, scratch);
	}
	cli_usage_at(NULL);
	return rc;
}

int
project_product(const struct project *pj, int k, struct cli_common *c,
    void *own)
{
	const struct product *p = products[k];
	const char *paper = NULL, *tmpl = NULL;
	size_t i;
	int rc = CLI_GO;

	for (i = 0; i < pj->npargs[k] && rc == CLI_GO; i++) {
		const struct rs_node *v = pj->pwhere[k][i];
		char *argv[] = { (char *)p->cmd->name, pj->pargs[k][i], NULL };

		char why[CLI_WHY_MAX];

		cli_usage_at(&v->pos);
		rc = cli_parse(p->cmd, 2, argv, c, own);
		/* Checked as the command would once the ruleset is read:
		 * the words before passed, so this one is at fault. */
		if (rc == CLI_GO && p->own_check != NULL && own != NULL &&
		    p->own_check(own, why, sizeof(why)) == -1)
			rc = usage_error(p->cmd->name, "%s", why);
		if (c->paper != NULL)
			paper = c->paper;
		if (strncmp(pj->pargs[k][i], "--template=", 11) == 0)
			tmpl = c->tmpl;
	}
	cli_usage_at(NULL);
	/* What the rows gave, the common ones kept across the calls. */
	c->paper = paper;
	c->tmpl = tmpl;
	return rc;
}

void
project_free(struct project *pj)
{
	size_t i, k;

	for (i = 0; i < pj->nargs; i++)
		free(pj->args[i]);
	for (i = 0; i < pj->nrulesets; i++)
		free(pj->rulesets[i]);
	for (k = 0; k < CLI_TMPL_MAX; k++) {
		for (i = 0; i < pj->npargs[k]; i++)
			free(pj->pargs[k][i]);
		free(pj->pargs[k]);
		free((void *)pj->pwhere[k]);
	}
	free(pj->args);
	free((void *)pj->where);
	free(pj->rulesets);
	rs_node_free(pj->root);
	free(pj->text);
	free(pj->file);
	free(pj->dir);
	memset(pj, 0, sizeof(*pj));
}
