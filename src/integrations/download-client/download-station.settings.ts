import {
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  Validate,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { Field } from '../core/field.decorator';

const HOST = /^[^\s/:?#]+$|^\[[0-9a-fA-F:]+\]$/;

/** As Readarr: a category makes a sub-folder of the default location, so it cannot be combined with a Directory. */
@ValidatorConstraint({ name: 'categoryWithoutDirectory' })
class CategoryWithoutDirectory implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const settings = args.object as DownloadStationSettings;
    return !settings.tvDirectory?.trim() || !value;
  }

  defaultMessage(): string {
    return 'Cannot use Category and Directory';
  }
}

/** Synology Download Station (both its torrent and its usenet face); it has no URL base, the API sits at /webapi. */
export class DownloadStationSettings {
  @Field({ order: 0, label: 'Host' })
  @IsString()
  @Matches(HOST, { message: "'Host' must be a valid host name or IP address" })
  host = '127.0.0.1';

  @Field({ order: 1, label: 'Port', type: 'textbox', valueType: 'number' })
  @IsInt()
  @Min(1)
  @Max(65535)
  port = 5000;

  @Field({
    order: 2,
    label: 'Use SSL',
    type: 'checkbox',
    helpText: 'Use secure connection when connecting to Download Station',
  })
  @IsBoolean()
  useSsl = false;

  @Field({ order: 3, label: 'Username', privacy: 'userName' })
  @IsOptional()
  @IsString()
  username: string | null = null;

  @Field({ order: 4, label: 'Password', type: 'password', privacy: 'password' })
  @IsOptional()
  @IsString()
  password: string | null = null;

  @Field({
    order: 5,
    label: 'Category',
    helpText:
      'Adding a category specific to Readarr avoids conflicts with unrelated non-Readarr downloads. Using a category is optional, but strongly recommended. Creates a [category] subdirectory in the output directory.',
  })
  @IsOptional()
  @IsString()
  @Matches(/^\.?[-a-z]*$/i, { message: 'Allowed characters a-z and -' })
  @Validate(CategoryWithoutDirectory)
  musicCategory: string | null = null;

  @Field({
    order: 6,
    label: 'Directory',
    helpText: 'Optional shared folder to put downloads into, leave blank to use the default Download Station location',
  })
  @IsOptional()
  @IsString()
  @Matches(/^(?!\/)/, { message: 'Cannot start with /' })
  tvDirectory: string | null = null;
}
