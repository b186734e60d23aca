#!/usr/bin/env bash
# Builds pgvector from Debian's source package and installs it into the local PostgreSQL.
# bookworm has no pgvector binary package; trixie's source builds against PostgreSQL 15 headers.
# Idempotent: does nothing when the extension is already installed.
set -euo pipefail
pg_config=${PG_CONFIG:-$(ls -d /usr/lib/postgresql/*/bin/pg_config 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$pg_config" ] || [ ! -x "$pg_config" ]; then
  echo "install-pgvector: no pg_config found; install postgresql-server-dev-NN first" >&2
  exit 1
fi
sharedir=$("$pg_config" --sharedir)
if [ -f "$sharedir/extension/vector.control" ]; then
  echo "install-pgvector: pgvector already installed ($sharedir/extension/vector.control)"
  exit 0
fi
major=$("$pg_config" --version | sed -E 's/[^0-9]*([0-9]+).*/\1/')
export DEBIAN_FRONTEND=noninteractive
need_update=0
if ! dpkg -s "postgresql-server-dev-$major" >/dev/null 2>&1 || ! command -v dpkg-source >/dev/null 2>&1; then
  need_update=1
fi
src=/etc/apt/sources.list.d/pgvector-src.sources
if [ ! -f "$src" ]; then
  cat > "$src" <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  need_update=1
fi
if [ "$need_update" = 1 ]; then apt-get update -qq; fi
apt-get install -y -qq "postgresql-server-dev-$major" dpkg-dev make gcc >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
apt-get source --download-only pgvector >/dev/null 2>&1
tar xzf pgvector_*.orig.tar.gz
cd pgvector-*/
# OPTFLAGS="" avoids -march=native so the build runs on any x86_64 machine.
make -s -j"$(nproc)" PG_CONFIG="$pg_config" OPTFLAGS="" >/dev/null
make -s install PG_CONFIG="$pg_config" >/dev/null
echo "install-pgvector: installed into $sharedir"
