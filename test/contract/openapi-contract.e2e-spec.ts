import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, TestApp } from '../utils/create-test-app';

type Schema = { $ref?: string; type?: string; items?: Schema; properties?: Record<string, Schema>; allOf?: Schema[] };
type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const READARR: Document = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', 'shared', 'reference', 'readarr-openapi.json'), 'utf8'),
);
const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head'];
/** Nested resource levels compared below the top-level schema (AuthorResource.statistics, …). */
const MAX_DEPTH = 1;

function resolve(doc: Document, schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolve(doc, doc.components.schemas[schema.$ref.split('/').pop()!]);
  if (schema.allOf?.length) return resolve(doc, schema.allOf[0]);
  if (schema.type === 'array') return resolve(doc, schema.items);
  return schema;
}

function jsonSchemaOf(content: Record<string, { schema?: Schema }> | undefined): Schema | undefined {
  if (!content) return undefined;
  return (content['application/json'] ?? Object.values(content)[0])?.schema;
}

/** Field paths Readarr's schema has that ours lacks (case-insensitive names, nested up to MAX_DEPTH). */
function missingFields(ours: Schema | undefined, theirs: Schema | undefined, ourDoc: Document, prefix = '', depth = 0) {
  const theirsResolved = resolve(READARR, theirs);
  if (!theirsResolved?.properties) return [];
  const oursResolved = resolve(ourDoc, ours);
  if (!oursResolved?.properties) return [`${prefix || '(body)'}: no object schema`];
  const ourProps = new Map(Object.entries(oursResolved.properties).map(([name, s]) => [name.toLowerCase(), s]));
  const missing: string[] = [];
  for (const [name, theirProp] of Object.entries(theirsResolved.properties)) {
    const ourProp = ourProps.get(name.toLowerCase());
    if (!ourProp) {
      missing.push(`${prefix}${name}`);
      continue;
    }
    if (depth < MAX_DEPTH) missing.push(...missingFields(ourProp, theirProp, ourDoc, `${prefix}${name}.`, depth + 1));
  }
  return missing;
}

describe('OpenAPI contract: operations served at Readarr paths carry Readarr fields', () => {
  let t: TestApp;
  let ours: Document;

  beforeAll(async () => {
    t = await createTestApp();
    ours = (await t.anonymous().get('/docs-json').expect(200)).body as Document;
  });
  afterAll(() => t.close());

  it('is valid OpenAPI 3 with Readarr resource schema names', () => {
    expect((ours as unknown as { openapi: string }).openapi).toMatch(/^3\./);
    expect(Object.keys(ours.components.schemas)).toEqual(
      expect.arrayContaining(['SystemResource', 'HostConfigResource']),
    );
  });

  it('lacks no Readarr query parameter, request field or response field', () => {
    const problems: string[] = [];
    let compared = 0;
    const ourPaths = new Map(Object.keys(ours.paths).map((path) => [path.toLowerCase(), path]));
    for (const [path, readarrItem] of Object.entries(READARR.paths)) {
      const ourPath = ourPaths.get(path.toLowerCase());
      if (!ourPath) continue;
      for (const method of METHODS) {
        const theirs = readarrItem[method];
        const mine = ours.paths[ourPath][method];
        if (!theirs || !mine) continue;
        compared++;
        const label = `${method.toUpperCase()} ${path}`;
        const ourQuery = new Set(
          (mine.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name.toLowerCase()),
        );
        for (const parameter of theirs.parameters ?? []) {
          if (parameter.in === 'query' && !ourQuery.has(parameter.name.toLowerCase()))
            problems.push(`${label}: query parameter '${parameter.name}' missing`);
        }
        const theirBody = jsonSchemaOf(theirs.requestBody?.content);
        if (theirBody) {
          for (const field of missingFields(jsonSchemaOf(mine.requestBody?.content), theirBody, ours))
            problems.push(`${label}: request field '${field}' missing`);
        }
        const theirResponse = jsonSchemaOf(theirs.responses?.['200']?.content);
        if (theirResponse) {
          const ourResponse = jsonSchemaOf((mine.responses?.['200'] ?? mine.responses?.['201'])?.content);
          for (const field of missingFields(ourResponse, theirResponse, ours))
            problems.push(`${label}: response field '${field}' missing`);
        }
      }
    }
    console.log(`[contract] compared ${compared} Readarr operations served by Quire`);
    expect(compared).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
