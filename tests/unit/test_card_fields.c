/* A card template's fields: (card_fields.c): boxes in lengths and
 * percentages of the card, the look of each field, and bad boxes as
 * errors at their line and column. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../src/render/cards/card_fields.h"

/* Read fields from YAML text for a poker card; returns rnd_card_fields'
 * answer (the tree and messages in *t and dg; caller frees). */
static int
read_fields(const char *yaml, struct rnd_card_layout *lay, struct rs_node **t,
    struct diags *dg)
{
	*t = rs_yaml_parse("t.yaml", yaml, strlen(yaml), 0, dg);
	cr_assert_not_null(*t, "the YAML parses");
	return rnd_card_fields(rs_node_get(*t, "fields"), 63.5, 88.9, 6.5, lay,
	    dg);
}

Test(card_fields, lengths_percentages_and_look)
{
	struct rnd_card_layout lay;
	struct diags dg = { 0 };
	struct rs_node *t;
	int rc =
	    read_fields("fields:\n"
	                "  name: { x: 0, y: 90%, width: 100%, height: "
	                "0.25in, align: centre, valign: bottom,\n"
	                "          fill: class, colour: \"#ffeedd\", "
	                "size: 12, font: DejaVu Serif }\n"
	                "  weapons: { x: 3mm, y: 10mm, width: 50%, "
	                "height: 20 }\n"
	                "  notes: { x: 0, y: 40mm, width: 3, height: 20% }\n",
	        &lay, &t, &dg);

	cr_assert_eq(rc, 0, "%s", dg.n ? dg.v[0].msg : "");
	cr_assert_eq(dg.n, 0);
	cr_assert_eq(lay.n, 3);
	cr_assert_eq(lay.v[0].kind, RND_CF_NAME);
	cr_assert_float_eq(lay.v[0].x, 0, 1e-9);
	cr_assert_float_eq(lay.v[0].y, 80.01, 1e-9);
	cr_assert_float_eq(lay.v[0].w, 63.5, 1e-9);
	cr_assert_float_eq(lay.v[0].h, 6.35, 1e-9);
	cr_assert_eq(lay.v[0].align, 1);
	cr_assert_eq(lay.v[0].valign, 2);
	cr_assert_eq(lay.v[0].fill, RND_CF_CLASS_RGB);
	cr_assert_eq(lay.v[0].colour, 0xffeeddu);
	cr_assert_float_eq(lay.v[0].size_pt, 12, 1e-9);
	cr_assert_str_eq(lay.v[0].font, "DejaVu Serif");
	cr_assert_eq(lay.v[0].pos.line, 2);
	cr_assert_eq(lay.v[1].kind, RND_CF_WEAPONS);
	cr_assert_float_eq(lay.v[1].w, 31.75, 1e-9);
	cr_assert_float_eq(lay.v[1].h, 20, 1e-9, "a bare number is mm");
	cr_assert_eq(lay.v[1].fill, RND_CF_NO_RGB);
	cr_assert_eq(lay.v[1].colour, RND_CF_NO_RGB);
	cr_assert_float_eq(lay.v[2].h, 17.78, 1e-9, "20%% of the height");
	rs_node_free(t);
	diags_free(&dg);
}

Test(card_fields, none_is_the_default_layout)
{
	struct rnd_card_layout lay;
	struct diags dg = { 0 };
	struct rs_node *t;

	cr_assert_eq(read_fields("fields:\ncard: poker\n", &lay, &t, &dg), 0);
	cr_assert_eq(lay.n, 0);
	cr_assert_eq(dg.n, 0);
	rs_node_free(t);
	cr_assert_eq(read_fields("card: poker\n", &lay, &t, &dg), 0);
	cr_assert_eq(lay.n, 0);
	rs_node_free(t);
	diags_free(&dg);
}

/* One bad field: an error at line:col saying why. */
static void
bad(const char *field, int col, const char *why)
{
	struct rnd_card_layout lay;
	struct diags dg = { 0 };
	struct rs_node *t;
	char *y = xasprintf("fields:\n  %s\n", field);
	int rc = read_fields(y, &lay, &t, &dg);

	cr_assert_eq(rc, -1, "%s: an error", field);
	cr_assert_geq(dg.n, 1);
	cr_assert_eq(dg.v[0].sev, SEV_ERROR);
	cr_assert_eq(dg.v[0].line, 2, "%s: line %d", field, dg.v[0].line);
	cr_assert_eq(dg.v[0].col, col, "%s: col %d", field, dg.v[0].col);
	cr_assert_not_null(strstr(dg.v[0].msg, why), "%s: %s", field,
	    dg.v[0].msg);
	rs_node_free(t);
	diags_free(&dg);
	free(y);
}

Test(card_fields, bad_boxes)
{
	bad("name: { x: 0, y: 0, width: 64mm, height: 5mm }", 30,
	    "right edge");
	bad("name: { x: 50%, y: 0, width: 51%, height: 5mm }", 32,
	    "right edge");
	bad("name: { x: 0, y: 81mm, width: 5mm, height: 10% }", 46,
	    "bottom edge");
	bad("name: { x: 0, y: 0, width: 0, height: 5mm }", 30,
	    "must be more than 0");
	bad("name: { x: 0, y: 0, width: 5mm, height: -1mm }", 43, "negative");
	bad("name: { x: -5%, y: 0, width: 5mm, height: 5mm }", 14,
	    "outside the card");
	bad("name: { x: 1e2%, y: 0, width: 5mm, height: 5mm }", 14,
	    "not a percentage");
	bad("name: { x: 0, y: 0, width: 5mm }", 9, "has no height");
	bad("name: 3", 9, "must be a map");
	bad("name: { x: 0, y: 0, width: 5mm, height: 5mm, size: 3 }", 54,
	    "'size' must be from 6.5");
	bad("name: { x: 0, y: 0, width: 5mm, height: 5mm, align: up }", 55,
	    "left, centre or right");
}

Test(card_fields, warnings)
{
	struct rnd_card_layout lay;
	struct diags dg = { 0 };
	struct rs_node *t;
	int rc =
	    read_fields("fields:\n"
	                "  body: { x: 0, y: 0, width: 50%, height: 50% }\n"
	                "  stats: { x: 25%, y: 25%, width: 50%, height: "
	                "50% }\n"
	                "  face: { x: 0, y: 0, width: 1, height: 1 }\n",
	        &lay, &t, &dg);

	cr_assert_eq(rc, 0);
	cr_assert_eq(lay.n, 2);
	cr_assert_eq(diags_count(&dg, SEV_ERROR), 0);
	cr_assert_eq(dg.n, 3, "unknown field, body twice, overlap: %zu", dg.n);
	cr_assert_not_null(strstr(dg.v[0].msg, "unknown field 'face'"));
	cr_assert_eq(dg.v[0].line, 4);
	cr_assert_not_null(strstr(dg.v[1].msg, "prints twice"));
	cr_assert_not_null(strstr(dg.v[2].msg, "overlaps field 'body'"));
	cr_assert_eq(dg.v[2].line, 3);
	rs_node_free(t);
	diags_free(&dg);
}
