/* The cards' class colours (src/render/cards/cards.c) a reader tells
 * apart: any two at least 20 apart in CIEDE2000, and 10 apart as a
 * reader with protanopia or deuteranopia sees them; white text on each
 * readable; and the bundled card templates give the same colours. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/render/internal.h"
#include "colour_vision.h"

/* CIEDE2000 of Sharma, Wu and Dalal's test pairs 1, 3 and 17. */
Test(card_colours, ciede2000_of_the_published_pairs)
{
	struct cv_lab a = { 50, 2.6772, -79.7751 }, b = { 50, 0, -82.7485 };
	struct cv_lab c = { 50, -1.3802, -84.2814 };
	struct cv_lab d = { 50, 2.5, 0 }, e = { 73, 25, -18 };

	cr_expect_float_eq(cv_de2000(a, b), 2.0425, 1e-4);
	cr_expect_float_eq(cv_de2000(c, b), 1.0000, 1e-4);
	cr_expect_float_eq(cv_de2000(d, e), 27.1492, 1e-4);
	/* The two browns, as they were. */
	cr_expect_float_eq(cv_distance(0x7a5410, 0x8a4b12, CV_NORMAL), 8.7,
	    0.05);
}

Test(card_colours, every_two_apart)
{
	static const char *const v[] = { "normal", "protanopia",
		"deuteranopia" };
	static const double least[] = { 20, 10, 10 };
	size_t i, j;
	int k;

	for (i = 0; i < RND_CLASS_PALETTE; i++) {
		cr_expect_geq(cv_white_contrast(rnd_class_palette[i]), 4.5,
		    "white on #%06x", rnd_class_palette[i]);
		for (j = i + 1; j < RND_CLASS_PALETTE; j++)
			for (k = CV_NORMAL; k <= CV_DEUTAN; k++) {
				double dist = cv_distance(rnd_class_palette[i],
				    rnd_class_palette[j], (enum cv_vision)k);

				cr_expect_geq(dist, least[k],
				    "#%06x and #%06x, %s: %.1f",
				    rnd_class_palette[i], rnd_class_palette[j],
				    v[k], dist);
			}
	}
}

/* The templates' class-colours: the six's are the palette's. */
Test(card_colours, templates_say_the_palette)
{
	static const char *const tmpl[] = { "../templates/unit-cards.yaml",
		"../templates/unit-cards-portrait-art.yaml" };
	static const char *const cls[] = { "infantry", "artillery", "vehicle",
		"cavalry", "elephant", "chariot" };
	char line[256], want[64];
	size_t t, i;

	for (t = 0; t < 2; t++) {
		FILE *fp = fopen(tmpl[t], "r");
		int found[6] = { 0 };

		cr_assert_not_null(fp, "%s", tmpl[t]);
		while (fgets(line, sizeof(line), fp) != NULL)
			for (i = 0; i < 6; i++) {
				snprintf(want, sizeof(want), "  %s: \"#%06x\"",
				    cls[i], rnd_class_palette[i]);
				if (strncmp(line, want, strlen(want)) == 0)
					found[i] = 1;
			}
		fclose(fp);
		for (i = 0; i < 6; i++)
			cr_expect(found[i], "%s: %s is not #%06x", tmpl[t],
			    cls[i], rnd_class_palette[i]);
	}
}
