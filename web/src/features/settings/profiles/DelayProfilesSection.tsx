import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/client';
import { useTags } from '../../../api/shared-queries';
import { EmptyState, QueryState } from '../../../components/States';
import { EditorModal, useResourceEditor } from '../resource-editor';
import { TagSelect } from '../TagSelect';
import {
  type DelayProfile,
  GLOBAL_DELAY_PROFILE_ID,
  NEW_DELAY_PROFILE,
  protocolSummary,
  reorderRequest,
} from './delay-profile';

const KEY = ['delayprofile'];
const PROTOCOLS = [
  { value: 'usenet', label: 'Usenet' },
  { value: 'torrent', label: 'Torrent' },
];

function DelayProfileModal({ initial, onClose }: { initial: DelayProfile; onClose: () => void }) {
  const editor = useResourceEditor({ resource: 'delayprofile', initial, queryKey: KEY, onDone: onClose });
  const { value, set, errorOf } = editor;
  const minutes = (key: 'usenetDelay' | 'torrentDelay', label: string) => (
    <NumberInput
      label={label}
      value={value[key] ?? 0}
      onChange={(next) => set({ [key]: Number(next) || 0 })}
      error={errorOf(key)}
      rightSection={
        <Text size="xs" c="dimmed">
          min
        </Text>
      }
      w={200}
    />
  );
  return (
    <EditorModal editor={editor} onClose={onClose} title={value.id ? 'Edit delay profile' : 'Add delay profile'}>
      <Group>
        <Checkbox
          label="Usenet"
          checked={value.enableUsenet === true}
          onChange={(e) => set({ enableUsenet: e.currentTarget.checked })}
        />
        <Checkbox
          label="Torrent"
          checked={value.enableTorrent === true}
          onChange={(e) => set({ enableTorrent: e.currentTarget.checked })}
        />
      </Group>
      <Select
        label="Preferred protocol"
        data={PROTOCOLS}
        value={value.preferredProtocol ?? 'usenet'}
        onChange={(next) => set({ preferredProtocol: next === 'torrent' ? 'torrent' : 'usenet' })}
        allowDeselect={false}
        w={200}
      />
      <Group>
        {minutes('usenetDelay', 'Usenet delay')}
        {minutes('torrentDelay', 'Torrent delay')}
      </Group>
      <Checkbox
        label="Bypass if highest quality"
        checked={value.bypassIfHighestQuality === true}
        onChange={(e) => set({ bypassIfHighestQuality: e.currentTarget.checked })}
      />
      <Checkbox
        label="Bypass if above custom format score"
        checked={value.bypassIfAboveCustomFormatScore === true}
        onChange={(e) => set({ bypassIfAboveCustomFormatScore: e.currentTarget.checked })}
      />
      {value.bypassIfAboveCustomFormatScore && (
        <NumberInput
          label="Minimum custom format score"
          value={value.minimumCustomFormatScore ?? 0}
          onChange={(next) => set({ minimumCustomFormatScore: Number(next) || 0 })}
          w={200}
        />
      )}
      {value.id !== GLOBAL_DELAY_PROFILE_ID && (
        <TagSelect value={value.tags} onChange={(tags) => set({ tags })} error={errorOf('tags')} />
      )}
    </EditorModal>
  );
}

/** Delay profiles in their order (the first whose tags match applies; the global one last), with reorder. */
export function DelayProfilesSection() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => api<DelayProfile[]>('delayprofile') });
  const tags = useTags();
  const [editing, setEditing] = useState<DelayProfile>();
  const reorder = useMutation({
    mutationFn: (request: { id: number; afterId?: number }) =>
      api<DelayProfile[]>(`delayprofile/reorder/${request.id}`, { method: 'PUT', query: { afterId: request.afterId } }),
    onSuccess: (ordered) => client.setQueryData(KEY, ordered),
  });
  const tagLabel = (id: number) => tags.data?.find((tag) => tag.id === id)?.label ?? String(id);
  return (
    <Stack gap="sm" mb="lg">
      <Group justify="space-between">
        <Title order={3}>Delay profiles</Title>
        <Button variant="light" onClick={() => setEditing(NEW_DELAY_PROFILE)}>
          Add delay profile
        </Button>
      </Group>
      <QueryState query={list}>
        {(profiles) =>
          profiles.length === 0 ? (
            <EmptyState title="No delay profiles yet" />
          ) : (
            <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
              <Table data-testid="delay-profiles" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Protocols</Table.Th>
                    <Table.Th>Tags</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {profiles.map((profile, index) => {
                    const move = (delta: -1 | 1) => reorderRequest(profiles, index, delta);
                    return (
                      <Table.Tr key={profile.id} data-testid="delay-profile-row">
                        <Table.Td>{protocolSummary(profile)}</Table.Td>
                        <Table.Td>
                          {profile.id === GLOBAL_DELAY_PROFILE_ID ? (
                            <Text size="sm" c="dimmed">
                              Everything else
                            </Text>
                          ) : (
                            (profile.tags ?? []).map((tag) => (
                              <Badge key={tag} variant="light" mr={4}>
                                {tagLabel(tag)}
                              </Badge>
                            ))
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={2} justify="flex-end" wrap="nowrap">
                            {(['up', 'down'] as const).map((direction) => {
                              const request = move(direction === 'up' ? -1 : 1);
                              return (
                                <ActionIcon
                                  key={direction}
                                  variant="subtle"
                                  aria-label={`Move ${direction}`}
                                  disabled={!request || reorder.isPending}
                                  onClick={() => request && reorder.mutate(request)}
                                >
                                  {direction === 'up' ? '↑' : '↓'}
                                </ActionIcon>
                              );
                            })}
                            <Button size="xs" variant="subtle" onClick={() => setEditing(profile)}>
                              Edit
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      {reorder.error && (
        <Text size="sm" c="red">
          {reorder.error.message}
        </Text>
      )}
      {editing && <DelayProfileModal initial={editing} onClose={() => setEditing(undefined)} />}
    </Stack>
  );
}
