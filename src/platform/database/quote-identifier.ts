/** A name (table, column) as a double-quoted SQL identifier, inner quotes doubled. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
