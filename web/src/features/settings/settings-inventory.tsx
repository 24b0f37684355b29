import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../../api/client';

/** One field of `GET quire/settings-inventory` (src/platform/settings/inventory/settings-inventory.resource.ts). */
export interface InventoryField {
  name: string;
  status: 'acts' | 'ui-only' | 'pending' | 'unsupported';
  detail: string;
  /** The environment variable that sets this field in the running server (it wins over the saved value). */
  pinnedBy?: string;
}

interface Inventory {
  surfaces: { id: string; fields: InventoryField[] }[];
}

/** A field's status, or undefined while the list loads or when the field is not listed. */
export type InventoryLookup = (name: string) => InventoryField | undefined;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What the UI says beside a field: unsupported ones are disabled with the reason, one an environment variable pins
 * is disabled naming it, pending ones carry their note (it says itself what Quire does not do yet); the fields that
 * act (or only concern the UI) need no words.
 */
export function statusNote(field: InventoryField | undefined): { disabled: boolean; note?: string } {
  if (field?.status === 'unsupported') return { disabled: true, note: `Not supported by Quire: ${field.detail}` };
  if (field?.pinnedBy) return { disabled: true, note: `Set by the ${field.pinnedBy} environment variable` };
  if (field?.status === 'pending') return { disabled: false, note: sentence(field.detail) };
  return { disabled: false };
}

/** The statuses of one surface (`config/host`, `downloadclient/QBittorrent`, …); one request serves every form. */
export function useSettingsInventory(surfaceId: string): InventoryLookup {
  const query = useQuery({
    queryKey: ['quire', 'settings-inventory'],
    queryFn: () => api<Inventory>('quire/settings-inventory'),
    staleTime: Infinity,
  });
  const fields = query.data?.surfaces.find((surface) => surface.id === surfaceId)?.fields ?? [];
  return (name) => fields.find((field) => field.name === name);
}

/** Draws a field as its status asks: inside a disabled fieldset with the reason, or with the pending note. */
export function SettingStatus({ field, children }: { field: InventoryField | undefined; children: ReactNode }) {
  const { disabled, note } = statusNote(field);
  if (!note) return <>{children}</>;
  return (
    <fieldset
      disabled={disabled}
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      data-setting-status={field?.pinnedBy ? 'pinned' : field?.status}
      data-setting={field?.name}
    >
      {children}
      <Text size="xs" c={disabled ? 'orange' : 'dimmed'}>
        {note}
      </Text>
    </fieldset>
  );
}
