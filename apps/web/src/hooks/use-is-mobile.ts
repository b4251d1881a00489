import { useSyncExternalStore } from 'react';

/** Spec part 1, section 9: under 768 px the sidebar becomes a slide-in panel. */
export const MOBILE_BREAKPOINT_PX = 768;
const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
}
