import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (two-factor TOTP secrets) are stored sealed with AES-256-GCM under a key from
 * configuration (docs/decisions/022-secret-keys.md). A sealed value reads
 *
 *     v1:<key id>:<nonce>:<ciphertext>:<tag>        (the last three base64url)
 *
 * `v1` is the format; the key id (8 hex characters of an HMAC of the key, so it names the key without revealing it)
 * says which key sealed it, so the key can be rotated: the new key seals, older keys (TUZO_SECRET_KEY_PREVIOUS)
 * still open, and the start-up step re-seals everything under the new key. The caller's context (e.g.
 * `totp:<member id>`) is bound in as additional data, so a sealed value copied onto another row does not open.
 */
export const SEALED_PREFIX = 'v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

export interface SecretKey {
  id: string;
  key: Buffer;
}

/** A key as configured: 64 hex characters, or base64 / base64url of 32 bytes. Null when it is neither. */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === SECRET_KEY_BYTES ? bytes : null;
}

export function secretKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('tuzo secret key id').digest('hex').slice(0, 8);
}

export function toSecretKey(key: Buffer): SecretKey {
  return { id: secretKeyId(key), key };
}

export function isSealed(text: string): boolean {
  return text.startsWith(SEALED_PREFIX);
}

/** The id of the key that sealed `text`, or null for a value that is not sealed (plaintext from before). */
export function sealedKeyId(text: string): string | null {
  return isSealed(text) ? (text.split(':')[1] ?? null) : null;
}

export class SecretBox {
  readonly current: SecretKey;
  private readonly byId: Map<string, SecretKey>;

  constructor(current: SecretKey, previous: readonly SecretKey[] = []) {
    this.current = current;
    this.byId = new Map([...previous, current].map((key) => [key.id, key]));
  }

  hasKey(id: string): boolean {
    return this.byId.has(id);
  }

  /** Seals `plaintext` under the current key with a fresh random nonce. */
  seal(plaintext: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      SEALED_PREFIX + this.current.id,
      nonce.toString('base64url'),
      body.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
    ].join(':');
  }

  /** Opens a sealed value; throws when the key is not configured, the context differs or the value was altered. */
  open(sealed: string, context: string): string {
    const parts = sealed.split(':');
    const [version, keyId, nonce, body, tag] = parts;
    if (
      parts.length !== 5 ||
      `${version}:` !== SEALED_PREFIX ||
      !keyId ||
      nonce === undefined ||
      body === undefined ||
      tag === undefined
    ) {
      throw new Error('Not a sealed secret');
    }
    const key = this.byId.get(keyId);
    if (!key) throw new Error(`Sealed with key ${keyId}, which is not configured (TUZO_SECRET_KEY or TUZO_SECRET_KEY_PREVIOUS)`);
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(nonce, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
