import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from './constants';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** Spec §9: below 764 px the drawer is the mobile one. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
  );
}
