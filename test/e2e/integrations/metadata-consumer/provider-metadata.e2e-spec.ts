import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MetadataService } from '../../../../src/integrations/metadata-consumer/metadata.service';
import { FakeHttpServer, send } from '../../../fakes/fake-http';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('providers: metadata consumers (Calibre OPF)', () => {
  let t: TestApp;
  let covers: FakeHttpServer;
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

  beforeAll(async () => {
    covers = await new FakeHttpServer((request, response) =>
      request.url.pathname === '/b/id/42-L.jpg' ? send(response, 200, jpeg, 'image/jpeg') : send(response, 404, ''),
    ).start();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await covers.stop();
  });

  it('offers CalibreOpf in /metadata/schema and CRUDs it', async () => {
    const schema = (await t.api.get('/api/v1/metadata/schema').expect(200)).body;
    expect(schema).toHaveLength(1);
    expect(schema[0]).toMatchObject({
      implementation: 'CalibreOpf',
      configContract: 'CalibreOpfSettings',
      enable: false,
    });
    expect(schema[0].fields.map((f: { name: string }) => f.name)).toEqual(['bookMetadata', 'bookImages']);
    const created = await t.api
      .post('/api/v1/metadata')
      .send({ ...schema[0], name: 'Calibre', enable: true })
      .expect(200);
    expect(created.body).toMatchObject({ id: expect.any(Number), enable: true });
    await t.api.post('/api/v1/metadata/testall').expect(200);
  });

  it('writes metadata.opf and cover.jpg beside the book through every enabled consumer', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'quire-opf-'));
    const written = await t.app.get(MetadataService).writeFor(folder, {
      title: 'The Left Hand of Darkness',
      authors: [{ name: 'Ursula K. Le Guin', sortName: 'Le Guin, Ursula K.' }],
      description: 'Genly Ai & the planet <Gethen>',
      publisher: 'Ace',
      releaseDate: new Date('1969-03-01T00:00:00Z'),
      language: 'eng',
      isbn: '9780441478125',
      foreignBookId: 'OL59800W',
      genres: ['Science fiction'],
      series: { title: 'Hainish Cycle', position: 4 },
      coverUrl: `${covers.url}/b/id/42-L.jpg`,
    });
    expect(written.sort()).toEqual([join(folder, 'cover.jpg'), join(folder, 'metadata.opf')]);
    const opf = readFileSync(join(folder, 'metadata.opf'), 'utf8');
    expect(opf).toContain('<dc:title>The Left Hand of Darkness</dc:title>');
    expect(opf).toContain('<dc:creator opf:file-as="Le Guin, Ursula K." opf:role="aut">Ursula K. Le Guin</dc:creator>');
    expect(opf).toContain('Genly Ai &amp; the planet &lt;Gethen&gt;');
    expect(opf).toContain('<dc:identifier opf:scheme="ISBN">9780441478125</dc:identifier>');
    expect(opf).toContain('<meta name="calibre:series" content="Hainish Cycle"/>');
    expect(opf).toContain('<meta name="calibre:series_index" content="4"/>');
    expect(opf).toContain('<dc:date>1969-03-01T00:00:00+00:00</dc:date>');
    expect(readFileSync(join(folder, 'cover.jpg')).equals(jpeg)).toBe(true);
  });
});
