/*
 * card_fields.h: a unit card's fields placed in boxes, as a card
 * template's `fields:` map gives them (card_fields.c reads and checks
 * them; cards.c draws them). Without `fields:` a card keeps its own
 * layout.
 */
#ifndef SANDTABLE_RENDER_CARD_FIELDS_H
#define SANDTABLE_RENDER_CARD_FIELDS_H

#include "../internal.h"

/* What a box holds. */
enum rnd_cf_kind {
	RND_CF_NAME,    /* the unit's name */
	RND_CF_CLASS,   /* its class */
	RND_CF_PICTURE, /* its picture, else its symbol */
	RND_CF_SYMBOL,  /* its symbol, drawn from its class */
	RND_CF_STATS,   /* the stat boxes */
	RND_CF_WEAPONS, /* the weapons table (and the weapons' notes) */
	RND_CF_TRAITS,  /* the traits line */
	RND_CF_NOTES,   /* the unit's notes */
	RND_CF_ODDS,    /* the odds panel, when the CLI hands one over */
	RND_CF_BODY,    /* stats, weapons, traits, notes and odds flowing */
	RND_CF_CREDITS, /* title, version, author and year */
	RND_CF__MAX
};

/* Fields a layout may have. */
#define RND_CF_MAX 24
/* A colour that is the unit's class colour; none (a box without fill,
 * text in the field's default colour). */
#define RND_CF_CLASS_RGB 0x1000000u
#define RND_CF_NO_RGB 0x2000000u

struct rnd_card_field {
	enum rnd_cf_kind kind;
	struct pos pos;    /* the field's name in the template */
	double x, y, w, h; /* mm from the trim's top-left */
	double size_pt;    /* 0: the field's default */
	int align;         /* 0 left, 1 centre, 2 right */
	int valign;        /* 0 top, 1 middle, 2 bottom */
	unsigned colour;  /* text: 0xRRGGBB, RND_CF_CLASS_RGB, RND_CF_NO_RGB */
	unsigned fill;    /* the box's background, the same */
	const char *font; /* NULL: the field's default (in the template) */
};

struct rnd_card_layout {
	struct rnd_card_field v[RND_CF_MAX];
	size_t n;
};

/* The name of a field in a template ("weapons"). */
const char *rnd_cf_name(enum rnd_cf_kind);
/*
 * Read a template's `fields:` map (NULL or empty: none) for a card of
 * cw x ch mm whose text shrinks no further than min_pt: into lay, in
 * the template's order. A box outside the card, of no size, or a bad
 * value is an error; an unknown field or setting, a field listed twice
 * and boxes that overlap are warnings, all at their line:col. Returns
 * -1 when there was an error.
 */
int rnd_card_fields(const struct rs_node *fields, double cw, double ch,
    double min_pt, struct rnd_card_layout *lay, struct diags *);

#endif
