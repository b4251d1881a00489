/** The browser's first-party device id, sent as `X-Device-Id` for the multi-account signals (issue 27, decision 061). */
export const DEVICE_ID_KEY = 'tuzo.device';

/** 16 random bytes as base64url (22 characters), made once and kept in local storage; null when storage is closed. */
export function deviceId(): string | null {
  try {
    let id = localStorage.getItem(DEVICE_ID_KEY);
    if (!id || !/^[\w-]{22,64}$/.test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      localStorage.setItem(DEVICE_ID_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}
