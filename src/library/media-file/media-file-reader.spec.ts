import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeEpub, makeMobi, makeMp3, makePdf } from '../../../test/fixtures/media/generators';
import { MediaFileReader } from './media-file-reader.service';
import { TagWriter } from './tag-writer.service';

describe('MediaFileReader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-media-'));
  const reader = new MediaFileReader();

  it('reads EPUB OPF metadata: title, creators, ISBN, language, publisher', async () => {
    const path = join(dir, 'book.epub');
    await makeEpub(path, {
      title: 'The Left Hand of Darkness',
      authors: ['Ursula K. Le Guin', 'Second Author'],
      isbn: '978-0-441-47812-5',
      language: 'en',
      publisher: 'Ace & Co',
    });
    const info = await reader.read(path);
    expect(info.error).toBeUndefined();
    expect(info).toMatchObject({ qualityId: 3, mediaKind: 'ebook' });
    expect(info.tags).toMatchObject({
      title: 'The Left Hand of Darkness',
      authors: ['Ursula K. Le Guin', 'Second Author'],
      isbn: '9780441478125',
      language: 'en',
      publisher: 'Ace & Co',
      year: 2019,
    });
  });

  it('reads the PDF Info dictionary, including UTF-16 strings and escapes', async () => {
    const path = join(dir, 'book.pdf');
    makePdf(path, { title: 'Dune (Deluxe) \\ Edition', author: 'Frank Herbert' });
    expect((await reader.read(path)).tags).toMatchObject({
      title: 'Dune (Deluxe) \\ Edition',
      authors: ['Frank Herbert'],
      year: 2019,
    });
    const unicode = join(dir, 'unicode.pdf');
    makePdf(unicode, { title: 'Čapek — R.U.R.', author: 'Karel Čapek' });
    expect((await reader.read(unicode)).tags).toMatchObject({ title: 'Čapek — R.U.R.', authors: ['Karel Čapek'] });
  });

  it('answers empty tags (not an error) for a PDF whose Info object sits in a compressed object stream', async () => {
    const path = join(dir, 'compressed.pdf');
    writeFileSync(path, '%PDF-1.5\n1 0 obj\n<< /Type /ObjStm /N 1 /Filter /FlateDecode >>\nstream\nxx\nendstream\n');
    const info = await reader.read(path);
    expect(info.error).toBeUndefined();
    expect(info.tags).toMatchObject({ authors: [] });
    expect(info.tags?.title).toBeUndefined();
  });

  it('reads MOBI and AZW3 EXTH records 100/101/104/503', async () => {
    for (const name of ['book.mobi', 'book.azw3']) {
      const path = join(dir, name);
      makeMobi(path, { title: 'Neuromancer', author: 'William Gibson', publisher: 'Ace', isbn: '9780441569595' });
      const info = await reader.read(path);
      expect(info.tags).toMatchObject({
        title: 'Neuromancer',
        authors: ['William Gibson'],
        publisher: 'Ace',
        isbn: '9780441569595',
      });
      expect(info.qualityId).toBe(name.endsWith('mobi') ? 2 : 4);
    }
  });

  it('reads MP3 tags and media info', async () => {
    const path = join(dir, 'book.mp3');
    makeMp3(path, {
      title: 'Chapter 1',
      album: 'Project Hail Mary',
      artist: 'Andy Weir',
      year: '2021',
      trackNumber: '1',
    });
    const info = await reader.read(path);
    expect(info.error).toBeUndefined();
    expect(info).toMatchObject({ qualityId: 10, mediaKind: 'audio' });
    expect(info.tags).toMatchObject({
      title: 'Chapter 1',
      bookTitle: 'Project Hail Mary',
      authors: ['Andy Weir'],
      year: 2021,
      trackNumbers: [1],
    });
    expect(info.mediaInfo).toMatchObject({ audioChannels: 2, audioSampleRate: '44.1 kHz' });
  });

  it('reports corrupt files without throwing', async () => {
    for (const [name, content] of [
      ['bad.epub', 'not a zip'],
      ['bad.pdf', 'garbage'],
      ['bad.mobi', 'short'],
      ['bad.azw3', Buffer.alloc(200)],
      ['bad.flac', 'nope'],
    ] as const) {
      const path = join(dir, name);
      writeFileSync(path, content);
      const info = await reader.read(path);
      expect(info.error).toContain(`Unable to read '${path}'`);
    }
  });

  it('writes MP3 tags that read back', async () => {
    const path = join(dir, 'retag.mp3');
    makeMp3(path, { title: 'Old', artist: 'Someone' });
    const writer = new TagWriter();
    expect(writer.supports(path)).toBe(true);
    expect(writer.supports('x.m4b')).toBe(false);
    await writer.write(path, { title: 'New Title', artist: 'New Author', album: 'The Book', year: '2001' });
    expect(await writer.read(path)).toMatchObject({ title: 'New Title', artist: 'New Author', album: 'The Book' });
    expect((await reader.read(path)).tags).toMatchObject({ title: 'New Title', authors: ['New Author'] });
  });
});
