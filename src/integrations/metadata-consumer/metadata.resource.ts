import { IsBoolean, IsOptional } from 'class-validator';
import { ProviderResource } from '../core/provider.resource';

export class MetadataResource extends ProviderResource {
  @IsOptional() @IsBoolean() enable?: boolean;
  presets?: MetadataResource[];
}
