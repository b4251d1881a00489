import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Where a scenario's time goes, measured in the same run: CPU seconds of this Node process (the app under test) and
 * of PostgreSQL's processes (the postmaster's children, read from /proc), and PostgreSQL's own per-statement
 * figures from pg_stat_statements (loaded by the bench database, `track = all`, so the statements run inside
 * ledger_record_movement are listed one by one).
 */
export const PROFILE_POSTGRES_FLAGS = [
  '-c',
  'shared_preload_libraries=pg_stat_statements',
  '-c',
  'pg_stat_statements.track=all',
  '-c',
  'pg_stat_statements.track_planning=on',
];

const TICKS_PER_SECOND = 100;
/** How many statements a profile lists (BENCH_STATEMENTS, default 10). */
const LISTED = Number(process.env.BENCH_STATEMENTS ?? 10);

/** utime + stime of one process, in ms; 0 when it is gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU ms of the postmaster and each of its children (backends, WAL writer, checkpointer...), by process id. */
function postgresCpuByPid(postmasterPid: number): Map<number, number> {
  const cpu = new Map<number, number>([[postmasterPid, processCpuMs(postmasterPid)]]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === postmasterPid) cpu.set(Number(entry), processCpuMs(Number(entry)));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return cpu;
}

/** CPU PostgreSQL used between two readings: processes alive at the end (a backend that ended meanwhile is missed). */
function postgresCpuBetween(start: Map<number, number>, end: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of end) total += ms - (start.get(pid) ?? 0);
  return total;
}

export interface StatementFigure {
  query: string;
  calls: number;
  meanMs: number;
  totalMs: number;
}

export interface TimeProfile {
  nodeCpuMs: number;
  postgresCpuMs: number;
  statements: StatementFigure[];
}

/** Starts observing; the returned function stops and gives the profile (statements by total execution time). */
export async function observeTime(input: { databaseUrl: string; dataDir: string }): Promise<() => Promise<TimeProfile>> {
  const pidFile = path.join(input.dataDir, 'postgres', 'postmaster.pid');
  const postmasterPid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  const client = new pg.Client({ connectionString: input.databaseUrl });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.query('SELECT pg_stat_statements_reset()');
  const node0 = process.cpuUsage();
  const pg0 = postgresCpuByPid(postmasterPid);
  return async () => {
    const node = process.cpuUsage(node0);
    const postgres = postgresCpuBetween(pg0, postgresCpuByPid(postmasterPid));
    const rows = await client.query<{ query: string; calls: string; mean: number; total: number }>(
      `SELECT query, calls::text, (total_exec_time + total_plan_time) / calls AS mean, total_exec_time + total_plan_time AS total
       FROM pg_stat_statements
       WHERE query NOT LIKE '%pg_stat_statements%' AND calls > 0
       ORDER BY total DESC LIMIT ${LISTED + 2}`,
    );
    await client.end();
    return {
      nodeCpuMs: (node.user + node.system) / 1000,
      postgresCpuMs: postgres,
      statements: rows.rows.map((row) => ({
        query: row.query.replace(/\s+/g, ' ').trim(),
        calls: Number(row.calls),
        meanMs: row.mean,
        totalMs: row.total,
      })),
    };
  };
}

/** Prints the CPU split per operation and the statements that took most of PostgreSQL's time. */
export function printTimeProfile(title: string, profile: TimeProfile, operations: number, wallMs: number): void {
  const per = (ms: number) => (operations > 0 ? (ms / operations).toFixed(3) : '-');
  const cores = (ms: number) => (ms / wallMs).toFixed(2);
  console.log(
    `${title}: per operation ${per(profile.nodeCpuMs)} ms CPU in the Node process (${cores(profile.nodeCpuMs)} cores), ` +
      `${per(profile.postgresCpuMs)} ms CPU in PostgreSQL (${cores(profile.postgresCpuMs)} cores), ${operations} operations in ${(wallMs / 1000).toFixed(1)} s`,
  );
  console.log('    pg_stat_statements (execution + planning, nested statements included):');
  for (const s of profile.statements.slice(0, LISTED)) {
    console.log(
      `    ${String(s.calls).padStart(7)} x ${s.meanMs.toFixed(3).padStart(7)} ms = ${(s.totalMs / 1000).toFixed(2).padStart(6)} s  ${s.query.slice(0, 110)}`,
    );
  }
}
