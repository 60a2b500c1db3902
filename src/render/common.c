/* common.c: small shared pieces of the public render API. */
#include <stdlib.h>

#include "render.h"

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
