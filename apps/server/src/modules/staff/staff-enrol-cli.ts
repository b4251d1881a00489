import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { StaffRoleSchema } from '@tuzo/contracts';
import { loadConfig } from '../../config.ts';
import { openCliDatabase } from '../../db/cli-database.ts';
import { systemClock } from '../../lib/clock.ts';
import { enrolStaffByServer } from './staff-enrolment.service.ts';

/**
 * `npm run staff:enrol -- <username> <email> [operator|support]` (decision 044): creates a staff account on the
 * database of DATA_DIR or DATABASE_URL (the running server's, or an embedded one it starts) and prints its one-time
 * enrolment link. Run by whoever runs the server: this is how a second operator exists before four-eyes can work.
 * Run again for an account that has not set its password, it prints a fresh link (the old one stops working).
 */
async function main(): Promise<void> {
  const [username, email, roleText = 'operator'] = process.argv.slice(2).filter((arg) => arg !== '--');
  const role = StaffRoleSchema.safeParse(roleText);
  if (!username || !email || !role.success) {
    console.error('Usage: npm run staff:enrol -- <username> <email> [operator|support]');
    process.exit(2);
  }
  const config = loadConfig();
  const { url, stop } = await openCliDatabase(config);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    const done = await enrolStaffByServer(
      { db: drizzle(pool), clock: systemClock, publicUrl: () => publicUrl.replace(/\/$/, '') },
      { username, email, role: role.data },
    );
    console.log(
      `${done.isNew ? `${role.data} account ${done.username} created` : `New link for ${done.username}`}. ` +
        `Hand this one-time link to them (valid until ${done.expiresAt.toISOString()}); they set their own password, ` +
        `then sign in and scan their authenticator:\n${done.link}`,
    );
  } finally {
    await pool.end();
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
