import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expectEventually, UiWorld } from './ui-world';

/**
 * Settings → UI in a real browser against the built Quire: the dates of the books list, the task list and the
 * calendar, the calendar's week, the theme and the status colours as they are before, then after a save on the UI
 * page, reached by the browser's back button (no reload: the page keeps a marker it was given before); then the
 * theme on auto follows the browser's colour scheme. The text of every badge and date checked keeps WCAG AA contrast
 * (4.5:1) in the light and the dark theme.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

describe('web UI: Settings → UI applies on the next render', () => {
  const world = new UiWorld();
  const page = (): Page => world.page;
  const expectCleanPage = () => expect(world.problems.take()).toEqual([]);
  // UI_SCREENSHOTS names docs/screenshots for the docs; these are looked at while the test is written.
  const shots = process.env.UI_SETTINGS_SHOTS;
  const look = async (name: string) => {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    await page().screenshot({ path: join(shots, `${name}.png`) });
  };
  let releaseDate = '';

  const hobbitRow = () =>
    page()
      .getByTestId('book-row')
      .filter({ has: page().getByRole('link', { name: 'The Hobbit', exact: true }) });
  const hobbitChip = () => page().getByTestId('calendar-book').filter({ hasText: 'The Hobbit' });
  const firstColumn = () => page().getByTestId('calendar-column-header').first();
  const nextExecution = () => page().getByTestId('task-next-execution').first();
  const colorScheme = () => page().evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  /** How many history entries each `nav` added: opening a sidebar group is a visit of its first page too. */
  const visits: number[] = [];
  const nav = async (label: string, group?: string) => {
    const navigation = page().getByRole('navigation');
    const link = navigation.getByRole('link', { name: label, exact: true });
    let entries = 1;
    if (group && !(await link.isVisible())) {
      await navigation.getByText(group, { exact: true }).click();
      entries++;
    }
    await link.click();
    visits.push(entries);
  };
  /** Back to the page before the last `nav`, the way the browser's Back button gets there. */
  const back = async () => {
    for (let step = visits.pop() ?? 1; step > 0; step--) await page().goBack();
  };
  const pick = async (label: string, option: string | RegExp) => {
    await page().getByRole('combobox', { name: label }).click();
    await page().getByRole('option', { name: option }).click();
  };

  /** The WCAG contrast ratio of an element's text on the first opaque background behind it. */
  const contrastOf = (locator: Locator): Promise<number> =>
    locator.evaluate((element) => {
      const rgba = (css: string) => {
        const [r, g, b, a = 1] = (css.match(/[\d.]+/g) ?? ['255', '255', '255']).map(Number);
        return { r, g, b, a };
      };
      let background = { r: 255, g: 255, b: 255, a: 1 };
      for (let node: Element | null = element; node; node = node.parentElement) {
        const color = rgba(getComputedStyle(node).backgroundColor);
        if (color.a > 0.99) {
          background = color;
          break;
        }
      }
      const text = rgba(getComputedStyle(element).color);
      const over = (channel: 'r' | 'g' | 'b') => text[channel] * text.a + background[channel] * (1 - text.a);
      const luminance = (r: number, g: number, b: number) =>
        [r, g, b]
          .map((value) => value / 255)
          .map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4))
          .reduce((sum, value, index) => sum + value * [0.2126, 0.7152, 0.0722][index], 0);
      const [light, dark] = [
        luminance(over('r'), over('g'), over('b')),
        luminance(background.r, background.g, background.b),
      ].sort((a, b) => b - a);
      return (light + 0.05) / (dark + 0.05);
    });

  /** The calendar chip and the legend's badges keep 4.5:1. */
  const expectReadable = async () => {
    const checked: Locator[] = [hobbitChip()];
    for (const state of ['downloaded', 'missing', 'unreleased', 'released today', 'unmonitored'])
      checked.push(page().getByTestId('calendar-legend').filter({ hasText: state }));
    for (const locator of checked) expect(await contrastOf(locator)).toBeGreaterThanOrEqual(4.5);
  };

  beforeAll(async () => {
    await world.start();
    await world.signIn();
    const books = await world.addTolkien();
    const hobbit = await world.api<{ releaseDate: string }>(`book/${books.find((b) => b.title === 'The Hobbit')!.id}`);
    releaseDate = hobbit.releaseDate.slice(0, 10);
  }, 240_000);

  afterAll(() => world.stop());

  it('the UI re-rendered with a new date format, time format, relative dates, week, theme and colours after a save', async () => {
    const [year, month, day] = releaseDate.split('-').map(Number);
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    const sunday = new Date(Date.UTC(year, month - 1, day - weekday));
    const monday = new Date(Date.UTC(year, month - 1, day - ((weekday + 6) % 7)));
    await page().emulateMedia({ colorScheme: 'light' });

    // Before: Readarr's defaults.
    await page().goto(`${world.quire.url}/calendar?date=${releaseDate}&view=week`);
    await hobbitChip().waitFor();
    expect(await firstColumn().textContent()).toBe(`Sun ${sunday.getUTCMonth() + 1}/${sunday.getUTCDate()}`);
    expect(await hobbitChip().getAttribute('style')).toContain('--mantine-color-red-');
    expect(await colorScheme()).toBe('light');
    await expectReadable();
    await look('calendar-before');
    await nav('Books');
    await hobbitRow()
      .getByText(`${MONTHS[month - 1].slice(0, 3)} ${day} ${year}`, { exact: true })
      .waitFor();
    await nav('Tasks', 'System');
    await expectEventually(async () => expect(await nextExecution().textContent()).toMatch(/^(in .+|.+ ago)$/));
    await page().evaluate(() => ((window as unknown as { quireMarker: number }).quireMarker = 1));

    // Settings → UI: the preview follows the choices before they are saved.
    await nav('UI', 'Settings');
    await page().getByRole('heading', { name: 'UI', exact: true }).waitFor();
    await pick('First day of week', 'Monday');
    await pick('Week column header', /\(ddd DD\/MM\)/);
    await pick('Short date format', /\(YYYY-MM-DD\)/);
    await pick('Long date format', 'Tuesday, 25 March 2014');
    await pick('Time format', '17:00/17:30');
    await page().getByLabel('Show relative dates').uncheck();
    await pick('Theme', 'Dark');
    await page().getByLabel('Color-impaired mode').check();
    const preview = page().getByTestId('ui-preview');
    expect(
      await preview
        .getByRole('row', { name: /Short date/ })
        .getByRole('cell')
        .textContent(),
    ).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await colorScheme()).toBe('light'); // not saved yet
    await look('settings-ui');
    await world.shot('settings-ui');
    await page().getByRole('button', { name: 'Save changes' }).click();
    await page().getByText('Saved', { exact: true }).waitFor();
    expect(await world.api('config/ui')).toMatchObject({
      firstDayOfWeek: 1,
      calendarWeekColumnHeader: 'ddd DD/MM',
      shortDateFormat: 'YYYY-MM-DD',
      longDateFormat: 'dddd, D MMMM YYYY',
      timeFormat: 'HH:mm',
      showRelativeDates: false,
      enableColorImpairedMode: true,
      theme: 'dark',
    });

    // After: the same pages, reached by going back, drawn with the saved settings.
    expect(await colorScheme()).toBe('dark');
    await back();
    await expectEventually(async () =>
      expect(await nextExecution().textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
    );
    await back();
    const date = hobbitRow().getByText(releaseDate, { exact: true });
    await date.waitFor();
    expect(await date.getAttribute('title')).toBe(`${WEEKDAYS[weekday]}, ${day} ${MONTHS[month - 1]} ${year}`);
    expect(await contrastOf(date)).toBeGreaterThanOrEqual(4.5);
    await back();
    await hobbitChip().waitFor();
    const pad = (value: number) => String(value).padStart(2, '0');
    expect(await firstColumn().textContent()).toBe(`Mon ${pad(monday.getUTCDate())}/${pad(monday.getUTCMonth() + 1)}`);
    expect(await hobbitChip().getAttribute('style')).toContain('--mantine-color-vermilion-');
    expect(await hobbitChip().textContent()).toContain('!');
    expect(
      await page().getByTestId('calendar-legend').filter({ hasText: 'downloaded' }).getAttribute('style'),
    ).toContain('--mantine-color-blue-');
    expect(await page().evaluate(() => (window as unknown as { quireMarker?: number }).quireMarker)).toBe(1);
    await expectReadable();
    await look('calendar-after-dark');
    expectCleanPage();
  });

  it('theme auto follows the browser’s colour scheme as it changes; light stays light', async () => {
    await nav('UI', 'Settings');
    await pick('Theme', 'Auto');
    await page().getByRole('button', { name: 'Save changes' }).click();
    await page().getByText('Saved', { exact: true }).waitFor();
    await expectEventually(async () => expect(await colorScheme()).toBe('light'));
    await page().emulateMedia({ colorScheme: 'dark' });
    await expectEventually(async () => expect(await colorScheme()).toBe('dark'));
    await pick('Theme', 'Light');
    await page().getByRole('button', { name: 'Save changes' }).click();
    await page().getByText('Saved', { exact: true }).waitFor();
    await expectEventually(async () => expect(await colorScheme()).toBe('light'));
    await back();
    await hobbitChip().waitFor();
    await expectReadable(); // colour-impaired palette, light theme
    await look('calendar-after-light');
    // A reload starts in the saved theme too (initialize.json's theme, then config/ui).
    await page().reload();
    await hobbitChip().waitFor();
    expect(await colorScheme()).toBe('light');
    expectCleanPage();
  });
});
