import { createTestApp, TestApp } from '../../../utils/create-test-app';

interface WireField {
  name: string;
  label: string;
  type: string;
  value?: unknown;
  privacy?: string;
  advanced?: boolean;
}

/**
 * The schema templates of the download clients added after the first five: Readarr's implementation name, config
 * contract, protocol, fields in Readarr's order with their labels, types and defaults. Secrets are masked.
 */
const CLIENTS: {
  implementation: string;
  implementationName: string;
  configContract: string;
  fields: [name: string, label: string, type: string, value: unknown][];
}[] = [
  {
    implementation: 'Aria2',
    implementationName: 'Aria2',
    configContract: 'Aria2Settings',
    fields: [
      ['host', 'Host', 'textbox', 'localhost'],
      ['port', 'Port', 'number', 6800],
      ['rpcPath', 'XML RPC Path', 'textbox', '/rpc'],
      ['useSsl', 'Use SSL', 'checkbox', false],
      ['secretToken', 'Secret token', 'password', '********'],
    ],
  },
  {
    implementation: 'Vuze',
    implementationName: 'Vuze',
    configContract: 'TransmissionSettings',
    fields: [
      ['host', 'Host', 'textbox', 'localhost'],
      ['port', 'Port', 'textbox', 9091],
      ['useSsl', 'Use SSL', 'checkbox', false],
      ['urlBase', 'Url Base', 'textbox', '/transmission/'],
      ['username', 'Username', 'textbox', ''],
      ['password', 'Password', 'password', ''],
      ['musicCategory', 'Category', 'textbox', undefined],
      ['tvDirectory', 'Directory', 'textbox', undefined],
      ['recentTvPriority', 'Recent Priority', 'select', 0],
      ['olderTvPriority', 'Older Priority', 'select', 0],
      ['addPaused', 'Add Paused', 'checkbox', false],
    ],
  },
  {
    implementation: 'UTorrent',
    implementationName: 'uTorrent',
    configContract: 'UTorrentSettings',
    fields: [
      ['host', 'Host', 'textbox', 'localhost'],
      ['port', 'Port', 'textbox', 8080],
      ['useSsl', 'Use SSL', 'checkbox', false],
      ['urlBase', 'Url Base', 'textbox', undefined],
      ['username', 'Username', 'textbox', ''],
      ['password', 'Password', 'password', ''],
      ['musicCategory', 'Category', 'textbox', 'readarr'],
      ['musicImportedCategory', 'Post-Import Category', 'textbox', undefined],
      ['recentTvPriority', 'Recent Priority', 'select', 0],
      ['olderTvPriority', 'Older Priority', 'select', 0],
      ['intialState', 'Initial State', 'select', 0],
    ],
  },
  {
    implementation: 'Hadouken',
    implementationName: 'Hadouken',
    configContract: 'HadoukenSettings',
    fields: [
      ['host', 'Host', 'textbox', 'localhost'],
      ['port', 'Port', 'textbox', 7070],
      ['useSsl', 'Use SSL', 'checkbox', false],
      ['urlBase', 'Url Base', 'textbox', undefined],
      ['username', 'Username', 'textbox', ''],
      ['password', 'Password', 'password', ''],
      ['category', 'Category', 'textbox', 'readarr-music'],
    ],
  },
];

describe('download client schema templates', () => {
  let t: TestApp;
  let schema: (Record<string, unknown> & { implementation: string; fields: WireField[] })[];

  beforeAll(async () => {
    t = await createTestApp();
    schema = (await t.api.get('/api/v1/downloadclient/schema').expect(200)).body;
  });
  afterAll(() => t.close());

  it.each(CLIENTS)('$implementation: Readarr’s name, contract, fields and defaults', (expected) => {
    const template = schema.find((entry) => entry.implementation === expected.implementation);
    expect(template).toMatchObject({
      name: '',
      enable: false,
      priority: 1,
      protocol: 'torrent',
      implementationName: expected.implementationName,
      configContract: expected.configContract,
    });
    expect(template!.fields.map((field) => [field.name, field.label, field.type, field.value])).toEqual(
      expected.fields,
    );
  });
});
