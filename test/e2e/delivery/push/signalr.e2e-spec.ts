import { HttpTransportType } from '@microsoft/signalr';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { WebSocket } from 'ws';
import { FileHistoryService } from '../../../../src/files/organizer/file-history.service';
import { qualityModel } from '../../../../src/acquisition/parser/quality-model';
import { createAuthor } from '../../../factories';
import { startMetadataFixture, MetadataFixture } from '../../../utils/metadata-fixture';
import { connectHub, HubClient, ReceivedMessage } from '../../../utils/signalr-client';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';

const commandMessage = (id: number, status?: string) => (message: ReceivedMessage) =>
  message.name === 'command' &&
  message.body.resource?.id === id &&
  (status === undefined || message.body.resource?.status === status);

describe('live push: the SignalR hub at /signalr/messages', () => {
  let fixture: MetadataFixture;
  let baseUrl: string;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    fixture = await startMetadataFixture('quire-signalr-');
    await fixture.t.app.listen(0, '127.0.0.1');
    const { port } = fixture.t.app.getHttpServer().address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    let at = Date.now();
    const took = (what: string) => {
      if (process.env.DEBUG_TIMES) console.log(what, Date.now() - at);
      at = Date.now();
    };
    await Promise.all(clients.map((client) => client.stop()));
    took('clients');
    await fixture.t.close();
    took('app');
    await fixture.fake.close();
    took('fake');
  });

  const connect = async (transport: HttpTransportType) => {
    const client = await connectHub(baseUrl, { apiKey: TEST_API_KEY, transport });
    clients.push(client);
    return client;
  };

  it('negotiates WebSockets and LongPolling with the API key as access_token', async () => {
    const response = await fixture.t
      .anonymous()
      .post(`/signalr/messages/negotiate?negotiateVersion=1&access_token=${TEST_API_KEY}`)
      .expect(200);
    expect(response.body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text'] },
      ],
    });
    expect(response.body.connectionToken).not.toBe(response.body.connectionId);
    await fixture.t.api.post('/signalr/messages/negotiate?negotiateVersion=1').expect(200);
  });

  it('refuses negotiation and the WebSocket upgrade without a key', async () => {
    await fixture.t.anonymous().post('/signalr/messages/negotiate?negotiateVersion=1').expect(401);
    await fixture.t.anonymous().post('/signalr/messages/negotiate?access_token=wrong').expect(401);
    await fixture.t.anonymous().get('/signalr/messages?id=x').expect(401);
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/signalr/messages?access_token=wrong`);
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => reject(new Error('the upgrade was accepted')));
      socket.on('error', () => undefined);
    });
    expect(status).toBe(401);
  });

  it.each([
    ['WebSockets', HttpTransportType.WebSockets],
    ['LongPolling', HttpTransportType.LongPolling],
  ])('pushes a command through every status to completion over %s', async (_label, transport) => {
    const client = await connect(transport);
    await client.waitFor((message) => message.name === 'version', 'the version message');
    const posted = await fixture.t.api.post('/api/v1/command').send({ name: 'Test', duration: 300 }).expect(200);
    const id = posted.body.id as number;
    const completed = await client.waitFor(commandMessage(id, 'completed'), `command ${id} completed`);
    expect(completed.body).toMatchObject({
      action: 'updated',
      resource: {
        id,
        name: 'Test',
        commandName: 'Test',
        status: 'completed',
        result: 'successful',
        message: 'Completed',
      },
    });
    const pushed = client.messages.filter(commandMessage(id)).map((message) => message.body.resource);
    const statuses = pushed.map((resource) => resource.status).filter((status, i, all) => status !== all[i - 1]);
    expect(statuses).toEqual(['queued', 'started', 'completed']);
    // Progress reported by the handler while it runs arrives as an update of the started command.
    expect(pushed).toContainEqual(expect.objectContaining({ status: 'started', message: 'Running for 300 ms' }));
    // The pushed resource is the one GET /command/{id} answers.
    const rest = await fixture.t.api.get(`/api/v1/command/${id}`).expect(200);
    expect(completed.body.resource).toEqual(rest.body);
  });

  it('pushes the author after POST /api/v1/author, as GET /author/{id} answers it', async () => {
    const client = await connect(HttpTransportType.WebSockets);
    const created = await fixture.t.api
      .post('/api/v1/author')
      .send({
        authorName: 'J.R.R. Tolkien',
        foreignAuthorId: 'OL26320A',
        qualityProfileId: 1,
        metadataProfileId: fixture.metadataProfileId,
        rootFolderPath: fixture.root,
        monitored: true,
        addOptions: { monitor: 'none', searchForMissingBooks: false },
      })
      .expect(200);
    const id = created.body.id as number;
    const pushed = await client.waitFor(
      (message) => message.name === 'author' && message.body.resource?.id === id,
      `author ${id}`,
    );
    expect(pushed.body.action).toBe('updated');
    expect(pushed.body.resource).toMatchObject({ id, authorName: 'J.R.R. Tolkien', foreignAuthorId: 'OL26320A' });
    // Read when it is sent: the refresh the add queues may already have filled more fields (overview, lastBook),
    // never fewer. Its shape is checked against GET /author/{id} once that refresh has brought the books.
    expect(Object.keys(pushed.body.resource)).toEqual(expect.arrayContaining(Object.keys(created.body)));
    // The refresh that follows the add brings the author's books from Open Library: each is pushed.
    const book = await client.waitFor(
      (message) => message.name === 'book' && message.body.resource?.authorId === id,
      `a book of author ${id}`,
      30_000,
    );
    expect(book.body.action).toBe('updated');
    const restBook = await fixture.t.api.get(`/api/v1/book/${book.body.resource.id}`).expect(200);
    expect(book.body.resource).toMatchObject({ id: restBook.body.id, title: restBook.body.title, authorId: id });
    const restAuthor = await fixture.t.api.get(`/api/v1/author/${id}`).expect(200);
    expect(Object.keys(restAuthor.body)).toEqual(expect.arrayContaining(Object.keys(pushed.body.resource)));

    await fixture.t.api.delete(`/api/v1/author/${id}`).expect(200);
    const deleted = await client.waitFor(
      (message) => message.name === 'author' && message.body.action === 'deleted',
      `author ${id} deleted`,
    );
    expect(deleted.body.resource).toEqual({ id });
  });

  it('accepts the UI session cookie (forms login) instead of the key', async () => {
    const current = (await fixture.t.api.get('/api/v1/config/host').expect(200)).body;
    const credentials = { username: 'reader', password: 'a long enough password' };
    await fixture.t.api
      .put('/api/v1/config/host')
      .send({
        ...current,
        ...credentials,
        authenticationMethod: 'forms',
        authenticationRequired: 'enabled',
        passwordConfirmation: credentials.password,
      })
      .expect(200);
    const login = await fixture.t.anonymous().post('/login').type('form').send(credentials);
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('QuireAuth='))
      ?.split(';')[0];
    expect(cookie).toBeDefined();
    const client = await connectHub(baseUrl, { headers: { Cookie: cookie! } });
    clients.push(client);
    await client.waitFor((message) => message.name === 'version', 'the version message');
    await fixture.t.anonymous().post('/signalr/messages/negotiate').set('Cookie', 'QuireAuth=forged').expect(401);
  });

  it('pushes tag syncs and root folder changes', async () => {
    const client = await connect(HttpTransportType.WebSockets);
    const tag = await fixture.t.api.post('/api/v1/tag').send({ label: 'pushed' }).expect(200);
    await client.waitFor((message) => message.name === 'tag' && message.body.action === 'sync', 'tag sync');
    await fixture.t.api.delete(`/api/v1/tag/${tag.body.id}`).expect(200);

    const path = mkdtempSync(join(tmpdir(), 'quire-signalr-more-'));
    const folder = await fixture.t.api
      .post('/api/v1/rootfolder')
      .send({ name: 'More', path, defaultQualityProfileId: 1, defaultMetadataProfileId: 1 })
      .expect(200);
    const created = await client.waitFor(
      (message) => message.name === 'rootfolder' && message.body.action === 'created',
      'rootfolder created',
    );
    const rest = (await fixture.t.api.get(`/api/v1/rootfolder/${folder.body.id}`).expect(200)).body;
    expect(created.body.resource).toEqual({ ...rest, freeSpace: expect.any(Number) }); // the disk changes meanwhile
    await fixture.t.api.delete(`/api/v1/rootfolder/${folder.body.id}`).expect(200);
    const removed = await client.waitFor(
      (message) => message.name === 'rootfolder' && message.body.action === 'deleted',
      'rootfolder deleted',
    );
    expect(removed.body.resource).toEqual({ id: folder.body.id });
  });

  it('pushes a health sync when the checks ran', async () => {
    const client = await connect(HttpTransportType.WebSockets);
    await fixture.t.api.post('/api/v1/command').send({ name: 'CheckHealth' }).expect(200);
    await client.waitFor((message) => message.name === 'health' && message.body.action === 'sync', 'health sync');
  });

  it('pushes history and blocklist syncs (names of Quire, for its UI) when either changes', async () => {
    const client = await connect(HttpTransportType.WebSockets);
    const author = await createAuthor(fixture.t.app.get(DataSource));
    await fixture.t.app.get(FileHistoryService).record({
      eventType: 'bookFileRenamed',
      authorId: author.id,
      bookId: null,
      sourceTitle: 'renamed.epub',
      quality: qualityModel(0),
      data: {},
    });
    await client.waitFor((message) => message.name === 'history' && message.body.action === 'sync', 'history sync');
    await fixture.t.api.post('/api/v1/command').send({ name: 'ClearBlocklist' }).expect(200);
    await client.waitFor((message) => message.name === 'blocklist' && message.body.action === 'sync', 'blocklist sync');
  });
});

describe('live push: limits and URL_BASE', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ URL_BASE: '/quire', PUSH_MAX_CONNECTIONS: '2' });
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const negotiate = () => t.api.post('/quire/signalr/messages/negotiate?negotiateVersion=1');

  /** A raw WebSocket on the hub that has finished its handshake. */
  const openSocket = async (): Promise<WebSocket> => {
    const { connectionToken } = (await negotiate().expect(200)).body as { connectionToken: string };
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/quire/signalr/messages?id=${connectionToken}`, {
      headers: { 'X-Api-Key': TEST_API_KEY },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const answer = new Promise<string>((resolve) => socket.once('message', (data: Buffer) => resolve(data.toString())));
    socket.send('{"protocol":"json","version":1}\x1e');
    expect(await answer).toBe('{}\x1e');
    return socket;
  };

  it('serves the hub under URL_BASE only', async () => {
    const socket = await openSocket();
    socket.close();
    await new Promise((resolve) => socket.once('close', resolve));
    const status = await new Promise<number>((resolve) => {
      const stray = new WebSocket(`${baseUrl.replace('http', 'ws')}/signalr/messages`, {
        headers: { 'X-Api-Key': TEST_API_KEY },
      });
      stray.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      stray.on('error', () => undefined);
    });
    expect(status).toBe(404);
  });

  it('closes a client that sends more than the message limit', async () => {
    const socket = await openSocket();
    const closed = new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));
    socket.send(`{"type":6,"padding":"${'x'.repeat(64 * 1024)}"}\x1e`);
    expect(await closed).toBe(1009); // "message too big", from the WebSocket layer's own limit
  });

  it('refuses connections beyond PUSH_MAX_CONNECTIONS with 503 and accepts again once one closed', async () => {
    const first = await openSocket();
    const second = await openSocket();
    await negotiate().expect(503);
    first.close();
    await new Promise((resolve) => first.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await negotiate().expect(200);
    second.close();
  });
});
