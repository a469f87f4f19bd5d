#!/usr/bin/env bash
# The production install, from a fresh clone, as README and docs/operations.md describe it:
#   npm ci && npm run build && npm prune --omit=dev && npm start
# then: no devDependency is installed, the console (/, /login, /store) and the API answer, the first
# sup's password file logs in, SIGTERM to npm stops the server (exit 0, the port free), and a start
# without a built console says what to run and exits non-zero. Run by .ci/run (a few minutes: npm ci
# and a build). PROD_CHECK_WORKTREE=1 copies the working tree (uncommitted changes too) instead of
# cloning HEAD.
set -euo pipefail
SRC="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d)"
APP="$WORK/app"
PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
BASE="http://127.0.0.1:$PORT"
SERVER_PID=""

cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then kill -KILL -- "-$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
fail() { echo "生产安装检查失败：$*" >&2; [ -f "$WORK/server.log" ] && tail -n 30 "$WORK/server.log" >&2; exit 1; }
step() { echo "== $*"; }

if [ "${PROD_CHECK_WORKTREE:-}" = 1 ]; then
  step "copy the working tree to $APP"
  mkdir -p "$APP"
  rsync -a --filter=':- .gitignore' --exclude .git "$SRC/" "$APP/"
else
  step "git clone $SRC $APP"
  git clone -q "$SRC" "$APP"
fi
cd "$APP"

step "npm ci"
npm ci --no-audit --no-fund >/dev/null
step "npm run build"
npm run build >/dev/null
step "npm prune --omit=dev"
npm prune --omit=dev --no-audit --no-fund >/dev/null

step "no devDependency is installed (but those a dependency needs too)"
npm ls --omit=dev --all --parseable 2>/dev/null >"$WORK/production-tree.txt" || true
node -e '
  const fs = require("fs");
  const tree = new Set(fs.readFileSync(process.argv[1], "utf8").split("\n").map((p) => p.split("/node_modules/").pop()));
  const deps = Object.keys(require("./package.json").devDependencies ?? {});
  const left = deps.filter((d) => fs.existsSync("node_modules/" + d) && !tree.has(d));
  if (left.length) { console.error("仍然安装着：" + left.join(", ")); process.exit(1); }
  for (const d of ["vite", "vitest", "react", "antd", "typescript"]) if (fs.existsSync("node_modules/" + d)) { console.error("仍然安装着：" + d); process.exit(1); }
' "$WORK/production-tree.txt" || fail "npm prune --omit=dev 之后仍有 devDependency"

export PORT HOST=127.0.0.1 DATA_DIR="$WORK/data" SMTP_PORT=0 DATABASE_URL= ADMIN_PASSWORD= STATIC_DIR= BACKUP_INTERVAL_HOURS=0
step "npm start (port $PORT)"
setsid npm start >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 600); do
  grep -q '已启动' "$WORK/server.log" && break
  kill -0 "$SERVER_PID" 2>/dev/null || fail "npm start 提前退出"
  sleep 0.2
done
grep -q '已启动' "$WORK/server.log" || fail "服务没有启动"

step "the console and the API answer"
page() {
  local body
  body="$(curl -fsS "$BASE$1")" || fail "GET $1 失败"
  [[ "$body" == *"$2"* ]] || fail "GET $1 没有返回控制台页面"
}
page / 'id="root"'
page /login 'id="root"'
page /store 'id="root"'
PASSWORD="$(tail -n 1 "$DATA_DIR/first-admin-password.txt")"
LOGIN="$(curl -fsS -H 'content-type: application/json' -d "{\"username\":\"admin\",\"password\":\"$PASSWORD\"}" "$BASE/api/user/login")"
echo "$LOGIN" | grep -q '"code":200' || fail "首个管理员无法登录：$LOGIN"
[ ! -e "$DATA_DIR/first-admin-password.txt" ] || fail "首次登录后密码文件仍在"

step "SIGTERM to npm start stops the server"
kill -TERM "$SERVER_PID"
wait "$SERVER_PID" || fail "npm start 收到 SIGTERM 后没有以 0 退出"
SERVER_PID=""
grep -q '已停止' "$WORK/server.log" || fail "服务没有正常停止"
if curl -s -o /dev/null "$BASE/"; then fail "停止后端口 $PORT 仍有进程在监听"; fi

step "a start without a built console says what to run"
mv dist dist.off
if npm start >"$WORK/no-console.log" 2>&1; then fail "没有控制台时 npm start 竟然成功了"; fi
grep -q 'npm run build' "$WORK/no-console.log" || fail "没有说明要运行什么：$(cat "$WORK/no-console.log")"
mv dist.off dist

echo "生产安装检查通过：npm ci → npm run build → npm prune --omit=dev → npm start"
