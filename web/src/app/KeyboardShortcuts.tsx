import { Kbd, Modal, Table } from '@mantine/core';
import { useEffect, useState } from 'react';
import { GLOBAL_SEARCH_ID } from './GlobalSearch';

/** Readarr's keyboard shortcuts (and `/`, which most web apps use for search). Ctrl+S is handled by SaveBar. */
export const SHORTCUTS = [
  { keys: ['?'], action: 'Show these keyboard shortcuts' },
  { keys: ['s', '/'], action: 'Focus the search box' },
  { keys: ['Esc'], action: 'Close the open dialog' },
  { keys: ['Ctrl+S', '⌘S'], action: 'Save changes (settings pages)' },
];

/** Typing in a field is not a shortcut. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The `?` dialog and the search shortcuts, bound on the whole page while the app shell is shown. */
export function KeyboardShortcuts() {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        setOpened(true);
      } else if (event.key === 's' || event.key === '/') {
        const search = document.getElementById(GLOBAL_SEARCH_ID);
        if (!search) return;
        event.preventDefault();
        setOpened(false);
        search.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Modal opened={opened} onClose={() => setOpened(false)} title="Keyboard shortcuts">
      <Table data-testid="keyboard-shortcuts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keys</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.action}>
              <Table.Td>
                {shortcut.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ' or '}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{shortcut.action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
