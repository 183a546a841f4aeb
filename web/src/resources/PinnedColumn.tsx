// The last column of a Blueprint Table2 kept in view at the table's right edge, as a sticky last column of an HTML
// table would be. Table2 freezes columns only on the left and draws only the columns in view (its cells are placed
// absolutely, so CSS sticky cannot apply): this draws the column's header and cells as an overlay that follows the
// table's vertical scroll and sits where the column is, or at the right edge while the column is scrolled out of view.
import { type ReactNode, type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from 'react';

export type PinnedColumnProps = {
  /** the element holding the Table2 (positioned: the overlay is placed within it) */
  table: RefObject<HTMLDivElement | null>;
  /** changes whenever the Table2 is mounted afresh (its scroll container is then a new element) */
  tableKey: string;
  /** where the column starts within the table: the widths of the columns before it */
  offset: number;
  /** the column's width */
  width: number;
  rowCount: number;
  rowHeight: number;
  /** the header's content (Table2 draws the real, accessible header under the overlay) */
  header: ReactNode;
  /** the content of row `index` */
  cell: (index: number) => ReactNode;
};

const SCROLLER = '.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container';
const HEADERS = '.bp6-table-quadrant-main .bp6-table-column-headers';

/** Where the overlay goes: the column's own place, or the right edge when that is further right than in view. */
export const pinnedLeft = (offset: number, scrollLeft: number, viewWidth: number, width: number) => {
  const natural = offset - scrollLeft;
  const edge = viewWidth - width;
  return { left: Math.max(0, Math.min(natural, edge)), pinned: natural > edge + 0.5 };
};

export function PinnedColumn({ table, tableKey, offset, width, rowCount, rowHeight, header, cell }: PinnedColumnProps) {
  const overlay = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);

  // direct style writes, no re-render: a scroll must not redraw the list
  const sync = useCallback(() => {
    const scroller = table.current?.querySelector<HTMLElement>(SCROLLER);
    const el = overlay.current;
    if (!scroller || !el || !body.current || !headerRef.current) return;
    const { left, pinned } = pinnedLeft(offset, scroller.scrollLeft, scroller.clientWidth, width);
    el.style.left = `${left}px`;
    // down to the horizontal scroll bar (clientHeight leaves it out), so the bar stays usable under the column
    el.style.height = `${scroller.clientHeight}px`;
    el.classList.toggle('wo-pinned-over', pinned);
    const headHeight = table.current?.querySelector<HTMLElement>(HEADERS)?.offsetHeight || 30;
    headerRef.current.style.height = `${headHeight}px`;
    body.current.style.transform = `translateY(${-scroller.scrollTop}px)`;
  }, [table, offset, width]);

  useLayoutEffect(sync);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new Table2 (tableKey) brings a new scroll container
  useEffect(() => {
    const scroller = table.current?.querySelector<HTMLElement>(SCROLLER);
    const el = overlay.current;
    if (!scroller || !table.current || !el) return;
    // the overlay is outside the table's scroll box: a wheel over it scrolls the table (while the table can move that
    // way; at its end the page scrolls as usual)
    const handleWheel = (event: WheelEvent) => {
      const scale = event.deltaMode === 1 ? rowHeight : 1;
      const dy = event.deltaY * scale;
      const dx = event.deltaX * scale;
      const maxTop = scroller.scrollHeight - scroller.clientHeight;
      const moves = (dy < 0 && scroller.scrollTop > 0) || (dy > 0 && scroller.scrollTop < maxTop - 1) || dx !== 0;
      if (!moves) return;
      event.preventDefault();
      scroller.scrollTop += dy;
      scroller.scrollLeft += dx;
    };
    scroller.addEventListener('scroll', sync, { passive: true });
    el.addEventListener('wheel', handleWheel, { passive: false });
    const observer = new ResizeObserver(sync);
    observer.observe(table.current);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', sync);
      el.removeEventListener('wheel', handleWheel);
      observer.disconnect();
    };
  }, [table, tableKey, sync, rowHeight]);

  return (
    <div className="wo-pinned-column" ref={overlay} style={{ width }}>
      {/* Table2 draws the column's accessible header under the overlay: this copy is for the eye */}
      <div className="wo-pinned-head" ref={headerRef} aria-hidden>
        {header}
      </div>
      <div className="wo-pinned-clip">
        <div ref={body}>
          {Array.from({ length: rowCount }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its identity here, as in Table2
            <div key={index} className="wo-pinned-cell" style={{ height: rowHeight }}>
              {cell(index)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
