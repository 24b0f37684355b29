import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Min, ValidateNested } from 'class-validator';
import { Field, FieldGroup } from '../core/field.decorator';
import { SeedCriteriaSettings } from './newznab.settings';

/** Readarr's TorrentRssIndexerSettings: one feed URL, an optional login cookie, the torrent seeding rules. */
export class TorrentRssIndexerSettings {
  @Field({ order: 0, label: 'Full RSS Feed URL' })
  @IsString()
  @Matches(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { message: 'Invalid Url' })
  baseUrl = '';

  @Field({
    order: 1,
    label: 'Cookie',
    privacy: 'password',
    helpText: "If you site requires a login cookie to access the rss, you'll have to retrieve it via a browser.",
  })
  @IsOptional()
  @IsString()
  cookie = '';

  @Field({
    order: 2,
    label: 'Allow Zero Size',
    type: 'checkbox',
    helpText:
      "Enabling this will allow you to use feeds that don't specify release size, but be careful, size related " +
      'checks will not be performed.',
  })
  @IsBoolean()
  allowZeroSize = false;

  @Field({
    order: 3,
    label: 'Early Download Limit',
    type: 'number',
    unit: 'days',
    advanced: true,
    valueType: 'number',
    helpText: 'Time before release date Readarr will download from this indexer, empty is no limit',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  earlyReleaseLimit: number | null = null;

  @Field({ order: 4, label: 'Minimum Seeders', advanced: true, valueType: 'number' })
  @IsInt()
  @Min(0)
  minimumSeeders = 1;

  @FieldGroup(5, () => SeedCriteriaSettings)
  @ValidateNested()
  @Type(() => SeedCriteriaSettings)
  seedCriteria = new SeedCriteriaSettings();

  @Field({ order: 6, label: 'Reject Blocklisted Torrent Hashes While Grabbing', type: 'checkbox', advanced: true })
  @IsBoolean()
  rejectBlocklistedTorrentHashesWhileGrabbing = false;
}
