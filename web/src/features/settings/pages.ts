/** The settings pages, one lazily loaded chunk (app/Shell.tsx). */
export { ConnectPage, DownloadClientsPage, ImportListsPage, IndexersPage, MetadataPage } from './ProviderPages';
