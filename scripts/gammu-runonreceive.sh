#!/bin/sh
# gammu-smsd RunOnReceive: posts each received SMS to the console's webhook, signed like SmsForwarder.
#
# gammu-smsdrc:   RunOnReceive = /usr/local/bin/gammu-runonreceive.sh
# (another config file: RunOnReceive = GAMMU_WEBHOOK_CONF=/path/webhook.conf /usr/local/bin/gammu-runonreceive.sh)
#
# Config file (default /etc/gammu-webhook/webhook.conf, shell syntax):
#   WEBHOOK_URL=https://console.example.com/api/ingest/sms/<device key>
#   WEBHOOK_SECRET=<the device secret shown once when the device was added>
#   NUMBERS_FILE=/etc/gammu-webhook/numbers   # lines "<PhoneID> <the SIM's number>", '#' comments
#   MODEM_NUMBER=+8613800138000               # number when PHONE_ID is not in NUMBERS_FILE (one modem)
#   LOG_FILE=/var/log/gammu-webhook.log       # gammu closes stdout/stderr: failures go here and to syslog
#   CURL_TIMEOUT=20                           # seconds per attempt; gammu waits at most 2 minutes
#
# Needs: sh, curl, awk, and openssl (or python3) for the HMAC. Exits non-zero when the console did not
# take the message (gammu logs that; the SMS itself is already gone from the SIM).

CONF="${GAMMU_WEBHOOK_CONF:-/etc/gammu-webhook/webhook.conf}"
# shellcheck disable=SC1090
[ -r "$CONF" ] && . "$CONF"
NUMBERS_FILE="${NUMBERS_FILE:-/etc/gammu-webhook/numbers}"
CURL_TIMEOUT="${CURL_TIMEOUT:-20}"

log() {
  if [ -n "${LOG_FILE:-}" ]; then
    printf '%s gammu-webhook[%s]: %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "${PHONE_ID:-}" "$*" >>"$LOG_FILE" 2>/dev/null
  fi
  command -v logger >/dev/null 2>&1 && logger -t gammu-webhook -- "${PHONE_ID:-}: $*" 2>/dev/null
  { printf 'gammu-webhook: %s\n' "$*" >&2; } 2>/dev/null
  return 0
}

if [ -z "${WEBHOOK_URL:-}" ] || [ -z "${WEBHOOK_SECRET:-}" ]; then
  log "WEBHOOK_URL and WEBHOOK_SECRET must be set (config: $CONF)"
  exit 2
fi

# The text: gammu's decoded long message when it has one, else the physical parts joined.
join_parts() { # $1 = DECODED or SMS, $2 = how many parts; sets text
  text=""
  i=1
  while [ "$i" -le "$2" ]; do
    eval "text=\"\$text\${${1}_${i}_TEXT-}\""
    i=$((i + 1))
  done
}
if [ "${DECODED_PARTS:-0}" -gt 0 ] 2>/dev/null && [ -n "${DECODED_1_TEXT:-}" ]; then
  join_parts DECODED "$DECODED_PARTS"
else
  join_parts SMS "${SMS_MESSAGES:-1}"
fi
sender="${SMS_1_NUMBER:-}"

# The receiving number: PHONE_ID looked up in NUMBERS_FILE, else MODEM_NUMBER, else PHONE_ID itself
# when it is a phone number; empty lets the console use the number bound to the device's SIM1.
to=""
if [ -n "${PHONE_ID:-}" ] && [ -r "$NUMBERS_FILE" ]; then
  to=$(awk -v id="$PHONE_ID" '$1 == id && $1 !~ /^#/ { print $2; exit }' "$NUMBERS_FILE")
fi
[ -z "$to" ] && to="${MODEM_NUMBER:-}"
if [ -z "$to" ] && printf '%s' "${PHONE_ID:-}" | grep -Eq '^\+?[0-9]{5,15}$'; then to="$PHONE_ID"; fi

# JSON string contents: backslash, quote and control characters escaped, lines joined with \n.
json_escape() {
  printf '%s' "$1" | LC_ALL=C awk '
    BEGIN { for (c = 1; c < 32; c++) ctl[sprintf("%c", c)] = sprintf("\\u%04x", c) }
    {
      out = ""
      for (i = 1; i <= length($0); i++) {
        ch = substr($0, i, 1)
        if (ch == "\\") out = out "\\\\"
        else if (ch == "\"") out = out "\\\""
        else if (ch in ctl) out = out ctl[ch]
        else out = out ch
      }
      printf "%s%s", (NR > 1 ? "\\n" : ""), out
    }'
}

hmac_base64() { # $1 = message; key = WEBHOOK_SECRET
  if command -v openssl >/dev/null 2>&1; then
    printf '%s' "$1" | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" -binary | openssl base64 -A
  elif command -v python3 >/dev/null 2>&1; then
    printf '%s' "$1" | WEBHOOK_SECRET="$WEBHOOK_SECRET" python3 -c 'import base64,hashlib,hmac,os,sys
print(base64.b64encode(hmac.new(os.environ["WEBHOOK_SECRET"].encode(), sys.stdin.buffer.read(), hashlib.sha256).digest()).decode(), end="")'
  else
    return 1
  fi
}

# Milliseconds: the server takes each signed timestamp of a device for one message only, and modems
# of one pool can receive several SMS in the same second. Without GNU date's %N, the milliseconds
# are random.
timestamp=$(date +%s%3N 2>/dev/null)
case "$timestamp" in
  [0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]) ;;
  *) timestamp="$(date +%s)$(od -An -N2 -tu2 /dev/urandom | awk '{ printf "%03d", $1 % 1000 }')" ;;
esac
sign=$(hmac_base64 "$timestamp
$WEBHOOK_SECRET") || sign=""
if [ -z "$sign" ]; then
  log "cannot sign: neither openssl nor python3 is installed"
  exit 3
fi

body="{\"from\":\"$(json_escape "$sender")\""
[ -n "$to" ] && body="$body,\"to\":\"$(json_escape "$to")\""
body="$body,\"org_content\":\"$(json_escape "$text")\",\"device_mark\":\"$(json_escape "${PHONE_ID:-}")\""
body="$body,\"timestamp\":$timestamp,\"sign\":\"$sign\"}"

status=$(printf '%s' "$body" | curl -sS -o /dev/null -w '%{http_code}' --max-time "$CURL_TIMEOUT" \
  --retry 2 --retry-delay 3 --retry-connrefused \
  -H 'Content-Type: application/json; charset=utf-8' --data-binary @- "$WEBHOOK_URL" 2>/dev/null)
case "$status" in
  2??) exit 0 ;;
  *)
    log "webhook answered HTTP ${status:-none} for an SMS from $sender to ${to:-?}"
    exit 1
    ;;
esac
