/** Local storage keys named by the spec (part 1, section 9). */
export const ACCESS_TOKEN_KEY = 'access_token';
export const USER_KEY = 'user';
export const REFRESH_INTERVAL_ID_KEY = 'refreshIntervalId';
/** When the stored `user` record was fetched (ms since the epoch), for the offline "Last updated" note (decision 058). */
export const USER_FETCHED_AT_KEY = 'user_fetched_at';

export function readAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}
