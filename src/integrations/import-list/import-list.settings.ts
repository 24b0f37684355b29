import { IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches } from 'class-validator';
import { Field } from '../core/field.decorator';

export class ReadarrSettings {
  @Field({ order: 0, label: 'Full URL', helpText: 'URL, including port, of the instance to import from' })
  @IsString()
  @Matches(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { message: 'Invalid Url' })
  baseUrl = '';

  @Field({ order: 1, label: 'API Key', privacy: 'apiKey', helpText: 'Apikey of the instance to import from' })
  @IsString()
  @IsNotEmpty({ message: "'API Key' must not be empty." })
  apiKey = '';

  @Field({
    order: 2,
    label: 'Profiles',
    type: 'select',
    selectOptionsProviderAction: 'getProfiles',
    helpText: 'Profiles from the source instance to import from',
  })
  @IsArray()
  @IsInt({ each: true })
  profileIds: number[] = [];

  @Field({
    order: 3,
    label: 'Tags',
    type: 'select',
    selectOptionsProviderAction: 'getTags',
    helpText: 'Tags from the source instance to import from',
  })
  @IsArray()
  @IsInt({ each: true })
  tagIds: number[] = [];

  @Field({
    order: 4,
    label: 'Root Folders',
    type: 'select',
    selectOptionsProviderAction: 'getRootFolders',
    valueType: 'stringArray',
    helpText: 'Root Folders from the source instance to import from',
  })
  @IsArray()
  @IsString({ each: true })
  rootFolderPaths: string[] = [];
}

export const OPEN_LIBRARY_SHELVES = ['want-to-read', 'currently-reading', 'already-read'] as const;

export class OpenLibraryReadingListSettings {
  @Field({ order: 0, label: 'Username', helpText: 'Open Library user name (the reading log must be public)' })
  @IsString()
  @Matches(/^[\w.-]+$/, { message: "'Username' must be an Open Library user name" })
  username = '';

  @Field({
    order: 1,
    label: 'Shelf',
    type: 'select',
    valueType: 'number',
    selectOptions: [
      { value: 0, name: 'Want to Read', order: 0 },
      { value: 1, name: 'Currently Reading', order: 1 },
      { value: 2, name: 'Already Read', order: 2 },
    ],
  })
  @IsIn([0, 1, 2])
  shelf = 0;

  @Field({
    order: 2,
    label: 'Metadata Source',
    advanced: true,
    helpText: 'Leave empty to use the configured metadata source',
  })
  @IsOptional()
  @IsString()
  baseUrl = '';
}
