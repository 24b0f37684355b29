import { Box } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

/**
 * A windowed list: only the rows in view (plus a few) are in the DOM, whatever `count` is.
 * `onRange` tells the caller which rows are visible (to fetch their page).
 */
export function VirtualRows({
  count,
  rowHeight,
  renderRow,
  height = 'calc(100vh - 170px)',
  onRange,
  testId,
}: {
  count: number;
  rowHeight: number;
  renderRow: (index: number) => ReactNode;
  height?: string;
  onRange?: (first: number, last: number) => void;
  testId?: string;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parent.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  if (onRange && items.length > 0) onRange(items[0].index, items[items.length - 1].index);
  return (
    <Box ref={parent} style={{ height, overflow: 'auto', contain: 'strict' }} data-testid={testId}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {items.map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: item.size,
              transform: `translateY(${item.start}px)`,
            }}
          >
            {renderRow(item.index)}
          </div>
        ))}
      </div>
    </Box>
  );
}
