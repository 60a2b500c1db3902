/*
 * cmd_serve.c: sandtable serve — a live preview in the browser (issue
 * 38). The rulesets are built, and built again on every save, by build
 * --watch's loop in a process of its own (a build forks its product
 * jobs, which a process with the server's threads should not do); after
 * each ruleset's build it makes the HTML rulebook beside the products
 * and sends the result (built or not, its diagnostics) down a pipe, one
 * JSON line a build. This process reads them into the server's state
 * (serve_http.c), which tells the open pages, and stops cleanly on
 * Ctrl-C or SIGTERM.
 */
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "json.h"
#include "serve.h"
#include "project.h"

struct serve_opts {
	struct cli_common c;
	const char *port, *address, *project;
};

/* What serve was asked for (serve_args). */
struct serve_args {
	struct serve_opts o;
	char **files;
	size_t n; /* 0: the bundled rulesets */
	int port;
	const char *address;
	const char *project; /* --project, or ./sandtable.yaml, or NULL */
	struct project pj;   /* its rulesets and output */
	char *outdir;        /* the project's output (owned), or NULL */
};

static const struct cli_opt serve_options[] = {
	CLI_OUTPUT("DIR", "output directory (default: out)"),
	CLI_STR("port", 0, "N", struct serve_opts, port,
	    "the port to listen on (default 8390; 0: a free\n"
	    "one, printed)"),
	CLI_STR("address", 0, "ADDR", struct serve_opts, address,
	    "the address to listen on (default 127.0.0.1:\n"
	    "this machine only)"),
	CLI_JOBS("N",
	    "make N of a ruleset's products at once\n"
	    "(default 2)"),
	CLI_STR("project", 0, "FILE", struct serve_opts, project,
	    "the project to preview (default: sandtable.yaml,\n"
	    "when the working folder has one), as build reads it"),
	CLI_QUIET("print only errors: no warnings, notes or\n"
	          "files written"),
	CLI_VERBOSE("say what was written (the default)"),
	CLI_HELP,
	CLI_END,
};

/*
 * The command line: the options, then the rulesets (none: the bundled
 * ones). Returns CLI_GO, or the exit status (the error printed). The
 * one place serve reads its arguments.
 */
static int
serve_args(int argc, char **argv, struct serve_args *a)
{
	unsigned char addr[16];
	long long v = SERVE_PORT;
	int rc;

	memset(a, 0, sizeof(*a));
	if ((rc = cli_parse(&serve_command, argc, argv, &a->o.c, &a->o)) !=
	    CLI_GO)
		return rc;
	if (a->o.port != NULL &&
	    cli_count_opt("serve", "--port", a->o.port, 0, 65535, &v) == -1)
		return EXIT_USAGE;
	a->port = (int)v;
	a->address = a->o.address != NULL ? a->o.address : "127.0.0.1";
	if (inet_pton(AF_INET, a->address, addr) != 1 &&
	    inet_pton(AF_INET6, a->address, addr) != 1)
		return usage_error("serve",
		    "--address %s: not an IPv4 or IPv6 address "
		    "(127.0.0.1, ::1, …)",
		    a->address);
	/* A project: its rulesets when none is given, its output when -o
	 * is not; build reads the rest of it. */
	a->project = a->o.project;
	if (a->project == NULL && access(PROJECT_FILE, F_OK) == 0)
		a->project = PROJECT_FILE;
	if (a->project != NULL) {
		int first = optind;

		if (project_load(a->project, &a->pj) == -1)
			return EXIT_ERRORS;
		optind = first;
		for (size_t i = 0; i < a->pj.nargs; i++)
			if (strncmp(a->pj.args[i], "--output=", 9) == 0 &&
			    a->o.c.output == NULL)
				a->outdir = xstrdup(a->pj.args[i] + 9);
		if (a->o.c.output == NULL && a->outdir != NULL)
			a->o.c.output = a->outdir;
		if (optind >= argc) {
			a->files = a->pj.rulesets;
			a->n = a->pj.nrulesets;
		}
	}
	if (a->o.c.output == NULL)
		a->o.c.output = "out";
	if (a->project != NULL && optind >= argc)
		return CLI_GO;
	a->files = argv + optind;
	if (optind < argc &&
	    (a->n = cli_rulesets_only(argv + optind, (size_t)(argc - optind),
	         a->o.c.quiet, "the preview")) == 0) {
		cli_error("serve: none of the files given is a ruleset");
		return EXIT_ERRORS;
	}
	return CLI_GO;
}

/* A ruleset's folder in the output: its file's name without .md (as
 * the reader names it). Caller frees. */
static char *
serve_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *name = xstrdup(slash != NULL ? slash + 1 : path);
	size_t n = strlen(name);

	if (n > 3 && strcmp(name + n - 3, ".md") == 0)
		name[n - 3] = '\0';
	return name;
}

/* ---- the build process ---- */

struct serve_child {
	int fd; /* the pipe to the server */
	const char *outdir;
};

/* All of len bytes to fd: 0 or -1. */
static int
write_all(int fd, const char *p, size_t len)
{
	ssize_t w;

	while (len > 0) {
		if ((w = write(fd, p, len)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

/* build_hook's done(): the line to the server. */
static void
serve_done(void *arg, const char *path, int ok, const struct diags *d)
{
	const struct serve_child *sc = arg;
	json_t *o = json_object();
	char *line;

	json_object_set_new(o, "path", cli_json_text(path));
	json_object_set_new(o, "ok", json_boolean(ok));
	json_object_set_new(o, "diagnostics", cli_json_diags(d));
	if ((line = json_dumps(o, JSON_COMPACT)) != NULL) {
		/* The server gone: so is the preview. */
		if (write_all(sc->fd, line, strlen(line)) == -1 ||
		    write_all(sc->fd, "\n", 1) == -1)
			_exit(EXIT_CLEAN);
		free(line);
	}
	json_decref(o);
}

/* The build process: waits for the server to be listening (a byte on
 * go), then builds and watches. Never returns. */
static void
serve_child(struct serve_args *a, int go, int out)
{
	struct serve_child sc = { out, a->o.c.output };
	struct build_hook hook = { serve_done, &sc };
	char b, jobs[16], **argv;
	int argc = 0;
	size_t i;

	/* The server killed: the builds stop too. */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (read(go, &b, 1) != 1)
		_exit(EXIT_CLEAN);
	close(go);
	/* build --watch as the command line would run it: the project
	 * read by build, with serve's -o, -j and -q over it. */
	argv = xcalloc(a->n + 12, sizeof(char *));
	argv[argc++] = "build";
	argv[argc++] = "--watch";
	if (a->project != NULL) {
		argv[argc++] = "--project";
		argv[argc++] = (char *)a->project;
	}
	argv[argc++] = "-o";
	argv[argc++] = (char *)a->o.c.output;
	snprintf(jobs, sizeof(jobs), "%d", a->o.c.jobs);
	argv[argc++] = "-j";
	argv[argc++] = jobs;
	if (a->o.c.quiet)
		argv[argc++] = "-q";
	argv[argc++] = "--";
	for (i = 0; i < a->n; i++)
		argv[argc++] = a->files[i];
	_exit(build_watch_hook(argc, argv, &hook));
}

/* ---- the server ---- */

/* The ruleset of path in the state, added when new (under the lock). */
static struct serve_rs *
serve_rs(struct serve *sv, const char *path)
{
	struct serve_rs add = { xstrdup(path), serve_name(path), 0, 0,
		json_array(), 0 };
	size_t i;

	for (i = 0; i < sv->nrs; i++)
		if (strcmp(sv->rs[i].path, path) == 0) {
			free(add.path);
			free(add.name);
			json_decref(add.diags);
			return &sv->rs[i];
		}
	XPUSH(sv->rs, sv->nrs, sv->caprs, add);
	return &sv->rs[sv->nrs - 1];
}

/* One line from the build process into the state. */
static void
serve_line(struct serve *sv, const char *line)
{
	json_t *o = json_loads(line, 0, NULL), *d;
	const char *path;
	struct serve_rs *r;
	struct serve_event *e;

	if (o == NULL ||
	    (path = json_string_value(json_object_get(o, "path"))) == NULL) {
		json_decref(o);
		return;
	}
	pthread_mutex_lock(&sv->mu);
	r = serve_rs(sv, path);
	r->built = 1;
	r->ok = json_is_true(json_object_get(o, "ok"));
	d = json_object_get(o, "diagnostics");
	json_decref(r->diags);
	r->diags = json_incref(d != NULL ? d : json_array());
	r->gen = ++sv->gen;
	e = &sv->ev[sv->gen % SERVE_EVENTS];
	e->gen = sv->gen;
	e->ok = r->ok;
	if (strlen(r->name) < sizeof(e->name))
		strcpy(e->name, r->name);
	else
		e->name[0] = '\0'; /* every page looks */
	pthread_cond_broadcast(&sv->cv);
	pthread_mutex_unlock(&sv->mu);
	json_decref(o);
}

/*
 * Until a signal: read the build process's lines. Returns the exit
 * status: 0 on SIGINT or SIGTERM, 1 when the build process ended.
 */
static int
serve_loop(struct serve *sv, int sfd, int in, pid_t child)
{
	char *buf = NULL, *nl;
	size_t n = 0, cap = 0;
	ssize_t got;
	int rc = EXIT_CLEAN, ws;

	for (;;) {
		struct pollfd pf[2] = { { sfd, POLLIN, 0 },
			{ in, POLLIN, 0 } };

		if (poll(pf, 2, -1) == -1) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pf[0].revents != 0)
			break;
		if (pf[1].revents == 0)
			continue;
		if (cap - n < 4096) {
			cap = cap * 2 + 8192;
			buf = xrealloc(buf, cap);
		}
		if ((got = read(in, buf + n, cap - n - 1)) <= 0) {
			if (got == -1 && errno == EINTR)
				continue;
			waitpid(child, &ws, 0);
			cli_error("serve: the build process ended (%s %d); "
			          "stopping",
			    WIFSIGNALED(ws) ? "signal" : "status",
			    WIFSIGNALED(ws) ? WTERMSIG(ws) : WEXITSTATUS(ws));
			rc = EXIT_ERRORS;
			child = -1;
			break;
		}
		n += (size_t)got;
		buf[n] = '\0';
		while ((nl = strchr(buf, '\n')) != NULL) {
			*nl = '\0';
			serve_line(sv, buf);
			n -= (size_t)(nl + 1 - buf);
			memmove(buf, nl + 1, n + 1);
		}
	}
	free(buf);
	if (child > 0) {
		kill(child, SIGTERM);
		while (waitpid(child, &ws, 0) == -1 && errno == EINTR)
			;
	}
	return rc;
}

static void
serve_free(struct serve *sv)
{
	size_t i;

	for (i = 0; i < sv->nrs; i++) {
		free(sv->rs[i].path);
		free(sv->rs[i].name);
		json_decref(sv->rs[i].diags);
	}
	free(sv->rs);
	for (i = 0; i < sv->npng; i++) {
		free(sv->png[i].key);
		free(sv->png[i].png);
		free(sv->png[i].sizes);
	}
	free(sv->png);
	pthread_mutex_destroy(&sv->mu);
	pthread_mutex_destroy(&sv->draw);
	pthread_cond_destroy(&sv->cv);
}

static int
cmd_serve(int argc, char **argv)
{
	struct serve_args a;
	struct serve sv;
	sigset_t sigs;
	int go[2], res[2], sfd, rc, port;
	const char *why = "";
	void *daemon;
	pid_t child;

	if ((rc = serve_args(argc, argv, &a)) != CLI_GO)
		return rc;
	if (pipe(go) == -1 || pipe(res) == -1) {
		cli_error("serve: pipe: %s", strerror(errno));
		return EXIT_ERRORS;
	}
	/* Not in the rulebook's process nor in the product jobs'. */
	fcntl(go[1], F_SETFD, FD_CLOEXEC);
	fcntl(res[0], F_SETFD, FD_CLOEXEC);
	fflush(NULL);
	if ((child = fork()) == -1) {
		cli_error("serve: fork: %s", strerror(errno));
		return EXIT_ERRORS;
	}
	if (child == 0) {
		close(go[1]);
		close(res[0]);
		serve_child(&a, go[0], res[1]);
	}
	close(go[0]);
	close(res[1]);
	/* Ctrl-C and SIGTERM are read in the loop, in order (the server's
	 * threads, started after, keep them blocked). */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);
	sfd = signalfd(-1, &sigs, SFD_CLOEXEC);
	memset(&sv, 0, sizeof(sv));
	sv.outdir = a.o.c.output;
	pthread_mutex_init(&sv.mu, NULL);
	pthread_mutex_init(&sv.draw, NULL);
	pthread_cond_init(&sv.cv, NULL);
	/* The rulesets given are listed at once, as building. */
	for (size_t i = 0; i < a.n; i++)
		serve_rs(&sv, a.files[i]);
	port = a.port;
	if (sfd == -1 ||
	    (daemon = serve_http_start(&sv, a.address, &port, &why)) == NULL) {
		cli_error("serve: cannot listen on %s port %d: %s", a.address,
		    a.port, sfd == -1 ? strerror(errno) : why);
		close(go[1]); /* the build process ends unstarted */
		waitpid(child, NULL, 0);
		serve_free(&sv);
		return EXIT_ERRORS;
	}
	cli_error(strchr(a.address, ':') != NULL ?
	        "serve: http://[%s]:%d/ (Ctrl-C stops)" :
	        "serve: http://%s:%d/ (Ctrl-C stops)",
	    a.address, port);
	if (write(go[1], "g", 1) != 1)
		cli_error("serve: the build process did not start");
	close(go[1]);
	rc = serve_loop(&sv, sfd, res[0], child);
	serve_http_stop(&sv, daemon);
	close(res[0]);
	close(sfd);
	serve_free(&sv);
	return rc;
}

const struct command serve_command = {
	.name = "serve",
	.run = cmd_serve,
	.synopsis = "serve [options] [RULESET...]",
	.about =
	    "A live preview: build each ruleset into DIR/NAME/ (as build does;\n"
	    "default out/), then serve the products on http://127.0.0.1:8390/:\n"
	    "a page listing each ruleset's products, and a page a ruleset with\n"
	    "its HTML rulebook, its diagnostics when the last build failed, and\n"
	    "every page of every PDF product as an image. A save rebuilds, as\n"
	    "build --watch does, and the open pages change by themselves,\n"
	    "keeping their place. Without RULESET, the project's (sandtable.yaml,\n"
	    "or --project FILE: its rulesets, output and settings, as build\n"
	    "reads them), else the bundled rulesets.\n"
	    "At most 8 connections are answered at once, a request's head past\n"
	    "about 15 KiB is refused, only GET and HEAD are answered and only\n"
	    "the files of DIR/NAME/ are served. Ctrl-C stops (exit status 0).\n"
	    "\n",
	.opts = serve_options,
	.col = 20,
};
