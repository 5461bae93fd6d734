#!/usr/bin/env bash
# Replaces the vendored Swagger UI with VERSION of the npm package
# `swagger-ui-dist` (see README.md): the two files the /docs page loads,
# gzip-compressed as the binary embeds them, and the licence texts.
set -euo pipefail
version=${1:?usage: update.sh VERSION (e.g. 5.34.1)}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
curl -fsSL "https://registry.npmjs.org/swagger-ui-dist/-/swagger-ui-dist-$version.tgz" | tar xz -C "$work"
for f in swagger-ui-bundle.js swagger-ui.css; do
    gzip -9nc "$work/package/$f" > "$here/$f.gz"
done
cp "$work/package/LICENSE" "$work/package/NOTICE" "$work/package/swagger-ui-bundle.js.LICENSE.txt" "$here/"
(cd "$work/package" && sha256sum swagger-ui-bundle.js swagger-ui.css)
echo "Now set the version and the checksums above in $here/README.md."
