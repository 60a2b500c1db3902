/* internal.h: shared between the files of src/ruleset only. */
#ifndef SANDTABLE_RULESET_INTERNAL_H
#define SANDTABLE_RULESET_INTERNAL_H

struct cmark_node;

struct mdctx {
	const char *file;
	struct diags *d;
	int warned_depth;
};

struct rs_md *md_parse(const char *file, const char *body, size_t len,
    struct diags *);
char *md_flat_text(struct cmark_node *);
void rs_md_free(struct rs_md *);

/* Check that data is UTF-8 without NUL bytes; report the first bad byte
 * by line and column. Returns 0 when clean. */
int text_check(const char *file, const char *data, size_t len,
    struct diags *);

#endif
