// A thin bar at the top of the window while navigating or loading a page (spec §2).
import { useEffect, useState } from 'react';

export type ProgressBarProps = {
  /** true while something loads; the bar creeps forward, then completes and fades when it turns false */
  active: boolean;
};

export function ProgressBar({ active }: ProgressBarProps) {
  const [width, setWidth] = useState(0);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (active) {
      setVisible(true);
      setWidth(12);
      const timer = setInterval(() => setWidth((w) => (w < 90 ? w + (90 - w) * 0.12 : w)), 120);
      return () => clearInterval(timer);
    }
    setWidth(100);
    const timer = setTimeout(() => {
      setVisible(false);
      setWidth(0);
    }, 260);
    return () => clearTimeout(timer);
  }, [active]);

  return (
    <div className="wo-progress" aria-hidden="true" style={{ opacity: visible ? 1 : 0 }}>
      <div className="wo-progress-bar" style={{ width: `${width}%` }} />
    </div>
  );
}
