import type { AppDeps } from '../../lib/deps.ts';
import { sealedKeyId, SEALED_PREFIX } from '../../lib/secret-box.ts';
import { selectTotpSecretsToSeal, updateTotpSecret, validateSealedConstraint } from '../members/index.ts';

/** The additional data a member's TOTP secret is sealed with: a sealed secret opens only on its own row. */
export function totpSecretContext(memberId: bigint): string {
  return `totp:${memberId.toString()}`;
}

/**
 * Start-up step, right after the migrations and before anything else touches `members`: seals every TOTP secret
 * stored in plaintext (written before sealing existed) and re-seals every secret sealed under an older key
 * (TUZO_SECRET_KEY_PREVIOUS) with the current one, in one transaction; then validates the database constraint
 * that refuses plaintext from now on. A secret sealed under a key that is not configured stops the start: it
 * could not be opened, and those staff could not sign in.
 */
export async function sealTotpSecrets(
  deps: Pick<AppDeps, 'db' | 'log' | 'secrets'>,
): Promise<{ sealed: number; resealed: number }> {
  const box = deps.secrets;
  const counts = await deps.db.transaction(async (tx) => {
    const rows = await selectTotpSecretsToSeal(tx, `${SEALED_PREFIX}${box.current.id}:`);
    let sealed = 0;
    let resealed = 0;
    for (const row of rows) {
      const context = totpSecretContext(row.id);
      const keyId = sealedKeyId(row.secret);
      if (keyId !== null && !box.hasKey(keyId)) {
        throw new Error(
          `Invalid configuration:\n  TUZO_SECRET_KEY: two-factor secrets in the database were sealed with key ${keyId}, which is neither ` +
            'TUZO_SECRET_KEY nor in TUZO_SECRET_KEY_PREVIOUS; set the key they were sealed with (see docs/decisions/022-secret-keys.md)',
        );
      }
      const plaintext = keyId === null ? row.secret : box.open(row.secret, context);
      await updateTotpSecret(tx, { memberId: row.id, sealed: box.seal(plaintext, context) });
      if (keyId === null) sealed += 1;
      else resealed += 1;
    }
    await validateSealedConstraint(tx);
    return { sealed, resealed };
  });
  if (counts.sealed > 0) deps.log.info(`Sealed ${counts.sealed} two-factor secret(s) stored in plaintext`);
  if (counts.resealed > 0)
    deps.log.info(`Re-sealed ${counts.resealed} two-factor secret(s) under the current key ${box.current.id}`);
  return counts;
}
