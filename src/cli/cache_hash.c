/*
 * cache_hash.c: the hash of the result cache (base/cache.h): GLib's
 * SHA-256, the one index.json's built_from uses, and the stamp that
 * tells this sandtable from any other build, so that a new binary never
 * trusts what an old one remembered: its GNU build id (a hash the linker
 * takes of the whole program), else the SHA-256 of its executable.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "cli.h"
#include "../base/cache.h"

static void *
h_begin(void)
{
	return g_checksum_new(G_CHECKSUM_SHA256);
}

static void
h_add(void *h, const void *p, size_t n)
{
	g_checksum_update(h, p, (gssize)n);
}

static void
h_end(void *h, unsigned char out[CACHE_HASH_LEN])
{
	gsize n = CACHE_HASH_LEN;

	g_checksum_get_digest(h, out, &n);
	g_checksum_free(h);
}

static char stamp[2 * 64 + 8];

/* The main program's NT_GNU_BUILD_ID note, in hex, into stamp. */
static int
build_id(struct dl_phdr_info *info, size_t size, void *arg)
{
	unsigned j;
	int i, k;

	(void)size;
	(void)arg;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const char *p, *end;

		if (ph->p_type != PT_NOTE)
			continue;
		p = (const char *)(info->dlpi_addr + ph->p_vaddr);
		end = p + ph->p_memsz;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)p;
			const char *name = p + sizeof(*nh);
			const unsigned char *desc = (const unsigned char *)
			                                name +
			    ((nh->n_namesz + 3) & ~3u);

			if (nh->n_type == NT_GNU_BUILD_ID &&
			    nh->n_namesz == 4 && memcmp(name, "GNU", 4) == 0 &&
			    nh->n_descsz <= 64) {
				k = snprintf(stamp, sizeof(stamp), "id ");
				for (j = 0; j < nh->n_descsz; j++)
					k += snprintf(stamp + k,
					    sizeof(stamp) - (size_t)k, "%02x",
					    desc[j]);
				return 1;
			}
			p = (const char *)desc + ((nh->n_descsz + 3) & ~3u);
		}
	}
	return 1; /* the first object is the program: stop there */
}

static const char *
h_stamp(void)
{
	GChecksum *ck;
	unsigned char buf[65536];
	size_t k;
	FILE *fp;

	if (*stamp != '\0')
		return stamp;
	dl_iterate_phdr(build_id, NULL);
	if (*stamp != '\0')
		return stamp;
	snprintf(stamp, sizeof(stamp), "?");
	if ((fp = fopen("/proc/self/exe", "rb")) == NULL)
		return stamp;
	ck = g_checksum_new(G_CHECKSUM_SHA256);
	while ((k = fread(buf, 1, sizeof(buf), fp)) > 0)
		g_checksum_update(ck, buf, (gssize)k);
	if (!ferror(fp))
		snprintf(stamp, sizeof(stamp), "exe %s",
		    g_checksum_get_string(ck));
	g_checksum_free(ck);
	fclose(fp);
	return stamp;
}

static const struct cache_hash sha256 = { h_begin, h_add, h_end, h_stamp };

void
cli_cache_setup(void)
{
	cache_setup(&sha256);
}
