import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IsBoolean } from 'class-validator';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { Field } from '../core/field.decorator';
import { Provider, ProviderMeta } from '../core/provider';
import { httpRequest } from '../core/provider-http';
import type { MetadataFileType } from './metadata-file.repository';

/** What a metadata consumer needs to describe one book (the file-import code fills it). */
export interface BookInfo {
  title: string;
  authors: { name: string; sortName?: string }[];
  description?: string;
  publisher?: string;
  releaseDate?: Date;
  language?: string;
  isbn?: string;
  asin?: string;
  foreignBookId?: string;
  /** A stable id for the OPF's unique identifier (a random one when absent). */
  uuid?: string;
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
export function buildOpf(book: BookInfo, identifier = book.uuid ?? randomUUID()): string {
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
  if (book.asin) lines.push(`    <dc:identifier opf:scheme="AMAZON">${xml(book.asin)}</dc:identifier>`);
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

/** One file a consumer wants beside a book: its kind, its file name in the book's folder and its bytes. */
export interface MetadataFileContent {
  type: MetadataFileType;
  name: string;
  contents: Buffer;
}

export interface MetadataProvider<S extends object = object> extends Provider<S> {
  /** The files this consumer writes for one book, per its settings (the caller writes and records them). */
  filesFor(book: BookInfo, settings: S): Promise<MetadataFileContent[]>;
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

  async filesFor(book: BookInfo, settings: CalibreOpfSettings): Promise<MetadataFileContent[]> {
    const files: MetadataFileContent[] = [];
    if (settings.bookMetadata)
      files.push({ type: 'bookMetadata', name: 'metadata.opf', contents: Buffer.from(buildOpf(book), 'utf8') });
    if (settings.bookImages) {
      let cover = book.cover;
      if (!cover && book.coverUrl) {
        const response = await httpRequest(book.coverUrl);
        if (response.status < 400 && response.bytes.length > 0) cover = response.bytes;
      }
      if (cover) files.push({ type: 'bookImage', name: 'cover.jpg', contents: cover });
    }
    return files;
  }
}
