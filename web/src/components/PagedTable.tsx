import { Checkbox, Group, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { api } from '../api/client';
import { isLive } from '../api/live';
import {
  clampPage,
  nextSort,
  type PageResult,
  type PageState,
  pageCount,
  selectedOnPage,
  toggleAll,
  toggleId,
} from './paging';

type QueryValue = string | number | boolean | undefined | (string | number)[];

/**
 * One page of a Readarr paged list. The key starts with the resource name, so the live hub's message for it
 * (live.ts) makes the page stale; `pollMs` refreshes it while the hub is not connected (always, with `pollLive`,
 * for lists the hub sends nothing about).
 */
export function usePagedList<T>(
  root: string,
  path: string,
  initial: Omit<PageState, 'page'> & { page?: number },
  extra: Record<string, QueryValue> = {},
  options: { pollMs?: number; pollLive?: boolean; outsideApi?: boolean } = {},
) {
  const [state, setState] = useState<PageState>({ page: 1, ...initial });
  const { pollMs, pollLive, outsideApi } = options;
  const query = useQuery({
    queryKey: [root, 'paged', path, state, extra],
    queryFn: ({ signal }) => api<PageResult<T>>(path, { query: { ...state, ...extra }, signal, outsideApi }),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs ? () => (isLive() && !pollLive ? false : pollMs) : undefined,
  });
  const total = query.data?.totalRecords;
  useEffect(() => {
    if (total !== undefined) setState((current) => clampPage(current, total));
  }, [total]);
  return {
    state,
    setState,
    query,
    sortBy: (key: string) => setState((current) => nextSort(current, key)),
    goToPage: (page: number) => setState((current) => ({ ...current, page })),
  };
}

/** Row selection of a paged table: kept across pages, but only the rows on the current page (`chosen`) are acted on. */
export function usePageSelection(records: { id: number }[]) {
  const [selected, setSelected] = useState<number[]>([]);
  const ids = records.map((item) => item.id);
  return {
    selected,
    setSelected,
    ids,
    chosen: selectedOnPage(selected, ids),
    isSelected: (id: number) => selected.includes(id),
    toggle: (id: number) => setSelected((current) => toggleId(current, id)),
    /** Rows acted on leave the selection. */
    forget: (done: number[]) => setSelected((current) => current.filter((id) => !done.includes(id))),
  };
}

export function SortHeader({
  label,
  sortKey,
  state,
  onSort,
}: {
  label: string;
  sortKey: string;
  state: PageState;
  onSort: (key: string) => void;
}) {
  const active = state.sortKey === sortKey;
  return (
    <Table.Th aria-sort={active ? state.sortDirection : undefined}>
      <UnstyledButton onClick={() => onSort(sortKey)} fw={600} fz="sm">
        {label} {active ? (state.sortDirection === 'ascending' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

export function SelectAllHeader({
  selected,
  ids,
  onChange,
}: {
  selected: number[];
  ids: number[];
  onChange: (next: number[]) => void;
}) {
  const count = ids.filter((id) => selected.includes(id)).length;
  return (
    <Table.Th w={36}>
      <Checkbox
        aria-label="Select all"
        checked={count > 0 && count === ids.length}
        indeterminate={count > 0 && count < ids.length}
        onChange={() => onChange(toggleAll(selected, ids))}
      />
    </Table.Th>
  );
}

/** Page numbers and the record count under a paged table. */
export function Pager({
  state,
  totalRecords,
  onPage,
  children,
}: {
  state: PageState;
  totalRecords: number;
  onPage: (page: number) => void;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed" data-testid="total-records">
        {totalRecords} {totalRecords === 1 ? 'record' : 'records'}
      </Text>
      {children}
      <Pagination
        size="sm"
        total={pageCount(totalRecords, state.pageSize)}
        value={state.page}
        onChange={onPage}
        aria-label="Pages"
        // The arrow controls are icons: they need a name to be read.
        getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
      />
    </Group>
  );
}
