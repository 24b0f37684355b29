import { keepZeroId } from '../../../platform/common/wire/json-replacer';
import { INFO_LINK, SPECIFICATIONS, specificationDefinition, toFields } from './custom-format-specifications';
import { CustomFormat } from './custom-format.entity';
import { CustomFormatResource, CustomFormatSpecificationSchema } from './custom-format.resource';

/** CustomFormatResource always writes its `id`, even 0, as Readarr's does. */
export function toCustomFormatResource(format: CustomFormat): CustomFormatResource {
  return keepZeroId({
    id: format.id,
    name: format.name,
    includeCustomFormatWhenRenaming: format.includeCustomFormatWhenRenaming,
    specifications: format.specifications.map((spec) => {
      const definition = specificationDefinition(spec.implementation);
      return {
        name: spec.name,
        implementation: spec.implementation,
        implementationName: definition?.implementationName,
        infoLink: INFO_LINK,
        negate: spec.negate,
        required: spec.required,
        fields: definition ? toFields(definition, spec.fields) : [],
        presets: [],
      };
    }),
  });
}

/** `GET /customformat/schema`: one empty template per condition type. */
export function customFormatSchema(): CustomFormatSpecificationSchema[] {
  return SPECIFICATIONS.map((definition) => ({
    implementation: definition.implementation,
    implementationName: definition.implementationName,
    infoLink: INFO_LINK,
    negate: false,
    required: false,
    fields: toFields(definition, {}),
    presets: [],
  }));
}
