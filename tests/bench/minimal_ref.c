/*
 * minimal_ref.c: the yardstick of issue 36. A Cairo+Pango program of the
 * least effort that sets given words on landscape A4 pages in three
 * columns: one PangoLayout per paragraph (a line of the input), shaped
 * once, at one size, placed down the columns. The reference sheet's
 * instructions are compared with this program's setting the same words
 * (tests/bench/reference.sh).
 *
 * usage: minimal_ref WORDS.txt OUT.pdf [SIZE_PT]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#define PT_PER_MM (72 / 25.4)

int
main(int argc, char *argv[])
{
	double pw = 297 * PT_PER_MM, ph = 210 * PT_PER_MM, m = 9 * PT_PER_MM;
	double gut = 6 * PT_PER_MM, colw, x, y, size = 8.5;
	int col = 0, pages = 1;
	char line[65536];
	cairo_surface_t *s;
	cairo_t *cr;
	PangoFontDescription *fd;
	FILE *fp;

	if (argc < 3) {
		fprintf(stderr,
		    "usage: minimal_ref WORDS.txt OUT.pdf [SIZE]\n");
		return 2;
	}
	if (argc > 3)
		size = atof(argv[3]);
	if ((fp = fopen(argv[1], "r")) == NULL) {
		perror(argv[1]);
		return 1;
	}
	s = cairo_pdf_surface_create(argv[2], pw, ph);
	cr = cairo_create(s);
	fd = pango_font_description_from_string("DejaVu Sans");
	pango_font_description_set_size(fd, (int)(size * PANGO_SCALE));
	colw = (pw - 2 * m - 2 * gut) / 3;
	x = m;
	y = m;
	while (fgets(line, sizeof(line), fp) != NULL) {
		PangoLayout *l = pango_cairo_create_layout(cr);
		int w, h;

		line[strcspn(line, "\n")] = '\0';
		pango_layout_set_font_description(l, fd);
		pango_layout_set_width(l, (int)(colw * PANGO_SCALE));
		pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
		pango_layout_set_text(l, line, -1);
		pango_layout_get_size(l, &w, &h);
		if (y + (double)h / PANGO_SCALE > ph - m && y > m) {
			y = m;
			if (++col == 3) {
				col = 0;
				cairo_show_page(cr);
				pages++;
			}
			x = m + col * (colw + gut);
		}
		cairo_move_to(cr, x, y);
		pango_cairo_show_layout(cr, l);
		y += (double)h / PANGO_SCALE + size * 0.4;
		g_object_unref(l);
	}
	fclose(fp);
	pango_font_description_free(fd);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	printf("%d\n", pages);
	return 0;
}
