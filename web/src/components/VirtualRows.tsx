import { Box, Group } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

interface VirtualRowsProps {
  count: number;
  rowHeight: number;
  renderRow: (index: number) => ReactNode;
  height?: string;
  onRange?: (first: number, last: number) => void;
  testId?: string;
}

/**
 * A windowed list: only the rows in view (plus a few) are in the DOM, whatever `count` is.
 * `onRange` tells the caller which rows are visible (to fetch their page).
 */
export function VirtualRows(props: VirtualRowsProps) {
  // The virtualizer keeps the row sizes it computed until the count changes: a view with other row heights (the
  // authors' overview → table) starts a new one, or its rows stand at the old spacing with gaps between them.
  return <WindowedRows key={`${props.testId ?? ''}:${props.rowHeight}`} {...props} />;
}

function WindowedRows({
  count,
  rowHeight,
  renderRow,
  height = 'calc(100vh - 170px)',
  onRange,
  testId,
}: VirtualRowsProps) {
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

/** Column labels above a windowed list; `children` are laid out as the rows are, so each label sits over its column. */
export function VirtualRowsHeader({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Group
      px="xs"
      gap="sm"
      wrap="nowrap"
      fz="sm"
      fw={600}
      py={6}
      style={{ borderBottom: '2px solid var(--mantine-color-default-border)' }}
      data-testid={testId}
    >
      {children}
    </Group>
  );
}

/** A list of columns that needs `minWidth`: on a narrower screen it scrolls sideways in its own box, not the page. */
export function WideList({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
