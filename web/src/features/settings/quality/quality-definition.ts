import type { QualityDefinition } from '../../../api/client';

export type { QualityDefinition };

/** Size limits are in MB per 100 pages / per hour; a maximum of null is none. */
/** The slider's top: a maximum there means no limit. */
export const SLIDER_MAX = 500;

export function toSlider(definition: QualityDefinition): [number, number] {
  const max = definition.maxSize ?? SLIDER_MAX;
  return [Math.min(definition.minSize ?? 0, SLIDER_MAX), Math.min(max, SLIDER_MAX)];
}

export function fromSlider([min, max]: [number, number]): Pick<QualityDefinition, 'minSize' | 'maxSize'> {
  return { minSize: min, maxSize: max >= SLIDER_MAX ? null : max };
}

export const sizeLabel = (size: number | null | undefined): string => (size == null ? 'No limit' : `${size} MB`);

/** `[3].maxSize` (a failure of `PUT qualitydefinition/update`) → the definition's index and property. */
export function failureTarget(propertyName: string): { index: number; name: string } | undefined {
  const match = /^\[(\d+)\]\.(.+)$/.exec(propertyName);
  return match ? { index: Number(match[1]), name: match[2] } : undefined;
}
