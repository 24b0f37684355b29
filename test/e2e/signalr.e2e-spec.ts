import { HttpTransportType } from '@microsoft/signalr';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { startMetadataFixture, MetadataFixture } from '../utils/metadata-fixture';
import { connectHub, HubClient, ReceivedMessage } from '../utils/signalr-client';
import { TEST_API_KEY } from '../utils/create-test-app';

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
    expect(Object.keys(pushed.body.resource).sort()).toEqual(Object.keys(created.body).sort());

    await fixture.t.api.delete(`/api/v1/author/${id}`).expect(200);
    const deleted = await client.waitFor(
      (message) => message.name === 'author' && message.body.action === 'deleted',
      `author ${id} deleted`,
    );
    expect(deleted.body.resource).toEqual({ id });
  });
});
