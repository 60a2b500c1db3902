/*
 * serve.h: `sandtable serve`, the live preview. cmd_serve.c reads the
 * command line, builds and watches the rulesets in a process of its own
 * and hands each build's result to the server; serve_http.c answers the
 * browser (libmicrohttpd, a thread a connection) from that state.
 */
#ifndef SANDTABLE_SERVE_H
#define SANDTABLE_SERVE_H

#include <pthread.h>
#include <stddef.h>
#include <sys/types.h>

#include <jansson.h>

/* The limits (README, serve). */
#define SERVE_PORT 8390     /* the default port */
#define SERVE_CONNS 8       /* connections answered at once */
#define SERVE_CONNS_HARD 16 /* past these, refused unanswered */
/* A connection's memory: a request's head past about 15 KiB is refused. */
#define SERVE_POOL 16384
#define SERVE_TIMEOUT 30            /* seconds an idle connection is kept */
#define SERVE_DPI 96                /* a PDF page's PNG */
#define SERVE_PDF_MAX (256L << 20)  /* bytes of a PDF drawn */
#define SERVE_CACHE_MAX (64L << 20) /* bytes of PNG kept */
#define SERVE_EVENTS 16             /* builds an event stream remembers */

/* A ruleset, as its last build left it. */
struct serve_rs {
	char *path;    /* as given */
	char *name;    /* its folder in the output */
	int built;     /* a build of it has ended */
	int ok;        /* the last build built (else the last good stays) */
	json_t *diags; /* that build's diagnostics, as build --json's */
	unsigned long gen; /* the build's number */
};

/* A build, for the event stream. */
struct serve_event {
	unsigned long gen;
	char name[128];
	int ok;
};

/* A PNG drawn, kept while its PDF is the same file. */
struct serve_png {
	char *key; /* NAME/FILE */
	int page;
	dev_t dev;
	ino_t ino;
	off_t size;
	long long mtime_ns;
	unsigned char *png; /* NULL: a page count only (page 0) */
	int *sizes;         /* page 0: each page's pixels, 2 ints a page */
	size_t len;
	int npages;
};

struct serve {
	const char *outdir;
	int rootfd;         /* outdir, opened once it exists */
	pthread_mutex_t mu; /* everything below */
	pthread_cond_t cv;  /* a build landed, or stopping */
	unsigned long gen;  /* builds so far */
	int stopping;
	int conns; /* connections open */
	struct serve_rs *rs;
	size_t nrs, caprs;
	struct serve_event ev[SERVE_EVENTS]; /* the last ones, by gen */
	struct serve_png *png;
	size_t npng, cappng, pngbytes;
	pthread_mutex_t draw; /* one page drawn at a time */
};

/*
 * Start the server on addr (an IPv4 or IPv6 address) and *port (0: a free
 * one, set there). Returns the daemon (struct MHD_Daemon *), or NULL
 * with why set.
 */
void *serve_http_start(struct serve *, const char *addr, int *port,
    const char **why);
/* Stop it: the event streams end, every connection is closed. */
void serve_http_stop(struct serve *, void *daemon);

#endif
