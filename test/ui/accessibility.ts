import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 and 2.1 levels A and AA: what the project's UI promises. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let axeSource: string | undefined;
const source = (): string =>
  (axeSource ??= readFileSync(join(dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8'));

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/** One line per violation and one per node, readable in a failed test's output. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}`,
        // Five nodes tell what to fix; a list of fifty same rows does not.
        ...violation.nodes
          .slice(0, 5)
          .map((node) => `  ${node.target.map(String).join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`),
        ...(violation.nodes.length > 5 ? [`  … and ${violation.nodes.length - 5} more`] : []),
      ].join('\n'),
    )
    .join('\n');
}

/**
 * Runs axe-core on the page as it is now and throws with every WCAG 2 A/AA violation. `exclude` names nodes a rule
 * truly cannot be met on; each caller says why.
 */
export async function expectAccessible(page: Page, what = page.url(), exclude: string[] = []): Promise<void> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!present) await page.addScriptTag({ content: source() });
  const violations = await page.evaluate(
    async ({ tags, excluded }) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown }> } }).axe;
      const context = excluded.length ? { include: [document], exclude: excluded.map((s) => [s]) } : document;
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations;
    },
    { tags: WCAG_TAGS, excluded: exclude },
  );
  const found = violations as AxeViolation[];
  if (found.length) throw new Error(`accessibility (axe-core) on ${what}:\n${describeViolations(found)}`);
}

/** Waits until the page has settled: loaded, no request in flight for a moment, no loader spinning. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page
    .locator('.mantine-Loader-root')
    .first()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
}

/** The narrowest screen the UI promises to fit: a phone (390 × 844). */
export const PHONE_WIDTH = 390;

/**
 * On a phone-wide window nothing may make the page wider than the screen (a table scrolls in its own box instead):
 * throws with the widest elements when it does.
 */
export async function expectFitsWidth(page: Page, what = page.url()): Promise<void> {
  const result = await page.evaluate(() => {
    const width = document.scrollingElement!.scrollWidth;
    const viewport = window.innerWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > viewport + 1)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} (${element.getBoundingClientRect().right}px)`,
      );
    return { width, viewport, wide };
  });
  if (result.width > result.viewport)
    throw new Error(
      `${what} is ${result.width}px wide on a ${result.viewport}px screen:\n  ${result.wide.join('\n  ')}`,
    );
}

/**
 * Every `page.goto` of the harness checks the page it reaches once it has settled, so a page a new spec visits is
 * checked without anyone remembering to. States reached by clicking (dialogs) are checked by the specs.
 */
const checked = new WeakSet<Page>();
export function checkEveryVisit(page: Page): void {
  if (checked.has(page)) return;
  checked.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await settle(page);
    await expectAccessible(page, url);
    if ((page.viewportSize()?.width ?? Infinity) <= PHONE_WIDTH) await expectFitsWidth(page, url);
    return response;
  };
}
