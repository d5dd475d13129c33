# Shiplog's image: `docker build -t shiplog .`, then `docker run -p 3000:3000 shiplog` (embedded database
# in the /data volume) or with DATABASE_URL (and REDIS_URL) for several instances; see docs/deployment.md.
# Node 24 runs the TypeScript sources directly (type stripping), the same command the test suite runs.

# Production dependencies only, on the lockfile.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# patch-package applies patches/ at install (postinstall): the driver fix of patches/postgres+*.patch.
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund \
  && npm cache clean --force

# The runtime: sources (read-only to the app's user), committed bundles, and a data directory it owns.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  SHIPLOG_DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "server/cli/shiplog.ts"]
CMD ["serve"]
