# sandtable — a rules press for miniature wargames.
# `make out` builds everything for the bundled rulesets; `make test` runs
# the test suite. Both install missing Debian packages first (make deps).

PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/sandtable
MANDIR   = $(PREFIX)/share/man/man1
COMPDIR  = $(PREFIX)/share/bash-completion/completions

PKGS     = cairo pangocairo glib-2.0 fontconfig libcmark-gfm yaml-0.1 libqpdf jansson gmp \
           librsvg-2.0 gdk-pixbuf-2.0 libpng libxml-2.0 lcms2 libzip \
           libmicrohttpd poppler-glib
TESTPKGS = criterion
# Libraries without a pkg-config file: libpaper (Debian's libpaper1),
# libhyphen (with its English, German and French dictionaries), libcsv
# (RFC 4180, for tables kept in spreadsheets).
NOPCLIBS = -lpaper -lhyphen -lcsv
# Debian packages that provide the above, and the tools the tests use
# (fonts-wqy-microhei: glyphs for Chinese and Japanese unit names;
# chromium: the HTML rulebook and serve's preview read by a real browser;
# libmicrohttpd and poppler-glib: serve's HTTP server and its pages of
# PDFs drawn as PNG).
DEBS     = pkg-config libcairo2-dev libpango1.0-dev libglib2.0-dev libfontconfig-dev libcmark-gfm-dev \
           libcmark-gfm-extensions-dev libyaml-dev libqpdf-dev libjansson-dev libgmp-dev \
           libpaper-dev libhyphen-dev hyphen-en-us hyphen-de hyphen-fr \
           libcriterion-dev poppler-utils gettext fonts-dejavu-core fonts-wqy-microhei locales \
           librsvg2-dev libgdk-pixbuf-2.0-dev libpng-dev libxml2-dev gcovr strace time python3 \
           liblcms2-dev icc-profiles-free qpdf libcsv-dev libzip-dev chromium \
           libmicrohttpd-dev libpoppler-glib-dev

# The targets that build first (out, test, unit, …) compile on every
# core unless make was given -j itself (its jobserver is then shared).
NPROC   := $(shell nproc 2>/dev/null || echo 2)
PAR      = $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(NPROC))

CC      ?= cc
CSTD     = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
# -Wswitch-enum: a switch over one of our enums names every case (a new
# value is then a warning wherever it is not handled); switches over a
# library's enums (cmark's nodes, libyaml's events) say where they opt out.
WARN     = -Wall -Wextra -Wshadow -Wformat=2 -Wstrict-prototypes \
           -Wmissing-prototypes -Wvla -Wswitch-enum
# WERROR=1 (CI) makes every warning an error; a user's plain `make` does
# not, so a newer compiler's new warning does not break the build.
ifeq ($(WERROR),1)
  WARN  += -Werror
endif
OPT     ?= -O2 -g
SANFLAGS = -fsanitize=address,undefined
ifeq ($(SANITIZE),1)
  OPT    = -O1 -g -fno-omit-frame-pointer $(SANFLAGS) -fno-sanitize-recover=undefined
  BUILD  = build-san
  LDFLAGS += $(SANFLAGS)
else ifeq ($(CLANG),1)
  # make CLANG=1: the same build with clang, in objects of its own (CI
  # builds with both compilers, warnings as errors in each).
  CC     = clang
  BUILD  = build-clang
else ifeq ($(COVERAGE),1)
  # make coverage: gcov's counters, in objects of their own.
  OPT    = -O0 -g --coverage
  BUILD  = build-cov
  LDFLAGS += --coverage
else
  BUILD  = build
endif
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# poppler-glib is opened by serve when it first draws a page (dlopen:
# src/render/pdfpage.c), not linked: its headers, and its soname.
PKG_LIBS   := $(shell pkg-config --libs $(filter-out poppler-glib,$(PKGS)) 2>/dev/null)
POPPLER_SONAME := $(shell objdump -p $$(pkg-config --variable=libdir poppler-glib 2>/dev/null)/libpoppler-glib.so 2>/dev/null | sed -n 's/^ *SONAME *//p')
CFLAGS  += $(CSTD) $(WARN) $(OPT) -fno-math-errno -fno-trapping-math $(PKG_CFLAGS) -pthread -DSANDTABLE_DATADIR='"$(DATADIR)"'
ifneq ($(POPPLER_SONAME),)
CFLAGS  += -DPOPPLER_GLIB_SONAME='"$(POPPLER_SONAME)"'
endif
# Opened on first use too (src/base/dlib.c), not linked: libzip and
# libxml2 (.ods sheets), librsvg and gdk-pixbuf (pictures),
# libmicrohttpd (serve), libqpdf and lcms2 (booklets, PDF/X). Linked,
# they and what they pull in (libcrypto, ICU, gnutls, libstdc++ …) cost
# every command's start-up; each is named by the soname found here.
soname = $(shell objdump -p $$(pkg-config --variable=libdir $(1) 2>/dev/null)/$(2) 2>/dev/null | sed -n 's/^ *SONAME *//p')
DLIBS        = libzip libxml-2.0 librsvg-2.0 libmicrohttpd libqpdf gdk-pixbuf-2.0 lcms2
ZIP_SONAME    := $(call soname,libzip,libzip.so)
XML2_SONAME   := $(call soname,libxml-2.0,libxml2.so)
RSVG_SONAME   := $(call soname,librsvg-2.0,librsvg-2.so)
MHD_SONAME    := $(call soname,libmicrohttpd,libmicrohttpd.so)
QPDF_SONAME   := $(call soname,libqpdf,libqpdf.so)
PIXBUF_SONAME := $(call soname,gdk-pixbuf-2.0,libgdk_pixbuf-2.0.so)
LCMS2_SONAME  := $(call soname,lcms2,liblcms2.so)
PKG_LIBS    := $(shell pkg-config --libs $(filter-out poppler-glib $(DLIBS),$(PKGS)) 2>/dev/null)
CFLAGS      += $(foreach v,ZIP XML2 RSVG MHD QPDF PIXBUF LCMS2,$(if $($(v)_SONAME),-D$(v)_SONAME='"$($(v)_SONAME)"'))
LDLIBS  += $(PKG_LIBS) $(NOPCLIBS) -lm -pthread

# A product is a folder of render (src/render/NAME/): its files are render's.
LIBSRC  := $(sort $(filter-out src/cli/main.c,$(wildcard src/*/*.c src/render/*/*.c)))
LIBOBJ  := $(LIBSRC:%.c=$(BUILD)/%.o)
MAINOBJ := $(BUILD)/src/cli/main.o
UNITSRC := $(sort $(wildcard tests/unit/*.c))
UNITOBJ := $(UNITSRC:%.c=$(BUILD)/%.o)
ifneq ($(SANITIZE)$(COVERAGE)$(CLANG),)
  BIN    = $(BUILD)/sandtable
else
  BIN    = sandtable
endif

# Message catalogues: src/po/LL.po compiled beside the binary's objects.
POFILES := $(sort $(wildcard src/po/*.po))
MOFILES := $(POFILES:src/po/%.po=$(BUILD)/locale/%/LC_MESSAGES/sandtable.mo)

RULESETS := $(sort $(wildcard rulesets/*.md))
RULESETS := $(filter-out rulesets/FORMAT.md,$(RULESETS))

.PHONY: all deps test unit regress out bench install uninstall clean fuzz fuzz-run valgrind \
        format format-check clang-format-dep coverage pot cflags

all: $(BIN) $(BUILD)/sandtable.1

# A line a step ("CC src/engine/dice.c"); make V=1 prints the commands.
ifeq ($(V),1)
  Q  =
  SAY = @:
else
  Q  = @
  SAY = @printf '  %-6s %s\n'
endif

$(BIN): $(MAINOBJ) $(BUILD)/libsandtable.a | $(MOFILES)
	$(SAY) LD $@
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The man page: src/cli/sandtable.1 with the products' entries and
# build's files made from the table of products by the binary
# (src/cli/man.sh); installed from here.
$(BUILD)/sandtable.1: src/cli/sandtable.1 src/cli/man.sh $(BIN)
	$(SAY) MAN $@
	$(Q)sh src/cli/man.sh src/cli/sandtable.1 ./$(BIN) >$@.tmp && mv $@.tmp $@

$(BUILD)/locale/%/LC_MESSAGES/sandtable.mo: src/po/%.po
	@mkdir -p $(dir $@)
	$(SAY) MSGFMT $<
	$(Q)msgfmt --check -o $@ $<

# The flags every object is compiled with (tests/check/layers.sh asks
# the compiler, with them, what each file includes).
cflags:
	@echo $(CFLAGS)

# The message table's texts as macros MSGF_ID, which diag_msg(.., MSG(ID),
# ..) hands the compiler to check each call's arguments against (base.h).
# Kept in the tree, so that every build and the fuzzers find it.
src/base/msgs_fmt.inc: src/base/msgs.def
	$(SAY) GEN $@
	$(Q){ echo '/* msgs_fmt.inc: made by make from msgs.def; do not edit. */'; \
	    sed -n -E 's/^MSG_ROW\(([A-Z0-9_]+), *[A-Z]+, *(".*")\)$$/#define MSGF_\1 \2/p' $<; } >$@.tmp && mv $@.tmp $@

# The template of the catalogues, from the strings marked _(), N_() and
# P_() (singular and plural); and the template of the diagnostics' texts,
# the message table's (not translated yet: sandtable says them in English).
pot:
	xgettext -k_ -kN_ -kP_:1,2 --from-code=UTF-8 --add-comments=TRANSLATORS \
	    --package-name=sandtable -o src/po/sandtable.pot $(sort $(wildcard src/*/*.c src/render/*/*.c))
	xgettext -L C -kMSG_ROW:3 --from-code=UTF-8 --package-name=sandtable \
	    -o src/po/messages.pot src/base/msgs.def

$(BUILD)/libsandtable.a: $(LIBOBJ)
	$(SAY) AR $@
	$(Q)rm -f $@
	$(Q)ar rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(SAY) CC $<
	$(Q)$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

# Every object includes base.h, which includes the table's texts.
$(LIBOBJ) $(MAINOBJ) $(UNITOBJ): src/base/msgs_fmt.inc

-include $(LIBOBJ:.o=.d) $(MAINOBJ:.o=.d) $(UNITOBJ:.o=.d)

# Install only what pkg-config or PATH does not already find.
deps:
	@missing=""; \
	for p in $(PKGS) $(TESTPKGS); do \
	  pkg-config --exists $$p 2>/dev/null || missing="$$missing $$p"; \
	done; \
	[ -f /usr/include/cmark-gfm-core-extensions.h ] || missing="$$missing cmark-gfm-extensions"; \
	[ -f /usr/include/paper.h ] || missing="$$missing libpaper"; \
	[ -f /usr/include/csv.h ] || missing="$$missing libcsv"; \
	[ -f /usr/include/hyphen.h ] && [ -f /usr/share/hyphen/hyph_en_US.dic ] || missing="$$missing libhyphen"; \
	command -v pdftotext >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	[ -f /usr/share/color/icc/sRGB.icc ] || missing="$$missing icc-profiles-free"; \
	command -v qpdf >/dev/null 2>&1 || missing="$$missing qpdf"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v msgfmt >/dev/null 2>&1 || missing="$$missing gettext"; \
	command -v gcovr >/dev/null 2>&1 || missing="$$missing gcovr"; \
	command -v strace >/dev/null 2>&1 || missing="$$missing strace"; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	fc-list 2>/dev/null | grep -qi dejavu || missing="$$missing fonts"; \
	fc-list :lang=zh 2>/dev/null | grep -q . || missing="$$missing CJK-fonts"; \
	locale -a 2>/dev/null | grep -qi '^de_DE.utf-*8$$' || missing="$$missing de_DE.UTF-8"; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: missing:$$missing; installing Debian packages"; \
	  SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(DEBS) >/dev/null; \
	  locale -a 2>/dev/null | grep -qi '^de_DE.utf-*8$$' || \
	    $$SUDO localedef -i de_DE -f UTF-8 de_DE.UTF-8; \
	fi

$(BUILD)/unit-tests: $(UNITOBJ) $(BUILD)/libsandtable.a
	$(SAY) LD $@
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(shell pkg-config --libs criterion 2>/dev/null)

unit: deps
	@$(MAKE) --no-print-directory $(PAR) $(BIN) $(BUILD)/unit-tests
	@cd tests && ../$(BUILD)/unit-tests --jobs 2 2>&1 | tee ../$(BUILD)/unit.log | tail -25

regress: deps
	@$(MAKE) --no-print-directory $(PAR) $(BIN)
	@rm -rf $(BUILD)/test-cache
	@XDG_CACHE_HOME=$(CURDIR)/$(BUILD)/test-cache tests/regress.sh ./$(BIN)

test: deps
	@$(MAKE) --no-print-directory $(PAR) $(BIN) $(BUILD)/unit-tests
	@tests/run-all.sh ./$(BIN) ./$(BUILD)/unit-tests

out: deps
	@$(MAKE) --no-print-directory $(PAR) $(BIN)
	./$(BIN) build --jobs 2 $(RULESETS) -o out

# memcheck over every command and product and every fixture.
valgrind: deps
	@command -v valgrind >/dev/null || { SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq valgrind >/dev/null; }
	@$(MAKE) --no-print-directory $(PAR) sandtable
	@tests/valgrind.sh ./sandtable

bench: deps
	@$(MAKE) --no-print-directory $(PAR) $(BIN)
	@XDG_CACHE_HOME=$(CURDIR)/$(BUILD)/bench-cache tests/bench.sh ./$(BIN)

# libFuzzer targets (clang): make fuzz builds them; FUZZTIME=600 make
# fuzz-run runs each for that many seconds on corpora seeded from the
# bundled rulesets and templates. Crashes land in build-fuzz/.
FUZZCC    = clang
FUZZFLAGS = -g -O1 -fsanitize=fuzzer,address,undefined $(CSTD) $(PKG_CFLAGS) -pthread
FUZZTIME ?= 60
FUZZERS   = $(patsubst tests/fuzz/%.c,build-fuzz/%,$(wildcard tests/fuzz/*.c))

fuzz: deps
	@command -v $(FUZZCC) >/dev/null || { SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq clang libclang-rt-14-dev >/dev/null; }
	@$(MAKE) --no-print-directory $(PAR) $(FUZZERS)

FUZZSRC   = $(wildcard src/base/*.c src/ruleset/*.c)
RENDERSRC = $(wildcard src/base/*.c src/ruleset/*.c src/engine/*.c src/check/*.c \
            src/scenario/*.c src/render/*.c src/render/*/*.c)

build-fuzz/fuzz_template: tests/fuzz/fuzz_template.c $(RENDERSRC)
	@mkdir -p build-fuzz
	$(FUZZCC) $(FUZZFLAGS) -o $@ $< $(RENDERSRC) $(PKG_LIBS) $(NOPCLIBS) -lm

build-fuzz/%: tests/fuzz/%.c $(FUZZSRC)
	@mkdir -p build-fuzz
	$(FUZZCC) $(FUZZFLAGS) -o $@ $< $(FUZZSRC) $(PKG_LIBS) -lm

fuzz-run: fuzz
	@mkdir -p build-fuzz/corpus-ruleset build-fuzz/corpus-yaml build-fuzz/corpus-template
	@cp rulesets/*.md tests/regress/*.md build-fuzz/corpus-ruleset/
	@cp templates/*.yaml build-fuzz/corpus-yaml/
	@cp templates/*.yaml build-fuzz/corpus-template/
	@for f in rulesets/*.md; do sed -n '2,/^---$$/p' $$f > build-fuzz/corpus-yaml/$$(basename $$f .md).yaml; done
	cd build-fuzz && ./fuzz_ruleset -max_total_time=$(FUZZTIME) -max_len=65536 -timeout=10 corpus-ruleset 2>&1 | tail -3
	cd build-fuzz && ./fuzz_yaml -max_total_time=$(FUZZTIME) -max_len=65536 -timeout=10 corpus-yaml 2>&1 | tail -3
	cd build-fuzz && ./fuzz_template -max_total_time=$(FUZZTIME) -max_len=8192 -timeout=20 -rss_limit_mb=4096 corpus-template 2>&1 | tail -3

# clang-format (Debian's clang-format, version 14) over src/ and the tests'
# C files with the checked-in .clang-format: `make format` rewrites them in
# place, `make format-check` names each file it would change and fails.
CLANG_FORMAT ?= clang-format
FMTSRC := $(sort $(wildcard src/*/*.[ch] src/render/*/*.[ch] tests/*/*.[ch]))

clang-format-dep:
	@command -v $(CLANG_FORMAT) >/dev/null || { SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq clang-format >/dev/null; }

format: clang-format-dep
	@$(CLANG_FORMAT) -i $(FMTSRC)

format-check: clang-format-dep
	@bad=0; for f in $(FMTSRC); do \
	  $(CLANG_FORMAT) "$$f" | cmp -s "$$f" - || { echo "$$f: not formatted (make format)"; bad=1; }; \
	done; exit $$bad

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/templates \
	    $(DESTDIR)$(DATADIR)/rulesets $(DESTDIR)$(MANDIR) $(DESTDIR)$(COMPDIR)
	install -m 755 sandtable $(DESTDIR)$(BINDIR)/sandtable
	install -m 644 templates/*.yaml $(DESTDIR)$(DATADIR)/templates/
	install -m 644 rulesets/*.md $(DESTDIR)$(DATADIR)/rulesets/
	install -m 644 $(BUILD)/sandtable.1 $(DESTDIR)$(MANDIR)/sandtable.1
	install -m 644 src/cli/sandtable.bash $(DESTDIR)$(COMPDIR)/sandtable
	for mo in $(MOFILES); do \
	  l=$$(basename $$(dirname $$(dirname $$mo))); \
	  install -d $(DESTDIR)$(DATADIR)/locale/$$l/LC_MESSAGES; \
	  install -m 644 $$mo $(DESTDIR)$(DATADIR)/locale/$$l/LC_MESSAGES/sandtable.mo; \
	done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sandtable $(DESTDIR)$(MANDIR)/sandtable.1 \
	    $(DESTDIR)$(COMPDIR)/sandtable
	rm -rf $(DESTDIR)$(DATADIR)

# Line coverage (gcovr) of a run of the suite on a --coverage build in
# build-cov/ (the normal build is left alone): each folder of src/ and the
# total, and build-cov/coverage.txt file by file. The suite runs once, in
# the locale given; a failing test is reported, the figures still print.
coverage: deps
	@$(MAKE) --no-print-directory $(PAR) COVERAGE=1 build-cov/sandtable build-cov/unit-tests
	@find build-cov -name '*.gcda' -delete
	@tests/run-all.sh ./build-cov/sandtable ./build-cov/unit-tests | tail -1
	@gcovr -r . --object-directory build-cov --filter 'src/' -j 2 \
	    --txt build-cov/coverage.txt >/dev/null
	@awk '$$1 ~ /^src\// && NF >= 4 { split($$1, p, "/"); d = p[1] "/" p[2] "/"; \
	    l[d] += $$2; x[d] += $$3; L += $$2; X += $$3 } \
	    END { for (d in l) printf "%-14s %6d of %6d lines  %5.1f%%\n", d, x[d], l[d], 100 * x[d] / l[d] | "sort"; \
	    close("sort"); printf "%-14s %6d of %6d lines  %5.1f%%\n", "total", X, L, 100 * X / L }' \
	    build-cov/coverage.txt

clean:
	rm -rf build build-san build-cov build-clang build-fuzz sandtable
	find out -mindepth 1 ! -name .gitkeep -exec rm -rf {} + 2>/dev/null || true
