/** The settings pages, one lazily loaded chunk (app/Shell.tsx). */
export { ConnectPage, DownloadClientsPage, ImportListsPage, IndexersPage, MetadataPage } from './ProviderPages';
export { default as MediaManagementPage } from './MediaManagementPage';
export { default as TagsPage } from './TagsPage';
export { default as GeneralPage } from './GeneralPage';
export { DevelopmentSettingsPage, UiSettingsPage } from './SimpleConfigPages';
export { default as QualityProfilesPage } from './profiles/QualityProfilesPage';
