import type { LoginData, UserData } from '@tuzo/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { currentLanguage, isLanguage, setLanguage } from '@/i18n';
import { callAction, errorMessage, isSessionExpired, setUnauthorizedHandler } from './api-client';
import { ACCESS_TOKEN_KEY, readAccessToken, REFRESH_INTERVAL_ID_KEY, USER_FETCHED_AT_KEY, USER_KEY } from './storage-keys';

/** Spec part 1, section 9: user data refresh after start-up verification and after a login. */
export const REFRESH_AFTER_VERIFY_MS = 60_000;
export const REFRESH_AFTER_LOGIN_MS = 180_000;
export const userDataQueryKey = ['userdata'] as const;

export interface SessionState {
  isSignedIn: boolean;
  /** True once the token was verified at start-up or came from a fresh login. */
  isVerified: boolean;
}

let state: SessionState = { isSignedIn: readAccessToken() !== null, isVerified: false };
const listeners = new Set<() => void>();
let navigate: (path: string) => void = (path) => window.location.assign(path);
let hasStarted = false;

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Whether someone is signed in; re-renders only when that changes, so verifying the token re-renders no screen. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribe, () => state.isSignedIn);
}

/** Signed in with a token verified at start-up or by a fresh login: the user-data query may fetch. */
export function useIsSessionVerified(): boolean {
  return useSyncExternalStore(subscribe, () => state.isSignedIn && state.isVerified);
}

/** The router registers its navigate function so sign-out can move to '/' without a full reload. */
export function setSessionNavigator(fn: (path: string) => void): void {
  navigate = fn;
}

/**
 * Keeps the member's last user data (details and balances) and the time it was fetched on this device, so an offline
 * reload still shows the shell and the last balances with their time (decision 058). Removed on sign-out and on a 401.
 */
function storeUser(data: UserData, fetchedAt: number): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(data));
    localStorage.setItem(USER_FETCHED_AT_KEY, String(fetchedAt));
  } catch {
    // Storage full or private mode: the data still shows in this visit.
  }
}

/** When the stored user data was fetched (ms since the epoch), or 0 when unknown. */
export function readStoredUserFetchedAt(): number {
  try {
    const value = Number(localStorage.getItem(USER_FETCHED_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

export function readStoredUser(): UserData | undefined {
  try {
    const text = localStorage.getItem(USER_KEY);
    return text ? (JSON.parse(text) as UserData) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Shows the account's language (decision 038): a member's is kept on the server (`userdetails.language`) and wins
 * over the browser's signed-out choice; staff work in the console, which stays English.
 */
export function showAccountLanguage(data: UserData | undefined): void {
  const details = data?.userdetails;
  if (!details) return;
  const language = details.role === 'member' && !details.isadmin ? details.language : 'en';
  if (isLanguage(language) && language !== currentLanguage()) void setLanguage(language);
}

function stopRefreshTimer(): void {
  const stored = localStorage.getItem(REFRESH_INTERVAL_ID_KEY);
  if (stored !== null) window.clearInterval(Number(stored));
  localStorage.removeItem(REFRESH_INTERVAL_ID_KEY);
}

/** One refresh timer at a time; its id is kept under `refreshIntervalId` as the spec says. */
function startRefreshTimer(everyMs: number): void {
  stopRefreshTimer();
  const id = window.setInterval(() => void refreshUserData(), everyMs);
  localStorage.setItem(REFRESH_INTERVAL_ID_KEY, String(id));
}

/**
 * The user-data query as the session drives it. TanStack Query loads with the signed-in routes, not with /login
 * (decision 058): `query-client.ts` provides this when it loads; until then the stored copy is all there is.
 */
export interface UserDataQuery {
  use: () => UseQueryResult<UserData>;
  set: (data: UserData) => void;
  /** Marks the data stale (fetched again once verification enables the query), or refetches it when `refetch`. */
  invalidate: (refetch: boolean) => Promise<void>;
  clear: () => void;
}

let userDataQuery: UserDataQuery | null = null;
// Verified before the query loaded: its first copy (from storage) is stale however recent.
let isStaleOnLoad = false;

export function provideUserDataQuery(query: UserDataQuery): void {
  userDataQuery = query;
  if (isStaleOnLoad) void query.invalidate(false);
  isStaleOnLoad = false;
}

/** Refetches the member's user data (call after any successful action that changes balances or status). */
export function refreshUserData(): Promise<void> {
  return userDataQuery?.invalidate(true) ?? Promise.resolve();
}

export async function fetchUserData(): Promise<UserData> {
  try {
    const { data } = await callAction('userdata');
    if (!data) throw new Error('Failed to load user data');
    // Signed out while the answer was on its way: keep nothing of the member on the device.
    if (!readAccessToken()) throw new Error('Signed out');
    storeUser(data, Date.now());
    showAccountLanguage(data);
    return data;
  } catch (error) {
    // Spec part 1, section 8: a failed user-data refresh is only logged (the query keeps its last data).
    console.warn('User data refresh failed:', errorMessage(error));
    throw error;
  }
}

/**
 * The signed-in member's details, balances and fee settings; seeded from local storage with the time they were fetched
 * (so `dataUpdatedAt` says how old they are, offline too), refreshed by timer.
 */
export function useUserData(): UseQueryResult<UserData> {
  if (!userDataQuery) throw new Error('useUserData needs the query client (lib/query-client.ts) loaded');
  return userDataQuery.use();
}

/**
 * Where a staff account lands (staff are not members, so never a member screen): the console's money desk, or its
 * two-factor enrolment page until two-factor sign-in is on (the server refuses staff actions until then).
 */
export function staffHome(isTotpEnrolled: boolean): string {
  return isTotpEnrolled ? '/admin' : '/admin/security';
}

/** Stores a fresh login and starts the 180 s refresh. */
export function signIn(data: LoginData): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, data.access_token);
  storeUser(data.user_data, Date.now());
  userDataQuery?.set(data.user_data);
  showAccountLanguage(data.user_data);
  startRefreshTimer(REFRESH_AFTER_LOGIN_MS);
  setState({ isSignedIn: true, isVerified: true });
}

/**
 * Logs out: clears the refresh timer, token and user record, tells the server (unless the session is already
 * gone, as after a 401), and navigates to '/'.
 */
export function signOut(options: { notifyServer?: boolean } = {}): void {
  const notifyServer = options.notifyServer ?? true;
  stopRefreshTimer();
  if (notifyServer && readAccessToken()) {
    // The request reads the token synchronously before it is removed below.
    callAction('logout', { skipUnauthorizedHandling: true }).catch(() => undefined);
  }
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(USER_FETCHED_AT_KEY);
  userDataQuery?.clear();
  setState({ isSignedIn: false, isVerified: false });
  navigate('/');
}

let isVerifying = false;

/**
 * Verifies the stored token. Only the server's 401 signs out (the api client's handler does it): no answer (offline,
 * the service worker's failure, a connection error) or any other failure (502, 503) keeps the member signed in with
 * the stored data, and the token is verified again when the browser is back online (decision 058).
 */
async function verifyStoredToken(): Promise<void> {
  if (isVerifying || !readAccessToken()) return;
  isVerifying = true;
  try {
    // The user data is asked for beside the verification, not after it (one round trip less before the first screen);
    // it is shown only once the token is verified, and a 401 on either signs out.
    const early = fetchUserData().catch(() => undefined);
    await callAction('auth');
    const fresh = await early;
    if (fresh) userDataQuery?.set(fresh);
    // Without a fresh copy, the stored balances are from before this page load (or from before the network went):
    // mark them stale, so the user-data query fetches once as soon as verification enables it, however recent.
    else if (userDataQuery) await userDataQuery.invalidate(false);
    else isStaleOnLoad = true;
    setState({ isSignedIn: true, isVerified: true });
    startRefreshTimer(REFRESH_AFTER_VERIFY_MS);
  } catch (error) {
    if (isSessionExpired(error) && state.isSignedIn) signOut({ notifyServer: false });
  } finally {
    isVerifying = false;
  }
}

function verifyWhenBackOnline(): void {
  if (state.isSignedIn && !state.isVerified) void verifyStoredToken();
}

/** Runs once at start-up: hooks the 401 handler and verifies a stored token. */
export function startSession(): void {
  if (hasStarted) return;
  hasStarted = true;
  setUnauthorizedHandler(() => {
    if (state.isSignedIn) signOut({ notifyServer: false });
  });
  // A timer id from a previous page load means nothing now; drop it.
  localStorage.removeItem(REFRESH_INTERVAL_ID_KEY);
  window.addEventListener('online', verifyWhenBackOnline);
  if (readAccessToken()) {
    showAccountLanguage(readStoredUser());
    void verifyStoredToken();
  }
}

/** The signed-in member's data inside the signed-in area (the router renders it only once the data is there). */
export function useCurrentUser(): UserData {
  const { data } = useUserData();
  if (!data) throw new Error('useCurrentUser needs loaded user data');
  return data;
}
