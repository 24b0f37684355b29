import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Paper, Select, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { watchCommands } from '../../api/commands';
import { keys } from '../../api/keys';
import { options, useMetadataProfiles, useQualityProfiles, useRootFolders, useTags } from '../../api/shared-queries';
import { EMPTY_EDITOR_FORM, type AuthorEditorForm, editorPayload, hasChanges } from './author-editor';

const NO_CHANGE = { value: '', label: 'No change' };

/** Readarr's author editor: the selected authors' monitoring, profiles, root folder (with move), tags; delete. */
export function AuthorMassEditor({ authorIds, onDone }: { authorIds: number[]; onDone: () => void }) {
  const client = useQueryClient();
  const quality = useQualityProfiles();
  const metadata = useMetadataProfiles();
  const roots = useRootFolders();
  const tags = useTags();
  const [form, setForm] = useState<AuthorEditorForm>(EMPTY_EDITOR_FORM);
  const [deleting, setDeleting] = useState(false);
  const [deleteFiles, setDeleteFiles] = useState(false);
  const set = <K extends keyof AuthorEditorForm>(key: K, value: AuthorEditorForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const done = () => {
    void client.invalidateQueries({ queryKey: keys.authors });
    watchCommands();
    setForm(EMPTY_EDITOR_FORM);
    onDone();
  };
  const save = useMutation({
    mutationFn: () => api('author/editor', { method: 'PUT', body: editorPayload(form, authorIds) }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: () => api('author/editor', { method: 'DELETE', body: { authorIds, deleteFiles } }),
    onSuccess: () => {
      setDeleting(false);
      done();
    },
  });
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      style={{ zIndex: 150 }}
      data-testid="mass-editor"
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Text size="sm" fw={600} w={110}>
          {authorIds.length} selected
        </Text>
        <Select
          size="xs"
          label="Monitored"
          w={130}
          value={form.monitored}
          onChange={(v) => set('monitored', (v ?? '') as AuthorEditorForm['monitored'])}
          data={[NO_CHANGE, { value: 'true', label: 'Monitored' }, { value: 'false', label: 'Unmonitored' }]}
        />
        <Select
          size="xs"
          label="Quality profile"
          w={150}
          value={form.qualityProfileId}
          onChange={(v) => set('qualityProfileId', v ?? '')}
          data={[NO_CHANGE, ...options(quality.data, (p) => p.name ?? '')]}
        />
        <Select
          size="xs"
          label="Metadata profile"
          w={150}
          value={form.metadataProfileId}
          onChange={(v) => set('metadataProfileId', v ?? '')}
          data={[NO_CHANGE, ...options(metadata.data, (p) => p.name ?? '')]}
        />
        <Select
          size="xs"
          label="Root folder"
          w={170}
          value={form.rootFolderPath}
          onChange={(v) => set('rootFolderPath', v ?? '')}
          data={[NO_CHANGE, ...(roots.data ?? []).map((root) => ({ value: root.path ?? '', label: root.path ?? '' }))]}
        />
        {form.rootFolderPath && (
          <Checkbox
            size="xs"
            label="Move files"
            checked={form.moveFiles}
            onChange={(e) => set('moveFiles', e.currentTarget.checked)}
          />
        )}
        <MultiSelect
          size="xs"
          label="Tags"
          w={170}
          value={form.tags}
          onChange={(v) => set('tags', v)}
          data={options(tags.data, (t) => t.label ?? '')}
        />
        <Select
          size="xs"
          label="Apply tags"
          w={110}
          value={form.applyTags}
          onChange={(v) => set('applyTags', v ?? 'add')}
          data={['add', 'remove', 'replace']}
          allowDeselect={false}
        />
        <Button
          size="xs"
          disabled={authorIds.length === 0 || !hasChanges(form)}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          Save
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={authorIds.length === 0}
          onClick={() => setDeleting(true)}
        >
          Delete
        </Button>
      </Group>
      {save.error && (
        <Alert color="red" mt="xs">
          {save.error.message}
        </Alert>
      )}
      <Modal opened={deleting} onClose={() => setDeleting(false)} title={`Delete ${authorIds.length} author(s)?`}>
        <Checkbox
          label="Delete their files and folders too"
          checked={deleteFiles}
          onChange={(e) => setDeleteFiles(e.currentTarget.checked)}
          mb="md"
        />
        {remove.error && (
          <Alert color="red" mb="xs">
            {remove.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(false)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
