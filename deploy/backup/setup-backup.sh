#!/usr/bin/env bash
# WAL archiving and a full base backup of Tuzo's PostgreSQL with pgBackRest (issue 25 §4, decision 054).
#
#   DATABASE_URL=postgres://user:pass@host:port/tuzo deploy/backup/setup-backup.sh --pgdata /var/lib/postgresql/15/main
#   deploy/backup/setup-backup.sh            # the embedded default: ./data/postgres, port EMBEDDED_PG_PORT (54329)
#
# Run it ON THE DATABASE HOST, as root or as the OS user that owns the data directory (pgBackRest reads the data
# directory itself, and PostgreSQL runs archive_command as that user), with a superuser in DATABASE_URL (ALTER
# SYSTEM, pg_backup_start). The server must be running. Steps: writes pgbackrest.conf from pgbackrest.conf.template,
# turns on archive_mode with archive_command = pgbackrest archive-push, creates the stanza, checks that WAL reaches
# the repository, and takes a full backup. archive_mode needs a restart of PostgreSQL: without --restart the script
# stops there and says so (for the embedded default: restart `npm start`, then run the script again). Run again any
# time: it keeps what is set and takes another full backup (`--type incr` or `diff` for a smaller one).
#
# Options (or the environment variable in brackets):
#   --pgdata DIR      the cluster's data directory [PGDATA]; default for the embedded one: $DATA_DIR/postgres
#   --repo DIR        where backups and WAL go [BACKUP_REPO]; default $DATA_DIR/backup (DATA_DIR defaults to ./data)
#   --config FILE     the pgBackRest configuration written [PGBACKREST_CONFIG]; default <repo>/pgbackrest.conf
#   --stanza NAME     [BACKUP_STANZA]; default tuzo
#   --pg-bin DIR      pg_ctl for --restart [PG_BIN]; default the directory of `pg_ctl` in PATH, else PostgreSQL 15's
#   --socket DIR      the server's Unix socket directory; default its first unix_socket_directories
#   --type TYPE       full (default), diff or incr
#   --restart         restart PostgreSQL with pg_ctl when archive_mode has to change
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
data_dir="${DATA_DIR:-./data}"
pgdata="${PGDATA:-}"
repo="${BACKUP_REPO:-}"
config="${PGBACKREST_CONFIG:-}"
stanza="${BACKUP_STANZA:-tuzo}"
pg_bin="${PG_BIN:-}"
socket=""
backup_type="full"
restart="no"
while [ $# -gt 0 ]; do
  case "$1" in
    --pgdata) pgdata="$2"; shift 2 ;;
    --repo) repo="$2"; shift 2 ;;
    --config) config="$2"; shift 2 ;;
    --stanza) stanza="$2"; shift 2 ;;
    --pg-bin) pg_bin="$2"; shift 2 ;;
    --socket) socket="$2"; shift 2 ;;
    --type) backup_type="$2"; shift 2 ;;
    --restart) restart="yes"; shift ;;
    -h | --help) sed -n '2,30p' "$0"; exit 0 ;;
    *) echo "Unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done

fail() { echo "setup-backup: $*" >&2; exit 1; }
command -v pgbackrest > /dev/null || fail "pgbackrest is not installed (apt-get install -y pgbackrest)"
command -v psql > /dev/null || fail "psql is not installed (apt-get install -y postgresql-client-15)"

url="${DATABASE_URL:-}"
if [ -z "$url" ]; then
  # The embedded default (apps/server/src/db/embedded.ts): user postgres, password postgres, database tuzo.
  url="postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PG_PORT:-54329}/tuzo"
  pgdata="${pgdata:-$data_dir/postgres}"
fi
[ -n "$pgdata" ] || fail "set --pgdata (or PGDATA) to the data directory of the PostgreSQL in DATABASE_URL"
[ -f "$pgdata/PG_VERSION" ] || fail "$pgdata is not a PostgreSQL data directory on this host (no PG_VERSION)"
pgdata="$(cd "$pgdata" && pwd)"
repo="${repo:-$data_dir/backup}"
mkdir -p "$repo"
repo="$(cd "$repo" && pwd)"
config="${config:-$repo/pgbackrest.conf}"

# The parts of DATABASE_URL pgBackRest needs (it connects over the Unix socket, as PostgreSQL's own tools do).
mapfile -t parts < <(node -e '
  const u = new URL(process.argv[1]);
  for (const part of [u.username || "postgres", u.password, u.port || "5432", u.pathname.slice(1) || "postgres"])
    console.log(decodeURIComponent(part));
' "$url")
db_user="${parts[0]}" db_password="${parts[1]}" db_port="${parts[2]}" db_name="${parts[3]}"

# pgBackRest and archive_command run as the owner of the data directory; as root the script becomes that user.
owner="$(stat -c %U "$pgdata")"
as_owner() {
  if [ "$(id -un)" = "$owner" ]; then env PGPASSWORD="$db_password" "$@"
  elif [ "$(id -u)" = 0 ]; then runuser -u "$owner" -- env PGPASSWORD="$db_password" "$@"
  else fail "run as root or as $owner (the owner of $pgdata)"; fi
}
sql() { psql "$url" -v ON_ERROR_STOP=1 -XAtq -c "$1"; }

major="$(sql 'SHOW server_version_num' | cut -c1-2)"
echo "PostgreSQL $major, data directory $pgdata (owner $owner); $(pgbackrest version)"
if [ "$(pgbackrest version)" = "pgBackRest 2.45" ] && [ "$major" -gt 15 ]; then
  fail "pgBackRest 2.45 (Debian 12's) supports PostgreSQL up to 15, not $major: install a newer pgBackRest" \
    "(apt.postgresql.org) or run Tuzo on a PostgreSQL 15 given by DATABASE_URL"
fi
socket="${socket:-$(sql 'SHOW unix_socket_directories' | cut -d, -f1 | tr -d ' ')}"
[ -n "$socket" ] || fail "the server listens on no Unix socket; set unix_socket_directories or --socket"

# PostgreSQL (as $owner) must reach the repository and the configuration: every folder above them enterable.
mkdir -p "$repo/log" "$repo/lock" "$repo/spool"
chown -R "$owner" "$repo" 2> /dev/null || true
chmod 750 "$repo"
sed -e "s|@REPO@|$repo|g" -e "s|@STANZA@|$stanza|g" -e "s|@PGDATA@|$pgdata|g" -e "s|@PORT@|$db_port|g" \
  -e "s|@SOCKET@|$socket|g" -e "s|@USER@|$db_user|g" -e "s|@DATABASE@|$db_name|g" \
  "$here/pgbackrest.conf.template" > "$config"
chown "$owner" "$config" 2> /dev/null || true
chmod 640 "$config"
as_owner test -r "$config" || fail "$owner cannot read $config: make every folder above it enterable (chmod o+x)"
echo "Wrote $config (repository $repo, stanza $stanza)"

archive_command="pgbackrest --config=$config --stanza=$stanza archive-push %p"
sql "ALTER SYSTEM SET archive_command = '${archive_command//\'/\'\'}'" > /dev/null
sql "ALTER SYSTEM SET archive_mode = 'on'" > /dev/null
[ "$(sql 'SHOW wal_level')" != "minimal" ] || sql "ALTER SYSTEM SET wal_level = 'replica'" > /dev/null
sql 'SELECT pg_reload_conf()' > /dev/null
if [ "$(sql 'SHOW archive_mode')" != "on" ] || [ "$(sql 'SHOW wal_level')" = "minimal" ]; then
  if [ "$restart" != "yes" ]; then
    echo "archive_mode is set but takes effect at the next start of PostgreSQL: restart it (for the embedded default,"
    echo "restart npm start), then run this script again; or run it with --restart to restart it with pg_ctl now."
    exit 3
  fi
  pg_ctl="${pg_bin:+$pg_bin/pg_ctl}"
  pg_ctl="${pg_ctl:-$(command -v pg_ctl || echo /usr/lib/postgresql/15/bin/pg_ctl)}"
  as_owner "$pg_ctl" -D "$pgdata" -m fast -w restart > /dev/null
  [ "$(sql 'SHOW archive_mode')" = "on" ] || fail "archive_mode is still off after the restart"
fi

pg() { as_owner pgbackrest --config="$config" --stanza="$stanza" "$@"; }
pg stanza-create
pg check
pg --type="$backup_type" backup
pg info
