import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { Field } from '../core/field.decorator';
import { HostSettings, PasswordField, SelectField, UsernameField } from './download-client.settings';

/** rTorrent's `d.priority` values; Normal is what a new download has, so it is never sent. */
export const RTORRENT_PRIORITY = { VeryLow: 0, Low: 1, Normal: 2, High: 3 };

/** Readarr's RTorrentSettings: XML-RPC over HTTP (the SCGI port behind a web server such as ruTorrent's). */
export class RTorrentSettings extends HostSettings {
  @Field({
    order: 2,
    label: 'Use SSL',
    type: 'checkbox',
    helpText: 'Use secure connection when connecting to rTorrent',
  })
  @IsBoolean()
  useSsl = false;

  @Field({
    order: 3,
    label: 'Url Path',
    helpText:
      'Path to the XMLRPC endpoint, see http(s)://[host]:[port]/[urlPath]. This is usually RPC2 or [path to ruTorrent]/plugins/rpc/rpc.php when using ruTorrent.',
  })
  @IsOptional()
  @IsString()
  urlBase: string | null = 'RPC2';

  @UsernameField(4)
  username = '';

  @PasswordField(5)
  password = '';

  @Field({
    order: 6,
    label: 'Category',
    helpText:
      'Adding a category specific to Readarr avoids conflicts with unrelated non-Readarr downloads. Using a category is optional, but strongly recommended.',
  })
  @IsOptional()
  @IsString()
  musicCategory: string | null = 'readarr';

  @Field({
    order: 7,
    label: 'Post-Import Category',
    advanced: true,
    helpText:
      'Category for Readarr to set after it has imported the download. Readarr will not remove torrents in that category even if seeding finished. Leave blank to keep same category.',
  })
  @IsOptional()
  @IsString()
  musicImportedCategory: string | null = null;

  @Field({
    order: 8,
    label: 'Directory',
    advanced: true,
    helpText: 'Optional location to put downloads in, leave blank to use the default rTorrent location',
  })
  @IsOptional()
  @IsString()
  musicDirectory: string | null = null;

  @SelectField(9, 'Recent Priority', RTORRENT_PRIORITY)
  recentTvPriority = RTORRENT_PRIORITY.Normal;

  @SelectField(10, 'Older Priority', RTORRENT_PRIORITY)
  olderTvPriority = RTORRENT_PRIORITY.Normal;

  @Field({
    order: 11,
    label: 'Add Stopped',
    type: 'checkbox',
    helpText: 'Enabling will add torrents and magnets to rTorrent in a stopped state. This may break magnet files.',
  })
  @IsBoolean()
  addStopped = false;
}
