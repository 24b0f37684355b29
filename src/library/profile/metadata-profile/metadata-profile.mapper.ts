import { MetadataProfile } from './metadata-profile.entity';
import { MetadataProfileResource } from './metadata-profile.resource';

export function toMetadataProfileResource(profile: MetadataProfile): MetadataProfileResource {
  return {
    id: profile.id,
    name: profile.name,
    minPopularity: profile.minPopularity,
    skipMissingDate: profile.skipMissingDate,
    skipMissingIsbn: profile.skipMissingIsbn,
    skipPartsAndSets: profile.skipPartsAndSets,
    skipSeriesSecondary: profile.skipSeriesSecondary,
    allowedLanguages: profile.allowedLanguages,
    minPages: profile.minPages,
    ignored: profile.ignored,
  };
}
