/** One file of a book, as the choice sees it: its format and its size on disk (undefined when it is gone). */
export interface EReaderFile {
  fileId: number;
  path: string;
  format: string;
  size: number | undefined;
}

export type EReaderChoice =
  | { kind: 'send'; file: EReaderFile & { size: number } }
  | { kind: 'noFile' }
  | { kind: 'noFormat'; available: string[] }
  | { kind: 'tooLarge'; file: EReaderFile & { size: number } }
  | { kind: 'missing'; file: EReaderFile };

/**
 * The file to send of one book: the first acceptable format (in the device's order of preference) that has a
 * file on disk within the size limit. Otherwise why not: no file, no acceptable format, too large, or gone.
 */
export function chooseEReaderFile(files: EReaderFile[], formats: string[], maxBytes: number): EReaderChoice {
  if (files.length === 0) return { kind: 'noFile' };
  const wanted = formats.map((format) => format.toUpperCase());
  const acceptable = files
    .filter((file) => wanted.includes(file.format.toUpperCase()))
    .sort((a, b) => wanted.indexOf(a.format.toUpperCase()) - wanted.indexOf(b.format.toUpperCase()));
  if (acceptable.length === 0) return { kind: 'noFormat', available: [...new Set(files.map((file) => file.format))] };
  const onDisk = acceptable.filter((file): file is EReaderFile & { size: number } => file.size !== undefined);
  const fitting = onDisk.find((file) => file.size <= maxBytes);
  if (fitting) return { kind: 'send', file: fitting };
  if (onDisk.length) return { kind: 'tooLarge', file: onDisk.reduce((a, b) => (b.size < a.size ? b : a)) };
  return { kind: 'missing', file: acceptable[0] };
}
