import { qualityWire } from './quality';
import { QualityDefinition } from './quality-definition.entity';
import { QualityDefinitionResource } from './quality-definition.resource';

export function toQualityDefinitionResource(definition: QualityDefinition): QualityDefinitionResource {
  return {
    id: definition.id,
    quality: qualityWire(definition.qualityId),
    title: definition.title,
    weight: definition.weight,
    minSize: definition.minSize,
    maxSize: definition.maxSize,
  };
}
