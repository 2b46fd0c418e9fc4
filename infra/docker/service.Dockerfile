# syntax=docker/dockerfile:1.7
# The image of one backend service: `docker build -f infra/docker/service.Dockerfile
# --build-arg SERVICE=<auth|billing|chat|questionnaire|files|notifications> .`
# The services run their TypeScript directly on Node 24 (type stripping): there is no build step.
# The gateway has its own file (gateway.Dockerfile: the same pattern plus the built front ends).
# `npm run images:rehearse` performs these stages without a Docker engine and starts the result:
# keep to COPY, ENV, WORKDIR, USER and simple RUN lines it can replay (infra/docker/rehearse.ts).
ARG NODE_IMAGE=node:24-slim

FROM ${NODE_IMAGE} AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
WORKDIR /app

# Production dependencies of the one service, from manifests only: editing code does not reinstall.
# The shared packages' manifests are all here (a service links the ones it uses); no other service's.
# The root postinstall (scripts/complete-lockfile.mjs) runs in `npm ci` too, so it is copied.
FROM base AS deps
ARG SERVICE
COPY package.json package-lock.json ./
COPY scripts/complete-lockfile.mjs scripts/
COPY packages/api-client/package.json packages/api-client/
COPY packages/contracts/package.json packages/contracts/
COPY packages/crypto/package.json packages/crypto/
COPY packages/files-client/package.json packages/files-client/
COPY packages/i18n/package.json packages/i18n/
COPY packages/kit/package.json packages/kit/
COPY packages/ui/package.json packages/ui/
COPY services/${SERVICE}/package.json services/${SERVICE}/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace services/${SERVICE}

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=deps /app/ ./
# The sources: the shared packages and this service (.dockerignore leaves tests and node_modules out).
COPY packages/ packages/
COPY services/${SERVICE}/ services/${SERVICE}/
# Everything belongs to root and is read-only for the process, which runs as the image's `node`
# user (uid 1000); the one writable place for data that must outlive a container is this volume.
RUN mkdir -p /var/lib/innerview/data && chown node:node /var/lib/innerview/data
USER node
WORKDIR /app/services/${SERVICE}
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "src/main.ts"]
