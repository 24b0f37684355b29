import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Keeps README.md and docs/ true to the code: the contexts, test tiers and dependency limit that
 * docs/architecture.md states, the classes it names, the variables docs/configuration.md lists, the README's length,
 * and every relative link. Runs in the unit tier: files only, no database.
 */

const ROOT = resolve(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : [])),
];
const README_MAX_LINES = 250;

/** Markdown without fenced code blocks (their text is neither links nor headings). */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
}

/** The section under a `## heading` (up to the next heading of the same or a higher level). */
function section(markdown: string, heading: string): string {
  const lines = withoutCodeBlocks(markdown).split('\n');
  const start = lines.findIndex((line) => /^#{1,6} /.test(line) && line.replace(/^#+ /, '').trim() === heading);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const level = /^#+/.exec(lines[start])![0].length;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The backticked names in the first column of the tables in `text`, in order. */
function firstColumnNames(text: string): string[] {
  return [...text.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((match) => match[1]);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file offers, with GitHub's `-1`, `-2` suffixes for repeated headings. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = slugOf(match[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** Link targets of a Markdown file: `[..](target)`, `![..](target)` and HTML `src`/`href`, outside code. */
function linkTargets(markdown: string): string[] {
  const text = withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, '');
  return [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]),
    ...[...text.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]),
  ];
}

/** Why a relative link of `file` does not resolve inside the repository, or undefined when it does. */
function brokenLink(root: string, file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // http:, https:, mailto:
  const [path, anchor] = target.split('#', 2);
  const resolved = path ? resolve(root, dirname(file), decodeURIComponent(path)) : join(root, file);
  const inside = relative(root, resolved);
  if (inside.startsWith('..') || inside.split(sep)[0] === '..') return `${target}: outside the repository`;
  if (!existsSync(resolved)) return `${target}: no such file`;
  if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor))
    return `${target}: no heading with the anchor #${anchor}`;
  return undefined;
}

const CLASS_SUFFIXES =
  'Service|Repository|Listener|Controller|Module|Loader|Validator|Runner|Dispatcher|Guard|Handler|Registry|Worker|Publisher|Error';

/** Class names in backticks (`FooService`, `BarRepository.method(page)`), outside code blocks. */
function classesNamed(markdown: string): string[] {
  const names = [...withoutCodeBlocks(markdown).matchAll(/`([^`\n]+)`/g)].flatMap((match) => {
    const name = new RegExp(`^([A-Z][A-Za-z0-9]*(?:${CLASS_SUFFIXES}))(?:\\.\\w+(?:\\(.*\\))?)?$`).exec(match[1]);
    return name ? [name[1]] : [];
  });
  return [...new Set(names)];
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const architecture = read('docs/architecture.md');

describe('docs/architecture.md', () => {
  it('lists exactly the contexts that are folders in src/', () => {
    const folders = readdirSync(join(ROOT, 'src')).filter((name) => statSync(join(ROOT, 'src', name)).isDirectory());
    expect(firstColumnNames(section(architecture, 'Contexts')).sort()).toEqual(folders.sort());
  });

  it('lists the test tiers that exist: the Jest projects plus Vitest, each with its npm script', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const jestConfig = require(join(ROOT, 'jest.config.js')) as { projects: { displayName: string }[] };
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const tiers = jestConfig.projects.map((project) => project.displayName);
    if (/\bvitest\b/.test(scripts['test:web'] ?? '')) tiers.push('web');

    const table = section(architecture, 'Tests');
    expect(firstColumnNames(table).sort()).toEqual([...tiers].sort());
    for (const tier of tiers) {
      expect(table).toContain(`\`npm run test:${tier}\``);
      expect(scripts).toHaveProperty(`test:${tier}`);
    }
  });

  it('states the constructor-dependency limit that scripts/architecture-rules.mjs enforces', () => {
    const rules = pathToFileURL(join(ROOT, 'scripts', 'architecture-rules.mjs')).href;
    const enforced = execFileSync(process.execPath, [
      '-e',
      `import(${JSON.stringify(rules)}).then((m) => process.stdout.write(String(m.MAX_DEPENDENCIES)))`,
    ]).toString();
    const stated = [...architecture.matchAll(/at most (\d+) constructor dependencies/g)].map((match) => match[1]);
    expect(stated.length).toBeGreaterThan(0);
    expect(new Set(stated)).toEqual(new Set([enforced]));
  });

  it('draws the context picture that scripts/feature-cycles.mjs enforces', () => {
    const cycles = pathToFileURL(join(ROOT, 'scripts', 'feature-cycles.mjs')).href;
    const enforced = JSON.parse(
      execFileSync(process.execPath, [
        '-e',
        `import(${JSON.stringify(cycles)}).then((m) => process.stdout.write(JSON.stringify(m.CONTEXTS)))`,
      ]).toString(),
    ) as Record<string, string[]>;
    const drawn = [...architecture.matchAll(/^\s*(\w+)\s*-->\s*(\w+)\s*$/gm)].map(
      (match) => `${match[1]} → ${match[2]}`,
    );
    const rules = Object.entries(enforced).flatMap(([from, below]) => below.map((to) => `${from} → ${to}`));
    expect(drawn.sort()).toEqual(rules.sort());
  });

  it('names only classes that exist in src/', () => {
    const classes = new Set(
      sourceFiles(join(ROOT, 'src')).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\bclass\s+([A-Z]\w*)/g)].map((match) => match[1]),
      ),
    );
    const named = classesNamed(architecture);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !classes.has(name))).toEqual([]);
  });
});

describe('test layout', () => {
  /** Spec files of a tier, as paths relative to that tier's folder. */
  const specsOf = (tier: string, suffix: string): string[] =>
    sourceFiles(join(ROOT, 'test', tier))
      .filter((file) => file.endsWith(suffix))
      .map((file) => relative(join(ROOT, 'test', tier), file));

  it.each([
    ['e2e', '.e2e-spec.ts'],
    ['medium', '.medium-spec.ts'],
  ])('test/%s/ mirrors src/<context>/<feature>/', (tier, suffix) => {
    const specs = specsOf(tier, suffix);
    expect(specs.length).toBeGreaterThan(0);
    const misplaced = specs.filter((spec) => {
      const folders = spec.split(sep).slice(0, -1);
      return folders.length < 2 || !existsSync(join(ROOT, 'src', folders[0], folders[1]));
    });
    expect(misplaced).toEqual([]);
  });
});

describe('README.md', () => {
  it(`stays a front door: at most ${README_MAX_LINES} lines`, () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('code map lists exactly the contexts that are folders in src/', () => {
    const folders = readdirSync(join(ROOT, 'src')).filter((name) => statSync(join(ROOT, 'src', name)).isDirectory());
    expect(firstColumnNames(section(read('README.md'), 'Code map')).sort()).toEqual(folders.sort());
  });
});

describe('docs/configuration.md', () => {
  it('lists exactly the environment variables of src/platform/env/env.schema.ts', () => {
    const schema = read('src/platform/env/env.schema.ts');
    const declared = [...schema.matchAll(/^\s+([A-Z][A-Z0-9_]+)\??:/gm)].map((match) => match[1]);
    const documented = [
      ...section(read('docs/configuration.md'), 'Environment variables').matchAll(/^\|([^|]+)\|/gm),
    ].flatMap((match) => [...match[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((name) => name[1]));
    expect(declared.length).toBeGreaterThan(0);
    expect([...new Set(documented)].sort()).toEqual([...new Set(declared)].sort());
  });
});

describe('links in README.md and docs/*.md', () => {
  it.each(DOCS)('%s: every relative link resolves inside the repository', (file) => {
    const broken = linkTargets(read(file)).flatMap((target) => brokenLink(ROOT, file, target) ?? []);
    expect(broken).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const markdown = [
    '# Title',
    '## Live push (SignalR)',
    '## Live push (SignalR)',
    '```',
    '## not a heading',
    '[not a link](nowhere.md)',
    '```',
    '| `alpha` | one |',
    '| `beta` | two |',
    'See [there](missing.md), ![img](docs/screenshots/queue.png), <img src="nope.png">, `[code](x.md)`.',
    '`BookMonitoringService`, `BookRepository.findMissing(page)`, `book.imported`.',
  ].join('\n');

  it('finds headings, anchors, tables, links and class names outside code blocks', () => {
    expect(anchorsOf(markdown)).toEqual(new Set(['title', 'live-push-signalr', 'live-push-signalr-1']));
    expect(firstColumnNames(markdown)).toEqual(['alpha', 'beta']);
    expect(linkTargets(markdown)).toEqual(['missing.md', 'docs/screenshots/queue.png', 'nope.png']);
    expect(classesNamed(markdown)).toEqual(['BookMonitoringService', 'BookRepository']);
    expect(slugOf("Quire's extensions: `GET /book/paged`")).toBe('quires-extensions-get-bookpaged');
  });

  it('reports missing files, missing anchors and links out of the repository', () => {
    expect(brokenLink(ROOT, 'README.md', 'missing.md')).toMatch(/no such file/);
    expect(brokenLink(ROOT, 'README.md', 'docs/api.md#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink(ROOT, 'docs/api.md', '../../shared/reference.md')).toMatch(/outside the repository/);
    expect(brokenLink(ROOT, 'docs/api.md', 'https://example.org/')).toBeUndefined();
    expect(brokenLink(ROOT, 'docs/api.md', '#the-api-key')).toBeUndefined();
  });
});
