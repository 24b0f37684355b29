import {
  Button,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { QueryState } from './States';

interface Listing {
  parent?: string;
  directories: { name: string; path: string }[];
}

/** The folder a typed path starts browsing from: the path itself when it names a folder (ends with /), else ''. */
export function browseStart(path: string): string {
  const trimmed = path.trim();
  if (!trimmed.startsWith('/')) return '';
  return trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

/** A folder's own name, its last segment ('' for the top folder or nothing). */
export function folderName(path: string): string {
  return path.trim().split(/[\\/]/).filter(Boolean).pop() ?? '';
}

/** How a folder entry is listed: its name with one trailing slash (the top folder is named `/` already). */
export const entryLabel = (name: string): string => (name.endsWith('/') ? name : `${name}/`);

/** A modal over `GET /filesystem`: go into folders, up to the parent, choose the one shown. */
function FolderBrowser({
  start,
  onChoose,
  onClose,
}: {
  start: string;
  onChoose: (path: string) => void;
  onClose: () => void;
}) {
  const [folder, setFolder] = useState(start);
  const listing = useQuery({
    queryKey: ['filesystem', folder],
    queryFn: () => api<Listing>('filesystem', { query: { path: folder, allowFoldersWithoutTrailingSlashes: true } }),
    retry: false,
  });
  return (
    <Modal opened onClose={onClose} title="Choose a folder" size="lg" data-testid="folder-browser">
      <Stack gap="xs">
        <TextInput
          aria-label="Folder"
          value={folder}
          onChange={(event) => setFolder(event.currentTarget.value)}
          data-testid="folder-browser-path"
        />
        <ScrollArea h={320} type="auto">
          <QueryState query={listing}>
            {(data) => (
              <Stack gap={2}>
                {data.parent !== undefined && (
                  <UnstyledButton onClick={() => setFolder(data.parent!)} px="xs">
                    <Text size="sm">↑ ..</Text>
                  </UnstyledButton>
                )}
                {data.directories.map((entry) => (
                  <UnstyledButton
                    key={entry.path}
                    onClick={() => setFolder(entry.path)}
                    px="xs"
                    data-testid="folder-entry"
                  >
                    <Text size="sm">{entryLabel(entry.name)}</Text>
                  </UnstyledButton>
                ))}
                {data.directories.length === 0 && (
                  <Text size="sm" c="dimmed" px="xs">
                    No folders here
                  </Text>
                )}
              </Stack>
            )}
          </QueryState>
        </ScrollArea>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onChoose(folder)} disabled={!folder}>
            Choose
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A path text box with a button that browses the server's folders (`/api/v1/filesystem`). */
export function PathInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (path: string) => void }) {
  const [browsing, setBrowsing] = useState(false);
  return (
    <>
      <TextInput
        {...props}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        rightSectionWidth={76}
        rightSection={
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setBrowsing(true)}
            aria-label={typeof props.label === 'string' ? `Browse ${props.label}` : 'Browse folders'}
          >
            Browse
          </Button>
        }
      />
      {browsing && (
        <FolderBrowser
          start={browseStart(value)}
          onClose={() => setBrowsing(false)}
          onChoose={(path) => {
            onChange(path);
            setBrowsing(false);
          }}
        />
      )}
    </>
  );
}
