/**
 * Windowing for a long list that scrolls with the page: only the rows near the viewport are rendered, the rest
 * is empty space of the right height, so 1,000 cards cost the DOM and React no more than a screenful.
 *
 * Every row of a list has the same height (cards clamp their texts); the height is measured from the rendered
 * rows, so it follows the font size and breakpoint. Rows hold `columns` items; the column count comes from the
 * list's width (`columnsFor`), so the grid in JS and on screen always agree.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface VirtualRowsOptions {
  itemCount: number;
  /** Row height before the first measurement (px). */
  estimateRowHeight: number;
  /** Space between rows (px), as rendered. */
  gap: number;
  /** Columns for a list width (px). */
  columnsFor?: (width: number) => number;
  /** Extra height rendered above and below the viewport (px). */
  overscan?: number;
}

export interface VirtualRows {
  /** Attach to the element wrapping all rows; its top is where row 0 starts. */
  listRef: (element: HTMLElement | null) => void;
  /** Attach to each rendered row (measures the row height). */
  measureRef: (element: HTMLElement | null) => void;
  columns: number;
  rowCount: number;
  /** Rendered rows: [startRow, endRow). */
  startRow: number;
  endRow: number;
  /** Empty space above the first and below the last rendered row (px). */
  paddingTop: number;
  paddingBottom: number;
}

const oneColumn = () => 1;

export function useWindowVirtualRows({
  itemCount,
  estimateRowHeight,
  gap,
  columnsFor = oneColumn,
  overscan = 600,
}: VirtualRowsOptions): VirtualRows {
  const [list, setList] = useState<HTMLElement | null>(null);
  const [rowHeight, setRowHeight] = useState(estimateRowHeight);
  const [columns, setColumns] = useState(1);
  const [range, setRange] = useState({ start: 0, end: 0 });
  const rowCount = Math.ceil(itemCount / columns);
  const stride = rowHeight + gap;

  // Visible rows from the list's position in the viewport; cheap enough to run on every scroll frame.
  const update = useCallback(() => {
    if (!list) return;
    const top = list.getBoundingClientRect().top;
    const start = Math.max(0, Math.floor((-top - overscan) / stride));
    const end = Math.min(rowCount, Math.max(start, Math.ceil((window.innerHeight - top + overscan) / stride)));
    setRange((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, [list, overscan, stride, rowCount]);

  useLayoutEffect(update, [update]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [update]);

  // Column count from the list's width.
  useEffect(() => {
    if (!list) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setColumns(Math.max(1, columnsFor(entry.contentRect.width)));
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [list, columnsFor]);

  // Row height from the rendered rows (all rows share one layout; the tallest wins against rounding).
  const rowObserver = useRef<ResizeObserver | null>(null);
  const observed = useRef(new Set<HTMLElement>());
  useEffect(() => {
    const heights = new Map<Element, number>();
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries)
        heights.set(entry.target, entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
      let tallest = 0;
      for (const [element, height] of heights) {
        if (!element.isConnected) heights.delete(element);
        else tallest = Math.max(tallest, height);
      }
      if (tallest > 0) setRowHeight((prev) => (Math.abs(prev - tallest) < 0.5 ? prev : tallest));
    });
    rowObserver.current = observer;
    for (const element of observed.current) observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const measureRef = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    observed.current.add(element);
    rowObserver.current?.observe(element);
    // Forget rows React has removed, so the set does not grow with scrolling.
    if (observed.current.size > 200) {
      for (const e of observed.current) if (!e.isConnected) observed.current.delete(e);
    }
  }, []);

  const startRow = Math.min(range.start, rowCount);
  const endRow = Math.min(range.end, rowCount);
  return {
    listRef: setList,
    measureRef,
    columns,
    rowCount,
    startRow,
    endRow,
    paddingTop: startRow * stride,
    paddingBottom: Math.max(0, (rowCount - endRow) * stride),
  };
}
