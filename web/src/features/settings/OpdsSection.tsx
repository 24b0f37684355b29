import { Button, CopyButton, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { urlBase } from '../../api/client';

/**
 * Where e-reader apps find the library: the OPDS catalogue at `/opds` (src/delivery/opds), and the ways it lets a
 * reader in, so nobody has to guess the address or which password it wants.
 */
export function OpdsSection({ username }: { username: string }) {
  const address = `${window.location.origin}${urlBase()}/opds`;
  return (
    <Stack gap="xs" data-testid="opds">
      <Title order={3}>Reading apps (OPDS)</Title>
      <Text size="sm">
        E-reader apps such as KOReader, Thorium or Moon+ Reader can browse and download your books from Quire&apos;s
        OPDS catalogue. Add a catalogue in the app with this address:
      </Text>
      <Group align="flex-end" gap="xs">
        <TextInput label="OPDS catalogue address" value={address} readOnly w={360} data-testid="opds-url" />
        <CopyButton value={address}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} aria-label="Copy OPDS catalogue address">
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">When the app asks to sign in:</Text>
      <List size="sm">
        <List.Item>
          user name {username ? <strong>{username}</strong> : 'your Quire user name'} and your Quire password, or
        </List.Item>
        <List.Item>any user name and the API key above as the password.</List.Item>
      </List>
    </Stack>
  );
}
