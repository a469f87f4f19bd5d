# 接码控制台: console, API, background jobs and the SMTP receiver in one image.
#   docker build -t code-console .
#   docker run -d -p 127.0.0.1:8080:8080 -p 2525:2525 -v code-console-data:/data code-console
# With PostgreSQL: compose.yaml.

# --- build: every dependency, the console built into dist/, then the devDependencies removed ---
FROM node:22-bookworm-slim AS build
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
# better-sqlite3's compile leaves its C sources (deps/, src/) and the compiler's intermediates
# (build/Release/obj*, .deps, makefiles) beside the one file it loads: only that file goes on.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf tests bench .ci \
 && cd node_modules/better-sqlite3 \
 && rm -rf deps src \
 && find build -mindepth 1 -not -path build/Release -not -path build/Release/better_sqlite3.node -prune -exec rm -rf {} + \
 && test -f build/Release/better_sqlite3.node

# --- runtime: no compiler, no devDependency, no build tree, not root ---
FROM node:22-bookworm-slim AS runtime
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
# The server runs as code-console, uid 10001 (gid 10001): a folder of the host bind-mounted here
# (-v /srv/code-console:/data) must be that uid's: chown 10001:10001 /srv/code-console (docs/operations.md).
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
