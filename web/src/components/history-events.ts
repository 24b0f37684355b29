/** History event types, named the same on every page: the wire name, the label shown, and the number `GET /history?eventType=` filters by. */
export const HISTORY_EVENTS = [
  { name: 'grabbed', label: 'Grabbed', value: 1, color: 'blue' },
  { name: 'bookFileImported', label: 'File imported', value: 3, color: 'teal' },
  { name: 'downloadFailed', label: 'Download failed', value: 4, color: 'red' },
  { name: 'bookFileDeleted', label: 'File deleted', value: 5, color: 'orange' },
  { name: 'bookFileRenamed', label: 'File renamed', value: 6, color: 'grape' },
  { name: 'bookImportIncomplete', label: 'Import incomplete', value: 7, color: 'yellow' },
  { name: 'downloadImported', label: 'Download imported', value: 8, color: 'teal' },
  { name: 'bookFileRetagged', label: 'File retagged', value: 9, color: 'grape' },
  { name: 'downloadIgnored', label: 'Download ignored', value: 10, color: 'gray' },
] as const;

export function historyEvent(name: string | undefined): { label: string; color: string } {
  const event = HISTORY_EVENTS.find((candidate) => candidate.name === name);
  return event ?? { label: name ?? 'Unknown', color: 'gray' };
}
