import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ChannelMessage } from '../notification.types';
import { ChannelSendError, postWithDeadline } from './channel';
import { classifySmtpError, smtpTransportOptions } from './email.channel';
import { buildHaTtsPayload } from './ha-tts.channel';
import { buildNtfyRequest, ntfyPriority } from './ntfy.channel';

const message: ChannelMessage = {
  title: 'Café — Übersicht',
  body: '**hi**',
  priority: 'urgent',
  sourceAgent: 'deploy-bot',
  metadata: {},
};

describe('ntfy request', () => {
  it('maps priorities low, normal, high, urgent to ntfy low, default, high, urgent', () => {
    expect((['low', 'normal', 'high', 'urgent'] as const).map(ntfyPriority)).toEqual([
      'low',
      'default',
      'high',
      'urgent',
    ]);
  });

  it('builds the header publish request', () => {
    const request = buildNtfyRequest(message, { url: 'https://ntfy.example/', topic: 'quire', token: 'tk_1' });
    expect(request.url).toBe('https://ntfy.example/quire');
    expect(request.headers).toEqual({
      'Content-Type': 'text/markdown; charset=utf-8',
      Title: '=?UTF-8?B?Q2Fmw6kg4oCUIMOcYmVyc2ljaHQ=?=',
      Priority: 'urgent',
      Markdown: 'yes',
      Tags: 'deploy-bot',
      Authorization: 'Bearer tk_1',
    });
    expect(request.body).toBe('**hi**');
    expect(buildNtfyRequest({ ...message, sourceAgent: undefined }, { url: 'u', topic: 't' }).headers.Tags).toBe(
      undefined,
    );
  });
});

describe('Home Assistant payload', () => {
  it('carries the spoken text as message', () => {
    expect(buildHaTtsPayload({ ...message, title: 'Done', body: '# Big\n\n*ok*' })).toEqual({
      message: 'Done: Big. ok',
      title: 'Done',
      source_agent: 'deploy-bot',
    });
  });
});

describe('postWithDeadline', () => {
  let server: Server;
  let status = 200;
  let url: string;

  let connections = 0;
  const received: { method?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => received.push({ method: req.method, body: Buffer.concat(chunks).toString('utf8') }));
      if (status === 0) return; // hang
      if (status === 1) {
        res.writeHead(200).write('{"id":'); // headers and half a body, then nothing
        return;
      }
      res.writeHead(status).end(status === 200 ? '{"id":"x"}' : 'nope');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/t`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const failure = async (timeout = 1000) => {
    try {
      await postWithDeadline(url, { headers: {}, body: 'x' }, timeout);
    } catch (error) {
      return error as ChannelSendError;
    }
    throw new Error('expected a failure');
  };

  it('returns 2xx answers', async () => {
    status = 200;
    await expect(postWithDeadline(url, { headers: {}, body: 'x' }, 1000)).resolves.toEqual({
      status: 200,
      text: '{"id":"x"}',
    });
  });

  it.each([
    [500, true],
    [503, true],
    [429, true],
    [408, true],
    [400, false],
    [401, false],
    [403, false],
    [413, false],
  ])('HTTP %i is transient: %s', async (code, transient) => {
    status = code;
    const error = await failure();
    expect(error).toBeInstanceOf(ChannelSendError);
    expect(error).toMatchObject({ transient, statusCode: code, message: `HTTP ${code}: nope` });
  });

  it('a timeout is transient', async () => {
    status = 0;
    expect(await failure(100)).toMatchObject({ transient: true, message: 'timed out after 100 ms' });
  });

  it('sends the body (UTF-8) with the method asked for and reuses the connection (keep-alive)', async () => {
    status = 200;
    const before = connections;
    await postWithDeadline(url, { headers: {}, body: 'première' }, 1000);
    await postWithDeadline(url, { headers: {}, body: 'seconde', method: 'PUT' }, 1000);
    expect(received.slice(-2)).toEqual([
      { method: 'POST', body: 'première' },
      { method: 'PUT', body: 'seconde' },
    ]);
    expect(connections - before).toBeLessThanOrEqual(1);
  });

  it('a body that stops midway times out (the deadline covers the body too)', async () => {
    status = 1;
    expect(await failure(100)).toMatchObject({ transient: true, message: 'timed out after 100 ms' });
  });

  it('credentials in the URL are refused without repeating them', async () => {
    status = 200;
    const error = await postWithDeadline(url.replace('http://', 'http://user:secret@'), { headers: {}, body: '' }, 1000)
      .then(() => undefined)
      .catch((e: ChannelSendError) => e);
    expect(error).toMatchObject({ transient: true, message: 'request failed: URL includes credentials' });
  });

  it('connection refused is transient', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await postWithDeadline(`http://127.0.0.1:${port}/t`, { headers: {}, body: '' }, 1000).catch(
      (e: ChannelSendError) => e,
    );
    expect(error).toMatchObject({ transient: true, message: 'request failed: ECONNREFUSED' });
  });
});

describe('SMTP', () => {
  it('replaces nodemailer’s long default timeouts and caps them by the send deadline', () => {
    expect(smtpTransportOptions({ host: 'h', port: 25, from: 'f', to: 't' })).toMatchObject({
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10000,
      secure: false,
      auth: undefined,
    });
    expect(smtpTransportOptions({ host: 'h', port: 465, from: 'f', to: 't', timeoutMs: 300 })).toMatchObject({
      connectionTimeout: 300,
      greetingTimeout: 300,
      socketTimeout: 300,
      secure: true,
    });
  });

  it.each([
    [{ responseCode: 451, response: '451 try later' }, true],
    [{ responseCode: 550, response: '550 no such user' }, false],
    [{ code: 'ECONNECTION', message: 'connect ECONNREFUSED' }, true],
    [{ code: 'ETIMEDOUT', message: 'Greeting never received' }, true],
    [{ code: 'EAUTH', message: 'Invalid login' }, false],
  ])('classifies %o (transient: %s)', (error: Record<string, unknown>, transient) => {
    expect(classifySmtpError(Object.assign(new Error('x'), error)).transient).toBe(transient);
  });
});
