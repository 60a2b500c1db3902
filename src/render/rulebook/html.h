/*
 * html.h: the rulebook as one HTML file (html.c), from what the PDF
 * book is made of (rulebook.c).
 */
#ifndef SANDTABLE_RENDER_RULEBOOK_HTML_H
#define SANDTABLE_RENDER_RULEBOOK_HTML_H

struct rnd_html {
	const struct ruleset *rs;
	struct rnd_example_ctx *exc; /* one for each example of play */
	size_t nexamples;
};

/* Whether the book leaves out the section titled title (rulebook.c). */
int rnd_book_skips(const struct ruleset *, const char *title);
/* Write the book as HTML to path (atomically); 0, or -1 (in dg). */
int rnd_rulebook_html(const struct rnd_html *, const char *path,
    struct diags *dg);

#endif
