# One Dockerfile for the whole stack (see docker-compose.yml):
#   target `app`     — the command, query and workers services: the same image, a different command each;
#   target `gateway` — nginx with the built web app and deploy/nginx.conf.

# Dependencies with the build tools better-sqlite3 needs when no prebuilt binary fits.
FROM node:20-bookworm-slim AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./

# Everything, for the web build (vite is a dev dependency).
FROM deps AS build-deps
RUN npm ci --no-audit --no-fund

# What the services run with: the compiled JavaScript (below), so no dev dependencies.
FROM deps AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund

FROM build-deps AS web
COPY tsconfig.json ./
COPY contract ./contract
COPY web ./web
RUN npm run build:web

# The services compiled to JavaScript once (scripts/build.mjs, esbuild), into dist/.
FROM build-deps AS server
COPY scripts/build.mjs ./scripts/build.mjs
COPY lowlevel ./lowlevel
COPY contract ./contract
COPY events ./events
COPY services ./services
RUN npm run build:server

FROM nginx:1.27-alpine AS gateway
COPY deploy/nginx.conf /etc/nginx/nginx.conf
COPY --from=web /app/web/dist /usr/share/nginx/html
EXPOSE 8080

FROM node:20-bookworm-slim AS app
ENV NODE_ENV=production DATA_DIR=/app/data PORT=3000
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY lowlevel ./lowlevel
COPY contract ./contract
COPY events ./events
COPY services ./services
# The sources stay beside the build for the operators' scripts (`npm run admin`, `replay`), which run through tsx.
COPY scripts ./scripts
COPY --from=server /app/dist ./dist
# The outbox and the VAPID key directory exist in the image, so a fresh volume mounted there starts owned by `node`, not root.
RUN mkdir -p /app/data/outbox /app/data/vapid && chown -R node:node /app/data
USER node
EXPOSE 3000
# Node itself gets the signals (no npm in between), so SIGTERM closes leases and workers cleanly.
CMD ["node", "dist/services/command/src/main.js"]
