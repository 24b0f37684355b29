import { describe, expect, it } from 'vitest';
import {
  actionDependencies,
  failuresByField,
  groupByProtocol,
  initialValues,
  pickedValues,
  type ProviderField,
  type ProviderResource,
  toChoices,
  toFormFields,
  toWireFields,
  visibleFields,
  withHeldValues,
} from './provider-form';

// Field shapes as Quire's schema builder writes them (src/provider/core/schema-builder.ts).
const FIELDS: ProviderField[] = [
  { order: 0, name: 'baseUrl', label: 'URL', type: 'url', value: 'http://x', placeholder: 'https://ntfy.sh' },
  { order: 1, name: 'apiPath', label: 'API Path', type: 'textbox', value: '/api', advanced: true },
  { order: 2, name: 'apiKey', label: 'API Key', type: 'textbox', privacy: 'apiKey', value: '********' },
  { order: 3, name: 'password', label: 'Password', type: 'password', privacy: 'password', value: '' },
  { order: 4, name: 'earlyReleaseLimit', label: 'Early', type: 'number', unit: 'days', value: null },
  { order: 5, name: 'seedRatio', label: 'Ratio', type: 'number', isFloat: true, value: 1.5 },
  { order: 6, name: 'useSsl', label: 'Use SSL', type: 'checkbox', value: false },
  {
    order: 7,
    name: 'method',
    label: 'Method',
    type: 'select',
    value: 1,
    selectOptions: [
      { value: 2, name: 'PUT', order: 2 },
      { value: 1, name: 'POST', order: 1 },
    ],
  },
  {
    order: 8,
    name: 'categories',
    label: 'Categories',
    type: 'select',
    value: [7020, 3030],
    selectOptionsProviderAction: 'newznabCategories',
  },
  { order: 9, name: 'topics', label: 'Topics', type: 'tag', value: ['books'] },
  { order: 10, name: 'watchFolder', label: 'Watch', type: 'path', value: '/downloads' },
  { order: 11, name: 'torrentFile', label: 'File', type: 'filePath', value: null },
  { order: 12, name: 'signIn', label: 'Sign in', type: 'oAuth', value: null, hidden: 'hiddenIfNotSet' },
  { order: 13, name: 'internal', label: 'Internal', type: 'textbox', value: 'x', hidden: 'hidden' },
];

describe('schema → form', () => {
  const form = toFormFields(FIELDS);
  const byName = Object.fromEntries(form.map((field) => [field.name, field]));

  it('maps every field type Quire emits to an input', () => {
    expect(form.map((field) => [field.name, field.control])).toEqual([
      ['baseUrl', 'url'],
      ['apiPath', 'text'],
      ['apiKey', 'text'],
      ['password', 'password'],
      ['earlyReleaseLimit', 'number'],
      ['seedRatio', 'number'],
      ['useSsl', 'checkbox'],
      ['method', 'select'],
      ['categories', 'multiSelect'],
      ['topics', 'tags'],
      ['watchFolder', 'path'],
      ['torrentFile', 'path'],
      ['signIn', 'unsupported'],
      ['internal', 'text'],
    ]);
  });

  it('marks secrets by type or privacy', () => {
    expect(form.filter((field) => field.secret).map((field) => field.name)).toEqual(['apiKey', 'password']);
  });

  it('keeps unit, float, placeholder, provider action, and orders select options', () => {
    expect(byName.earlyReleaseLimit.unit).toBe('days');
    expect(byName.seedRatio.isFloat).toBe(true);
    expect(byName.baseUrl.placeholder).toBe('https://ntfy.sh');
    expect(byName.categories.choicesAction).toBe('newznabCategories');
    expect(byName.method.choices).toEqual([
      { value: '1', label: 'POST', wireValue: 1 },
      { value: '2', label: 'PUT', wireValue: 2 },
    ]);
  });

  it('reads wire values into input values', () => {
    expect(initialValues(form, FIELDS)).toMatchObject({
      baseUrl: 'http://x',
      apiKey: '********',
      earlyReleaseLimit: null,
      seedRatio: 1.5,
      useSsl: false,
      method: 1,
      categories: [7020, 3030],
      topics: ['books'],
      watchFolder: '/downloads',
      torrentFile: '',
    });
  });

  it('writes input values back as the server coerces them, the masked secret unchanged', () => {
    const values = { ...initialValues(form, FIELDS), useSsl: true, method: 2, earlyReleaseLimit: 3 };
    const wire = Object.fromEntries(toWireFields(form, values).map((field) => [field.name, field.value]));
    expect(wire).toMatchObject({
      apiKey: '********',
      useSsl: true,
      method: 2,
      categories: [7020, 3030],
      topics: ['books'],
      earlyReleaseLimit: 3,
      seedRatio: 1.5,
    });
    expect(
      toWireFields(form, { ...values, earlyReleaseLimit: null }).find((f) => f.name === 'earlyReleaseLimit')?.value,
    ).toBeNull();
  });

  it('hides advanced fields without the toggle, hidden always, hiddenIfNotSet while empty', () => {
    const values = initialValues(form, FIELDS);
    const shown = (advanced: boolean) => visibleFields(form, values, advanced).map((field) => field.name);
    expect(shown(false)).not.toContain('apiPath');
    expect(shown(true)).toContain('apiPath');
    expect(shown(true)).not.toContain('internal');
    expect(shown(true)).not.toContain('signIn');
    expect(visibleFields(form, { ...values, signIn: 'token' }, true).map((f) => f.name)).toContain('signIn');
  });
});

describe('options from a provider action', () => {
  // As Readarr's import list answers getRootFolders and getProfiles (src/provider/import-list/readarr-import.list.ts).
  const folders = toChoices([
    { value: '/books/', name: '/books/' },
    { value: '/audiobooks/', name: '/audiobooks/' },
  ]);
  const profiles = toChoices([
    { value: 2, name: 'Spoken' },
    { value: 1, name: 'eBook' },
  ]);
  const [rootFolders, profileIds] = toFormFields([
    { order: 0, name: 'rootFolderPaths', type: 'select', value: [], selectOptionsProviderAction: 'getRootFolders' },
    { order: 1, name: 'profileIds', type: 'select', value: [], selectOptionsProviderAction: 'getProfiles' },
  ]);

  it('keeps string options in the server’s order, numbers by value', () => {
    expect(folders.map((choice) => choice.label)).toEqual(['/books/', '/audiobooks/']);
    expect(profiles.map((choice) => choice.label)).toEqual(['eBook', 'Spoken']);
  });

  it('sends a picked option with its own type: a path stays a string, an id a number', () => {
    const values = {
      rootFolderPaths: pickedValues(['/audiobooks/'], folders, []),
      profileIds: pickedValues(['2', '1'], profiles, []),
    };
    expect(toWireFields([rootFolders, profileIds], values)).toEqual([
      { name: 'rootFolderPaths', value: ['/audiobooks/'] },
      { name: 'profileIds', value: [2, 1] },
    ]);
  });

  it('keeps a held value the options do not list, shown and sent as it was', () => {
    expect(withHeldValues(folders, ['/old/'])).toContainEqual({ value: '/old/', label: '/old/', wireValue: '/old/' });
    expect(pickedValues(['/old/', '/books/'], folders, ['/old/'])).toEqual(['/old/', '/books/']);
    expect(pickedValues(['7'], [], [7])).toEqual([7]);
  });

  it('asks again once another field changed, not when only its own value did', () => {
    const body: ProviderResource = {
      implementation: 'ReadarrImport',
      fields: [
        { name: 'baseUrl', value: '' },
        { name: 'apiKey', value: '' },
        { name: 'profileIds', value: [] },
      ],
    };
    const fields = body.fields!;
    const typed = { ...body, fields: [{ name: 'baseUrl', value: 'http://readarr:8787' }, ...fields.slice(1)] };
    const picked = { ...body, fields: [...fields.slice(0, 2), { name: 'profileIds', value: [1] }] };
    const key = (resource: ProviderResource) => JSON.stringify(actionDependencies(resource, 'profileIds'));
    expect(key(typed)).not.toBe(key(body));
    expect(key(picked)).toBe(key(body));
  });
});

describe('validation failures', () => {
  it('puts each failure on the field its propertyName names, warnings apart, the rest general', () => {
    const { byField, general } = failuresByField(
      [
        { propertyName: 'ApiKey', errorMessage: 'Invalid API Key' },
        { propertyName: 'baseUrl', errorMessage: 'Slow', severity: 'warning' },
        { propertyName: '', errorMessage: 'Unable to connect' },
      ],
      ['apiKey', 'baseUrl', 'name'],
    );
    expect(byField.apiKey).toEqual({ errors: ['Invalid API Key'], warnings: [] });
    expect(byField.baseUrl).toEqual({ errors: [], warnings: ['Slow'] });
    expect(general.map((failure) => failure.errorMessage)).toEqual(['Unable to connect']);
  });
});

describe('add picker', () => {
  it('groups implementations by protocol', () => {
    expect(
      groupByProtocol([
        { implementation: 'Sabnzbd', protocol: 'usenet' },
        { implementation: 'QBittorrent', protocol: 'torrent' },
        { implementation: 'Blackhole', protocol: 'usenet' },
      ]).map((group) => [group.protocol, group.items.map((item) => item.implementation)]),
    ).toEqual([
      ['usenet', ['Sabnzbd', 'Blackhole']],
      ['torrent', ['QBittorrent']],
    ]);
  });
});
