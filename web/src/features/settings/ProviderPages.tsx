import { FlagBadge, ProviderSettingsPage } from './provider/ProviderSettingsPage';
import {
  DownloadClientFields,
  ImportListFields,
  IndexerFields,
  MetadataFields,
  NotificationFields,
  triggerLabel,
} from './provider/kind-fields';
import { RecordsSection } from './RecordsSection';
import { MetadataSourceSettings } from './SimpleConfigPages';

export function IndexersPage() {
  return (
    <ProviderSettingsPage
      config={{
        kind: 'indexer',
        title: 'Indexers',
        noun: 'indexer',
        KindFields: IndexerFields,
        newDefaults: (template) => ({
          enableRss: template.supportsRss !== false,
          enableAutomaticSearch: template.supportsSearch !== false,
          enableInteractiveSearch: template.supportsSearch !== false,
        }),
        badges: (indexer) => (
          <>
            <FlagBadge on>{String(indexer.protocol)}</FlagBadge>
            <FlagBadge on={indexer.enableRss}>RSS</FlagBadge>
            <FlagBadge on={indexer.enableAutomaticSearch}>Automatic search</FlagBadge>
            <FlagBadge on={indexer.enableInteractiveSearch}>Interactive search</FlagBadge>
          </>
        ),
      }}
    />
  );
}

export function DownloadClientsPage() {
  return (
    <ProviderSettingsPage
      config={{
        kind: 'downloadclient',
        title: 'Download clients',
        noun: 'download client',
        KindFields: DownloadClientFields,
        newDefaults: () => ({ enable: true }),
        badges: (client) => (
          <>
            <FlagBadge on>{String(client.protocol)}</FlagBadge>
            <FlagBadge on={client.enable}>{client.enable ? 'Enabled' : 'Disabled'}</FlagBadge>
          </>
        ),
      }}
    >
      <RecordsSection
        resource="remotepathmapping"
        title="Remote path mappings"
        columns={[
          { key: 'host', label: 'Host' },
          { key: 'remotePath', label: 'Remote path' },
          { key: 'localPath', label: 'Local path' },
        ]}
      />
    </ProviderSettingsPage>
  );
}

export function ImportListsPage() {
  return (
    <ProviderSettingsPage
      config={{
        kind: 'importlist',
        title: 'Import lists',
        noun: 'import list',
        KindFields: ImportListFields,
        newDefaults: () => ({ enableAutomaticAdd: true }),
        badges: (list) => <FlagBadge on={list.enableAutomaticAdd}>Automatic add</FlagBadge>,
      }}
    >
      <RecordsSection
        resource="importlistexclusion"
        title="Import list exclusions"
        columns={[
          { key: 'authorName', label: 'Author' },
          { key: 'foreignId', label: 'Foreign ID' },
        ]}
      />
    </ProviderSettingsPage>
  );
}

export function ConnectPage() {
  return (
    <ProviderSettingsPage
      config={{
        kind: 'notification',
        title: 'Connections',
        noun: 'connection',
        KindFields: NotificationFields,
        badges: (connection) =>
          Object.keys(connection)
            .filter((key) => /^on[A-Z]/.test(key) && connection[key] === true)
            .map((key) => (
              <FlagBadge key={key} on>
                {triggerLabel(key)}
              </FlagBadge>
            )),
      }}
    />
  );
}

export function MetadataPage() {
  return (
    <ProviderSettingsPage
      config={{
        kind: 'metadata',
        title: 'Metadata consumers',
        noun: 'metadata consumer',
        KindFields: MetadataFields,
        newDefaults: () => ({ enable: true }),
        badges: (consumer) => <FlagBadge on={consumer.enable}>{consumer.enable ? 'Enabled' : 'Disabled'}</FlagBadge>,
      }}
    >
      <MetadataSourceSettings />
    </ProviderSettingsPage>
  );
}
