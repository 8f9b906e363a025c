# The shop as one image (decision 0022): the API, the server-rendered storefront and its assets.
# Build: docker build -t spice-shop .   Run several behind a proxy: compose.yaml.
# Configuration comes from the environment at run time (README, "Configuration").

FROM node:24-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The storefront build, then only what runs in production (the server runs TypeScript natively).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=build --chown=node:node /app /app
# Uploaded images on local disk (MEDIA_DIR) when no S3 bucket is set; PGlite's files when no
# DATABASE_URL is set (one container only). Mount a volume here to keep them.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# 503 while the database is unreachable or the instance drains before shutting down.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm passes SIGTERM on to the server, which drains and closes (lib/shutdown.ts).
CMD ["npm", "start"]
