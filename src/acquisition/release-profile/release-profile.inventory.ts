import { acts, resourceSurface, SettingsSurface } from '../../platform/settings/inventory/settings-inventory';
import { ReleaseProfileResource } from './release-profile.resource';

/** What each release profile field does in Quire. */
export const RELEASE_PROFILE_INVENTORY: SettingsSurface = resourceSurface({
  id: 'releaseprofile',
  title: 'Release profiles',
  route: '/api/v1/releaseprofile',
  resource: ReleaseProfileResource,
  defaults: {},
  entries: {
    enabled: acts('src/acquisition/decision/specifications/release-profile.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'Protocol: the delay profile must enable the protocol',
    ]),
    required: acts('src/acquisition/decision/specifications/release-profile.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'ReleaseProfile: required and ignored terms, per indexer and tags',
    ]),
    ignored: acts('src/acquisition/decision/specifications/release-profile.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'ReleaseProfile: required and ignored terms, per indexer and tags',
    ]),
    indexerId: acts('src/acquisition/decision/specifications/release-profile.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'ReleaseProfile: required and ignored terms, per indexer and tags',
    ]),
    tags: acts('src/acquisition/decision/specifications/release-profile.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'ReleaseProfile: required and ignored terms, per indexer and tags',
    ]),
  },
});
