import { Checkbox, NumberInput, TagsInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type MetadataProfile } from '../../../api/client';
import { keys } from '../../../api/keys';
import { useMetadataProfiles } from '../../../api/shared-queries';
import { CardsSection } from '../CardsSection';
import { EditorModal, useResourceEditor, useTemplate } from '../resource-editor';

const SKIPS = [
  ['skipMissingDate', 'Skip books with missing release date'],
  ['skipMissingIsbn', 'Skip books with no ISBN or ASIN'],
  ['skipPartsAndSets', 'Skip part books and sets'],
  ['skipSeriesSecondary', 'Skip secondary series books'],
] as const;

function MetadataProfileModal({ initial, onClose }: { initial: MetadataProfile; onClose: () => void }) {
  const editor = useResourceEditor({
    resource: 'metadataprofile',
    initial,
    queryKey: keys.metadataProfiles,
    onDone: onClose,
  });
  const { value, set, errorOf } = editor;
  return (
    <EditorModal editor={editor} onClose={onClose} title={value.id ? 'Edit metadata profile' : 'Add metadata profile'}>
      <TextInput
        label="Name"
        value={value.name ?? ''}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errorOf('name')}
      />
      <NumberInput
        label="Minimum popularity"
        value={value.minPopularity ?? 0}
        onChange={(next) => set({ minPopularity: Number(next) || 0 })}
        error={errorOf('minPopularity')}
        allowDecimal
        w={200}
      />
      <NumberInput
        label="Minimum pages"
        value={value.minPages ?? 0}
        onChange={(next) => set({ minPages: Number(next) || 0 })}
        error={errorOf('minPages')}
        w={200}
      />
      {SKIPS.map(([key, label]) => (
        <Checkbox
          key={key}
          label={label}
          checked={value[key] === true}
          onChange={(e) => set({ [key]: e.currentTarget.checked })}
        />
      ))}
      <TextInput
        label="Allowed languages"
        description="ISO 639-3 codes, comma separated (e.g. eng, null); empty allows all"
        value={value.allowedLanguages ?? ''}
        onChange={(e) => set({ allowedLanguages: e.currentTarget.value })}
        error={errorOf('allowedLanguages')}
      />
      <TagsInput
        label="Must not contain"
        description="Books whose title contains any of these terms are skipped"
        value={value.ignored ?? []}
        onChange={(ignored) => set({ ignored })}
        error={errorOf('ignored')}
        acceptValueOnBlur
      />
    </EditorModal>
  );
}

/** Metadata profiles: which of an author's books Quire lists. */
export function MetadataProfilesSection() {
  const profiles = useMetadataProfiles();
  const schema = useTemplate<MetadataProfile>('metadataprofile');
  const [editing, setEditing] = useState<MetadataProfile>();
  return (
    <>
      <CardsSection
        title="Metadata profiles"
        addLabel="Add metadata profile"
        onAdd={() => schema.data && setEditing({ ...schema.data, name: '' })}
        addDisabled={!schema.data}
        query={profiles}
        onEdit={setEditing}
        testId="metadata-profile-card"
        card={(profile) => (
          <>
            <Text fw={600}>{profile.name}</Text>
            <Text size="xs" c="dimmed">
              Popularity ≥ {profile.minPopularity ?? 0}, pages ≥ {profile.minPages ?? 0}
              {profile.allowedLanguages ? `, languages: ${profile.allowedLanguages}` : ''}
            </Text>
          </>
        )}
      />
      {editing && <MetadataProfileModal initial={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
