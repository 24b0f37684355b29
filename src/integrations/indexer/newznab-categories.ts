/** Categories used when an indexer's caps cannot be read (the Newznab standard book and audio ones). */
export interface NewznabCategory {
  id: number;
  name: string;
  subcategories: { id: number; name: string }[];
}

export const DEFAULT_NEWZNAB_CATEGORIES: NewznabCategory[] = [
  { id: 3000, name: 'Audio', subcategories: [{ id: 3030, name: 'Audiobook' }] },
  {
    id: 7000,
    name: 'Books',
    subcategories: [
      { id: 7010, name: 'Mags' },
      { id: 7020, name: 'EBook' },
      { id: 7030, name: 'Comics' },
      { id: 7040, name: 'Technical' },
      { id: 7050, name: 'Other' },
      { id: 7060, name: 'Foreign' },
    ],
  },
  { id: 8000, name: 'Other', subcategories: [{ id: 8010, name: 'Misc' }] },
];

/** `action/newznabCategories` → `{options:[{value, name, order, hint, parentValue?}]}` as Readarr's UI expects. */
export function categoryOptions(categories: NewznabCategory[]) {
  const options: { value: number; name: string; order: number; hint: string; parentValue?: number }[] = [];
  for (const category of categories) {
    options.push({ value: category.id, name: category.name, order: options.length, hint: `(${category.id})` });
    for (const sub of category.subcategories)
      options.push({
        value: sub.id,
        name: sub.name,
        order: options.length,
        hint: `(${sub.id})`,
        parentValue: category.id,
      });
  }
  return { options };
}
