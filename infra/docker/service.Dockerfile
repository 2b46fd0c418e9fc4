# syntax=docker/dockerfile:1.7
# One image per backend process: `--build-arg SERVICE=<auth|billing|chat|questionnaire|files|notifications|gateway>`.
# The services run their TypeScript directly on Node 24 (type stripping): there is no build step.
# `--build-arg FRONTENDS=built` (gateway only) also builds the shell and the two remotes into the
# image, served by the gateway exactly as in embedded mode (see infra/README.md).
ARG NODE_IMAGE=node:24-slim
ARG FRONTENDS=none

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Only the manifests, so the dependency layer is rebuilt when they change and not on every edit.
FROM base AS manifests
COPY . /src
RUN mkdir /manifests && cd /src \
  && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /manifests/ \; \
  && cp package-lock.json /manifests/

# The chosen workspace's sources and the shared packages it imports.
FROM base AS source
ARG SERVICE
COPY . /src
RUN set -eu; \
  case "${SERVICE:-}" in \
    gateway) ws=gateway ;; \
    auth|billing|chat|questionnaire|files|notifications) ws="services/${SERVICE}" ;; \
    *) echo "SERVICE must be gateway, auth, billing, chat, questionnaire, files or notifications" >&2; exit 1 ;; \
  esac; \
  mkdir -p "/out/$(dirname "$ws")"; \
  cp -r "/src/$ws" "/out/$ws"; \
  cp -r /src/packages /out/packages; \
  cp /src/package.json /out/package.json; \
  echo "$ws" > /out/.workspace; \
  ln -s "/app/$ws/src/main.ts" /out/main.ts

# Production dependencies of that workspace only (its @innerview/* packages are linked workspaces).
FROM base AS deps
COPY --from=manifests /manifests/ ./
COPY --from=source /out/.workspace ./.workspace
RUN --mount=type=cache,target=/root/.npm \
  npm ci --omit=dev --workspace "$(cat .workspace)"

# Front ends: nothing by default ...
FROM base AS frontends-none
RUN mkdir -p /out/frontends

# ... or the shell and both remotes, built with the full toolchain, only their dist folders kept.
FROM base AS frontends-built
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build -w frontends/shell -w frontends/chat -w frontends/account \
  && mkdir -p /out/frontends \
  && for f in shell chat account; do mkdir -p "/out/frontends/$f" && cp -r "frontends/$f/dist" "/out/frontends/$f/dist"; done

FROM frontends-${FRONTENDS} AS frontends

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 FRONTENDS_DIR=
WORKDIR /app
COPY --from=deps /app/ ./
COPY --from=source /out/ ./
COPY --from=frontends /out/frontends/ ./frontends/
# Everything belongs to root and is read-only for the process, which runs as the image's `node`
# user; the one writable place for data that must outlive a container is a volume mounted here.
RUN mkdir -p /var/lib/innerview/data && chown node:node /var/lib/innerview/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "main.ts"]
