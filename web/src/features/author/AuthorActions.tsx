import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Author, type Schemas, api } from '../../api/client';
import { useCommand } from '../../api/commands';
import { options, useMetadataProfiles, useQualityProfiles, useTags } from '../../api/shared-queries';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { DialogFooter } from '../../components/DialogFooter';

/** Edit: monitoring, profiles, path (moving the files when it changes), tags. */
export function EditAuthorModal({ author, onClose }: { author: Author; onClose: () => void }) {
  const client = useQueryClient();
  const quality = useQualityProfiles();
  const metadata = useMetadataProfiles();
  const tags = useTags();
  const [form, setForm] = useState({
    monitored: author.monitored ?? true,
    monitorNewItems: author.monitorNewItems ?? 'all',
    qualityProfileId: String(author.qualityProfileId ?? ''),
    metadataProfileId: String(author.metadataProfileId ?? ''),
    path: author.path ?? '',
    tags: (author.tags ?? []).map(String),
  });
  const [moveFiles, setMoveFiles] = useState(true);
  const pathChanged = form.path !== author.path;
  const save = useMutation({
    mutationFn: () =>
      api<Author>(`author/${author.id}`, {
        method: 'PUT',
        query: { moveFiles: pathChanged ? moveFiles : undefined },
        body: {
          ...author,
          ...form,
          qualityProfileId: Number(form.qualityProfileId),
          metadataProfileId: Number(form.metadataProfileId),
          tags: form.tags.map(Number),
        },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['author'] });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Edit ${author.authorName}`} size="lg">
      <Stack>
        <Checkbox
          label="Monitored"
          checked={form.monitored}
          onChange={(e) => setForm({ ...form, monitored: e.currentTarget.checked })}
        />
        <Select
          label="Monitor new books"
          data={['all', 'new', 'none']}
          value={form.monitorNewItems}
          onChange={(v) => setForm({ ...form, monitorNewItems: v ?? 'all' })}
          allowDeselect={false}
        />
        <Group grow>
          <Select
            label="Quality profile"
            data={options(quality.data, (p) => p.name ?? '')}
            value={form.qualityProfileId}
            onChange={(v) => setForm({ ...form, qualityProfileId: v ?? '' })}
          />
          <Select
            label="Metadata profile"
            data={options(metadata.data, (p) => p.name ?? '')}
            value={form.metadataProfileId}
            onChange={(v) => setForm({ ...form, metadataProfileId: v ?? '' })}
          />
        </Group>
        <TextInput label="Path" value={form.path} onChange={(e) => setForm({ ...form, path: e.currentTarget.value })} />
        {pathChanged && (
          <Checkbox
            label="Move the files to the new path"
            checked={moveFiles}
            onChange={(e) => setMoveFiles(e.currentTarget.checked)}
          />
        )}
        <MultiSelect
          label="Tags"
          data={options(tags.data, (t) => t.label ?? '')}
          value={form.tags}
          onChange={(v) => setForm({ ...form, tags: v })}
          searchable
        />
        {save.error && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Delete, optionally with the files, optionally excluding the author from import lists. */
export function DeleteAuthorModal({ author, onClose }: { author: Author; onClose: () => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [deleteFiles, setDeleteFiles] = useState(false);
  const [addImportListExclusion, setExclusion] = useState(false);
  const remove = useMutation({
    mutationFn: () => api(`author/${author.id}`, { method: 'DELETE', query: { deleteFiles, addImportListExclusion } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['author'] });
      void navigate('/');
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Delete ${author.authorName}?`}>
      <Stack>
        <Text size="sm">{author.path}</Text>
        <Checkbox
          label="Delete the author folder and its files"
          checked={deleteFiles}
          onChange={(e) => setDeleteFiles(e.currentTarget.checked)}
        />
        <Checkbox
          label="Add to the import list exclusions"
          checked={addImportListExclusion}
          onChange={(e) => setExclusion(e.currentTarget.checked)}
        />
        {remove.error && <Alert color="red">{remove.error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Preview = Schemas['RenameBookResource'] | Schemas['RetagBookResource'];

/** Rename or retag preview (`/rename`, `/retag`): what would change, then the command for the chosen files. */
export function OrganizePreviewModal({
  kind,
  authorId,
  bookId,
  onClose,
}: {
  kind: 'rename' | 'retag';
  authorId: number;
  bookId?: number;
  onClose: () => void;
}) {
  const preview = useQuery({
    queryKey: [kind, authorId, bookId],
    queryFn: () => api<Preview[]>(kind, { query: { authorId, bookId } }),
    gcTime: 0,
  });
  const command = useCommand();
  const fileIds = (preview.data ?? []).map((item) => item.bookFileId).filter(Boolean);
  return (
    <Modal opened onClose={onClose} title={kind === 'rename' ? 'Rename files' : 'Retag files'} size="xl">
      {preview.isPending ? (
        <LoadingState />
      ) : preview.error ? (
        <ErrorState error={preview.error} />
      ) : preview.data.length === 0 ? (
        <EmptyState title={kind === 'rename' ? 'Every file already has its name' : 'Every file already has its tags'} />
      ) : (
        <Stack>
          <Table data-testid={`${kind}-preview`}>
            <Table.Tbody>
              {preview.data.map((item) => (
                <Table.Tr key={item.bookFileId}>
                  <Table.Td>
                    {kind === 'rename' ? (
                      <Text size="sm">
                        {(item as Schemas['RenameBookResource']).existingPath} →{' '}
                        <b>{(item as Schemas['RenameBookResource']).newPath}</b>
                      </Text>
                    ) : (
                      <Text size="sm">
                        {(item as Schemas['RetagBookResource']).path}:{' '}
                        {((item as Schemas['RetagBookResource']).changes ?? [])
                          .map((change) => `${change.field}: ${change.oldValue ?? ''} → ${change.newValue ?? ''}`)
                          .join('; ')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <DialogFooter error={command.error} onCancel={onClose}>
            <Button
              loading={command.isPending}
              onClick={() =>
                command.mutate(
                  { name: kind === 'rename' ? 'RenameFiles' : 'RetagFiles', authorId, files: fileIds },
                  { onSuccess: onClose },
                )
              }
            >
              {kind === 'rename' ? 'Rename' : 'Retag'} {fileIds.length} file(s)
            </Button>
          </DialogFooter>
        </Stack>
      )}
    </Modal>
  );
}
