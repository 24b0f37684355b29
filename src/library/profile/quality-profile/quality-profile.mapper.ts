import { keepZeroId } from '../../../platform/common/wire/json-replacer';
import { CustomFormat } from '../custom-format/custom-format.entity';
import { QualityProfileItem, qualityWire } from '../quality/quality';
import { QualityProfile } from './quality-profile.entity';
import { QualityProfileQualityItemResource, QualityProfileResource } from './quality-profile.resource';

/**
 * `formatItems` lists every custom format (Readarr adds new formats to every profile at score 0);
 * stored scores win, unknown formats are dropped.
 */
export function toQualityProfileResource(profile: QualityProfile, formats: CustomFormat[]): QualityProfileResource {
  const scores = new Map(profile.formatItems.map((item) => [item.format, item.score]));
  return {
    id: profile.id,
    name: profile.name,
    upgradeAllowed: profile.upgradeAllowed,
    cutoff: profile.cutoff,
    items: profile.items.map(toItemResource),
    minFormatScore: profile.minFormatScore,
    cutoffFormatScore: profile.cutoffFormatScore,
    formatItems: formats.map((format) => ({ format: format.id, name: format.name, score: scores.get(format.id) ?? 0 })),
  };
}

function toItemResource(item: QualityProfileItem): QualityProfileQualityItemResource {
  return {
    id: item.id,
    name: item.name,
    quality: item.quality ? keepZeroId(qualityWire(item.quality.id)) : undefined,
    items: item.items.map(toItemResource),
    allowed: item.allowed,
  };
}
