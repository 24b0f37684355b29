import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { Field } from '../core/field.decorator';

const HOST = /^[^\s/:?#]+$|^\[[0-9a-fA-F:]+\]$/;

export const NZBVORTEX_PRIORITY = { Low: -1, Normal: 0, High: 1 };
const PRIORITIES = Object.values(NZBVORTEX_PRIORITY);

/** NZBVortex 3: as in Readarr there is no SSL switch, the API is always spoken over HTTPS. */
export class NzbVortexSettings {
  @Field({ order: 0, label: 'Host' })
  @IsString()
  @Matches(HOST, { message: "'Host' must be a valid host name or IP address" })
  host = 'localhost';

  @Field({ order: 1, label: 'Port', type: 'textbox', valueType: 'number' })
  @IsInt()
  @Min(1)
  @Max(65535)
  port = 4321;

  @Field({
    order: 2,
    label: 'Url Base',
    advanced: true,
    helpText: 'Adds a prefix to the NZBVortex url, e.g. http://[host]:[port]/[urlBase]/api',
  })
  @IsOptional()
  @IsString()
  urlBase: string | null = null;

  @Field({ order: 3, label: 'API Key', privacy: 'apiKey' })
  @IsString()
  @IsNotEmpty({ message: 'API Key is required' })
  apiKey = '';

  @Field({
    order: 4,
    label: 'Group',
    helpText:
      'Adding a category specific to Readarr avoids conflicts with unrelated non-Readarr downloads. Using a category is optional, but strongly recommended.',
  })
  @IsOptional()
  @IsString()
  musicCategory: string | null = 'Readarr';

  @Field({
    order: 5,
    label: 'Recent Priority',
    type: 'select',
    selectOptions: NZBVORTEX_PRIORITY,
    valueType: 'number',
    helpText: 'Priority to use when grabbing books released within the last 14 days',
  })
  @IsIn(PRIORITIES)
  recentTvPriority = 0;

  @Field({
    order: 6,
    label: 'Older Priority',
    type: 'select',
    selectOptions: NZBVORTEX_PRIORITY,
    valueType: 'number',
    helpText: 'Priority to use when grabbing books released over 14 days ago',
  })
  @IsIn(PRIORITIES)
  olderTvPriority = 0;
}
