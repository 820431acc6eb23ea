# Helpgraph. `make run` builds the sample help center offline and serves the
# chat on http://localhost:8080; `make test` runs every test.
GO      ?= go
BIN     := bin/helpgraph
ADDR    ?= :8080
PAGES   ?= testdata/helpcenter
TEMPL_VERSION := $(shell $(GO) list -m -f '{{.Version}}' github.com/a-h/templ)
# gse, the Chinese word segmenter, embeds 33 MB of dictionaries unless built
# with its "ne" tag; internal/lexical embeds the one it reads (without the
# tag everything works the same, in a bigger binary).
export GOFLAGS += -tags=ne

.PHONY: run build-graph install test check generate bench loadtest slowbody tools eval-ssa eval-ssa-mixed eval-questions eval-sample screenshots corpus-gnome corpus-gimp corpus-django corpus-libreoffice corpus-freedombox corpus-pip corpus-freeradius corpus-kde corpus-debian-reference

# "helpgraph ask" embeds Kùzu, a native library shipped in the go-kuzu module
# (built with cgo; gcc is needed). The binary finds it in the module cache,
# or next to itself ($ORIGIN), where it is copied so bin/ can be moved.
KUZU_LIB = $(shell $(GO) list -m -f '{{.Dir}}' github.com/kuzudb/go-kuzu)/lib/dynamic/$(shell $(GO) env GOOS)-$(shell $(GO) env GOARCH)/libkuzu.so

$(BIN): FORCE
	CGO_LDFLAGS='-Wl,-rpath,$$ORIGIN' $(GO) build -o $(BIN) ./cmd/helpgraph
	@if [ -f "$(KUZU_LIB)" ]; then cp -f "$(KUZU_LIB)" $(dir $(BIN)) && chmod u+w $(dir $(BIN))libkuzu.so; fi

FORCE:

# The main job: build the graph from the bundled help center, then serve it.
run: $(BIN)
	$(BIN) build --pages $(PAGES)
	$(BIN) serve --addr $(ADDR) $(if $(wildcard $(PAGES)/synonyms.txt),--synonyms $(PAGES)/synonyms.txt)

build-graph: $(BIN)
	$(BIN) build --pages $(PAGES)

# Puts helpgraph in $(go env GOPATH)/bin, so the README's commands work as
# written when that folder is on PATH.
install:
	$(GO) install ./cmd/helpgraph

# Every test. Browser tests need Debian's chromium (see .ci/run); they say so
# and skip without it unless HELPGRAPH_REQUIRE_BROWSER=1.
# The Neo4j contract suite needs HELPGRAPH_TEST_NEO4J_URI, the PostgreSQL
# conversation store Debian's postgresql (HELPGRAPH_REQUIRE_POSTGRES=1 makes
# its absence a failure); the last lines show whether each ran or was
# skipped, which plain `go test ./...` hides.
test:
	$(GO) test -count=1 ./...
	@$(GO) test -count=1 -v -run '^TestStore$$' ./graph/neo4j | grep -E '^(--- |ok|FAIL)|skipped'
	@$(GO) test -count=1 -v -run '^TestStore$$' ./conversation/postgres | grep -E '^(--- |ok|FAIL)|skipped'

# Screenshots of the chat, widget (380×600) and admin pages, taken by the
# browser tests (real Chromium) into out/screenshots (not committed).
screenshots:
	mkdir -p out/screenshots
	HELPGRAPH_REQUIRE_BROWSER=1 HELPGRAPH_TEST_SCREENSHOTS=$(CURDIR)/out/screenshots $(GO) test -count=1 -run '^TestBrowser' ./web
	@ls out/screenshots

# What CI checks besides the tests: formatting, vet, generated templ code.
check: tools
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed on:"; gofmt -l .; exit 1; }
	$(GO) vet ./...
	$$($(GO) env GOPATH)/bin/templ generate >/dev/null
	@git diff --exit-code -- '*_templ.go' || { echo "templ generated files are stale: run make generate"; exit 1; }

generate: tools
	$$($(GO) env GOPATH)/bin/templ generate

tools:
	@test -x "$$($(GO) env GOPATH)/bin/templ" && "$$($(GO) env GOPATH)/bin/templ" version | grep -q "$(TEMPL_VERSION:v%=%)" \
		|| $(GO) install github.com/a-h/templ/cmd/templ@$(TEMPL_VERSION)

# The README's benchmark table, with enough iterations to be honest: 2,000
# turns (250 conversations of the 8-message script) for the latency
# percentiles, 10 agent constructions, 3 builds of 5,000 pages each way
# (one per line, for min and median, with CPU seconds, which a shared
# machine distorts less than wall time),
# 2 seconds of each conversation store benchmark (32 clients); the other
# packages' benchmarks 3 times. About 5 minutes on 2 cores.
bench:
	$(GO) test -run '^$$' -bench 'Turn' -benchtime 2000x -benchmem ./dialogue
	$(GO) test -run '^$$' -bench 'NewGraphAgent' -benchtime 10x -benchmem ./dialogue
	$(GO) test -run '^$$' -bench 'Build' -benchtime 1x -count 3 ./cmd/helpgraph
	$(GO) test -run '^$$' -bench . -benchtime 2s ./conversation/sqlite ./conversation/postgres
	$(GO) test -run '^$$' -bench . -benchtime 3x -benchmem $$($(GO) list ./... | grep -v -e '/dialogue$$' -e '/cmd/helpgraph$$' -e '/conversation/')
	$(MAKE) --no-print-directory loadtest
	$(MAKE) --no-print-directory loadtest LOAD_SYNTH=50000

# HTTP load test: builds LOAD_PAGES (the sample help center) into a
# throw-away store, starts "helpgraph serve" on it as its own process
# (conversations persisted in SQLite, no rate limit, no LLM), and drives
# POST /api/chat from a separate process (cmd/loadgen: LOAD_CLIENTS
# conversations, keep-alive), which prints turns/s, latency percentiles,
# errors, and its own and the server's CPU time: both share the machine.
# LOAD_SYNTH=50000 runs on a synthetic help center of 50,000 nodes (5,000
# pages) instead; LOAD_SERVE_ARGS="--cpuprofile /tmp/serve.prof" profiles
# the server; LOAD_SERVER=path/to/helpgraph serves with another build (a
# baseline) while this one builds the graph.
LOAD_PAGES      ?= $(PAGES)
LOAD_MESSAGES   ?= testdata/inquiries/helpcenter.jsonl
LOAD_SYNTH      ?=
LOAD_CLIENTS    ?= 32
LOAD_DURATION   ?= 10s
LOAD_ADDR       ?= 127.0.0.1:8089
LOAD_SERVE_ARGS ?=
LOAD_SERVER     ?= $(BIN)
loadtest: $(BIN)
	$(GO) build -o bin/loadgen ./cmd/loadgen
	@tmp=$$(mktemp -d) && pid= && trap 'test -n "$$pid" && kill $$pid && wait $$pid; rm -rf "$$tmp"' EXIT && \
	pages=$(LOAD_PAGES) && msgs=$(LOAD_MESSAGES) && \
	if [ -n "$(LOAD_SYNTH)" ]; then \
		bin/loadgen synth -nodes $(LOAD_SYNTH) -out $$tmp/synth && pages=$$tmp/synth/pages && msgs=$$tmp/synth/messages.txt; \
	fi && \
	{ $(BIN) build --llm off --pages $$pages --store $$tmp/graph.db >$$tmp/build.log 2>&1 || { cat $$tmp/build.log; exit 1; }; } && \
	grep '^graph:' $$tmp/build.log && \
	{ $(LOAD_SERVER) serve --addr $(LOAD_ADDR) --store $$tmp/graph.db --conversations $$tmp/conversations.db \
		--rate-limit -1 --llm off $(if $(LOAD_SYNTH),,$(if $(wildcard $(LOAD_PAGES)/synonyms.txt),--synonyms $(LOAD_PAGES)/synonyms.txt)) \
		$(LOAD_SERVE_ARGS) 2>$$tmp/serve.log & pid=$$!; } && \
	bin/loadgen run -url http://$(LOAD_ADDR) -clients $(LOAD_CLIENTS) -duration $(LOAD_DURATION) \
		-messages $$msgs -server-pid $$pid || { tail -5 $$tmp/serve.log; exit 1; }

# Slow request bodies (issue 23): starts "helpgraph serve" on the sample
# help center like loadtest, then SLOW_CONNS connections each announce a
# SLOW_BODY-byte body to SLOW_PATH and send one byte; prints the server's
# RSS before, at the peak and after (cmd/loadgen slowbody).
SLOW_CONNS ?= 600
SLOW_BODY  ?= 1048576
SLOW_PATH  ?= /api/chat
slowbody: $(BIN)
	$(GO) build -o bin/loadgen ./cmd/loadgen
	@tmp=$$(mktemp -d) && pid= && trap 'test -n "$$pid" && kill $$pid && wait $$pid; rm -rf "$$tmp"' EXIT && \
	$(BIN) build --llm off --pages $(LOAD_PAGES) --store $$tmp/graph.db >$$tmp/build.log 2>&1 || { cat $$tmp/build.log; exit 1; }; \
	$(BIN) serve --addr $(LOAD_ADDR) --store $$tmp/graph.db --conversations $$tmp/conversations.db \
		--rate-limit -1 --llm off $(LOAD_SERVE_ARGS) 2>$$tmp/serve.log & pid=$$!; \
	until curl -sf http://$(LOAD_ADDR)/readyz >/dev/null 2>&1; do sleep 0.2; kill -0 $$pid || exit 1; done; \
	bin/loadgen slowbody -url http://$(LOAD_ADDR) -path $(SLOW_PATH) -conns $(SLOW_CONNS) -announce $(SLOW_BODY) -server-pid $$pid

# Both agents on the real doc2dial ssa pages and dialogues kept beside the
# repository, offline: build the pages into a throw-away store, import the
# inquiries, simulate both agents, evaluate, and replay the real dialogues.
# Reports in $(SSA_OUT); the numbers alone: go test ./evaluator -run TestSSA -v
# SSA_HALF=evaluation (or tuning) keeps the dialogues of one half
# (doc2dial.HalfOf): report on the evaluation half.
SSA     ?= ../shared/data/doc2dial-ssa
SSA_OUT ?= out/ssa
SSA_HALF ?= all
eval-ssa: $(BIN)
	@test -f $(SSA)/dialogues.jsonl || { echo "$(SSA)/dialogues.jsonl not found: set SSA=DIR (see README, Data)"; exit 1; }
	@mkdir -p $(SSA_OUT) && tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(BIN) build --pages $(SSA)/docs --store $$tmp/ssa.db && \
	$(BIN) inquiries import-doc2dial $(SSA) --half $(SSA_HALF) --out $(SSA_OUT)/inquiries.jsonl && \
	for a in graph rag; do \
		$(BIN) simulate --llm off --store $$tmp/ssa.db --inquiries $(SSA_OUT)/inquiries.jsonl --agent $$a --out $(SSA_OUT)/$$a.jsonl || exit 1; \
	done && \
	$(BIN) evaluate --llm off --store $$tmp/ssa.db --dialogues $(SSA_OUT)/graph.jsonl --dialogues $(SSA_OUT)/rag.jsonl \
		--replay $(SSA) --half $(SSA_HALF) --out $(SSA_OUT) >/dev/null && \
	sed -n '1,/^## Escalation/p;/^## Dialogue coherence/,/^## Resolvable inquiries by topic/p;/^# Replay/,$$p' $(SSA_OUT)/report.md | grep -v '^## \(Escalation\|Resolvable inquiries by topic\)'

# The sample help center's two inquiry halves (testdata/inquiries/README.md),
# simulated offline against the graph agent and the RAG baseline: the
# resolvable and escalation-required tables of each half. Report on the
# evaluation half (no test tunes on it). Reports in $(SAMPLE_OUT)/HALF.
SAMPLE_OUT ?= out/sample-halves
eval-sample: $(BIN)
	@mkdir -p $(SAMPLE_OUT) && tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(BIN) build --llm off --pages testdata/helpcenter --store $$tmp/s.db >$$tmp/build.log 2>&1 || { cat $$tmp/build.log; exit 1; }; \
	for h in tune eval; do \
		for a in graph rag; do \
			$(BIN) simulate --llm off --store $$tmp/s.db --synonyms testdata/helpcenter/synonyms.txt \
				--inquiries testdata/inquiries/helpcenter-$$h.jsonl --agent $$a --out $(SAMPLE_OUT)/$$h-$$a.jsonl >$$tmp/sim.log 2>&1 || { cat $$tmp/sim.log; exit 1; }; \
		done; \
		$(BIN) evaluate --llm off --store $$tmp/s.db --dialogues $(SAMPLE_OUT)/$$h-graph.jsonl --dialogues $(SAMPLE_OUT)/$$h-rag.jsonl \
			--out $(SAMPLE_OUT)/$$h >/dev/null 2>$$tmp/eval.log || { cat $$tmp/eval.log; exit 1; }; \
		echo "== helpcenter-$$h.jsonl"; sed -n '/^## Resolvable inquiries$$/,/^## Dialogue coherence/p' $(SAMPLE_OUT)/$$h/report.md | grep -v '^## Dialogue coherence'; \
	done

# The ssa dialogues replayed on ONE graph built from several sites' pages,
# as a team with several help centers would build it: the ssa pages beside
# the sample help center, adguard-kb en and, when make corpus-gnome has made
# it, GNOME's help (those not here are left out). Each folder is its own site
# (build --pages, repeated, names a page by its folder: docs/ssa/x.html), so
# the replay's "from another site" is how often an agent answers an ssa
# question from another help center's pages. Replay only; reports in
# $(SSA_MIXED_OUT). SSA_HALF as for eval-ssa.
SSA_MIXED_OUT   ?= out/ssa-mixed
SSA_MIXED_PAGES ?= $(SSA)/docs $(wildcard testdata/helpcenter $(ADGUARD)/en $(GNOME_HELP))
eval-ssa-mixed: $(BIN)
	@test -f $(SSA)/dialogues.jsonl || { echo "$(SSA)/dialogues.jsonl not found: set SSA=DIR (see README, Data)"; exit 1; }
	@mkdir -p $(SSA_MIXED_OUT) && tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	{ $(BIN) build --llm off $(foreach d,$(SSA_MIXED_PAGES),--pages $(d)) --store $$tmp/mixed.db >$$tmp/build.log 2>&1 || { cat $$tmp/build.log; exit 1; }; } && \
	echo "eval-ssa-mixed: one graph from $(SSA_MIXED_PAGES)" && grep '^graph:' $$tmp/build.log && \
	{ $(BIN) evaluate --llm off --store $$tmp/mixed.db --replay $(SSA) --half $(SSA_HALF) --out $(SSA_MIXED_OUT) >$$tmp/eval.log 2>&1 || { cat $$tmp/eval.log; exit 1; }; } && \
	sed -n '/^# Replay/,/^User turns not scored/p' $(SSA_MIXED_OUT)/report.md | sed '1,/^$$/d;/^The real user turns/,/^$$/d'

# A fourth development corpus of real pages nobody here wrote: GNOME's user
# help (Debian packages gnome-user-docs and yelp-tools; CC-BY-SA 3.0, see
# $(GNOME_HELP)-LICENSE.txt), its Mallard pages turned into an HTML folder
# by yelp-build. Generated, not committed; make eval-questions skips it when
# it is not there. The same package ships the help translated (the .po files
# applied: the same page files, in /usr/share/help/LANG/gnome-help); each
# language of GNOME_LANGS is converted likewise into $(GNOME_HELP)-LANG, with
# its own licence file ("make corpus-gnome GNOME_LANGS=" converts English only;
# "make corpus-gnome-de" one translation alone).
GNOME_HELP_ROOT ?= /usr/share/help
GNOME_HELP_SRC ?= $(GNOME_HELP_ROOT)/C/gnome-help
GNOME_HELP     ?= out/corpora/gnome-help
GNOME_LANGS    ?= es de fr
corpus-gnome: corpus-gnome-C $(addprefix corpus-gnome-,$(GNOME_LANGS))

# corpus-gnome-C: English into $(GNOME_HELP); corpus-gnome-LANG: the
# translation in $(GNOME_HELP_ROOT)/LANG/gnome-help into $(GNOME_HELP)-LANG.
corpus-gnome-%: FORCE
	@command -v yelp-build >/dev/null || { echo "corpus-gnome: yelp-build not found (apt-get install -y gnome-user-docs yelp-tools)"; exit 1; }
	@src=$(if $(filter C,$*),$(GNOME_HELP_SRC),$(GNOME_HELP_ROOT)/$*/gnome-help); \
	dst=$(if $(filter C,$*),$(GNOME_HELP),$(GNOME_HELP)-$*); \
	[ -d "$$src" ] || { echo "corpus-gnome: $$src not found (apt-get install -y gnome-user-docs)"; exit 1; }; \
	rm -rf $$dst.tmp && mkdir -p $$dst.tmp && \
	yelp-build html -o $$dst.tmp $$src && \
	{ echo "GNOME user help (gnome-help$(if $(filter C,$*),, translated: $*)), converted by 'make corpus-gnome' with yelp-build html from $$src"; \
	  dpkg-query -W -f='Debian package $${Package} $${Version}\n' gnome-user-docs 2>/dev/null; \
	  $(if $(filter C,$*),,echo "Translators: named in each page (its credits, 'translator copyright')";) \
	  echo "Licence: Creative Commons Attribution-ShareAlike 3.0 Unported (CC-BY-SA 3.0); authors and terms:"; echo; \
	  cat /usr/share/doc/gnome-user-docs/copyright 2>/dev/null; } >$$dst-LICENSE.txt && \
	rm -rf $$dst && mv $$dst.tmp $$dst && \
	echo "corpus-gnome: $$(ls $$dst/*.html | wc -l) pages in $$dst (licence: $$dst-LICENSE.txt)"

# GIMP's user manual in English: Debian's gimp-help-en, DocBook chunked HTML
# (one page per section, with DocBook's navigation header and footer on
# each), copied with its images into $(GIMP_HELP); the licence (GFDL 1.2+,
# no invariant sections) and the package's copyright file in
# $(GIMP_HELP)-LICENSE.txt. Generated, not committed; make eval-questions
# skips the gimp sets when it is not there.
GIMP_HELP_SRC ?= /usr/share/gimp/2.0/help/en
GIMP_HELP     ?= out/corpora/gimp-help
corpus-gimp:
	@[ -f "$(GIMP_HELP_SRC)/index.html" ] || { echo "corpus-gimp: $(GIMP_HELP_SRC)/index.html not found (apt-get install -y gimp-help-en)"; exit 1; }
	rm -rf $(GIMP_HELP).tmp && mkdir -p $(dir $(GIMP_HELP))
	cp -rL $(GIMP_HELP_SRC) $(GIMP_HELP).tmp
	{ echo "GIMP user manual (gimp-help-en), copied by 'make corpus-gimp' from $(GIMP_HELP_SRC)"; \
	  dpkg-query -W -f='Debian package $${Package} $${Version}\n' gimp-help-en gimp-help-common 2>/dev/null; \
	  echo "Licence: GNU Free Documentation License 1.2 or later, no Invariant Sections, no Front-Cover Texts, no Back-Cover Texts; authors and terms:"; echo; \
	  cat /usr/share/doc/gimp-help-en/copyright 2>/dev/null; } >$(GIMP_HELP)-LICENSE.txt
	rm -rf $(GIMP_HELP) && mv $(GIMP_HELP).tmp $(GIMP_HELP)
	@echo "corpus-gimp: $$(ls $(GIMP_HELP)/*.html | wc -l) pages in $(GIMP_HELP) (licence: $(GIMP_HELP)-LICENSE.txt)"

# FreedomBox's user manual in English and Spanish: Debian's freedombox-doc-en
# and freedombox-doc-es, DocBook-rendered HTML fragments (X.part.html, no
# <html> or <head>, a table of contents atop each), copied with their images
# into $(FREEDOMBOX_HELP)-en and -es. Left out: the PDF (not HTML) and the
# whole book in one page (freedombox-manual.part.html, and es's
# Manual.part.html, the same book again): every page's text a second time,
# one page that would hold every answer. Licence (CC-BY-SA 4.0 for the
# manual) and the package's copyright file in $(FREEDOMBOX_HELP)-LANG-LICENSE.txt.
# Generated, not committed; make eval-questions skips the freedombox sets
# when it is not there.
FREEDOMBOX_HELP_ROOT ?= /usr/share/freedombox/manual
FREEDOMBOX_HELP      ?= out/corpora/freedombox
FREEDOMBOX_LANGS     ?= en es
corpus-freedombox: $(addprefix corpus-freedombox-,$(FREEDOMBOX_LANGS))

corpus-freedombox-%: FORCE
	@src=$(FREEDOMBOX_HELP_ROOT)/$*; dst=$(FREEDOMBOX_HELP)-$*; \
	[ -f "$$src/Backups.part.html" ] || { echo "corpus-freedombox: $$src not found (apt-get install -y freedombox-doc-$*)"; exit 1; }; \
	rm -rf $$dst.tmp && mkdir -p $$dst.tmp && \
	cp -rL $$src/images $$dst.tmp/ && \
	for f in $$src/*.part.html; do case $${f##*/} in freedombox-manual.part.html|Manual.part.html) ;; *) cp -L $$f $$dst.tmp/ || exit 1;; esac; done && \
	{ echo "FreedomBox user manual (freedombox-doc-$*), copied by 'make corpus-freedombox' from $$src"; \
	  dpkg-query -W -f='Debian package $${Package} $${Version}\n' freedombox-doc-$* 2>/dev/null; \
	  echo "Licence: the manual (doc/*) Creative Commons Attribution-ShareAlike 4.0 (CC-BY-SA-4.0), FreedomBox Authors; authors and terms:"; echo; \
	  cat /usr/share/doc/freedombox-doc-$*/copyright 2>/dev/null; } >$$dst-LICENSE.txt && \
	rm -rf $$dst && mv $$dst.tmp $$dst && \
	echo "corpus-freedombox: $$(ls $$dst/*.html | wc -l) pages in $$dst (licence: $$dst-LICENSE.txt)"

# pip's user documentation as its sources: Debian's python3-pip ships the
# Sphinx sources, not HTML (reStructuredText and MyST Markdown pages, some
# gzipped), which the folder reader reads as they are. Copied into
# $(PIP_DOCS) with the .gz pages unzipped; left out: conf.py (Sphinx's
# settings) and the files that are no page (topics/deps.dot, deps.png). The
# licence (MIT) and the package's copyright file in $(PIP_DOCS)-LICENSE.txt.
# Generated, not committed; make eval-questions skips the pip sets when it
# is not there.
PIP_DOCS_SRC ?= /usr/share/doc/python3-pip/html
PIP_DOCS     ?= out/corpora/pip-docs
corpus-pip:
	@[ -f "$(PIP_DOCS_SRC)/index.md" ] || { echo "corpus-pip: $(PIP_DOCS_SRC)/index.md not found (apt-get install -y python3-pip)"; exit 1; }
	@rm -rf $(PIP_DOCS).tmp && mkdir -p $(PIP_DOCS).tmp && dst=$$(cd $(PIP_DOCS).tmp && pwd) && \
	cd $(PIP_DOCS_SRC) && for f in $$(find . \( -name '*.rst' -o -name '*.md' -o -name '*.rst.gz' -o -name '*.md.gz' \) \( -type f -o -type l \) | sort); do \
		d=$$dst/$${f%.gz}; mkdir -p $$(dirname $$d) && zcat -f $$f >$$d || exit 1; done
	{ echo "pip user documentation (python3-pip), Sphinx sources copied by 'make corpus-pip' from $(PIP_DOCS_SRC) (.gz pages unzipped)"; \
	  dpkg-query -W -f='Debian package $${Package} $${Version}\n' python3-pip 2>/dev/null; \
	  echo "Licence: MIT (the pip developers); authors and terms:"; echo; \
	  cat /usr/share/doc/python3-pip/copyright 2>/dev/null; } >$(PIP_DOCS)-LICENSE.txt
	rm -rf $(PIP_DOCS) && mv $(PIP_DOCS).tmp $(PIP_DOCS)
	@echo "corpus-pip: $$(find $(PIP_DOCS) -type f | wc -l) pages in $(PIP_DOCS) (licence: $(PIP_DOCS)-LICENSE.txt)"

# Debian Reference (Osamu Aoki, GPL-2+), a DocBook manual as HTML, one page
# a chapter, each in English, Simplified and Traditional Chinese beside each
# other by file name (ch05.en.html, ch05.zh-cn.html, ch05.zh-tw.html), as
# Debian's debian-reference-en, -zh-cn and -zh-tw packages install it in
# /usr/share/debian-reference; copied without the PDF exports into
# $(DEBIAN_REFERENCE), the package's copyright file in
# $(DEBIAN_REFERENCE)-LICENSE.txt. Generated, not committed.
DEBIAN_REFERENCE_SRC ?= /usr/share/debian-reference
DEBIAN_REFERENCE     ?= out/corpora/debian-reference
corpus-debian-reference:
	@ls $(DEBIAN_REFERENCE_SRC)/ch01.zh-tw.html $(DEBIAN_REFERENCE_SRC)/ch01.zh-cn.html >/dev/null 2>&1 || { echo "corpus-debian-reference: $(DEBIAN_REFERENCE_SRC)/ch01.zh-tw.html not found (apt-get install -y debian-reference-en debian-reference-zh-cn debian-reference-zh-tw)"; exit 1; }
	@rm -rf $(DEBIAN_REFERENCE).tmp && mkdir -p $(DEBIAN_REFERENCE).tmp && cp $(DEBIAN_REFERENCE_SRC)/*.html $(DEBIAN_REFERENCE_SRC)/*.css $(DEBIAN_REFERENCE).tmp/ && \
	{ echo "Debian Reference, HTML copied by 'make corpus-debian-reference' from $(DEBIAN_REFERENCE_SRC) (PDF exports left out)"; \
	  dpkg-query -W -f='Debian package $${Package} $${Version}\n' debian-reference-en debian-reference-zh-cn debian-reference-zh-tw 2>/dev/null; \
	  echo "Licence: GPL-2+ (Osamu Aoki and the translators); authors and terms:"; echo; \
	  cat /usr/share/doc/debian-reference-common/copyright 2>/dev/null; } >$(DEBIAN_REFERENCE)-LICENSE.txt && \
	rm -rf $(DEBIAN_REFERENCE) && mv $(DEBIAN_REFERENCE).tmp $(DEBIAN_REFERENCE)
	@echo "corpus-debian-reference: $$(ls $(DEBIAN_REFERENCE) | grep -c html) pages in $(DEBIAN_REFERENCE) (licence: $(DEBIAN_REFERENCE)-LICENSE.txt)"

# The Debian Administrator's Handbook (Raphaël Hertzog and Roland Mas,
# GPL-2+ or CC-BY-SA 3.0), a Publican book as HTML, one folder a language,
# read where Debian's debian-handbook package installs it (nothing to copy:
# make eval-questions skips its sets when it is not installed).
DEBIAN_HANDBOOK ?= /usr/share/doc/debian-handbook/html
# Git's documentation (Debian's git-doc, GPL-2: the manual pages, the user
# manual, gitfaq and the howtos, AsciiDoc rendered to HTML), read where the
# package installs it, as the Handbook is.
GIT_DOC ?= /usr/share/doc/git-doc
# The GNU Octave manual (Debian's octave-doc, GPL-3+: Texinfo's HTML, one
# page a node), read where the package installs it.
OCTAVE_DOC ?= /usr/share/doc/octave/octave.html
# Node.js's API documentation (Debian's nodejs, MIT): each module's page as
# Markdown, built HTML and JSON side by side, read as the package installs it.
NODEJS_DOC ?= /usr/share/doc/nodejs/api
# Python's documentation (Debian's python3-doc, PSF licence: Sphinx's HTML
# of the tutorial, FAQs, HOWTOs and library reference), read where the
# package installs it.
# The Apache HTTP Server's manual (Debian's apache2-doc, Apache-2.0: its
# own XSLT's HTML, a folder a language), read where the package installs it.
APACHE_DOC ?= /usr/share/doc/apache2-doc/manual
# PostgreSQL's documentation (Debian's postgresql-doc-15, PostgreSQL
# licence: DocBook rendered by PostgreSQL's own stylesheets, a page a
# section), read where the package installs it.
POSTGRES_DOC ?= $(firstword $(wildcard /usr/share/doc/postgresql-doc-*/html))
# The Debian GNU/Linux FAQ (Debian's debian-faq, GPL-2+: DocBook's HTML, a
# page a chapter, each NAME.html a symbolic link to NAME.en.html), read
# where the package installs it.
DEBIAN_FAQ ?= $(patsubst %/index.en.html,%,$(wildcard /usr/share/doc/debian/FAQ/index.en.html))
# SQLite's documentation (Debian's sqlite3-doc, public domain: the
# project's own hand-written HTML, a page a topic, C API pages in c3ref/),
# read where the package installs it.
SQLITE_DOC ?= $(patsubst %/lang.html,%,$(wildcard /usr/share/doc/sqlite3/lang.html))
PYTHON_DOC ?= $(patsubst %/faq/,%,$(firstword $(wildcard /usr/share/doc/python3.*/html/faq/)))

# FreeRADIUS 3.2's documentation, an Antora site (AsciiDoc pages under
# modules/NAME/pages/, partials beside them), as Debian's freeradius package
# ships it in /usr/share/doc/freeradius/antora, some pages gzipped. The
# server is not installed: the package is only unpacked (FREERADIUS_DEB, a
# .deb; without one, "apt-get download freeradius" fetches it into a temp
# folder). Copied into $(FREERADIUS_DOCS) with the .gz files unzipped; the
# licence (GPL-2+) and the package's copyright file in
# $(FREERADIUS_DOCS)-LICENSE.txt. Generated, not committed.
FREERADIUS_DEB  ?=
FREERADIUS_DOCS ?= out/corpora/freeradius
corpus-freeradius:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && deb="$(FREERADIUS_DEB)" && \
	if [ -z "$$deb" ]; then (cd "$$tmp" && apt-get download freeradius >apt.log 2>&1) || { cat "$$tmp/apt.log"; echo "corpus-freeradius: apt-get download freeradius failed (give FREERADIUS_DEB=path/to/freeradius.deb)"; exit 1; }; deb=$$(ls "$$tmp"/freeradius_*.deb); fi && \
	dpkg-deb -x "$$deb" "$$tmp/x" && src="$$tmp/x/usr/share/doc/freeradius/antora" && \
	[ -f "$$src/antora.yml" ] || { echo "corpus-freeradius: $$deb has no usr/share/doc/freeradius/antora/antora.yml"; exit 1; }; \
	rm -rf $(FREERADIUS_DOCS).tmp && mkdir -p $(FREERADIUS_DOCS).tmp && dst=$$(cd $(FREERADIUS_DOCS).tmp && pwd) && \
	(cd "$$src" && for f in $$(find . -type f | sort); do d=$$dst/$${f%.gz}; mkdir -p $$(dirname $$d) && zcat -f $$f >$$d || exit 1; done) && \
	{ echo "FreeRADIUS server documentation (freeradius), the Antora sources copied by 'make corpus-freeradius' from usr/share/doc/freeradius/antora of $$(basename $$deb) (.gz files unzipped)"; \
	  echo "Debian package $$(dpkg-deb -f "$$deb" Package) $$(dpkg-deb -f "$$deb" Version)"; \
	  echo "Licence: GPL-2+ (The FreeRADIUS Server Project); authors and terms:"; echo; \
	  cat "$$tmp/x/usr/share/doc/freeradius/copyright"; } >$(FREERADIUS_DOCS)-LICENSE.txt && \
	rm -rf $(FREERADIUS_DOCS) && mv $(FREERADIUS_DOCS).tmp $(FREERADIUS_DOCS) && \
	echo "corpus-freeradius: $$(find $(FREERADIUS_DOCS) -path '*/pages/*' -name '*.adoc' | wc -l) pages in $(FREERADIUS_DOCS) (licence: $(FREERADIUS_DOCS)-LICENSE.txt)"

# KDE's application handbooks as their DocBook sources (index.docbook and
# the chapters it includes, one folder an application), as Debian's KDE
# packages ship them in /usr/share/doc/HTML/LANG/. Nothing is installed:
# the packages (KDE_PACKAGES) are fetched with "apt-get download" into a
# temp folder (or given as .deb files in KDE_DEBS) and unpacked; the
# English handbooks are copied into $(KDE_HELP), the licence (GFDL-1.2+)
# and each package's copyright file in $(KDE_HELP)-LICENSE.txt.
# Generated, not committed.
KDE_PACKAGES ?= dolphin okular konsole gwenview kde-spectacle ark kcalc plasma-desktop-data khelpcenter
KDE_DEBS     ?=
KDE_HELP     ?= out/corpora/kde-help-en
corpus-kde:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && debs="$(KDE_DEBS)" && \
	if [ -z "$$debs" ]; then (cd "$$tmp" && apt-get download $(KDE_PACKAGES) >apt.log 2>&1) || { cat "$$tmp/apt.log"; echo "corpus-kde: apt-get download failed (give KDE_DEBS=path/to/*.deb)"; exit 1; }; debs=$$(ls "$$tmp"/*.deb); fi && \
	for d in $$debs; do dpkg-deb -x "$$d" "$$tmp/x" || exit 1; done && src="$$tmp/x/usr/share/doc/HTML/en" && \
	[ -d "$$src" ] || { echo "corpus-kde: the packages have no usr/share/doc/HTML/en"; exit 1; }; \
	rm -rf $(KDE_HELP).tmp && mkdir -p $(KDE_HELP).tmp && dst=$$(cd $(KDE_HELP).tmp && pwd) && \
	(cd "$$src" && for f in $$(find . -name '*.docbook' | sort); do mkdir -p $$dst/$$(dirname $$f) && cp $$f $$dst/$$f || exit 1; done) && \
	{ echo "KDE application handbooks, the DocBook sources copied by 'make corpus-kde' from usr/share/doc/HTML/en of:"; \
	  for d in $$debs; do echo "  Debian package $$(dpkg-deb -f "$$d" Package) $$(dpkg-deb -f "$$d" Version)"; done; \
	  echo "Licence: the handbooks GNU Free Documentation License 1.2 or later (their authors, named in each); the packages' copyright files:"; \
	  for c in "$$tmp"/x/usr/share/doc/*/copyright; do echo; echo "== $$c"; cat "$$c"; done; } >$(KDE_HELP)-LICENSE.txt && \
	rm -rf $(KDE_HELP) && mv $(KDE_HELP).tmp $(KDE_HELP) && \
	echo "corpus-kde: $$(find $(KDE_HELP) -name '*.docbook' | wc -l) handbook files in $(KDE_HELP) (licence: $(KDE_HELP)-LICENSE.txt)"

# Django's documentation: Debian's python-django-doc, Sphinx HTML (the
# sidebar, related bar and permalinks of each page are chrome by their
# structure; the general and module indexes and the search page are read as
# generated pages and left out, page/html_sphinx.go). Copied into
# $(DJANGO_DOCS) without _static/ (the theme's files) and _modules/ (the
# source listings viewcode writes, also left out by the reader); the licence
# (BSD-3-Clause) and the package's copyright file in
# $(DJANGO_DOCS)-LICENSE.txt. Generated, not committed.
DJANGO_DOCS_SRC ?= /usr/share/doc/python-django-doc/html
DJANGO_DOCS     ?= out/corpora/django-docs
corpus-django:
	@[ -f "$(DJANGO_DOCS_SRC)/index.html" ] || { echo "corpus-django: $(DJANGO_DOCS_SRC)/index.html not found (apt-get install -y python-django-doc)"; exit 1; }
	rm -rf $(DJANGO_DOCS).tmp && mkdir -p $(DJANGO_DOCS).tmp
	cd $(DJANGO_DOCS_SRC) && tar -ch --exclude=./_static --exclude=./_modules --exclude=./_sources . | tar -x -C $(CURDIR)/$(DJANGO_DOCS).tmp
	{ echo "Django documentation (python-django-doc), copied by 'make corpus-django' from $(DJANGO_DOCS_SRC)"; \
	  dpkg-query -W -f='Debian package $${Package} $${Version}\n' python-django-doc 2>/dev/null; \
	  echo "Licence: BSD-3-Clause (Django Software Foundation and individual contributors); authors and terms:"; echo; \
	  cat /usr/share/doc/python-django-doc/copyright 2>/dev/null; } >$(DJANGO_DOCS)-LICENSE.txt
	rm -rf $(DJANGO_DOCS) && mv $(DJANGO_DOCS).tmp $(DJANGO_DOCS)
	@echo "corpus-django: $$(find $(DJANGO_DOCS) -name '*.html' | wc -l) pages in $(DJANGO_DOCS) (licence: $(DJANGO_DOCS)-LICENSE.txt)"

# LibreOffice's help as its team ships it (Debian's libreoffice-help-LANG,
# HTML written by the help's XSLT: the same page in every language, with the
# help viewer's header, module menu, index and contents panes, hidden
# per-platform variants of each shortcut, "Related Topics" and a debug
# footer on each). Copied for each language of LIBREOFFICE_LANGS (Debian's
# codes: en-US de fr ...) into $(LIBREOFFICE_HELP)-LANG, keeping the help's
# own layout (LANG/text/MODULE/...: each page's <base href> and links
# expect it), with the licence (MPL-2.0) and the package's copyright file
# beside it. Only Writer, Calc and the pages they share (text/swriter,
# text/scalc, text/shared; about 1,670 of 2,560 pages): the two modules most
# people use, and the common pages (saving, printing, PDF, autocorrect,
# options) their pages link to; Impress, Draw, Base, Math, Chart and the
# Basic reference are left out, so a question is about one office suite's
# word processor and spreadsheet, not seven programs that repeat each
# other's pages. Generated, not committed; make eval-questions skips the
# libreoffice sets when it is not there.
LIBREOFFICE_HELP_ROOT ?= /usr/share/libreoffice/help
LIBREOFFICE_HELP      ?= out/corpora/libreoffice-help
LIBREOFFICE_LANGS     ?= en-US de fr
LIBREOFFICE_MODULES   ?= swriter scalc shared
corpus-libreoffice: $(addprefix corpus-libreoffice-,$(LIBREOFFICE_LANGS))

corpus-libreoffice-%: FORCE
	@pkg=libreoffice-help-$$(echo $* | tr A-Z a-z); src=$(LIBREOFFICE_HELP_ROOT)/$*/text; dst=$(LIBREOFFICE_HELP)-$*; \
	[ -d "$$src/swriter" ] || { echo "corpus-libreoffice: $$src not found (apt-get install -y $$pkg)"; exit 1; }; \
	rm -rf $$dst.tmp && mkdir -p $$dst.tmp/$*/text && \
	for m in $(LIBREOFFICE_MODULES); do cp -rL $$src/$$m $$dst.tmp/$*/text/ || exit 1; done && \
	{ echo "LibreOffice help ($$pkg: $(LIBREOFFICE_MODULES)), copied by 'make corpus-libreoffice' from $$src"; \
	  dpkg-query -W -f='Debian package $${Package} $${Version}\n' $$pkg 2>/dev/null; \
	  echo "Licence: Mozilla Public License 2.0 (MPL-2.0), some files Apache-2.0; authors and terms:"; echo; \
	  cat /usr/share/doc/$$pkg/copyright 2>/dev/null; } >$$dst-LICENSE.txt && \
	rm -rf $$dst && mv $$dst.tmp $$dst && \
	echo "corpus-libreoffice: $$(find $$dst -name '*.html' | wc -l) pages in $$dst (licence: $$dst-LICENSE.txt)"

# The question sets (testdata/questions/README.md) on each development
# corpus, offline: build its pages into $(EVAL_Q_OUT)/NAME.db, ask the graph
# agent, the RAG baseline and a BM25 page search, and print one line per
# corpus; reports in $(EVAL_Q_OUT)/NAME/. A corpus whose pages are not here
# is skipped; a pages folder already built in this run is copied, not built
# again. EVAL_Q_ARGS is added to each evaluate (e.g. --fail-below 0.8:
# every corpus still runs, and the target fails if any fell below). The
# *-near sets are questions the pages do not answer ("gold": []): their
# line ends with how many each agent answered all the same. The German,
# French, Spanish and Japanese sets share one build of the five-language KB;
# the gnome-es, -de and -fr sets ask GNOME's help translated, each its own
# folder (make corpus-gnome); gnome-page-en, -de, -pt, -ru, -sv and -da ask
# it as its Mallard sources, the .page files Debian's gnome-user-docs
# installs (-pt, -ru, -sv, -da, -zh, -ko, -pl, -uk, -cs, -hu, -nl:
# Brazilian Portuguese, Russian, Swedish, Danish, Simplified Chinese,
# Korean, Polish, Ukrainian, Czech, Hungarian and Dutch, languages the
# development sets had not), and
# gnome-admin-page asks the System Administration Guide beside it.
ADGUARD    ?= ../shared/data/helpcenters/adguard-kb
EVAL_Q_OUT ?= out/eval-questions
EVAL_Q_ARGS ?=
# EVAL_Q_BASELINE=DIR compares each set's replies with DIR/NAME, an earlier
# run's report (evaluate --baseline).
EVAL_Q_BASELINE ?=
# Fiber's documentation, as the Go module cache holds it (a dependency:
# `go mod download` fetches it; Docusaurus Markdown, MIT licence).
FIBER_DOCS ?= $(shell go list -m -f '{{.Dir}}' github.com/gofiber/fiber/v2 2>/dev/null)/docs
EVAL_CORPORA ?= sample-eval:testdata/helpcenter:testdata/questions/sample-eval.jsonl \
	ssa-eval:$(SSA)/docs:testdata/questions/ssa-eval.jsonl \
	adguard-en:$(ADGUARD)/en:testdata/questions/adguard-en.jsonl \
	adguard-en-kb40:$(ADGUARD)/en:$(ADGUARD)/questions/en.jsonl \
	sample-near:testdata/helpcenter:testdata/questions/sample-near.jsonl \
	ssa-near:$(SSA)/docs:testdata/questions/ssa-near.jsonl \
	adguard-en-near:$(ADGUARD)/en:testdata/questions/adguard-en-near.jsonl \
	adguard-conv:$(ADGUARD)/en:testdata/questions/adguard-conv-en.jsonl \
	gnome-en:$(GNOME_HELP):testdata/questions/gnome-en.jsonl \
	gnome-near:$(GNOME_HELP):testdata/questions/gnome-near.jsonl \
	gnome-conv:$(GNOME_HELP):testdata/questions/gnome-conv-en.jsonl \
	gnome-es:$(GNOME_HELP)-es:testdata/questions/gnome-es.jsonl \
	gnome-de:$(GNOME_HELP)-de:testdata/questions/gnome-de.jsonl \
	gnome-fr:$(GNOME_HELP)-fr:testdata/questions/gnome-fr.jsonl \
	gnome-page-en:$(GNOME_HELP_SRC):testdata/questions/gnome-en.jsonl \
	gnome-page-de:$(GNOME_HELP_ROOT)/de/gnome-help:testdata/questions/gnome-de.jsonl \
	gnome-page-pt:$(GNOME_HELP_ROOT)/pt_BR/gnome-help:testdata/questions/gnome-pt.jsonl \
	gnome-page-ru:$(GNOME_HELP_ROOT)/ru/gnome-help:testdata/questions/gnome-ru.jsonl \
	gnome-page-sv:$(GNOME_HELP_ROOT)/sv/gnome-help:testdata/questions/gnome-sv.jsonl \
	gnome-page-da:$(GNOME_HELP_ROOT)/da/gnome-help:testdata/questions/gnome-da.jsonl \
	gnome-page-zh:$(GNOME_HELP_ROOT)/zh_CN/gnome-help:testdata/questions/gnome-zh.jsonl \
	gnome-zh-near:$(GNOME_HELP_ROOT)/zh_CN/gnome-help:testdata/questions/gnome-zh-near.jsonl \
	gnome-page-ko:$(GNOME_HELP_ROOT)/ko/gnome-help:testdata/questions/gnome-ko.jsonl \
	gnome-ko-near:$(GNOME_HELP_ROOT)/ko/gnome-help:testdata/questions/gnome-ko-near.jsonl \
	gnome-page-pl:$(GNOME_HELP_ROOT)/pl/gnome-help:testdata/questions/gnome-pl.jsonl \
	gnome-pl-near:$(GNOME_HELP_ROOT)/pl/gnome-help:testdata/questions/gnome-pl-near.jsonl \
	gnome-page-uk:$(GNOME_HELP_ROOT)/uk/gnome-help:testdata/questions/gnome-uk.jsonl \
	gnome-page-cs:$(GNOME_HELP_ROOT)/cs/gnome-help:testdata/questions/gnome-cs.jsonl \
	gnome-page-hu:$(GNOME_HELP_ROOT)/hu/gnome-help:testdata/questions/gnome-hu.jsonl \
	gnome-page-nl:$(GNOME_HELP_ROOT)/nl/gnome-help:testdata/questions/gnome-nl.jsonl \
	gnome-page-id:$(GNOME_HELP_ROOT)/id/gnome-help:testdata/questions/gnome-id.jsonl \
	gnome-page-it:$(GNOME_HELP_ROOT)/it/gnome-help:testdata/questions/gnome-it.jsonl \
	gnome-page-fi:$(GNOME_HELP_ROOT)/fi/gnome-help:testdata/questions/gnome-fi.jsonl \
	debref-zh-tw:$(DEBIAN_REFERENCE):testdata/questions/debref-zh-tw.jsonl \
	debref-zh-cn:$(DEBIAN_REFERENCE):testdata/questions/debref-zh-cn.jsonl \
	handbook-en:$(DEBIAN_HANDBOOK)/en-US:testdata/questions/handbook-en.jsonl \
	handbook-near:$(DEBIAN_HANDBOOK)/en-US:testdata/questions/handbook-near.jsonl \
	handbook-it:$(DEBIAN_HANDBOOK)/it-IT:testdata/questions/handbook-it.jsonl \
	handbook-id:$(DEBIAN_HANDBOOK)/id-ID:testdata/questions/handbook-id.jsonl \
	handbook-ar:$(DEBIAN_HANDBOOK)/ar-MA:testdata/questions/handbook-ar.jsonl \
	handbook-nb:$(DEBIAN_HANDBOOK)/nb-NO:testdata/questions/handbook-nb.jsonl \
	handbook-fa:$(DEBIAN_HANDBOOK)/fa-IR:testdata/questions/handbook-fa.jsonl \
	git-en:$(GIT_DOC):testdata/questions/git-en.jsonl \
	git-near:$(GIT_DOC):testdata/questions/git-near.jsonl \
	octave-en:$(OCTAVE_DOC):testdata/questions/octave-en.jsonl \
	octave-near:$(OCTAVE_DOC):testdata/questions/octave-near.jsonl \
	nodejs-en:$(NODEJS_DOC):testdata/questions/nodejs-en.jsonl \
	python-en:$(PYTHON_DOC):testdata/questions/python-en.jsonl \
	python-near:$(PYTHON_DOC):testdata/questions/python-near.jsonl \
	apache-en:$(APACHE_DOC)/en:testdata/questions/apache-en.jsonl \
	apache-near:$(APACHE_DOC)/en:testdata/questions/apache-near.jsonl \
	apache-fr:$(APACHE_DOC)/fr:testdata/questions/apache-fr.jsonl \
	postgres-en:$(POSTGRES_DOC):testdata/questions/postgres-en.jsonl \
	sqlite-en:$(SQLITE_DOC):testdata/questions/sqlite-en.jsonl \
	sqlite-near:$(SQLITE_DOC):testdata/questions/sqlite-near.jsonl \
	sqlite-conv:$(SQLITE_DOC):testdata/questions/sqlite-conv.jsonl \
	debfaq-en:$(DEBIAN_FAQ):testdata/questions/debfaq-en.jsonl \
	gnome-admin-page:$(GNOME_HELP_ROOT)/C/system-admin-guide:testdata/questions/gnome-admin-en.jsonl \
	kde-en:$(KDE_HELP):testdata/questions/kde-en.jsonl \
	kde-conv:$(KDE_HELP):testdata/questions/kde-conv-en.jsonl \
	kde-near:$(KDE_HELP):testdata/questions/kde-near.jsonl \
	gimp-en:$(GIMP_HELP):testdata/questions/gimp-en.jsonl \
	gimp-near:$(GIMP_HELP):testdata/questions/gimp-near.jsonl \
	gimp-conv:$(GIMP_HELP):testdata/questions/gimp-conv-en.jsonl \
	django-en:$(DJANGO_DOCS):testdata/questions/django-en.jsonl \
	django-near:$(DJANGO_DOCS):testdata/questions/django-near.jsonl \
	libreoffice-en:$(LIBREOFFICE_HELP)-en-US:testdata/questions/libreoffice-en.jsonl \
	libreoffice-de:$(LIBREOFFICE_HELP)-de:testdata/questions/libreoffice-de.jsonl \
	libreoffice-fr:$(LIBREOFFICE_HELP)-fr:testdata/questions/libreoffice-fr.jsonl \
	libreoffice-near:$(LIBREOFFICE_HELP)-en-US:testdata/questions/libreoffice-near.jsonl \
	freedombox-en:$(FREEDOMBOX_HELP)-en:testdata/questions/freedombox-en.jsonl \
	freedombox-es:$(FREEDOMBOX_HELP)-es:testdata/questions/freedombox-es.jsonl \
	freedombox-near:$(FREEDOMBOX_HELP)-en:testdata/questions/freedombox-near.jsonl \
	freedombox-conv:$(FREEDOMBOX_HELP)-en:testdata/questions/freedombox-conv-en.jsonl \
	pip-en:$(PIP_DOCS):testdata/questions/pip-en.jsonl \
	pip-near:$(PIP_DOCS):testdata/questions/pip-near.jsonl \
	pip-conv:$(PIP_DOCS):testdata/questions/pip-conv-en.jsonl \
	freeradius-en:$(FREERADIUS_DOCS):testdata/questions/freeradius-en.jsonl \
	freeradius-near:$(FREERADIUS_DOCS):testdata/questions/freeradius-near.jsonl \
	fiber-en:$(FIBER_DOCS):testdata/questions/fiber-en.jsonl \
	adguard-de:$(ADGUARD):testdata/questions/adguard-de.jsonl \
	adguard-fr:$(ADGUARD):testdata/questions/adguard-fr.jsonl \
	adguard-es:$(ADGUARD):testdata/questions/adguard-es.jsonl \
	adguard-ja:$(ADGUARD):testdata/questions/adguard-ja.jsonl
eval-questions: $(BIN)
	@mkdir -p $(EVAL_Q_OUT) && failed=0 && built= && for c in $(EVAL_CORPORA); do \
		name=$${c%%:*}; rest=$${c#*:}; pages=$${rest%%:*}; qs=$${rest#*:}; out=$(EVAL_Q_OUT)/$$name; \
		if [ ! -d "$$pages" ] || [ ! -f "$$qs" ]; then printf '%-16s skipped: %s or %s not found\n' $$name $$pages $$qs; continue; fi; \
		syn=; [ -f "$$pages/synonyms.txt" ] && syn="--synonyms $$pages/synonyms.txt"; \
		rm -f $$out.db $$out.db-wal $$out.db-shm; db=; for b in $$built; do [ "$${b%%=*}" = "$$pages" ] && db=$${b#*=}; done; \
		if [ -n "$$db" ]; then cp $$db $$out.db; else \
		$(BIN) build --llm off --pages $$pages --store $$out.db >$$out.build.log 2>&1 || { cat $$out.build.log; exit 1; }; \
		built="$$built $$pages=$$out.db"; fi; \
		base=; [ -n "$(EVAL_Q_BASELINE)" ] && [ -f "$(EVAL_Q_BASELINE)/$$name/questions.jsonl" ] && base="--baseline $(EVAL_Q_BASELINE)/$$name"; \
		$(BIN) evaluate --llm off --store $$out.db --questions $$qs --out $$out $$syn $$base $(EVAL_Q_ARGS) >$$out.txt 2>$$out.log; \
		rc=$$?; printf '%-16s %s\n' $$name "$$(tail -1 $$out.txt)"; \
		[ $$rc -eq 0 ] || { tail -1 $$out.log; failed=1; }; \
	done; exit $$failed
