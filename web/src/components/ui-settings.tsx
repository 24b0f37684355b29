import { useMantineColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../api/client';
import { keys } from '../api/keys';
import { DateFormats, type UiSettings, uiSettingsOf } from './dates';

/**
 * Settings → UI, read once for every page from `GET /config/ui`. The settings page writes the saved answer into
 * the same query, so every date, the theme and the status colours change on the next render, without a reload.
 */
export function useUiSettings(): UiSettings {
  const query = useQuery({
    queryKey: keys.uiConfig,
    queryFn: () => api<Partial<UiSettings>>('config/ui'),
    staleTime: Infinity,
  });
  return useMemo(() => uiSettingsOf(query.data), [query.data]);
}

/** The date and time formatters for the current settings. */
export function useFormats(): DateFormats {
  const settings = useUiSettings();
  return useMemo(() => new DateFormats(settings), [settings]);
}

/**
 * Status colours for colour-impaired mode: green/teal (done, healthy) and red (failed, missing) are what
 * red-green colour blindness confuses, so they become blue and vermilion (app/theme.ts); the colours they would then collide with move
 * on (blue → cyan, orange → violet). Yellow, gray and the rest stay.
 */
const COLOR_IMPAIRED: Record<string, string> = {
  teal: 'blue',
  green: 'blue',
  blue: 'cyan',
  red: 'vermilion',
  orange: 'violet',
};

/** A Mantine colour name, a shade after a dot kept (`orange.7`). */
export function statusColor(color: string, colorImpaired: boolean): string {
  if (!colorImpaired) return color;
  const [name, shade] = color.split('.');
  const swapped = COLOR_IMPAIRED[name] ?? name;
  return shade === undefined ? swapped : `${swapped}.${shade}`;
}

/** Maps a status colour (a Mantine colour name) for the current colour-impaired setting. */
export function useStatusColor(): (color: string) => string {
  const { enableColorImpairedMode } = useUiSettings();
  return useMemo(() => (color: string) => statusColor(color, enableColorImpairedMode), [enableColorImpairedMode]);
}

/**
 * Applies the theme through Mantine's colour scheme: light, dark, or auto (the browser's prefers-color-scheme,
 * followed as it changes). `initial` is initialize.json's theme, used until `config/ui` has answered. Mantine keeps
 * the choice in localStorage, so the sign-in page opens in it next time too.
 */
export function useApplyTheme(initial: string | undefined): void {
  const query = useQuery({
    queryKey: keys.uiConfig,
    queryFn: () => api<Partial<UiSettings>>('config/ui'),
    staleTime: Infinity,
  });
  const theme = query.data?.theme ?? initial;
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    setColorScheme(theme === 'dark' || theme === 'light' ? theme : 'auto');
  }, [theme, setColorScheme]);
  const colorImpaired = query.data?.enableColorImpairedMode === true;
  useEffect(() => {
    // For the few styles drawn outside Mantine's colour props (calendar chip patterns).
    document.documentElement.toggleAttribute('data-color-impaired', colorImpaired);
  }, [colorImpaired]);
}
