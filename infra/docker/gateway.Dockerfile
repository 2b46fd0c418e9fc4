# syntax=docker/dockerfile:1.7
# The gateway's image, with the shell and the chat and account remotes built into it and served by
# the gateway as in embedded mode: `docker build -f infra/docker/gateway.Dockerfile .`
# Same pattern as service.Dockerfile (replayed by `npm run images:rehearse`, infra/docker/rehearse.ts).
ARG NODE_IMAGE=node:24-slim

FROM ${NODE_IMAGE} AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
WORKDIR /app

# Production dependencies of the gateway alone, from manifests only.
FROM base AS deps
COPY package.json package-lock.json ./
COPY scripts/complete-lockfile.mjs scripts/
COPY packages/api-client/package.json packages/api-client/
COPY packages/contracts/package.json packages/contracts/
COPY packages/crypto/package.json packages/crypto/
COPY packages/files-client/package.json packages/files-client/
COPY packages/i18n/package.json packages/i18n/
COPY packages/kit/package.json packages/kit/
COPY packages/ui/package.json packages/ui/
COPY gateway/package.json gateway/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace gateway

# The front ends: built with the full toolchain (root devDependencies: rspack, Module Federation);
# only their dist folders reach the runtime image.
FROM base AS frontends
COPY package.json package-lock.json ./
COPY scripts/complete-lockfile.mjs scripts/
COPY packages/ packages/
COPY frontends/ frontends/
# The front ends name the shared UI, i18n, API client and contracts packages as dependencies, so
# npm links those workspaces and installs their dependencies through them anyway; the explicit
# `--workspace packages/…` flags only make that visible here. Dev dependencies stay (no --omit=dev).
RUN --mount=type=cache,target=/root/.npm npm ci --include-workspace-root \
  --workspace frontends/shell --workspace frontends/chat --workspace frontends/account \
  --workspace packages/ui --workspace packages/i18n --workspace packages/api-client --workspace packages/contracts
RUN npm run build --workspace frontends/shell --workspace frontends/chat --workspace frontends/account

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 FRONTENDS_DIR=/app/frontends
WORKDIR /app
COPY --from=deps /app/ ./
COPY packages/ packages/
COPY gateway/ gateway/
COPY --from=frontends /app/frontends/shell/dist frontends/shell/dist
COPY --from=frontends /app/frontends/chat/dist frontends/chat/dist
COPY --from=frontends /app/frontends/account/dist frontends/account/dist
# Owned by root, read-only for the `node` user (uid 1000) the process runs as.
USER node
WORKDIR /app/gateway
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "src/main.ts"]
