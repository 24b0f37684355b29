import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export interface RemoveOptions {
  removeFromClient: boolean;
  blocklist: boolean;
}

/** Readarr's remove dialog: remove from the download client (default) and/or blocklist the release. */
export function RemoveQueueDialog({
  count,
  opened,
  busy,
  onClose,
  onConfirm,
}: {
  count: number;
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (options: RemoveOptions) => void;
}) {
  const [removeFromClient, setRemoveFromClient] = useState(true);
  const [blocklist, setBlocklist] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={count === 1 ? 'Remove from queue' : `Remove ${count} items`}>
      <Stack>
        <Text size="sm">Remove {count === 1 ? 'this download' : `these ${count} downloads`} from the queue?</Text>
        <Checkbox
          label="Remove from download client"
          checked={removeFromClient}
          onChange={(event) => setRemoveFromClient(event.currentTarget.checked)}
        />
        <Checkbox
          label="Add release to blocklist"
          description="The release will not be grabbed again"
          checked={blocklist}
          onChange={(event) => setBlocklist(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => onConfirm({ removeFromClient, blocklist })}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
