// The big screen's clocks, as RxJS streams at the edge (conventions: big-screen rotation timers) wrapped in hooks:
// the scene on show, the burn-in shift, the viewport's size, and the wall clock in China time.
import { useEffect, useState } from 'react';
import { fromEvent, map, startWith, timer } from 'rxjs';
import { PIXEL_SHIFT_STEP_MS, pixelShiftAt } from './pixelShift.ts';
import type { Viewport } from './screenCanvas.ts';
import { type ScreenConfig, sceneIndexAt } from './screenConfig.ts';

/** The scene on show: checked every second against the time the rotation started (no drift over weeks). */
export const useSceneIndex = (config: ScreenConfig): number => {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const sub = timer(0, 1_000)
      .pipe(map(() => sceneIndexAt(config, Date.now() - started)))
      .subscribe((i) => setIndex((old) => (old === i ? old : i)));
    return () => sub.unsubscribe();
  }, [config]);
  return index;
};

/** The canvas's burn-in offset, stepped every few minutes. */
export const usePixelShift = (): { x: number; y: number } => {
  const [shift, setShift] = useState(() => pixelShiftAt(Date.now()));
  useEffect(() => {
    const sub = timer(0, PIXEL_SHIFT_STEP_MS / 6).subscribe(() => {
      const next = pixelShiftAt(Date.now());
      setShift((old) => (old.x === next.x && old.y === next.y ? old : next));
    });
    return () => sub.unsubscribe();
  }, []);
  return shift;
};

const viewportNow = (): Viewport => ({ width: window.innerWidth, height: window.innerHeight });

export const useViewport = (): Viewport => {
  const [viewport, setViewport] = useState(viewportNow);
  useEffect(() => {
    const sub = fromEvent(window, 'resize')
      .pipe(map(viewportNow), startWith(viewportNow()))
      .subscribe((v) => setViewport((old) => (old.width === v.width && old.height === v.height ? old : v)));
    return () => sub.unsubscribe();
  }, []);
  return viewport;
};

/** The time now, ticking every second (the header's clock). */
export const useSecondClock = (): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const sub = timer(1_000 - (Date.now() % 1_000), 1_000).subscribe(() => setNow(new Date()));
    return () => sub.unsubscribe();
  }, []);
  return now;
};
