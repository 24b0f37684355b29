/**
 * A Readarr enum: written as its camelCase name, read from the name (any case) or its integer value.
 */
export class WireEnum<Name extends string> {
  private readonly byLowerName = new Map<string, Name>();
  private readonly byNumber = new Map<number, Name>();

  constructor(readonly values: Readonly<Record<Name, number>>) {
    for (const [name, number] of Object.entries(values) as [Name, number][]) {
      this.byLowerName.set(name.toLowerCase(), name);
      this.byNumber.set(number, name);
    }
  }

  get names(): Name[] {
    return Object.keys(this.values) as Name[];
  }

  /** Returns the canonical name, or undefined when the input is not a member. */
  parse(input: unknown): Name | undefined {
    if (typeof input === 'number') return this.byNumber.get(input);
    if (typeof input === 'string') {
      const trimmed = input.trim();
      if (/^-?\d+$/.test(trimmed)) return this.byNumber.get(Number(trimmed));
      return this.byLowerName.get(trimmed.toLowerCase());
    }
    return undefined;
  }

  toNumber(name: Name): number {
    return this.values[name];
  }
}
