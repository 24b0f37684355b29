import { failure, ValidationFailure } from '../../../platform/common/errors/domain-errors';
import { qualityById, QualityProfileItem, QUALITIES, itemQualityIds } from '../quality/quality';
import { QualityProfileQualityItemResource } from './quality-profile.resource';

/**
 * Readarr's QualityItemsValidator and cutoff rule: every quality listed exactly once, at least one
 * allowed, groups named, with ≥ 1 member and unique ids/names, and the cutoff an allowed item.
 * Returns the items normalised to the stored shape (quality names filled in, groups' `allowed` kept).
 */
export function validateProfileItems(
  input: QualityProfileQualityItemResource[] | undefined,
  cutoff: number | undefined,
): { items: QualityProfileItem[]; failures: ValidationFailure[] } {
  const failures: ValidationFailure[] = [];
  const items = (input ?? []).map((item) => normalise(item, failures));
  if (failures.length) return { items, failures };

  if (!items.some((item) => item.allowed))
    failures.push(failure('items', 'Must contain at least one allowed quality', undefined));

  const seen = items.flatMap(itemQualityIds);
  const duplicates = seen.filter((id, index) => seen.indexOf(id) !== index);
  if (duplicates.length) failures.push(failure('items', 'Qualities can only be used once', duplicates));
  const missing = QUALITIES.filter((quality) => !seen.includes(quality.id)).map((quality) => quality.name);
  if (missing.length) failures.push(failure('items', `Must contain all qualities (missing: ${missing.join(', ')})`));

  const groups = items.filter((item) => !item.quality);
  const groupIds = groups.map((group) => group.id);
  if (new Set(groupIds).size !== groupIds.length) failures.push(failure('items', 'Groups must have a unique ID'));
  const groupNames = groups.map((group) => group.name?.toLowerCase());
  if (new Set(groupNames).size !== groupNames.length) failures.push(failure('items', 'Groups must have a unique name'));

  const cutoffItem = items.find((item) => (item.quality ? item.quality.id === cutoff : item.id === cutoff));
  if (cutoff === undefined || !cutoffItem?.allowed)
    failures.push(failure('cutoff', 'Cutoff must be an allowed quality or group', cutoff));
  return { items, failures };
}

function normalise(item: QualityProfileQualityItemResource, failures: ValidationFailure[]): QualityProfileItem {
  const allowed = item.allowed === true;
  if (item.quality) {
    const known = qualityById(item.quality.id);
    if (!known) failures.push(failure('items', `Unknown quality ${item.quality.id}`, item.quality.id));
    return { quality: { id: item.quality.id, name: known?.name ?? '' }, items: [], allowed };
  }
  const children = item.items ?? [];
  if (!item.id || item.id < 1000) failures.push(failure('items', 'Groups must have an ID of 1000 or more', item.id));
  if (!item.name?.trim()) failures.push(failure('items', 'Groups must have a name', item.name));
  if (children.length === 0) failures.push(failure('items', 'Groups must contain at least one quality', item.name));
  if (children.some((child) => !child.quality)) failures.push(failure('items', 'Groups cannot be nested', item.name));
  return {
    id: item.id,
    name: item.name?.trim(),
    items: children.map((child) => ({ ...normalise({ ...child, allowed }, failures) })),
    allowed,
  };
}
