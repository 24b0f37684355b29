import { Badge, Checkbox, Group, Select, TagsInput, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ReleaseProfile } from '../../../api/client';
import { CardsSection } from '../CardsSection';
import { EditorModal, useResourceEditor } from '../resource-editor';
import { TagSelect } from '../TagSelect';

const KEY = ['releaseprofile'];
const NEW_PROFILE: ReleaseProfile = { enabled: true, required: [], ignored: [], indexerId: 0, tags: [] };

function ReleaseProfileModal({ initial, onClose }: { initial: ReleaseProfile; onClose: () => void }) {
  const editor = useResourceEditor({ resource: 'releaseprofile', initial, queryKey: KEY, onDone: onClose });
  const { value, set, errorOf } = editor;
  const indexers = useQuery({ queryKey: ['indexer'], queryFn: () => api<{ id: number; name: string }[]>('indexer') });
  const terms = (key: 'required' | 'ignored', label: string, description: string) => (
    <TagsInput
      label={label}
      description={description}
      value={value[key] ?? []}
      onChange={(next) => set({ [key]: next })}
      error={errorOf(key)}
      acceptValueOnBlur
    />
  );
  return (
    <EditorModal editor={editor} onClose={onClose} title={value.id ? 'Edit release profile' : 'Add release profile'}>
      <Checkbox
        label="Enabled"
        checked={value.enabled === true}
        onChange={(e) => set({ enabled: e.currentTarget.checked })}
      />
      {terms('required', 'Must contain', 'A release must contain at least one of these terms (case-insensitive)')}
      {terms('ignored', 'Must not contain', 'A release containing any of these terms is rejected')}
      <Select
        label="Indexer"
        data={[
          { value: '0', label: 'Any' },
          ...(indexers.data ?? []).map((indexer) => ({ value: String(indexer.id), label: indexer.name })),
        ]}
        value={String(value.indexerId ?? 0)}
        onChange={(next) => set({ indexerId: Number(next ?? 0) })}
        error={errorOf('indexerId')}
        allowDeselect={false}
      />
      <TagSelect value={value.tags} onChange={(tags) => set({ tags })} error={errorOf('tags')} />
    </EditorModal>
  );
}

const Terms = ({ terms, color }: { terms: string[] | undefined; color: string }) =>
  (terms ?? []).map((term) => (
    <Badge key={term} color={color} variant="light" tt="none">
      {term}
    </Badge>
  ));

/** Release profiles: terms a release must (not) contain, per indexer and tags. */
export function ReleaseProfilesSection() {
  const list = useQuery({ queryKey: KEY, queryFn: () => api<ReleaseProfile[]>('releaseprofile') });
  const [editing, setEditing] = useState<ReleaseProfile>();
  return (
    <>
      <CardsSection
        title="Release profiles"
        addLabel="Add release profile"
        onAdd={() => setEditing(NEW_PROFILE)}
        query={list}
        onEdit={setEditing}
        testId="release-profile-card"
        card={(profile) => (
          <>
            {!profile.enabled && (
              <Text size="xs" c="dimmed">
                Disabled
              </Text>
            )}
            <Group gap={4}>
              <Terms terms={profile.required} color="teal" />
              <Terms terms={profile.ignored} color="red" />
            </Group>
          </>
        )}
      />
      {editing && <ReleaseProfileModal initial={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
