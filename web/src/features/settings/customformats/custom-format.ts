import {
  type FormField,
  type FormValues,
  initialValues,
  type ProviderFailure,
  type ProviderField,
  toFormFields,
  toWireFields,
} from '../provider/provider-form';

/** A custom format condition as `/customformat` and `/customformat/schema` write it. */
export interface WireSpecification {
  name?: string;
  implementation?: string;
  implementationName?: string;
  negate?: boolean;
  required?: boolean;
  fields?: ProviderField[];
}

export interface CustomFormat {
  id?: number;
  name?: string;
  includeCustomFormatWhenRenaming?: boolean;
  specifications?: WireSpecification[];
}

/** One condition in the editor: its flags, and its fields drawn by the provider field renderer. */
export interface EditableSpecification {
  name: string;
  implementation: string;
  implementationName: string;
  negate: boolean;
  required: boolean;
  formFields: FormField[];
  values: FormValues;
}

export function toEditable(spec: WireSpecification): EditableSpecification {
  const formFields = toFormFields(spec.fields);
  return {
    name: spec.name ?? '',
    implementation: spec.implementation ?? '',
    implementationName: spec.implementationName ?? spec.implementation ?? '',
    negate: spec.negate ?? false,
    required: spec.required ?? false,
    formFields,
    values: initialValues(formFields, spec.fields),
  };
}

export function toWire(spec: EditableSpecification): WireSpecification {
  return {
    name: spec.name,
    implementation: spec.implementation,
    negate: spec.negate,
    required: spec.required,
    fields: toWireFields(spec.formFields, spec.values),
  };
}

/** The failures about the condition at `index` (`specifications[<index>].<name>`), named as the condition's own. */
export function specificationFailures(failures: ProviderFailure[], index: number): ProviderFailure[] {
  const prefix = `specifications[${index}].`;
  return failures
    .filter((failure) => failure.propertyName?.toLowerCase().startsWith(prefix))
    .map((failure) => ({ ...failure, propertyName: failure.propertyName.slice(prefix.length) }));
}

/** The failures about the format itself (name, "at least one condition"). */
export function formatFailures(failures: ProviderFailure[]): ProviderFailure[] {
  return failures.filter((failure) => !/^specifications\[\d+\]\./i.test(failure.propertyName ?? ''));
}
