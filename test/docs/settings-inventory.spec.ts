import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fieldMetadataOf } from '../../src/integrations/core/field.decorator';
import { renderSettingsDoc } from '../../src/platform/settings/inventory/settings-doc';
import { inventoryProblems, SettingsSurface } from '../../src/platform/settings/inventory/settings-inventory';
import { allSettingsSurfaces, PROVIDER_KIND_INVENTORIES } from '../../src/settings-inventory';

const root = join(__dirname, '..', '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The provider kind of a source folder (the route segment its controller serves). */
const KIND_OF_FOLDER: Record<string, string> = {
  'src/integrations/download-client': 'downloadclient',
  'src/integrations/indexer': 'indexer',
  'src/integrations/import-list': 'importlist',
  'src/integrations/metadata-consumer': 'metadata',
  'src/notifications/connections': 'notification',
};

/** Problems of one surface list: unknown or missing fields, missing reasons, acts entries naming no real test. */
function problemsOf(surfaces: SettingsSurface[]): string[] {
  const problems = surfaces.flatMap(inventoryProblems);
  for (const surface of surfaces)
    for (const [field, entry] of Object.entries(surface.entries)) {
      if (entry.status !== 'acts' && entry.status !== 'ui-only') continue;
      const where = (() => {
        try {
          return statSync(join(root, entry.where)).isFile();
        } catch {
          return false;
        }
      })();
      if (!where) problems.push(`${surface.id}: '${field}' names '${entry.where}', which is not a file`);
      if (entry.status !== 'acts') continue;
      let text: string;
      try {
        text = readFileSync(join(root, entry.test.file), 'utf8');
      } catch {
        problems.push(`${surface.id}: '${field}' names the spec '${entry.test.file}', which does not exist`);
        continue;
      }
      const quoted = [`'${entry.test.title.replace(/'/g, "\\'")}'`, `"${entry.test.title}"`, `\`${entry.test.title}\``];
      if (!quoted.some((title) => text.includes(title)))
        problems.push(`${surface.id}: '${field}' names the test “${entry.test.title}”, not in ${entry.test.file}`);
    }
  return problems;
}

describe('settings inventory', () => {
  const surfaces = allSettingsSurfaces();

  it('has one entry per field of every settings resource and provider schema, acts entries naming real tests', () => {
    expect(problemsOf(surfaces)).toEqual([]);
  });

  it('catches a new field, a vanished field, a missing reason and a test title that does not exist', () => {
    const [host] = surfaces;
    const acting = Object.keys(host.entries).find((name) => host.entries[name].status === 'acts')!;
    const broken: SettingsSurface = {
      ...host,
      fields: [...host.fields, 'brandNewField'],
      entries: {
        ...host.entries,
        vanishedField: { status: 'pending', note: 'x' },
        launchBrowser: { status: 'unsupported', reason: ' ' },
        [acting]: {
          status: 'acts',
          where: 'src/main.ts',
          test: { file: 'test/docs/docs.spec.ts', title: 'no such test' },
        },
      },
    };
    const problems = problemsOf([broken]).join('\n');
    expect(problems).toContain("field 'brandNewField' has no inventory entry");
    expect(problems).toContain("entry 'vanishedField' names no field");
    expect(problems).toContain("unsupported 'launchBrowser' has no reason");
    expect(problems).toContain('names the test “no such test”');
  });

  it('covers every /config section the app serves', () => {
    const sections = sourceFiles(join(root, 'src'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/createConfigController\(\{\s*section: '(\w+)'/g)])
      .map((match) => `config/${match[1]}`);
    expect(sections.length).toBeGreaterThanOrEqual(8);
    expect(sections.filter((id) => !surfaces.some((surface) => surface.id === id))).toEqual([]);
  });

  it('covers every provider implementation and every settings class with fields', () => {
    const implementations: string[] = [];
    for (const [folder, kind] of Object.entries(KIND_OF_FOLDER))
      for (const file of sourceFiles(join(root, folder)))
        for (const match of readFileSync(file, 'utf8').matchAll(/^\s*implementation: '(\w+)',/gm))
          implementations.push(`${kind}/${match[1]}`);
    expect(implementations.length).toBeGreaterThan(10);
    expect(implementations.filter((id) => !surfaces.some((surface) => surface.id === id))).toEqual([]);

    const inventoried = new Set<unknown>();
    for (const inventory of PROVIDER_KIND_INVENTORIES)
      for (const { settings } of Object.values(inventory.implementations)) {
        for (let proto = settings.prototype as object | null; proto && proto !== Object.prototype;)
          inventoried.add((proto = Object.getPrototypeOf(proto) as object | null) && proto?.constructor);
        inventoried.add(settings);
        for (const group of fieldMetadataOf(settings).groups) inventoried.add(group.type());
      }
    const withFields = Object.keys(KIND_OF_FOLDER)
      .flatMap((folder) => sourceFiles(join(root, folder)))
      .filter((file) => readFileSync(file, 'utf8').includes('@Field('))
      .flatMap((file) =>
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        Object.entries(require(file) as Record<string, unknown>).map(([name, value]) => ({ file, name, value })),
      )
      .filter(
        ({ value }) =>
          typeof value === 'function' &&
          value.toString().startsWith('class') &&
          fieldMetadataOf(value as new () => object).fields.length > 0,
      );
    expect(
      withFields
        .filter(({ value }) => !inventoried.has(value))
        .map(({ file, name }) => `${relative(root, file)}: ${name}`),
    ).toEqual([]);
  });

  it('docs/settings.md is what `npm run docs:settings` writes', () => {
    expect(readFileSync(join(root, 'docs', 'settings.md'), 'utf8')).toBe(renderSettingsDoc(surfaces));
  });
});
