import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, ValidateIf } from 'class-validator';
import { Field } from '../core/field.decorator';
import { HostSettings } from './download-client.settings';

/** NZBGet's own priority values, as its `append` takes them. */
export const NZBGET_PRIORITY = { VeryLow: -100, Low: -50, Normal: 0, High: 50, VeryHigh: 100, Force: 900 };

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Readarr's NzbgetSettings: NZBGet's own default login and port, the `Readarr` category. */
export class NzbgetSettings extends HostSettings {
  port = 6789;

  @Field({ order: 2, label: 'Use SSL', type: 'checkbox', helpText: 'Use secure connection when connecting to NZBGet' })
  @IsBoolean()
  useSsl = false;

  @Field({
    order: 3,
    label: 'Url Base',
    advanced: true,
    helpText: 'Adds a prefix to the nzbget url, e.g. http://[host]:[port]/[urlBase]/jsonrpc',
  })
  @IsOptional()
  @IsString()
  urlBase: string | null = null;

  // As Readarr: either both of the login or neither.
  @Field({ order: 4, label: 'Username', privacy: 'userName' })
  @IsNotEmpty({ message: "'Username' must not be empty." })
  @ValidateIf((settings: NzbgetSettings) => filled(settings.password))
  @IsString()
  username = 'nzbget';

  @Field({ order: 5, label: 'Password', type: 'password', privacy: 'password' })
  @IsNotEmpty({ message: "'Password' must not be empty." })
  @ValidateIf((settings: NzbgetSettings) => filled(settings.username))
  @IsString()
  password = 'tegbzn6789';

  @Field({
    order: 6,
    label: 'Category',
    helpText:
      'Adding a category specific to Readarr avoids conflicts with unrelated non-Readarr downloads. Using a category is optional, but strongly recommended.',
  })
  @IsOptional()
  @IsString()
  musicCategory = 'Readarr';

  @Field({
    order: 7,
    label: 'Recent Priority',
    type: 'select',
    selectOptions: NZBGET_PRIORITY,
    valueType: 'number',
    helpText: 'Priority to use when grabbing books released within the last 14 days',
  })
  @IsIn(Object.values(NZBGET_PRIORITY))
  recentTvPriority = NZBGET_PRIORITY.Normal;

  @Field({
    order: 8,
    label: 'Older Priority',
    type: 'select',
    selectOptions: NZBGET_PRIORITY,
    valueType: 'number',
    helpText: 'Priority to use when grabbing books released over 14 days ago',
  })
  @IsIn(Object.values(NZBGET_PRIORITY))
  olderTvPriority = NZBGET_PRIORITY.Normal;

  @Field({
    order: 9,
    label: 'Add Paused',
    type: 'checkbox',
    helpText: 'This option requires at least NzbGet version 16.0',
  })
  @IsBoolean()
  addPaused = false;
}
