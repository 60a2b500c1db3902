/*
 * dump.c: a product's layout as text (--dump), so that tests can pin a
 * layout without reading a PDF: a box a line, tab-separated — what it
 * is, its page (from 1), x, y, width and height in millimetres from the
 * page's top left (three decimals at most), then what it holds.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "product.h"

void
rnd_dump_box(FILE *fp, const char *kind, int page, double x, double y,
    double w, double h, const char *what)
{
	double v[4] = { x, y, w, h };
	char b[32];
	size_t i;

	if (fp == NULL)
		return;
	fprintf(fp, "%s\t%d", kind, page);
	for (i = 0; i < 4; i++) {
		/* -0.000 and 0 are the same place: print one of them. */
		fmt_double(b, sizeof(b), v[i] == 0 ? 0 : v[i], 3);
		fprintf(fp, "\t%s", b);
	}
	if (what != NULL && what[0] != '\0') {
		/* A name is the ruleset's: no tab or newline may begin
		 * another field or line. */
		fputc('\t', fp);
		for (; *what != '\0'; what++)
			fputc(*what == '\t' || *what == '\n' || *what == '\r' ?
			        ' ' :
			        *what,
			    fp);
	}
	fputc('\n', fp);
}

/* --dump: its rows are product rows' (product.h), the FILE * at off
 * pointed at standard output. */
int
rnd_dump_opt(const struct cli_opt *row, const char *arg, void *own,
    char why[CLI_WHY_MAX])
{
	FILE *fp = stdout;

	(void)arg;
	(void)why;
	memcpy((char *)own + row->off, &fp, sizeof(fp));
	return CLI_GO;
}
