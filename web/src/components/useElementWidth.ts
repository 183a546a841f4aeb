// An element's inner width as React state, followed as the window, the side bar or the layout around it changes it:
// tables size their columns and choose their layout by the room they have, not by the window's width.
import { useEffect, useRef, useState } from 'react';

/** A ref to attach, and the element's clientWidth (0 until measured, and where there is no layout, as in jsdom). */
export const useElementWidth = <E extends HTMLElement = HTMLDivElement>() => {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
};
