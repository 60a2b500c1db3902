/*
 * cache.h: results worth remembering between runs (issue 36) — self-play
 * statistics, the scenario search, exact odds — kept on disk under a key
 * that hashes everything the result depends on, in the user's cache
 * directory ($XDG_CACHE_HOME/sandtable, else ~/.cache/sandtable).
 *
 * A key is made of a kind ("self-play"), the version stamp of this
 * sandtable and each input added (every one with its length, so that no
 * two lists of inputs hash alike). An entry holds a magic, a format
 * version, the key, the payload's length and checksum: one that does not
 * match in every part is a miss, recomputed and written over. Entries
 * are written to a temporary file in the directory and renamed, never
 * through a link; the directory is kept under CACHE_MAX_BYTES, oldest
 * first. Every failure is silent: without a usable directory nothing is
 * remembered, and every result is worked out as before.
 *
 * The hash is the CLI's to give (GLib's SHA-256, as index.json's
 * built_from): below the CLI nothing links GLib. Without it (the unit
 * tests) there is no cache.
 */
#ifndef SANDTABLE_CACHE_H
#define SANDTABLE_CACHE_H

#include <stddef.h>
#include <stdint.h>

#define CACHE_HASH_LEN 32 /* SHA-256 */
/* The whole directory at most (README, Cache); SANDTABLE_CACHE_MAX may
 * set a smaller bound in bytes (tests). */
#define CACHE_MAX_BYTES (64u << 20)
#define CACHE_ENTRY_MAX (16u << 20) /* one entry's payload at most */

/* A hash: begin() a state, add() bytes to it, end() writes the digest
 * and frees the state. stamp: what tells this sandtable from any other
 * build of it (its build id, else its executable's hash). */
struct cache_hash {
	void *(*begin)(void);
	void (*add)(void *, const void *, size_t);
	void (*end)(void *, unsigned char out[CACHE_HASH_LEN]);
	const char *(*stamp)(void);
};
/* The hash to use (the CLI, once, before anything is looked up). */
void cache_setup(const struct cache_hash *);
/* --no-cache: nothing is looked up or written for the rest of the run. */
void cache_off(void);

struct cache_key;
/* A key of a kind ("self-play", "odds", …), or NULL when there is no
 * cache; every function below takes NULL and does nothing with it. */
struct cache_key *cache_key_new(const char *kind);
void cache_key_add(struct cache_key *, const void *, size_t);
void cache_key_str(struct cache_key *, const char *); /* NULL too */
void cache_key_int(struct cache_key *, long long);
void cache_key_real(struct cache_key *, double);
void cache_key_free(struct cache_key *);

/* The entry of the key: 0 with *data (caller frees) and *len, or -1
 * (none, or one not to be trusted). */
int cache_get(struct cache_key *, char **data, size_t *len);
/* Remember data under the key (silently nothing when it cannot). */
void cache_put(struct cache_key *, const void *data, size_t len);

/* "self-play hit 1, miss 0, bad 0; …" for SANDTABLE_COUNT, into buf;
 * returns 0 when nothing was looked up. */
int cache_counts(char *buf, size_t sz);

#endif
