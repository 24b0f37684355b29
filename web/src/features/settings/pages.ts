/** The settings pages, one lazily loaded chunk (app/Shell.tsx); each guards its unsaved changes on navigation. */
import CustomFormats from './customformats/CustomFormatsPage';
import General from './GeneralPage';
import MediaManagement from './MediaManagementPage';
import * as providers from './ProviderPages';
import Profiles from './profiles/ProfilesPage';
import QualityDefinitions from './quality/QualityDefinitionsPage';
import { DevelopmentSettingsPage as Development, UiSettingsPage as Ui } from './SimpleConfigPages';
import Tags from './TagsPage';
import { guarded } from './unsaved-changes';

export const IndexersPage = guarded(providers.IndexersPage);
export const DownloadClientsPage = guarded(providers.DownloadClientsPage);
export const ImportListsPage = guarded(providers.ImportListsPage);
export const ConnectPage = guarded(providers.ConnectPage);
export const MetadataPage = guarded(providers.MetadataPage);
export const MediaManagementPage = guarded(MediaManagement);
export const TagsPage = guarded(Tags);
export const GeneralPage = guarded(General);
export const UiSettingsPage = guarded(Ui);
export const DevelopmentSettingsPage = guarded(Development);
export const ProfilesPage = guarded(Profiles);
export const QualityDefinitionsPage = guarded(QualityDefinitions);
export const CustomFormatsPage = guarded(CustomFormats);
