# shellcheck shell=bash
# tests/interop/check.sh: builds of other protocol revisions, from this
# repository's history, against today's build, as a step for tests/run.sh
# (source this file, then run step_interop), or on its own:
#
#   bash tests/interop/check.sh
#
# From git history it takes two commits:
#   OLD   the newest commit whose idl/wire.lock differs from the working
#         tree's and that already speaks ONCUDA_HELLO (gen/wire_revision.h);
#   SAME  the newest commit with the working tree's idl/wire.lock (the one
#         that set it; its code is older than today's, its protocol not).
# It builds OLD's client library and oncudad and SAME's client library only
# (git archive into a temporary folder, make at -O0), then checks:
#   - today's client against OLD's oncudad, and OLD's client against
#     today's oncudad, fail at cuInit, and both the client's message and
#     the server's log name both revisions;
#   - SAME's client against today's oncudad works.
# Skipped, with the reason, outside a git work tree, in a shallow clone
# (which lacks the history), or when history has no such commit.  Uses
# tests/lib.sh and run.sh's SERVER, OUT and CLIENT_LIBS.

# interop_build COMMIT DIR TARGET...: COMMIT's tree in DIR, TARGETs made.
interop_build() {
	local commit=$1 dir=$2 short
	shift 2
	short=$(git rev-parse --short "$commit")
	mkdir -p "$dir"
	git archive "$commit" | tar -x -C "$dir" || return 1
	# Its release names the commit; -O0, and warnings not errors (today's
	# compiler may warn where that commit's did not): only the protocol
	# matters here.
	run_logged "interop-build-$short" 900 make -C "$dir" -j2 CFLAGS=-O0 \
		WARN="-Wall -Wextra" ONCUDA_SOFTWARE_VERSION="history-$short" "$@"
}

# interop_find: sets INTEROP_OLD and INTEROP_SAME (empty: none) from history.
interop_find() {
	local here commit blob
	INTEROP_OLD='' INTEROP_SAME=''
	here=$(git hash-object idl/wire.lock)
	for commit in $(git log --format=%H -- idl/wire.lock); do
		blob=$(git rev-parse -q --verify "$commit:idl/wire.lock") || continue
		if [[ $blob == "$here" ]]; then
			[[ -z $INTEROP_SAME ]] && INTEROP_SAME=$commit
		elif [[ -z $INTEROP_OLD ]] &&
			git cat-file -e "$commit:gen/wire_revision.h" 2>/dev/null; then
			INTEROP_OLD=$commit
		fi
		[[ -n $INTEROP_OLD && -n $INTEROP_SAME ]] && break
	done
}

# interop_revision DIR: the revision DIR's build speaks, as the messages
# write it (8 hex digits).
interop_revision() {
	sed -n 's/^#define ONCUDA_WIRE_REVISION 0x\([0-9a-f]*\)u$/\1/p' \
		"$1/gen/wire_revision.h"
}

# interop_refused NAME CLIENT_LIB_DIR SERVER_LOG REV_A REV_B: the client run
# NAME failed at setting up, and its message and the server's log name
# both revisions.
interop_refused() {
	local name=$1 libs=$2 log=$3 a=$4 b=$5 verdict=0
	if grep -q "setting up failed" "$OUT/$name.log" &&
		grep -q "protocol revision $a .*this library $b" "$OUT/$name.log"; then
		ok "$name: cuInit fails; the client says the server speaks $a and it $b"
	else
		bad "$name: the client ($libs) did not refuse the server, naming both revisions:"
		show "$OUT/$name.log"
		verdict=1
	fi
	if grep -q "protocol revision $b .*this server $a" "$log"; then
		ok "$name: the server's log names the client's revision $b and its own $a"
	else
		bad "$name: the server's log does not name both revisions:"
		show "$log"
		verdict=1
	fi
	return $verdict
}

step_interop() {
	local dir old_dir same_dir here_rev old_rev verdict=0 old_pid
	if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		echo "    SKIP: interop: not a git work tree, so no history to build from"
		return 77
	fi
	if [[ $(git rev-parse --is-shallow-repository) == true ]]; then
		echo "    SKIP: interop: a shallow clone has no older protocol revisions (git fetch --unshallow)"
		return 77
	fi
	interop_find
	if [[ -z $INTEROP_OLD ]]; then
		echo "    SKIP: interop: no commit in history speaks another protocol revision with ONCUDA_HELLO"
		return 77
	fi
	dir=$(mktemp -d "${TMPDIR:-/tmp}/oncuda-interop.XXXXXX") || return 1
	old_dir=$dir/old same_dir=$dir/same
	here_rev=$(interop_revision .)
	if ! interop_build "$INTEROP_OLD" "$old_dir" stubs/libcuda.so.1 server/oncudad; then
		bad "building $INTEROP_OLD (the older revision) failed:"
		tail -n 20 "$OUT/interop-build-$(git rev-parse --short "$INTEROP_OLD").log" | sed 's/^/      | /'
		rm -rf "$dir"
		return 1
	fi
	old_rev=$(interop_revision "$old_dir")
	ok "built $(git log -1 --format='%h (%ad)' --date=short "$INTEROP_OLD"), protocol revision $old_rev; this tree's is $here_rev"

	# Today's client, the older oncudad.
	start_server interop-old 20 env LD_LIBRARY_PATH="$ROOT/tests/fakecuda" \
		"$old_dir/server/oncudad" -n -l 127.0.0.1 || { rm -rf "$dir"; return 1; }
	old_pid=$SERVER_PID
	run_client interop-new-client 30 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TRANSPORT=tcp tests/fuzz/alloc 1
	stop_server "$old_pid" 10 || verdict=1
	interop_refused interop-new-client "$CLIENT_LIBS" "$OUT/interop-old.log" \
		"$old_rev" "$here_rev" || verdict=1

	# The older client, today's oncudad.
	start_server interop-new 20 "${SERVER[@]}" -n -l 127.0.0.1 || { rm -rf "$dir"; return 1; }
	run_logged interop-old-client 30 env LD_LIBRARY_PATH="$old_dir/stubs" \
		ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" ONCUDA_TRANSPORT=tcp \
		tests/fuzz/alloc 1
	interop_refused interop-old-client "$old_dir/stubs" "$OUT/interop-new.log" \
		"$here_rev" "$old_rev" || verdict=1

	# A build of the same revision from another commit works with today's.
	if [[ -z $INTEROP_SAME ]]; then
		echo "    (no commit has this tree's idl/wire.lock: a protocol change not yet committed; same-revision check skipped)"
	elif ! interop_build "$INTEROP_SAME" "$same_dir" stubs/libcuda.so.1; then
		bad "building $INTEROP_SAME (the same revision) failed:"
		tail -n 20 "$OUT/interop-build-$(git rev-parse --short "$INTEROP_SAME").log" | sed 's/^/      | /'
		verdict=1
	else
		run_logged interop-same-client 30 env LD_LIBRARY_PATH="$same_dir/stubs" \
			ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" ONCUDA_TRANSPORT=tcp \
			tests/fuzz/alloc 1
		if grep -qx '1 MiB: CUDA_SUCCESS' "$OUT/interop-same-client.log"; then
			ok "the client of $(git rev-parse --short "$INTEROP_SAME") (revision $here_rev too) works with today's oncudad"
		else
			bad "the client of $(git rev-parse --short "$INTEROP_SAME"), of the same revision, did not work with today's oncudad:"
			show "$OUT/interop-same-client.log"
			verdict=1
		fi
	fi
	stop_server "$SERVER_PID" 10 || verdict=1
	rm -rf "$dir"
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone interop step_interop -- "$@"
fi
