/* common.c: small shared pieces of the public render API. */
#include <errno.h>
#include <stdlib.h>

#include "product.h"
#include "render.h"

int
rnd_parse_count(const char *s, long long lo, long long hi, long long *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || *v < lo || *v > hi)
		return -1;
	return 0;
}

int
rnd_output_ok(const char *path, const char *begins, struct diags *d)
{
	struct pos nowhere = { NULL, 0, 0 };
	char *why = NULL;

	if (atomic_check(path, begins, &why) == 0)
		return 0;
	diag_msg(d, nowhere, MSG(OUTPUT_NOT_WRITTEN), why);
	free(why);
	return -1;
}

int
rnd_sheet_product(struct analysis *a, const char *path,
    const struct cli_common *c, const void *own, int cards, struct diags *d)
{
	struct rnd_opts o;

	if (own != NULL)
		o = *(const struct rnd_opts *)own;
	else
		rnd_opts_init(&o);
	o.paper = c->paper;
	o.tmpl = c->tmpl;
	return rnd_sheet_write(a, path, &o, cards, d);
}

void
rnd_opts_init(struct rnd_opts *o)
{
	o->paper = NULL;
	o->tmpl = NULL;
	o->odds = NULL;
	o->dump = NULL;
	o->card = NULL;
	o->bleed_mm = -1;
	o->crop_len_mm = -1;
	o->crop_off_mm = -1;
	o->backs = -1;
	o->single = -1;
	o->nunit = 0;
}

void
rnd_odds_set_free(struct rnd_odds_set *s)
{
	size_t i, j, k;

	for (i = 0; i < s->n; i++) {
		struct rnd_odds *o = &s->v[i];

		for (j = 0; j < o->nrows; j++) {
			for (k = 0; k < o->ncols; k++)
				free(o->rows[j].cells[k]);
			free(o->rows[j].cells);
			free(o->rows[j].label);
		}
		for (k = 0; k < o->ncols; k++)
			free(o->cols[k]);
		free(o->cols);
		free(o->rows);
		free(o->title);
		free(o->subject);
	}
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}
