# dist/deb.mk: make deb, the Debian packages oncuda-server and oncuda-client
# (debian/), from the tree make builds.  Included by the top-level Makefile.
#
#   make deb [DEB_DIR=deb]      the packages, in DEB_DIR
#   make check-deb              make deb, then lintian on them (errors fail)
#
# debian/rules runs make all and make install into debian/tmp, with the
# Debian layout (PREFIX /usr, the library in /usr/lib/TRIPLET/oncuda, the
# unit in /lib/systemd/system).  It needs debhelper; check-deb lintian.

DEB_DIR ?= deb

.PHONY: deb check-deb

# debhelper's state of the last run goes first (its logs would skip steps);
# not with dh_clean, which also deletes *~, *.orig and the like anywhere in
# the tree, which is a developer's.
DEB_STATE := debian/.debhelper debian/tmp debian/oncuda-server \
	debian/oncuda-client debian/files debian/debhelper-build-stamp \
	debian/*.substvars debian/*.debhelper debian/*.debhelper.log

deb: all
	rm -rf $(DEB_DIR) $(DEB_STATE) && mkdir -p $(DEB_DIR)
	ONCUDA_DEB_DIR=$(abspath $(DEB_DIR)) debian/rules binary

# debian/*.lintian-overrides say why for each tag they quiet.
check-deb: deb
	lintian --fail-on error --info $(DEB_DIR)/*.deb
