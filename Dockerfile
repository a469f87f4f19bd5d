# syntax=docker/dockerfile:1
# 接码控制台: console, API, background jobs and the SMTP receiver in one image.
#   docker build -t code-console .
#   docker run -d -p 127.0.0.1:8080:8080 -p 2525:2525 -v code-console-data:/data code-console
# With PostgreSQL: compose.yaml.

# --- build: every dependency, the console built into dist/, then the devDependencies removed ---
FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles its native module when no prebuilt binary can be downloaded (python3, make,
# g++), against the headers that come with this image's node (npm_config_nodedir: nothing fetched).
# @node-rs/argon2's binary is an npm package of its own (@node-rs/argon2-linux-x64-gnu...).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf tests bench .ci

# --- runtime: no compiler, no devDependency, not root ---
FROM node:20-bookworm-slim
# pg_dump/pg_restore (PostgreSQL 15, as in compose.yaml) for npm run backup / restore on PostgreSQL.
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 10001 code-console \
 && useradd --uid 10001 --gid code-console --no-create-home --home-dir /data --shell /usr/sbin/nologin code-console \
 && install -d -o code-console -g code-console -m 700 /data
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    SMTP_PORT=2525 \
    DATA_DIR=/data \
    npm_config_cache=/tmp/.npm \
    npm_config_update_notifier=false
# app.db (SQLite), device-secret.key, first-admin-password.txt, backups/: keep them together.
# (npm's cache and logs, for `npm run backup` and the like, go to /tmp, not into this volume; no
# update notice after a command's last line, which is the backup file's path.)
VOLUME ["/data"]
USER code-console
EXPOSE 8080 2525
# slim has no curl: node's own fetch asks /healthz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself receives SIGTERM (docker stop) and stops cleanly within 15 s.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/main.ts"]
