import { APP_VERSION } from '../../common/app-info';
import { WireEnum } from '../../common/wire/wire-enum';

export const WriteAudioTagsType = new WireEnum({ no: 0, newFiles: 1, allFiles: 2, sync: 3 });
export const WriteBookTagsType = new WireEnum({ newFiles: 0, allFiles: 1, sync: 2 });

export interface MetadataProviderConfig {
  writeAudioTags: keyof typeof WriteAudioTagsType.values;
  scrubAudioTags: boolean;
  writeBookTags: keyof typeof WriteBookTagsType.values;
  updateCovers: boolean;
  embedMetadata: boolean;
  /** Quire-only: request budget towards the metadata source (Open Library asks for moderation). */
  requestsPerMinute: number;
  /** Quire-only: the User-Agent sent to the metadata source (Open Library asks clients to identify themselves). */
  userAgent: string;
}

export const METADATA_PROVIDER_CONFIG_KEY = 'metadataProvider';

export const METADATA_PROVIDER_CONFIG_DEFAULTS: MetadataProviderConfig = {
  writeAudioTags: 'no',
  scrubAudioTags: false,
  writeBookTags: 'newFiles',
  updateCovers: true,
  embedMetadata: false,
  requestsPerMinute: 60,
  userAgent: `Quire/${APP_VERSION} (+https://github.com/quire)`,
};
