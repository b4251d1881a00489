/**
 * How many SMS parts a text takes, and in which encoding: GSM-7 (the GSM 03.38 basic set; the extension table's
 * characters take two septets) fits 160 characters in one part and 153 per part when split; any other character
 * makes the whole message UCS-2, 70 in one part and 67 per part (counted in UTF-16 code units).
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

export interface SmsSize {
  encoding: 'gsm7' | 'ucs2';
  parts: number;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
}

export function smsSize(text: string): SmsSize {
  let septets = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) septets += 1;
    else if (GSM7_EXTENSION.includes(char)) septets += 2;
    else return { encoding: 'ucs2', units: text.length, parts: text.length <= 70 ? 1 : Math.ceil(text.length / 67) };
  }
  return { encoding: 'gsm7', units: septets, parts: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}
