import { constants, publicEncrypt, X509Certificate } from 'node:crypto';

/**
 * Daraja's SecurityCredential: the initiator's password encrypted with the public key of Safaricom's certificate
 * (sandbox or production `.cer`, PEM or DER), RSA PKCS#1 v1.5, base64. The padding is random, so every call gives a
 * different text; Daraja accepts any of them. The password and the result are secrets: never log either.
 */
export function encryptSecurityCredential(input: { initiatorPassword: string; certificate: string | Buffer }): string {
  if (input.initiatorPassword === '') throw new Error('The M-Pesa initiator password is empty');
  let publicKey;
  try {
    publicKey = new X509Certificate(input.certificate).publicKey;
  } catch (error) {
    throw new Error(`The M-Pesa certificate cannot be read: ${(error as Error).message}`, { cause: error });
  }
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(input.initiatorPassword, 'utf8'),
  ).toString('base64');
}
