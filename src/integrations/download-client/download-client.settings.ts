import { applyDecorators } from '@nestjs/common';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { Field, type SelectOptionDef } from '../core/field.decorator';

export const HOST = /^[^\s/:?#]+$|^\[[0-9a-fA-F:]+\]$/;

// Field decorators shared by several clients. Each lists its decorators in the order stacked decorators apply
// (bottom-up), so the validation metadata, and with it the order of validation messages, is as if written inline.

/** The optional login user name of a client (its place in the form differs per client, hence `order`). */
export const UsernameField = (order: number) =>
  applyDecorators(IsString(), IsOptional(), Field({ order, label: 'Username', privacy: 'userName' }));

/** The optional login password of a client (masked on output). */
export const PasswordField = (order: number) =>
  applyDecorators(IsString(), IsOptional(), Field({ order, label: 'Password', type: 'password', privacy: 'password' }));

/** A numeric select field that accepts exactly the values of its options. */
export function SelectField(order: number, label: string, selectOptions: Record<string, number> | SelectOptionDef[]) {
  const values = Array.isArray(selectOptions)
    ? selectOptions.map((option) => option.value)
    : Object.values(selectOptions);
  return applyDecorators(IsIn(values), Field({ order, label, type: 'select', selectOptions, valueType: 'number' }));
}

/** The blackhole clients' folder to import completed downloads from. */
const WatchFolderField = () =>
  applyDecorators(
    IsNotEmpty({ message: "'Watch Folder' must not be empty." }),
    IsString(),
    Field({
      order: 1,
      label: 'Watch Folder',
      type: 'path',
      helpText: 'Folder from which Readarr should import completed downloads',
    }),
  );

/** host/port/useSsl/urlBase, shared by the network clients. */
export abstract class HostSettings {
  @Field({ order: 0, label: 'Host' })
  @IsString()
  @Matches(HOST, { message: "'Host' must be a valid host name or IP address" })
  host = 'localhost';

  @Field({ order: 1, label: 'Port', type: 'textbox', valueType: 'number' })
  @IsInt()
  @Min(1)
  @Max(65535)
  port = 8080;

  @Field({ order: 2, label: 'Use SSL', type: 'checkbox', helpText: 'Use secure connection when connecting' })
  @IsBoolean()
  useSsl = false;

  @Field({
    order: 3,
    label: 'Url Base',
    advanced: true,
    helpText: 'Adds a prefix to the url, such as http://[host]:[port]/[urlBase]',
  })
  @IsOptional()
  @IsString()
  urlBase: string | null = null;
}

export const TORRENT_PRIORITY = { Last: 0, First: 1 };
export const QBITTORRENT_STATE = [
  { value: 0, name: 'Started', order: 0 },
  { value: 1, name: 'Force Started', order: 1 },
  { value: 2, name: 'Stopped', order: 2 },
];
export const QBITTORRENT_CONTENT_LAYOUT = [
  { value: 0, name: 'Default', order: 0 },
  { value: 1, name: 'Original', order: 1 },
  { value: 2, name: 'Subfolder', order: 2 },
];

export class QBittorrentSettings extends HostSettings {
  @UsernameField(4)
  username = '';

  @PasswordField(5)
  password = '';

  @Field({
    order: 6,
    label: 'Category',
    helpText: 'Adding a category specific to Readarr avoids conflicts with unrelated downloads',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[^\\]*$/, { message: 'Category cannot contain backslashes' })
  musicCategory = 'readarr';

  @Field({ order: 7, label: 'Post-Import Category', advanced: true })
  @IsOptional()
  @IsString()
  musicImportedCategory: string | null = null;

  @SelectField(8, 'Recent Priority', TORRENT_PRIORITY)
  recentTvPriority = 0;

  @SelectField(9, 'Older Priority', TORRENT_PRIORITY)
  olderTvPriority = 0;

  @SelectField(10, 'Initial State', QBITTORRENT_STATE)
  initialState = 0;

  @Field({ order: 11, label: 'Sequential Order', type: 'checkbox', helpText: 'Download in sequential order' })
  @IsBoolean()
  sequentialOrder = false;

  @Field({
    order: 12,
    label: 'First and Last First',
    type: 'checkbox',
    helpText: 'Download first and last pieces first',
  })
  @IsBoolean()
  firstAndLast = false;

  @SelectField(13, 'Content Layout', QBITTORRENT_CONTENT_LAYOUT)
  contentLayout = 0;
}

export const SABNZBD_PRIORITY = [
  { value: -100, name: 'Default', order: 0 },
  { value: -2, name: 'Paused', order: 1 },
  { value: -1, name: 'Low', order: 2 },
  { value: 0, name: 'Normal', order: 3 },
  { value: 1, name: 'High', order: 4 },
  { value: 2, name: 'Force', order: 5 },
];

export class SabnzbdSettings extends HostSettings {
  @Field({ order: 4, label: 'API Key', privacy: 'apiKey' })
  @IsOptional()
  @IsString()
  apiKey = '';

  @UsernameField(5)
  username = '';

  @PasswordField(6)
  password = '';

  @Field({
    order: 7,
    label: 'Category',
    helpText: 'Adding a category specific to Readarr avoids conflicts with unrelated downloads',
  })
  @IsOptional()
  @IsString()
  musicCategory = 'Readarr';

  @SelectField(8, 'Recent Priority', SABNZBD_PRIORITY)
  recentTvPriority = -100;

  @SelectField(9, 'Older Priority', SABNZBD_PRIORITY)
  olderTvPriority = -100;
}

export class TransmissionSettings extends HostSettings {
  port = 9091;
  urlBase: string | null = '/transmission/';

  @UsernameField(4)
  username = '';

  @PasswordField(5)
  password = '';

  @Field({ order: 6, label: 'Category', helpText: 'Creates a [category] subdirectory in the output directory' })
  @IsOptional()
  @IsString()
  musicCategory: string | null = null;

  @Field({ order: 7, label: 'Directory', advanced: true, helpText: 'Optional location to put downloads in' })
  @IsOptional()
  @IsString()
  tvDirectory: string | null = null;

  @SelectField(8, 'Recent Priority', TORRENT_PRIORITY)
  recentTvPriority = 0;

  @SelectField(9, 'Older Priority', TORRENT_PRIORITY)
  olderTvPriority = 0;

  @Field({ order: 10, label: 'Add Paused', type: 'checkbox' })
  @IsBoolean()
  addPaused = false;
}

export class TorrentBlackholeSettings {
  @Field({
    order: 0,
    label: 'Torrent Folder',
    type: 'path',
    helpText: 'Folder in which Readarr will store the .torrent file',
  })
  @IsString()
  @IsNotEmpty({ message: "'Torrent Folder' must not be empty." })
  torrentFolder = '';

  @WatchFolderField()
  watchFolder = '';

  @Field({
    order: 2,
    label: 'Save Magnet Files',
    type: 'checkbox',
    helpText: 'Save the magnet link if no .torrent file is available',
  })
  @IsBoolean()
  saveMagnetFiles = false;

  @Field({ order: 3, label: 'Save Magnet Files Extension', advanced: true })
  @IsString()
  @Matches(/^\.[A-Za-z0-9]+$/, { message: 'Must be a valid file extension such as .magnet' })
  magnetFileExtension = '.magnet';

  @Field({
    order: 4,
    label: 'Read Only',
    type: 'checkbox',
    advanced: true,
    helpText: 'Copy files instead of moving them',
  })
  @IsBoolean()
  readOnly = true;
}

export class UsenetBlackholeSettings {
  @Field({ order: 0, label: 'Nzb Folder', type: 'path', helpText: 'Folder in which Readarr will store the .nzb file' })
  @IsString()
  @IsNotEmpty({ message: "'Nzb Folder' must not be empty." })
  nzbFolder = '';

  @WatchFolderField()
  watchFolder = '';
}
