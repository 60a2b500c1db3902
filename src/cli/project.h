/* project.h: sandtable.yaml, a designer's project (project.c). */
#ifndef SANDTABLE_PROJECT_H
#define SANDTABLE_PROJECT_H

#define PROJECT_FILE "sandtable.yaml" /* looked for in the working folder */
#define PROJECT_MAX_BYTES (64 * 1024) /* README, Limits */
#define PROJECT_MAX_RULESETS 64

struct rs_node;

struct project {
	char *file, *dir; /* as named, and its folder (paths are from it) */
	char *text;
	struct rs_node *root;
	/* build's options as words ("--paper=A4"), each with its value's
	 * node (for the place of a message). */
	char **args;
	const struct rs_node **where;
	size_t nargs, nwhere;
	char **rulesets; /* from the project's folder */
	size_t nrulesets;
	/* Product k's own options (products[k]), as words, and where. */
	char **pargs[CLI_TMPL_MAX];
	const struct rs_node **pwhere[CLI_TMPL_MAX];
	size_t npargs[CLI_TMPL_MAX], npwhere[CLI_TMPL_MAX];
};

/* Read and check a project file: 0, or -1 (said, at its place). */
int project_load(const char *file, struct project *);
/* Each of the project's build options read alone by cmd's rows, into a
 * scratch struct of size bytes: a bad value is cmd's usage error at its
 * key's place. Returns CLI_GO or the exit status. */
int project_check(const struct project *, const struct command *cmd,
    void *scratch, size_t size);
/* Product k's options from the project into own (its command's struct)
 * and c's paper and tmpl (NULL: not given). Returns CLI_GO or the exit
 * status (said at the key's place). */
int project_product(const struct project *, int k, struct cli_common *c,
    void *own);
void project_free(struct project *);

#endif
