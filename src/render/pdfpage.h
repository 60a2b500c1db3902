/* pdfpage.h: a page of a PDF as a PNG (poppler), for `sandtable serve`. */
#ifndef SANDTABLE_PDFPAGE_H
#define SANDTABLE_PDFPAGE_H

#include <stddef.h>

/* The most pixels a page's longer side is drawn at. */
#define RND_PAGE_PX_MAX 2400

/*
 * Read the PDF of pdflen bytes at pdf (the caller's). With page 0,
 * *npages is set and *sizes to each page's width and height in pixels
 * as it would be drawn (2 ints a page; caller frees); else page (from 1) is drawn at dpi, its longer
 * side at most RND_PAGE_PX_MAX pixels, white under it, as a PNG in *png
 * (*len bytes; caller frees). Returns 0, or -1 with why (a static text)
 * when the file is not a PDF or has no such page.
 */
int rnd_pdf_page_png(const void *pdf, size_t pdflen, int page, double dpi,
    int *npages, int **sizes, unsigned char **png, size_t *len,
    const char **why);

#endif
