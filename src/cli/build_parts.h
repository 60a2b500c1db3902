/*
 * build_parts.h: the parts of a ruleset a product reads, each
 * fingerprinted by its content (build_parts.c; issue 36).
 */
#ifndef SANDTABLE_BUILD_PARTS_H
#define SANDTABLE_BUILD_PARTS_H

struct ruleset;

enum build_part {
	PART_SETTINGS, /* the front matter */
	PART_TABLES,   /* headings, tables, the sequence of play */
	PART_PROSE,    /* every other block of the text */
	PART_TESTS,    /* the blocks that hold test games */
	PART_PLACES,   /* where each block stands, what the reader says */
	PART_PICTURES, /* the picture files the ruleset names */
	PART__N
};

/* The SHA-256 of each part of rs, in hex. */
void build_parts(const struct ruleset *, char hex[PART__N][65]);
/* The SHA-256 of a file in hex: 0, or -1 when it cannot be read. */
int build_file_sha256(const char *path, char hex[65]);

#endif
