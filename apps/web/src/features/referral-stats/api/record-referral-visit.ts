import { useEffect } from 'react';
import { callAction } from '@/lib/api-client';

/** Sponsors this page load already counted a visit for (a re-render or React's double effect counts nothing). */
const counted = new Set<string>();

/**
 * POST referralvisit {ref}: the sign-up page was opened through `/reg/{ref}`. The server keeps only a per-sponsor daily
 * counter (decision 060); a failure is not the visitor's concern, so it is left unsaid.
 */
export async function recordReferralVisit(ref: string): Promise<void> {
  const key = ref.toLowerCase();
  if (counted.has(key)) return;
  counted.add(key);
  try {
    await callAction('referralvisit', { payload: { ref } });
  } catch {
    // Counting is best effort: the sign-up form works the same.
  }
}

/** Counts one visit when the sign-up page is opened with a sponsor's code from the link. */
export function useReferralVisit(ref: string | undefined): void {
  useEffect(() => {
    if (ref && /^[A-Za-z0-9_]{1,40}$/.test(ref)) void recordReferralVisit(ref);
  }, [ref]);
}
