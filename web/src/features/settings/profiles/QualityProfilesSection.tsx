import { ActionIcon, Checkbox, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type QualityProfile } from '../../../api/client';
import { keys } from '../../../api/keys';
import { useQualityProfiles } from '../../../api/shared-queries';
import { CardsSection } from '../CardsSection';
import { EditorModal, useResourceEditor, useTemplate } from '../resource-editor';
import {
  cutoffChoices,
  displayOrder,
  type FormatItem,
  itemId,
  itemName,
  moveItem,
  type ProfileItem,
  scoredFormats,
  setAllowed,
  setFormatScore,
  validCutoff,
} from './quality-profile';

type Profile = Omit<QualityProfile, 'items' | 'formatItems'> & { items?: ProfileItem[]; formatItems?: FormatItem[] };

function Qualities({ items, setItems }: { items: ProfileItem[]; setItems: (items: ProfileItem[]) => void }) {
  const shown = displayOrder(items);
  return (
    <Stack gap={4} data-testid="profile-qualities">
      {shown.map((item, index) => (
        <Group key={`${itemId(item)}`} justify="space-between" wrap="nowrap">
          <Checkbox
            label={item.items?.length ? `${itemName(item)} (${item.items.map(itemName).join(', ')})` : itemName(item)}
            checked={item.allowed === true}
            onChange={(e) => setItems(setAllowed(items, itemId(item)!, e.currentTarget.checked))}
          />
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${itemName(item)} up`}
              disabled={index === 0}
              onClick={() => setItems(moveItem(items, index, -1))}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${itemName(item)} down`}
              disabled={index === shown.length - 1}
              onClick={() => setItems(moveItem(items, index, 1))}
            >
              ↓
            </ActionIcon>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/** Custom-format scores: the profile's minimum and upgrade-until scores, and one score per format. */
function FormatScores({ profile, set }: { profile: Profile; set: (patch: Partial<Profile>) => void }) {
  const formats = profile.formatItems ?? [];
  const score = (label: string, value: number | undefined, onChange: (value: number) => void) => (
    <NumberInput label={label} value={value ?? 0} onChange={(next) => onChange(Number(next) || 0)} w={200} />
  );
  return (
    <Stack gap="xs" data-testid="format-scores">
      <Text size="sm" fw={500}>
        Custom format scores
      </Text>
      {formats.length === 0 ? (
        <Text size="sm" c="dimmed">
          No custom formats yet (Settings → Custom formats)
        </Text>
      ) : (
        <>
          <Group>
            {score('Minimum custom format score', profile.minFormatScore, (minFormatScore) => set({ minFormatScore }))}
            {score('Upgrade until custom format score', profile.cutoffFormatScore, (cutoffFormatScore) =>
              set({ cutoffFormatScore }),
            )}
          </Group>
          {formats.map((item) => (
            <Group key={item.format} justify="space-between" maw={420}>
              <Text size="sm">{item.name}</Text>
              <NumberInput
                aria-label={`Score of ${item.name}`}
                value={item.score ?? 0}
                onChange={(next) => set({ formatItems: setFormatScore(formats, item.format, Number(next) || 0) })}
                w={120}
              />
            </Group>
          ))}
        </>
      )}
    </Stack>
  );
}

function ProfileModal({ initial, onClose }: { initial: Profile; onClose: () => void }) {
  const editor = useResourceEditor<Profile>({
    resource: 'qualityprofile',
    initial,
    queryKey: keys.qualityProfiles,
    onDone: onClose,
    names: ['name', 'cutoff', 'items', 'upgradeAllowed'],
  });
  const { value: profile, set, errorOf } = editor;
  const items = profile.items ?? [];
  return (
    <EditorModal editor={editor} onClose={onClose} title={profile.id ? 'Edit quality profile' : 'Add quality profile'}>
      <TextInput
        label="Name"
        value={profile.name ?? ''}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errorOf('name')}
      />
      <Checkbox
        label="Upgrades allowed"
        checked={profile.upgradeAllowed === true}
        onChange={(e) => set({ upgradeAllowed: e.currentTarget.checked })}
      />
      <Select
        label="Upgrade until (cutoff)"
        data={cutoffChoices(items)}
        value={profile.cutoff !== undefined ? String(profile.cutoff) : null}
        onChange={(value) => set({ cutoff: value ? Number(value) : undefined })}
        error={errorOf('cutoff')}
        allowDeselect={false}
      />
      <Text size="sm" fw={500}>
        Qualities (highest first)
      </Text>
      <Qualities items={items} setItems={(next) => set({ items: next, cutoff: validCutoff(next, profile.cutoff) })} />
      {errorOf('items') && (
        <Text c="red" size="sm">
          {errorOf('items')}
        </Text>
      )}
      <FormatScores profile={profile} set={set} />
    </EditorModal>
  );
}

/** Settings → Profiles: quality profiles with ordered, allowed qualities, a cutoff and custom-format scores. */
export function QualityProfilesSection() {
  const profiles = useQualityProfiles();
  const schema = useTemplate<Profile>('qualityprofile');
  const [editing, setEditing] = useState<Profile>();
  return (
    <>
      <CardsSection
        title="Quality profiles"
        addLabel="Add quality profile"
        onAdd={() => schema.data && setEditing({ ...schema.data, name: '' })}
        addDisabled={!schema.data}
        query={profiles}
        onEdit={setEditing}
        testId="quality-profile-card"
        card={(raw) => {
          const profile = raw as Profile;
          const items = profile.items ?? [];
          const cutoff = items.find((item) => itemId(item) === profile.cutoff);
          const scores = scoredFormats(profile.formatItems);
          return (
            <>
              <Text fw={600}>{profile.name}</Text>
              <Text size="xs" c="dimmed">
                {displayOrder(items)
                  .filter((item) => item.allowed)
                  .map(itemName)
                  .join(', ') || 'No quality allowed'}
              </Text>
              <Text size="xs">Cutoff: {cutoff ? itemName(cutoff) : '–'}</Text>
              {scores && <Text size="xs">Formats: {scores}</Text>}
            </>
          );
        }}
      />
      {editing && <ProfileModal initial={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
