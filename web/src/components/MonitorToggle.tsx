import { ActionIcon, Tooltip } from '@mantine/core';

/** Readarr's bookmark-like monitored toggle. */
export function MonitorToggle({
  monitored,
  onChange,
  busy,
  label,
}: {
  monitored: boolean;
  onChange: (next: boolean) => void;
  busy?: boolean;
  label: string;
}) {
  return (
    <Tooltip label={monitored ? 'Monitored (click to stop)' : 'Not monitored (click to monitor)'}>
      <ActionIcon
        variant={monitored ? 'filled' : 'outline'}
        color={monitored ? 'teal' : 'gray'}
        size="sm"
        loading={busy}
        aria-label={`${monitored ? 'Unmonitor' : 'Monitor'} ${label}`}
        aria-pressed={monitored}
        onClick={(event) => {
          event.stopPropagation();
          onChange(!monitored);
        }}
      >
        {monitored ? '★' : '☆'}
      </ActionIcon>
    </Tooltip>
  );
}
