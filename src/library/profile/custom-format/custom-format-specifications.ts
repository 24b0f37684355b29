import { failure, ValidationFailure } from '../../../platform/common/errors/domain-errors';
import { Field, SelectOption } from './custom-format.resource';

const INFO_LINK = 'https://wiki.servarr.com/readarr/settings#custom-formats-2';

/** Readarr's IndexerFlags (bit values). */
const INDEXER_FLAGS: SelectOption[] = [
  ['Freeleech', 1],
  ['Halfleech', 2],
  ['DoubleUpload', 4],
  ['Internal', 8],
  ['Scene', 16],
  ['Freeleech75', 32],
  ['Freeleech25', 64],
].map(([name, value], order) => ({ value: value as number, name: name as string, order }));

export interface SpecificationField {
  name: string;
  label: string;
  type: 'textbox' | 'number' | 'select';
  helpText?: string;
  unit?: string;
  isFloat?: boolean;
  selectOptions?: SelectOption[];
  defaultValue: unknown;
}

export interface SpecificationDefinition {
  implementation: string;
  implementationName: string;
  fields: SpecificationField[];
  validate(values: Record<string, unknown>, path: string): ValidationFailure[];
}

const regexField: SpecificationField = {
  name: 'value',
  label: 'Regular Expression',
  type: 'textbox',
  helpText: 'Custom Format RegEx is Case Insensitive',
  defaultValue: null,
};

function validateRegex(values: Record<string, unknown>, path: string): ValidationFailure[] {
  const value = values.value;
  if (typeof value !== 'string' || !value.trim())
    return [failure(`${path}.value`, "'Value' must not be empty.", value, 'NotEmptyValidator')];
  try {
    new RegExp(value, 'i');
    return [];
  } catch {
    return [failure(`${path}.value`, 'Invalid Regex', value, 'RegexValidator')];
  }
}

/** The four custom-format conditions Readarr ships, in its order. */
export const SPECIFICATIONS: SpecificationDefinition[] = [
  {
    implementation: 'ReleaseTitleSpecification',
    implementationName: 'Release Title',
    fields: [regexField],
    validate: validateRegex,
  },
  {
    implementation: 'ReleaseGroupSpecification',
    implementationName: 'Release Group',
    fields: [regexField],
    validate: validateRegex,
  },
  {
    implementation: 'IndexerFlagSpecification',
    implementationName: 'Indexer Flag',
    fields: [{ name: 'value', label: 'Flag', type: 'select', selectOptions: INDEXER_FLAGS, defaultValue: 0 }],
    validate: (values, path) =>
      INDEXER_FLAGS.some((flag) => flag.value === values.value)
        ? []
        : [failure(`${path}.value`, 'Must be a valid Indexer Flag', values.value)],
  },
  {
    implementation: 'SizeSpecification',
    implementationName: 'Size',
    fields: [
      {
        name: 'min',
        label: 'Minimum Size',
        type: 'number',
        unit: 'GB',
        isFloat: true,
        helpText: 'Release must be greater than this size',
        defaultValue: 0,
      },
      {
        name: 'max',
        label: 'Maximum Size',
        type: 'number',
        unit: 'GB',
        isFloat: true,
        helpText: 'Release must be less than or equal to this size',
        defaultValue: 0,
      },
    ],
    validate: (values, path) => {
      const { min, max } = values;
      const found: ValidationFailure[] = [];
      if (typeof min !== 'number' || min < 0)
        found.push(failure(`${path}.min`, "'Min' must be greater than or equal to '0'.", min));
      if (typeof max !== 'number' || (typeof min === 'number' && max <= min))
        found.push(failure(`${path}.max`, "'Max' must be greater than 'Min'.", max));
      return found;
    },
  },
];

export function specificationDefinition(implementation: string | undefined): SpecificationDefinition | undefined {
  return SPECIFICATIONS.find((spec) => spec.implementation.toLowerCase() === implementation?.toLowerCase());
}

/** The wire `fields[]` of one specification with the given values. */
export function toFields(definition: SpecificationDefinition, values: Record<string, unknown>): Field[] {
  return definition.fields.map((field, order) => ({
    order,
    name: field.name,
    label: field.label,
    unit: field.unit,
    helpText: field.helpText,
    value: field.name in values ? values[field.name] : field.defaultValue,
    type: field.type,
    advanced: false,
    selectOptions: field.selectOptions,
    isFloat: field.isFloat ?? false,
  }));
}

export { INFO_LINK };
