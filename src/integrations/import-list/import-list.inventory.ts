import { acts } from '../../platform/settings/inventory/settings-inventory';
import { ProviderKindInventory } from '../core/provider-inventory';
import { ImportListResource } from './import-list.resource';
import { OpenLibraryReadingListSettings, ReadarrSettings } from './import-list.settings';

/** What each flag of import lists and each field of each implementation does in Quire. */
export const IMPORT_LIST_INVENTORY: ProviderKindInventory = {
  kind: 'importlist',
  title: 'Import lists',
  resource: ImportListResource,
  notSettings: ['listType', 'listOrder'],
  common: {
    enableAutomaticAdd: acts('src/integrations/import-list/import-list-sync.handler.ts', [
      'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
      'ImportListSync adds the remote authors that pass the filters, honouring exclusions and existing authors',
    ]),
    shouldMonitor: acts('src/integrations/import-list/import-list-sync.handler.ts', [
      'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
      'ImportListSync adds the remote authors that pass the filters, honouring exclusions and existing authors',
    ]),
    shouldSearch: acts('src/integrations/import-list/import-list-sync.handler.ts', [
      'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
      'ImportListSync adds the remote authors that pass the filters, honouring exclusions and existing authors',
    ]),
    rootFolderPath: acts('src/integrations/import-list/import-list-sync.handler.ts', [
      'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
      'ImportListSync adds the remote authors that pass the filters, honouring exclusions and existing authors',
    ]),
    monitorNewItems: acts('src/integrations/import-list/import-list-sync.handler.ts', [
      'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
      'schema offers ReadarrImport and OpenLibraryReadingList with Readarr’s list fields',
    ]),
    qualityProfileId: acts('src/integrations/import-list/import-list-sync.handler.ts', [
      'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
      'ImportListSync adds the remote authors that pass the filters, honouring exclusions and existing authors',
    ]),
    metadataProfileId: acts('src/integrations/import-list/import-list-sync.handler.ts', [
      'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
      'ImportListSync adds the remote authors that pass the filters, honouring exclusions and existing authors',
    ]),
    tags: acts('src/integrations/import-list/import-list-sync.handler.ts', [
      'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
      'ReadarrImport: actions list the remote profiles/tags/root folders; a wrong key fails the test',
    ]),
    name: acts('src/integrations/core/provider.service.ts', [
      'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
      'ReadarrImport: actions list the remote profiles/tags/root folders; a wrong key fails the test',
    ]),
    shouldMonitorExisting: acts('src/integrations/import-list/import-list-existing-monitor.ts', [
      'test/e2e/integrations/import-list/import-list-monitor-existing.e2e-spec.ts',
      'shouldMonitorExisting monitors the listed book, the whole author with entireAuthor, and an author named alone',
    ]),
  },
  implementations: {
    ReadarrImport: {
      settings: ReadarrSettings,
      fields: {
        baseUrl: acts('src/integrations/import-list/readarr-import.list.ts', [
          'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
          'ReadarrImport: actions list the remote profiles/tags/root folders; a wrong key fails the test',
        ]),
        apiKey: acts('src/integrations/import-list/readarr-import.list.ts', [
          'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
          'ReadarrImport: actions list the remote profiles/tags/root folders; a wrong key fails the test',
        ]),
        profileIds: acts('src/integrations/import-list/readarr-import.list.ts', [
          'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
          'ImportListSync adds the remote authors that pass the filters, honouring exclusions and existing authors',
        ]),
        tagIds: acts('src/integrations/import-list/readarr-import.list.ts', [
          'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
          'schema offers ReadarrImport and OpenLibraryReadingList with Readarr’s list fields',
        ]),
        rootFolderPaths: acts('src/integrations/import-list/readarr-import.list.ts', [
          'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
          'ImportListSync adds the remote authors that pass the filters, honouring exclusions and existing authors',
        ]),
      },
    },
    OpenLibraryReadingList: {
      settings: OpenLibraryReadingListSettings,
      fields: {
        username: acts('src/integrations/import-list/open-library-reading-list.list.ts', [
          'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
          'Open Library reading list: reads the shelf of a user, unknown users fail the test',
        ]),
        shelf: acts('src/integrations/import-list/open-library-reading-list.list.ts', [
          'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
          'Open Library reading list: reads the shelf of a user, unknown users fail the test',
        ]),
        baseUrl: acts('src/integrations/import-list/open-library-reading-list.list.ts', [
          'test/e2e/integrations/import-list/provider-import-list.e2e-spec.ts',
          'ReadarrImport: actions list the remote profiles/tags/root folders; a wrong key fails the test',
        ]),
      },
    },
  },
};
