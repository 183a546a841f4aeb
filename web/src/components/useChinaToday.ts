// Today's China day ('YYYY-MM-DD'), changing by itself at 00:00 Asia/Shanghai: a page left open for days (the big
// screen, a wall) asks for the new day's figures without a reload.
import { chinaDay } from '@waterops/shared/reading';
import { useEffect, useState } from 'react';

export const useChinaToday = (checkMs = 30_000): string => {
  const [day, setDay] = useState(() => chinaDay(new Date()));
  useEffect(() => {
    const timer = setInterval(() => {
      const next = chinaDay(new Date());
      setDay((old) => (old === next ? old : next));
    }, checkMs);
    return () => clearInterval(timer);
  }, [checkMs]);
  return day;
};
