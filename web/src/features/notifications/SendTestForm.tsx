import { Alert, Button, Group, MultiSelect, PasswordInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { ErrorState } from '../../components/States';
import { HUB_CHANNELS, type NotifyResult, PRIORITIES, notifyBody } from './notifications';

/** Posts to `/notify` as an agent would; a HUB_API_TOKEN, when the server has one, goes in the Bearer header. */
export function SendTestForm() {
  const client = useQueryClient();
  const [form, setForm] = useState({
    sourceAgent: 'quire-ui',
    title: 'Test notification',
    body: 'Sent from the notification hub page.',
    priority: 'normal',
    channels: [] as string[],
  });
  const [token, setToken] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api<NotifyResult>('notify', {
        method: 'POST',
        outsideApi: true,
        body: notifyBody(form),
        headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['hub'] }),
  });
  const set = (field: keyof typeof form) => (value: string | string[] | null) =>
    setForm((current) => ({ ...current, [field]: value ?? '' }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate();
      }}
    >
      <Stack gap="xs" maw={640}>
        <Group grow>
          <TextInput
            label="Source agent"
            required
            value={form.sourceAgent}
            onChange={(e) => set('sourceAgent')(e.currentTarget.value)}
          />
          <Select
            label="Priority"
            data={[...PRIORITIES]}
            value={form.priority}
            allowDeselect={false}
            onChange={set('priority')}
          />
        </Group>
        <TextInput label="Title" required value={form.title} onChange={(e) => set('title')(e.currentTarget.value)} />
        <Textarea
          label="Body (markdown)"
          autosize
          minRows={2}
          value={form.body}
          onChange={(e) => set('body')(e.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <MultiSelect
            label="Channels"
            description="Empty: the routing table decides"
            placeholder={form.channels.length === 0 ? 'routing table' : undefined}
            data={[...HUB_CHANNELS]}
            value={form.channels}
            onChange={set('channels')}
          />
          <PasswordInput
            label="Hub token"
            description="Only if the server sets HUB_API_TOKEN"
            value={token}
            onChange={(e) => setToken(e.currentTarget.value)}
          />
        </Group>
        <Group>
          <Button type="submit" loading={send.isPending}>
            Send test notification
          </Button>
        </Group>
        {send.data && (
          <Alert color={send.data.status === 'ok' ? 'teal' : 'yellow'} data-testid="notify-result">
            {send.data.status}: dispatched to {send.data.channels_dispatched.join(', ') || 'no channel'} (
            {send.data.notification_id})
          </Alert>
        )}
        {send.error && <ErrorState error={send.error} />}
      </Stack>
    </form>
  );
}
