import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, type QualityProfile } from '../../../api/client';
import { keys } from '../../../api/keys';
import { useQualityProfiles } from '../../../api/shared-queries';
import { EmptyState, QueryState } from '../../../components/States';
import { failuresByField } from '../provider/provider-form';
import {
  cutoffChoices,
  displayOrder,
  itemId,
  itemName,
  moveItem,
  type ProfileItem,
  setAllowed,
  validCutoff,
} from './quality-profile';

type Profile = Omit<QualityProfile, 'items'> & { items?: ProfileItem[] };

function ProfileModal({ initial, onClose }: { initial: Profile; onClose: () => void }) {
  const client = useQueryClient();
  const [profile, setProfile] = useState<Profile>(initial);
  const items = profile.items ?? [];
  const setItems = (next: ProfileItem[]) =>
    setProfile({ ...profile, items: next, cutoff: validCutoff(next, profile.cutoff) });
  const done = async () => {
    await client.invalidateQueries({ queryKey: keys.qualityProfiles });
    onClose();
  };
  const save = useMutation({
    mutationFn: () =>
      api(profile.id ? `qualityprofile/${profile.id}` : 'qualityprofile', {
        method: profile.id ? 'PUT' : 'POST',
        body: profile,
      }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: () => api(`qualityprofile/${profile.id}`, { method: 'DELETE' }),
    onSuccess: done,
  });
  const failures = save.error instanceof ApiError ? save.error.failures : [];
  const { byField, general } = failuresByField(failures, ['name', 'cutoff', 'items', 'upgradeAllowed']);
  const shown = displayOrder(items);
  return (
    <Modal opened onClose={onClose} title={profile.id ? 'Edit quality profile' : 'Add quality profile'} size="lg">
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={profile.name ?? ''}
          onChange={(e) => setProfile({ ...profile, name: e.currentTarget.value })}
          error={byField.name?.errors.join('; ')}
        />
        <Checkbox
          label="Upgrades allowed"
          checked={profile.upgradeAllowed === true}
          onChange={(e) => setProfile({ ...profile, upgradeAllowed: e.currentTarget.checked })}
        />
        <Select
          label="Upgrade until (cutoff)"
          data={cutoffChoices(items)}
          value={profile.cutoff !== undefined ? String(profile.cutoff) : null}
          onChange={(value) => setProfile({ ...profile, cutoff: value ? Number(value) : undefined })}
          error={byField.cutoff?.errors.join('; ')}
          allowDeselect={false}
        />
        <Text size="sm" fw={500}>
          Qualities (highest first)
        </Text>
        <Stack gap={4} data-testid="profile-qualities">
          {shown.map((item, index) => (
            <Group key={`${itemId(item)}`} justify="space-between" wrap="nowrap">
              <Checkbox
                label={
                  item.items?.length ? `${itemName(item)} (${item.items.map(itemName).join(', ')})` : itemName(item)
                }
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
        {byField.items && (
          <Text c="red" size="sm">
            {byField.items.errors.join('; ')}
          </Text>
        )}
        {(general.length > 0 || (save.error && failures.length === 0)) && (
          <Alert color="red">{general.map((f) => f.errorMessage).join('; ') || save.error?.message}</Alert>
        )}
        {remove.error && <Alert color="red">{remove.error.message}</Alert>}
        <Group justify="space-between">
          <Group>
            {profile.id !== undefined && (
              <Button color="red" variant="light" onClick={() => remove.mutate()} loading={remove.isPending}>
                Delete
              </Button>
            )}
          </Group>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Settings → Profiles: quality profiles with ordered, allowed qualities and a cutoff. */
export default function QualityProfilesPage() {
  const profiles = useQualityProfiles();
  const schema = useQuery({
    queryKey: ['qualityprofile', 'schema'],
    queryFn: () => api<Profile>('qualityprofile/schema'),
    staleTime: Infinity,
  });
  const [editing, setEditing] = useState<Profile>();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Quality profiles</Title>
        <Button onClick={() => schema.data && setEditing({ ...schema.data, name: '' })} disabled={!schema.data}>
          Add quality profile
        </Button>
      </Group>
      <QueryState query={profiles}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No quality profiles yet" />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {list.map((profile) => {
                const items = (profile.items ?? []) as ProfileItem[];
                const cutoff = items.find((item) => itemId(item) === profile.cutoff);
                return (
                  <Card
                    key={profile.id}
                    withBorder
                    padding="sm"
                    style={{ cursor: 'pointer' }}
                    onClick={() => setEditing(profile)}
                    data-testid="quality-profile-card"
                  >
                    <Text fw={600}>{profile.name}</Text>
                    <Text size="xs" c="dimmed">
                      {displayOrder(items)
                        .filter((item) => item.allowed)
                        .map(itemName)
                        .join(', ') || 'No quality allowed'}
                    </Text>
                    <Text size="xs">Cutoff: {cutoff ? itemName(cutoff) : '–'}</Text>
                  </Card>
                );
              })}
            </SimpleGrid>
          )
        }
      </QueryState>
      {editing && <ProfileModal initial={editing} onClose={() => setEditing(undefined)} />}
    </Stack>
  );
}
