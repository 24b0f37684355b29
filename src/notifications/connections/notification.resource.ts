import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { ProviderResource } from '../../integrations/core/provider.resource';

/** Readarr's NotificationResource: `on*` triggers, matching read-only `supportsOn*` capabilities. */
export class NotificationResource extends ProviderResource {
  @IsOptional() @IsString() link?: string;
  @IsOptional() @IsBoolean() onGrab?: boolean;
  @IsOptional() @IsBoolean() onReleaseImport?: boolean;
  @IsOptional() @IsBoolean() onUpgrade?: boolean;
  @IsOptional() @IsBoolean() onRename?: boolean;
  @IsOptional() @IsBoolean() onAuthorAdded?: boolean;
  @IsOptional() @IsBoolean() onAuthorDelete?: boolean;
  @IsOptional() @IsBoolean() onBookDelete?: boolean;
  @IsOptional() @IsBoolean() onBookFileDelete?: boolean;
  @IsOptional() @IsBoolean() onBookFileDeleteForUpgrade?: boolean;
  @IsOptional() @IsBoolean() onHealthIssue?: boolean;
  @IsOptional() @IsBoolean() onDownloadFailure?: boolean;
  @IsOptional() @IsBoolean() onImportFailure?: boolean;
  @IsOptional() @IsBoolean() onBookRetag?: boolean;
  @IsOptional() @IsBoolean() onApplicationUpdate?: boolean;
  @IsOptional() @IsBoolean() supportsOnGrab?: boolean;
  @IsOptional() @IsBoolean() supportsOnReleaseImport?: boolean;
  @IsOptional() @IsBoolean() supportsOnUpgrade?: boolean;
  @IsOptional() @IsBoolean() supportsOnRename?: boolean;
  @IsOptional() @IsBoolean() supportsOnAuthorAdded?: boolean;
  @IsOptional() @IsBoolean() supportsOnAuthorDelete?: boolean;
  @IsOptional() @IsBoolean() supportsOnBookDelete?: boolean;
  @IsOptional() @IsBoolean() supportsOnBookFileDelete?: boolean;
  @IsOptional() @IsBoolean() supportsOnBookFileDeleteForUpgrade?: boolean;
  @IsOptional() @IsBoolean() supportsOnHealthIssue?: boolean;
  @IsOptional() @IsBoolean() includeHealthWarnings?: boolean;
  @IsOptional() @IsBoolean() supportsOnDownloadFailure?: boolean;
  @IsOptional() @IsBoolean() supportsOnImportFailure?: boolean;
  @IsOptional() @IsBoolean() supportsOnBookRetag?: boolean;
  @IsOptional() @IsBoolean() supportsOnApplicationUpdate?: boolean;
  @IsOptional() @IsString() testCommand?: string;
  presets?: NotificationResource[];
}
