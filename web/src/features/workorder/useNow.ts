// The time the page reads deadlines at, moved on every `ms` (30 s for the queue's countdowns), so a deadline's class
// and countdown change by themselves with no data changing.
import { useEffect, useState } from 'react';

export const DEADLINE_TICK_MS = 30_000;

export const useNow = (ms: number = DEADLINE_TICK_MS): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
};
