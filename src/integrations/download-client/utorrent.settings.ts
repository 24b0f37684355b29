import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { Field } from '../core/field.decorator';
import { HostSettings, TORRENT_PRIORITY } from './download-client.settings';

/** uTorrent's actions for a torrent's state right after adding (Readarr's UTorrentState). */
export const UTORRENT_STATE = { Start: 0, ForceStart: 1, Pause: 2, Stop: 3 };
const PRIORITY_VALUES = Object.values(TORRENT_PRIORITY);

export class UTorrentSettings extends HostSettings {
  @Field({ order: 4, label: 'Username', privacy: 'userName' })
  @IsOptional()
  @IsString()
  username = '';

  @Field({ order: 5, label: 'Password', type: 'password', privacy: 'password' })
  @IsOptional()
  @IsString()
  password = '';

  @Field({
    order: 6,
    label: 'Category',
    helpText: 'Adding a category specific to Readarr avoids conflicts with unrelated non-Readarr downloads',
  })
  @IsString()
  @IsNotEmpty({ message: "'Category' must not be empty." })
  musicCategory = 'readarr';

  @Field({ order: 7, label: 'Post-Import Category', advanced: true })
  @IsOptional()
  @IsString()
  musicImportedCategory: string | null = null;

  @Field({ order: 8, label: 'Recent Priority', type: 'select', selectOptions: TORRENT_PRIORITY, valueType: 'number' })
  @IsIn(PRIORITY_VALUES)
  recentTvPriority = 0;

  @Field({ order: 9, label: 'Older Priority', type: 'select', selectOptions: TORRENT_PRIORITY, valueType: 'number' })
  @IsIn(PRIORITY_VALUES)
  olderTvPriority = 0;

  /** Readarr spells the property this way on the wire. */
  @Field({ order: 10, label: 'Initial State', type: 'select', selectOptions: UTORRENT_STATE, valueType: 'number' })
  @IsIn(Object.values(UTORRENT_STATE))
  intialState = 0;
}
