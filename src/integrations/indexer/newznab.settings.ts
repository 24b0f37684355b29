import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Min,
  ValidateNested,
} from 'class-validator';
import { Field, FieldGroup } from '../core/field.decorator';

const URL_PATTERN = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

export class NewznabSettings {
  @Field({ order: 0, label: 'URL' })
  @IsString()
  @Matches(URL_PATTERN, { message: 'Invalid Url' })
  baseUrl = '';

  @Field({ order: 1, label: 'API Path', advanced: true, helpText: 'Path to the api, usually /api' })
  @IsString()
  @Matches(/^\/?[\w\-./]*$/, { message: 'Invalid API Path' })
  apiPath = '/api';

  @Field({ order: 2, label: 'API Key', privacy: 'apiKey' })
  @IsOptional()
  @IsString()
  apiKey = '';

  @Field({
    order: 3,
    label: 'Categories',
    type: 'select',
    selectOptionsProviderAction: 'newznabCategories',
    helpText: 'The indexer categories searched for books; none chosen turns the standard searches off',
  })
  @IsArray()
  @IsInt({ each: true })
  categories: number[] = [3030, 7020, 8010];

  @Field({
    order: 4,
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

  @Field({ order: 5, label: 'Additional Parameters', advanced: true, helpText: 'Additional Newznab parameters' })
  @IsOptional()
  @IsString()
  additionalParameters = '';
}

export class SeedCriteriaSettings {
  @Field({ order: 0, label: 'Seed Ratio', type: 'number', isFloat: true, valueType: 'number' })
  @IsOptional()
  @IsNumber()
  @Min(0)
  seedRatio: number | null = null;

  @Field({ order: 1, label: 'Seed Time', type: 'number', unit: 'minutes', advanced: true, valueType: 'number' })
  @IsOptional()
  @IsInt()
  @Min(0)
  seedTime: number | null = null;

  @Field({ order: 2, label: 'Discography Seed Time', unit: 'minutes', advanced: true, valueType: 'number' })
  @IsOptional()
  @IsInt()
  @Min(0)
  discographySeedTime: number | null = null;
}

export class TorznabSettings extends NewznabSettings {
  @Field({ order: 6, label: 'Minimum Seeders', advanced: true, valueType: 'number' })
  @IsInt()
  @Min(0)
  minimumSeeders = 1;

  @FieldGroup(7, () => SeedCriteriaSettings)
  @ValidateNested()
  @Type(() => SeedCriteriaSettings)
  seedCriteria = new SeedCriteriaSettings();

  @Field({ order: 8, label: 'Reject Blocklisted Torrent Hashes While Grabbing', type: 'checkbox', advanced: true })
  @IsBoolean()
  rejectBlocklistedTorrentHashesWhileGrabbing = false;
}
