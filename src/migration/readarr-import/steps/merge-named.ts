import type { MigrationContext } from '../migration-context';
import type { MigrationEntity } from '../report/migration-report';

export interface NamedRow {
  id: number;
  name: string;
}

/** `Name`, `Name (2)`, `Name (3)`… — the names one migrated row may carry in Quire. */
function isVariantOf(candidate: string, name: string): boolean {
  const lower = candidate.toLowerCase();
  const base = name.toLowerCase();
  return lower === base || new RegExp(`^${escape(base)} \\(\\d+\\)$`).test(lower);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The merge rule for named settings (profiles, custom formats, providers): a row with the same name (or a
 * suffixed variant of it) and equal content is the same row (merged); otherwise the row is created, under its
 * own name when free, else with the first free ` (n)` suffix — both are kept and the clash is listed as a
 * conflict. Re-running finds the suffixed row equal and merges it, so nothing is duplicated.
 */
export async function mergeNamed<T extends NamedRow>(
  ctx: MigrationContext,
  entity: MigrationEntity,
  incoming: { readarrId: number; name: string },
  existing: T[],
  sameContent: (row: T) => boolean,
  create: (name: string) => Promise<number>,
): Promise<number> {
  ctx.report.found(entity);
  const variants = existing.filter((row) => isVariantOf(row.name, incoming.name));
  const equal = variants.find(sameContent);
  if (equal) {
    ctx.report.count(entity, 'merged');
    ctx.idMap(entity).set(incoming.readarrId, equal.id);
    return equal.id;
  }
  const taken = new Set(existing.map((row) => row.name.toLowerCase()));
  let name = incoming.name;
  for (let suffix = 2; taken.has(name.toLowerCase()); suffix++) name = `${incoming.name} (${suffix})`;
  const id = await ctx.create(() => create(name), { kind: entity, readarrId: incoming.readarrId, title: name });
  existing.push({ id, name } as T);
  ctx.report.count(entity, 'imported');
  ctx.idMap(entity).set(incoming.readarrId, id);
  if (name !== incoming.name)
    ctx.report.conflict({
      kind: entity,
      readarrId: incoming.readarrId,
      title: incoming.name,
      field: 'content',
      existing: incoming.name,
      incoming: name,
      resolution: `an existing "${incoming.name}" differs: both kept, the migrated one as "${name}"`,
    });
  return id;
}

/** Order-insensitive deep equality of plain JSON values (object keys sorted; array order kept). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)))
      : item,
  );
}
