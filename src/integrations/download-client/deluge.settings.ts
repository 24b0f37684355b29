import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { Field } from '../core/field.decorator';
import { HostSettings, PasswordField, SelectField, TORRENT_PRIORITY } from './download-client.settings';

/** Deluge's Label plugin takes lower-case names only; Readarr narrows them further to letters, digits and '-'. */
const LABEL = /^[-a-z0-9]*$/;
const LABEL_MESSAGE = 'Allowed characters a-z, 0-9 and -';

/** Readarr's DelugeSettings: deluge-web's JSON-RPC, one password, categories as labels of the Label plugin. */
export class DelugeSettings extends HostSettings {
  port = 8112;

  @PasswordField(4)
  password = 'deluge';

  @Field({
    order: 5,
    label: 'Category',
    helpText:
      'Adding a category specific to Readarr avoids conflicts with unrelated non-Readarr downloads. Using a category is optional, but strongly recommended.',
  })
  @IsOptional()
  @IsString()
  @Matches(LABEL, { message: LABEL_MESSAGE })
  musicCategory: string | null = 'readarr';

  @Field({
    order: 6,
    label: 'Post-Import Category',
    advanced: true,
    helpText:
      'Category for Readarr to set after it has imported the download. Readarr will not remove torrents in that category even if seeding finished. Leave blank to keep same category.',
  })
  @IsOptional()
  @IsString()
  @Matches(LABEL, { message: LABEL_MESSAGE })
  musicImportedCategory: string | null = null;

  @SelectField(7, 'Recent Priority', TORRENT_PRIORITY)
  recentTvPriority = 0;

  @SelectField(8, 'Older Priority', TORRENT_PRIORITY)
  olderTvPriority = 0;

  @Field({ order: 9, label: 'Add Paused', type: 'checkbox' })
  @IsBoolean()
  addPaused = false;

  @Field({
    order: 10,
    label: 'Download Directory',
    advanced: true,
    helpText: 'Optional location to put downloads in, leave blank to use the default Deluge location',
  })
  @IsOptional()
  @IsString()
  downloadDirectory: string | null = null;

  @Field({
    order: 11,
    label: 'Move When Completed Directory',
    advanced: true,
    helpText: 'Optional location to move completed downloads to, leave blank to use the default Deluge location',
  })
  @IsOptional()
  @IsString()
  completedDirectory: string | null = null;
}
