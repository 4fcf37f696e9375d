# dist/install.mk: make install and make uninstall, the man pages and
# oncuda-run.  Included by the top-level Makefile; paths are relative to the
# repository root.
#
#   make install [DESTDIR=/stage] [PREFIX=/usr] [SBINDIR=...] [LIBDIR=...] ...
#
# GNU's conventions, spelled in capitals: every directory may be set on
# its own, DESTDIR stages the whole tree.  The client's libcuda.so.1 goes to
# $(PKGLIBDIR) (LIBDIR/oncuda), never where the system's would be shadowed
# for every program: oncuda-run puts it first for the program it runs.

PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
SBINDIR    ?= $(PREFIX)/sbin
LIBDIR     ?= $(PREFIX)/lib
PKGLIBDIR  ?= $(LIBDIR)/oncuda
DATADIR    ?= $(PREFIX)/share
MANDIR     ?= $(DATADIR)/man
SYSCONFDIR ?= $(if $(filter /usr,$(PREFIX)),/etc,$(PREFIX)/etc)
UNITDIR    ?= $(PREFIX)/lib/systemd/system
INSTALL    ?= install

MAN_PAGES := docs/man/oncudad.8 docs/man/oncuda-run.1 docs/man/oncuda-ls.1
# Substitutions for what is installed: where it will be found at run time.
INSTALLED_SED := sed -e 's|@ONCUDA_LIBDIR@|$(PKGLIBDIR)|g' \
	-e 's|@ONCUDA_LS@|$(BINDIR)/oncuda-ls|g' \
	-e 's|@SBINDIR@|$(SBINDIR)|g' -e 's|@SYSCONFDIR@|$(SYSCONFDIR)|g'

# /etc/rpc names the program for rpcinfo -p.  The file is netbase's, and
# always /etc/rpc whatever the prefix: only an install into this system
# (no DESTDIR, SYSCONFDIR /etc, as root) adds the one line, marked, when
# no "oncuda" line is there; uninstall takes back only that line.  The
# oncuda-server package does the same in its postinst and postrm.
RPC_MARK := \# oncuda make install
RPC_MINE := [ -z "$(DESTDIR)" ] && [ "$(SYSCONFDIR)" = /etc ] && [ -w /etc/rpc ]

.PHONY: install uninstall man check-install
all: tools/oncuda-run man

# In the build tree it runs the tree's library and oncuda-ls.
tools/oncuda-run: tools/oncuda-run.in
	sed -e 's|@ONCUDA_LIBDIR@|$(CURDIR)/stubs|g' \
	    -e 's|@ONCUDA_LS@|$(CURDIR)/tools/oncuda-ls|g' $< > $@.tmp
	chmod 755 $@.tmp && mv $@.tmp $@

# The OPTIONS section of each page is the program's --help text.
man: $(MAN_PAGES)
docs/man/oncudad.8: docs/man/oncudad.8.in server/daemon/main.c tools/gen-man.py
	$(PYTHON) tools/gen-man.py $< $@ server/daemon/main.c $(wildcard server/*/*.h)
docs/man/oncuda-run.1: docs/man/oncuda-run.1.in tools/oncuda-run.in tools/gen-man.py
	$(PYTHON) tools/gen-man.py $< $@ tools/oncuda-run.in
docs/man/oncuda-ls.1: docs/man/oncuda-ls.1.in tools/oncuda-ls.c tools/gen-man.py
	$(PYTHON) tools/gen-man.py $< $@ tools/oncuda-ls.c

INSTALLED := server/oncudad tools/oncuda-ls tools/oncuda-run stubs/libcuda.so.1 \
	$(MAN_PAGES)

# The options file is the administrator's: an existing one is kept.
install: $(INSTALLED)
	$(INSTALL) -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(BINDIR) \
		$(DESTDIR)$(PKGLIBDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(MANDIR)/man8 \
		$(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSCONFDIR)/default \
		$(DESTDIR)$(DATADIR)/oncuda
	$(INSTALL) -m 755 server/oncudad $(DESTDIR)$(SBINDIR)/oncudad
	$(INSTALL) -m 755 tools/oncuda-ls $(DESTDIR)$(BINDIR)/oncuda-ls
	$(INSTALLED_SED) tools/oncuda-run.in > $(DESTDIR)$(BINDIR)/oncuda-run
	chmod 755 $(DESTDIR)$(BINDIR)/oncuda-run
	$(INSTALL) -m 755 stubs/libcuda.so.1 $(DESTDIR)$(PKGLIBDIR)/libcuda.so.1
	ln -sf libcuda.so.1 $(DESTDIR)$(PKGLIBDIR)/libcuda.so
	$(INSTALL) -m 644 docs/man/oncuda-run.1 docs/man/oncuda-ls.1 \
		$(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 644 docs/man/oncuda.7 $(DESTDIR)$(MANDIR)/man7/
	$(INSTALL) -m 644 docs/man/oncudad.8 $(DESTDIR)$(MANDIR)/man8/
	$(INSTALLED_SED) dist/oncudad.service > $(DESTDIR)$(UNITDIR)/oncudad.service
	chmod 644 $(DESTDIR)$(UNITDIR)/oncudad.service
	test -e $(DESTDIR)$(SYSCONFDIR)/default/oncudad || \
		$(INSTALLED_SED) dist/oncudad.default > $(DESTDIR)$(SYSCONFDIR)/default/oncudad
	$(INSTALL) -m 644 dist/rpc $(DESTDIR)$(DATADIR)/oncuda/rpc
	@if $(RPC_MINE); then \
		grep -qs '^oncuda[[:space:]]' /etc/rpc || { \
		grep -v '^#' dist/rpc | sed 's/$$/\t$(RPC_MARK)/' >> /etc/rpc && \
		echo "make install: added oncuda to /etc/rpc"; }; \
	elif ! grep -qs '^oncuda[[:space:]]' /etc/rpc; then \
		echo "make install: for rpcinfo to name the program, add the line of $(DATADIR)/oncuda/rpc to /etc/rpc"; \
	fi

uninstall:
	rm -f $(DESTDIR)$(SBINDIR)/oncudad $(DESTDIR)$(BINDIR)/oncuda-ls \
		$(DESTDIR)$(BINDIR)/oncuda-run \
		$(DESTDIR)$(PKGLIBDIR)/libcuda.so.1 $(DESTDIR)$(PKGLIBDIR)/libcuda.so \
		$(DESTDIR)$(MANDIR)/man1/oncuda-run.1 $(DESTDIR)$(MANDIR)/man1/oncuda-ls.1 \
		$(DESTDIR)$(MANDIR)/man7/oncuda.7 $(DESTDIR)$(MANDIR)/man8/oncudad.8 \
		$(DESTDIR)$(UNITDIR)/oncudad.service $(DESTDIR)$(DATADIR)/oncuda/rpc
	-rmdir $(DESTDIR)$(PKGLIBDIR) $(DESTDIR)$(DATADIR)/oncuda 2>/dev/null
	@if $(RPC_MINE) && grep -qs '^oncuda[[:space:]].*$(RPC_MARK)$$' /etc/rpc; then \
		sed -i '/^oncuda[[:space:]].*$(RPC_MARK)$$/d' /etc/rpc && \
		echo "make uninstall: removed oncuda from /etc/rpc"; fi
	@echo "make uninstall: $(SYSCONFDIR)/default/oncudad is kept (the administrator's options)"
