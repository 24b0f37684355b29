import { useStatusColor } from '../../../components/ui-settings';
import { Badge, Button, Card, Group, Menu, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { api } from '../../../api/client';
import { EmptyState, QueryState } from '../../../components/States';
import { type KindFieldsComponent, ProviderModal } from './ProviderModal';
import { groupByProtocol, type ProviderResource } from './provider-form';

export interface ProviderKindConfig {
  /** The API segment: `indexer`, `downloadclient`, `importlist`, `notification`, `metadata`. */
  kind: string;
  title: string;
  /** Singular, for "Add indexer", "Edit indexer". */
  noun: string;
  KindFields?: KindFieldsComponent;
  /** Flags a new provider starts with (Readarr's UI turns the kind's enable flags on when one is picked). */
  newDefaults?: (template: ProviderResource) => Partial<ProviderResource>;
  /** Badges on a provider's card (enabled flags, protocol). */
  badges?: (resource: ProviderResource) => ReactNode;
}

/** The add picker: each implementation (grouped by protocol), with its presets in a menu. */
function AddPicker({
  config,
  onPick,
  onClose,
}: {
  config: ProviderKindConfig;
  onPick: (template: ProviderResource) => void;
  onClose: () => void;
}) {
  const schema = useQuery({
    queryKey: [config.kind, 'schema'],
    queryFn: () => api<ProviderResource[]>(`${config.kind}/schema`),
    staleTime: Infinity,
  });
  const pick = (template: ProviderResource, base: ProviderResource) =>
    onPick({
      ...template,
      ...config.newDefaults?.(template),
      name: template.name || base.implementationName,
      presets: undefined,
    });
  return (
    <Modal opened onClose={onClose} title={`Add ${config.noun}`} size="lg">
      <QueryState query={schema}>
        {(schemas) =>
          schemas.length === 0 ? (
            <EmptyState title="No implementations available" />
          ) : (
            <Stack>
              {groupByProtocol(schemas).map((group) => (
                <Stack key={group.protocol} gap="xs">
                  {group.protocol && (
                    <Title order={5} tt="capitalize">
                      {group.protocol}
                    </Title>
                  )}
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    {group.items.map((item) => (
                      <Card key={item.implementation} withBorder padding="sm">
                        <Group justify="space-between" wrap="nowrap">
                          <Text fw={600}>{item.implementationName}</Text>
                          <Group gap={4} wrap="nowrap">
                            <Button
                              size="xs"
                              onClick={() => pick(item, item)}
                              aria-label={`Custom ${item.implementationName}`}
                            >
                              Custom
                            </Button>
                            {(item.presets ?? []).length > 0 && (
                              <Menu>
                                <Menu.Target>
                                  <Button size="xs" variant="light">
                                    Presets
                                  </Button>
                                </Menu.Target>
                                <Menu.Dropdown>
                                  {item.presets!.map((preset) => (
                                    <Menu.Item key={preset.name} onClick={() => pick(preset, item)}>
                                      {preset.name}
                                    </Menu.Item>
                                  ))}
                                </Menu.Dropdown>
                              </Menu>
                            )}
                          </Group>
                        </Group>
                      </Card>
                    ))}
                  </SimpleGrid>
                </Stack>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Modal>
  );
}

/** One provider kind's settings page: its configured providers as cards, add (picker), edit, test, delete. */
export function ProviderSettingsPage({ config, children }: { config: ProviderKindConfig; children?: ReactNode }) {
  const list = useQuery({ queryKey: [config.kind], queryFn: () => api<ProviderResource[]>(config.kind) });
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<ProviderResource>();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{config.title}</Title>
        <Button onClick={() => setPicking(true)}>Add {config.noun}</Button>
      </Group>
      <QueryState query={list}>
        {(providers) =>
          providers.length === 0 ? (
            <EmptyState title={`No ${config.title.toLowerCase()} yet`}>
              <Text size="sm" c="dimmed">
                Add one to get started.
              </Text>
            </EmptyState>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="provider-list">
              {providers.map((provider) => (
                <Card
                  key={provider.id}
                  withBorder
                  padding="sm"
                  style={{ cursor: 'pointer' }}
                  onClick={() => setEditing(provider)}
                  data-testid="provider-card"
                >
                  <Text fw={600}>{provider.name}</Text>
                  <Text size="xs" c="dimmed">
                    {provider.implementationName}
                  </Text>
                  <Group gap={4} mt="xs">
                    {config.badges?.(provider)}
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
      {children}
      {picking && (
        <AddPicker
          config={config}
          onClose={() => setPicking(false)}
          onPick={(template) => {
            setPicking(false);
            setEditing(template);
          }}
        />
      )}
      {editing && (
        <ProviderModal
          kind={config.kind}
          title={`${editing.id ? 'Edit' : 'Add'} ${config.noun} – ${editing.implementationName}`}
          initial={editing}
          KindFields={config.KindFields}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}

export function FlagBadge({ on, children }: { on: unknown; children: ReactNode }) {
  const status = useStatusColor();
  return (
    <Badge size="sm" variant={on ? 'light' : 'outline'} color={status(on ? 'teal' : 'gray')}>
      {children}
    </Badge>
  );
}
