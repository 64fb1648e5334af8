# syntax=docker/dockerfile:1
# The Latchkey API server as a container (issue 12): the published @latchkey/server and
# @latchkey/api tarballs, built from this repository, installed without dev dependencies and
# run with plain Node as the non-root `node` user.
#
#   docker build -t latchkey .
#   docker run --env-file packages/server/.env.example -p 8787:8787 latchkey            # serve
#   docker run --env-file .env latchkey migrate                                          # any latchkey command
#
# Configuration is the environment (packages/server/.env.example lists every variable).
# Without DATABASE_URL the data (PGlite) lives in the volume /data.

# --- build: the whole workspace, built and packed ---------------------------------------------
FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY . .
# The workspace's dev tools (tsdown, tsx, esbuild) are needed to build; the tarballs ship dist/.
RUN --mount=type=cache,target=/root/.npm npm ci
RUN npm run build
RUN npm run pack:tarballs -- /pack

# --- runtime: only the server's tarballs and their production dependencies ----------------------
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8787 \
    LATCHKEY_DATA_DIR=/data \
    PATH=/app/node_modules/.bin:$PATH
WORKDIR /app
COPY --from=build /pack/latchkey-api-*.tgz /pack/latchkey-server-*.tgz /pack/
# Installed as root, so the code is read-only to the user that runs it.
RUN --mount=type=cache,target=/root/.npm \
    npm init -y >/dev/null \
    && npm install --omit=dev --no-audit --no-fund /pack/latchkey-api-*.tgz /pack/latchkey-server-*.tgz \
    && rm -rf /pack \
    && mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8787
# Liveness: the process answers. Readiness (database + migrations) is GET /readyz, for an
# orchestrator's readiness probe.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `latchkey <command>`: `serve` by default; `docker run <image> migrate`, `apps list`, ...
ENTRYPOINT ["node", "/app/node_modules/@latchkey/server/bin/latchkey.js"]
CMD ["serve"]
