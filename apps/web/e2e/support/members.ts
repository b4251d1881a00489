import { findTargetMember } from '../../../server/src/modules/admin-members/admin-members.service.ts';
import { updateMemberDetails } from '../../../server/src/modules/members/index.ts';
import type { TestServer } from './server.ts';

/**
 * Gives a member a phone number directly in the server's database: a flow's setup (the provider simulator chooses a
 * payout's outcome by the phone), not the behaviour under test. Changing a phone through the app needs the SMS code
 * or a second operator and then holds withdrawals (decision 045; phone-change.e2e.ts covers it).
 */
export async function setMemberPhoneForTest(server: TestServer, input: { username: string; phone: string }): Promise<void> {
  const { db, clock } = server.app.deps;
  const member = await findTargetMember(db, input.username);
  await updateMemberDetails(db, { memberId: BigInt(member.id), phone: input.phone, at: clock.now() });
}

/** The text of the latest SMS of `kind` queued to `phone` (the SMS outbox, as the server's sms tests read it). */
export async function latestSmsTo(server: TestServer, input: { phone: string; kind: string }): Promise<string | null> {
  if (!/^\+?\d+$/.test(input.phone) || !/^[a-z_]+$/.test(input.kind)) throw new Error('A phone and an SMS kind, please');
  const result = await server.app.deps.db.execute<{ text: string }>(
    `SELECT text FROM sms_outbox WHERE phone = '${input.phone}' AND kind = '${input.kind}' ORDER BY id DESC LIMIT 1`,
  );
  return result.rows[0]?.text ?? null;
}
