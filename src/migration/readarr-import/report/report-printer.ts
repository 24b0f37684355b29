import type { MigrationReport } from './migration-report';

/** A one-line progress bar for a terminal (`\r`-rewritten), or plain lines when output is not a TTY. */
export function progressPrinter(stream: NodeJS.WriteStream): (message: string, fraction: number) => Promise<void> {
  let lastLine = '';
  return (message, fraction) => {
    const width = 30;
    const filled = Math.round(Math.max(0, Math.min(1, fraction)) * width);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}% ${message}`;
    if (line !== lastLine) {
      if (stream.isTTY) stream.write(`\r${line.slice(0, (stream.columns || 120) - 1).padEnd(lastLine.length)}`);
      else stream.write(`${line}\n`);
      lastLine = line;
    }
    if (fraction >= 1 && stream.isTTY) stream.write('\n');
    return Promise.resolve();
  };
}

/** The report as text: source, a table of counts, unmatched entries and conflicts. */
export function formatReport(report: MigrationReport): string {
  const lines: string[] = [];
  lines.push(
    `${report.dryRun ? 'DRY RUN (nothing written; add --apply to migrate)' : 'APPLIED'} — ${report.source.appName} ` +
      `${report.source.version}, ${report.source.databaseFile} (${report.source.metadataIds} ids)`,
  );
  lines.push('');
  const header = ['entity', 'found', 'imported', 'merged', 'skipped', 'unmatched'];
  const rows = Object.entries(report.counts).map(([entity, counts]) => [
    entity,
    ...[counts.found, counts.imported, counts.merged, counts.skipped, counts.unmatched].map(String),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  for (const row of [header, ...rows])
    lines.push(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  '),
    );
  lines.push('');
  lines.push(
    `Metadata lookups: ${report.lookups.requests} requests for ${report.lookups.identifiers} identifiers ` +
      `(${report.lookups.cached} from cache)`,
  );
  if (report.unmatched.length) {
    lines.push('', `Unmatched (${report.unmatched.length}):`);
    for (const entry of report.unmatched)
      lines.push(
        `  ${entry.kind} #${entry.readarrId} ${entry.title}${entry.foreignId ? ` [${entry.foreignId}]` : ''}: ${entry.reason}`,
      );
  }
  if (report.conflicts.length) {
    lines.push('', `Conflicts (${report.conflicts.length}):`);
    for (const entry of report.conflicts)
      lines.push(`  ${entry.kind} #${entry.readarrId} ${entry.title} (${entry.field}): ${entry.resolution}`);
  }
  return lines.join('\n');
}
