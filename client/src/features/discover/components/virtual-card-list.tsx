import { useEffect, type ReactNode } from 'react';
import { useWindowVirtualRows } from '../lib/use-window-virtual-rows';

interface VirtualCardListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
  estimateRowHeight: number;
  columnsFor?: (width: number) => number;
  /** Called when the last rendered row is the list's last row (infinite loading). */
  onNearEnd?: () => void;
}

const GAP_PX = 12;

/**
 * A list of cards of which only the rows near the viewport are in the DOM (see use-window-virtual-rows.ts).
 * Each card keeps its place for assistive technology through aria-setsize / aria-posinset. The list is one CSS
 * grid whose column count the hook derives from its width, so rows in JS and on screen agree.
 */
export function VirtualCardList<T>({
  items,
  getKey,
  renderItem,
  label,
  estimateRowHeight,
  columnsFor,
  onNearEnd,
}: VirtualCardListProps<T>) {
  const rows = useWindowVirtualRows({ itemCount: items.length, estimateRowHeight, gap: GAP_PX, columnsFor });
  const first = rows.startRow * rows.columns;
  const visible = items.slice(first, rows.endRow * rows.columns);
  const atEnd = rows.endRow >= rows.rowCount;
  // Ask for more whenever the end of the list is rendered and the list has grown (the caller guards repeats).
  useEffect(() => {
    if (atEnd && onNearEnd) onNearEnd();
  }, [atEnd, onNearEnd, items.length]);
  return (
    <ul
      ref={rows.listRef}
      aria-label={label}
      className="grid items-stretch"
      style={{
        gridTemplateColumns: `repeat(${rows.columns}, minmax(0, 1fr))`,
        gap: GAP_PX,
        paddingTop: rows.paddingTop,
        paddingBottom: rows.paddingBottom,
      }}
    >
      {visible.map((item, i) => (
        <li
          key={getKey(item)}
          ref={rows.measureRef}
          aria-setsize={items.length}
          aria-posinset={first + i + 1}
          // Each card lays out on its own: mounting one while scrolling does not re-lay-out its neighbours.
          className="flex min-w-0 flex-col [contain:content]"
        >
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}
