import { describe, expect, it } from 'vitest';
import { formatFailures, specificationFailures, toEditable, toWire } from './custom-format';

const SIZE = {
  implementation: 'SizeSpecification',
  implementationName: 'Size',
  fields: [
    { order: 0, name: 'min', label: 'Minimum Size', type: 'number', unit: 'GB', isFloat: true, value: 0 },
    { order: 1, name: 'max', label: 'Maximum Size', type: 'number', unit: 'GB', isFloat: true, value: 0 },
  ],
};
const FLAG = {
  name: 'Freeleech',
  implementation: 'IndexerFlagSpecification',
  negate: true,
  fields: [
    {
      order: 0,
      name: 'value',
      label: 'Flag',
      type: 'select',
      value: 1,
      selectOptions: [{ value: 1, name: 'Freeleech' }],
    },
  ],
};

describe('custom format conditions', () => {
  it('a schema entry becomes an editable condition with the provider form’s controls', () => {
    const spec = toEditable(SIZE);
    expect(spec).toMatchObject({ name: '', implementationName: 'Size', negate: false, required: false });
    expect(spec.formFields.map((field) => [field.name, field.control, field.unit])).toEqual([
      ['min', 'number', 'GB'],
      ['max', 'number', 'GB'],
    ]);
    expect(spec.values).toEqual({ min: 0, max: 0 });
  });

  it('round-trips a stored condition to the wire (a select value keeps its number)', () => {
    const spec = toEditable(FLAG);
    expect(spec.values).toEqual({ value: 1 });
    expect(toWire({ ...spec, required: true })).toEqual({
      name: 'Freeleech',
      implementation: 'IndexerFlagSpecification',
      negate: true,
      required: true,
      fields: [{ name: 'value', value: 1 }],
    });
  });

  it('splits the 400 failures between the format and each condition', () => {
    const failures = [
      { propertyName: 'name', errorMessage: 'Must be unique' },
      { propertyName: 'specifications[1].max', errorMessage: "'Max' must be greater than 'Min'." },
      { propertyName: 'specifications[0].name', errorMessage: "'Name' must not be empty." },
    ];
    expect(formatFailures(failures)).toEqual([failures[0]]);
    expect(specificationFailures(failures, 1)).toEqual([
      { propertyName: 'max', errorMessage: "'Max' must be greater than 'Min'." },
    ]);
    expect(specificationFailures(failures, 0).map((failure) => failure.propertyName)).toEqual(['name']);
  });
});
