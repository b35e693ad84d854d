import { useEffect, useState } from 'react';

/** True once `flag` has stayed true for `delayMs`: a quick load does not flash the overlay. */
export function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [isLate, setIsLate] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = window.setTimeout(() => setIsLate(true), delayMs);
    return () => {
      window.clearTimeout(timer);
      setIsLate(false);
    };
  }, [flag, delayMs]);
  return flag && isLate;
}
