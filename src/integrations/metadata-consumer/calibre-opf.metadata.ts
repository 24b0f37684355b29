import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IsBoolean } from 'class-validator';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { Field } from '../core/field.decorator';
import { Provider, ProviderMeta } from '../core/provider';
import { httpRequest } from '../core/provider-http';

/** What a metadata consumer needs to describe one book (the file-import code fills it). */
export interface BookInfo {
  title: string;
  authors: { name: string; sortName?: string }[];
  description?: string;
  publisher?: string;
  releaseDate?: Date;
  language?: string;
  isbn?: string;
  foreignBookId?: string;
  genres?: string[];
  series?: { title: string; position?: string | number };
  /** A cover to download (http/https) … */
  coverUrl?: string;
  /** … or the cover's bytes. */
  cover?: Buffer;
}

export class CalibreOpfSettings {
  @Field({ order: 0, label: 'Book Metadata', type: 'checkbox', helpText: 'Write metadata.opf beside each book' })
  @IsBoolean()
  bookMetadata = true;

  @Field({ order: 1, label: 'Book Images', type: 'checkbox', helpText: 'Write cover.jpg beside each book' })
  @IsBoolean()
  bookImages = true;
}

const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Calibre's metadata.opf (OPF 2.0 with calibre:series meta), as Calibre writes it into a book folder. */
export function buildOpf(book: BookInfo, identifier = randomUUID()): string {
  const lines = [
    `    <dc:identifier opf:scheme="uuid" id="uuid_id">${xml(identifier)}</dc:identifier>`,
    `    <dc:title>${xml(book.title)}</dc:title>`,
    ...book.authors.map(
      (author) =>
        `    <dc:creator opf:file-as="${xml(author.sortName ?? author.name)}" opf:role="aut">${xml(author.name)}</dc:creator>`,
    ),
  ];
  if (book.publisher) lines.push(`    <dc:publisher>${xml(book.publisher)}</dc:publisher>`);
  if (book.releaseDate)
    lines.push(`    <dc:date>${book.releaseDate.toISOString().replace(/\.\d{3}Z$/, '+00:00')}</dc:date>`);
  if (book.description) lines.push(`    <dc:description>${xml(book.description)}</dc:description>`);
  if (book.language) lines.push(`    <dc:language>${xml(book.language)}</dc:language>`);
  if (book.isbn) lines.push(`    <dc:identifier opf:scheme="ISBN">${xml(book.isbn)}</dc:identifier>`);
  if (book.foreignBookId)
    lines.push(`    <dc:identifier opf:scheme="OPENLIBRARY">${xml(book.foreignBookId)}</dc:identifier>`);
  for (const genre of book.genres ?? []) lines.push(`    <dc:subject>${xml(genre)}</dc:subject>`);
  if (book.series) {
    lines.push(`    <meta name="calibre:series" content="${xml(book.series.title)}"/>`);
    if (book.series.position !== undefined)
      lines.push(`    <meta name="calibre:series_index" content="${xml(String(book.series.position))}"/>`);
  }
  return `<?xml version='1.0' encoding='utf-8'?>
<package xmlns="http://www.idpf.org/2007/opf" unique-identifier="uuid_id" version="2.0">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
${lines.join('\n')}
  </metadata>
  <guide>
    <reference type="cover" title="Cover" href="cover.jpg"/>
  </guide>
</package>
`;
}

export interface MetadataProvider<S extends object = object> extends Provider<S> {
  /** Writes the consumer's files for one book; returns the paths written. */
  writeFor(bookFolder: string, book: BookInfo, settings: S): Promise<string[]>;
}

/** Quire's own metadata consumer (Readarr ships none): Calibre's metadata.opf and cover.jpg beside each book. */
@Injectable()
export class CalibreOpfMetadata implements MetadataProvider<CalibreOpfSettings> {
  readonly meta: ProviderMeta<CalibreOpfSettings> = {
    implementation: 'CalibreOpf',
    implementationName: 'Calibre OPF',
    configContract: 'CalibreOpfSettings',
    settings: CalibreOpfSettings,
  };

  test(): Promise<ValidationFailure[]> {
    return Promise.resolve([]);
  }

  async writeFor(bookFolder: string, book: BookInfo, settings: CalibreOpfSettings): Promise<string[]> {
    await access(bookFolder, constants.W_OK);
    const written: string[] = [];
    if (settings.bookMetadata) {
      const path = join(bookFolder, 'metadata.opf');
      await writeFile(path, buildOpf(book), 'utf8');
      written.push(path);
    }
    if (settings.bookImages) {
      let cover = book.cover;
      if (!cover && book.coverUrl) {
        const response = await httpRequest(book.coverUrl);
        if (response.status < 400 && response.bytes.length > 0) cover = response.bytes;
      }
      if (cover) {
        const path = join(bookFolder, 'cover.jpg');
        await writeFile(path, cover);
        written.push(path);
      }
    }
    return written;
  }
}
