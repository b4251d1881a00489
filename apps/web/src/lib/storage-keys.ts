/** Local storage keys named by the spec (part 1, section 9). */
export const ACCESS_TOKEN_KEY = 'access_token';
export const USER_KEY = 'user';
export const REFRESH_INTERVAL_ID_KEY = 'refreshIntervalId';

export function readAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}
