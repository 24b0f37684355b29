import { WireEnum } from '../../platform/common/wire/wire-enum';

/** Readarr enums used by the catalogue. */
export const AuthorStatusType = new WireEnum({ continuing: 0, ended: 1 });
export type AuthorStatusTypeName = keyof typeof AuthorStatusType.values;

export const NewItemMonitorTypes = new WireEnum({ all: 0, none: 1, new: 2 });
export type NewItemMonitorTypesName = keyof typeof NewItemMonitorTypes.values;

export const MonitorTypes = new WireEnum({
  all: 0,
  future: 1,
  missing: 2,
  existing: 3,
  latest: 4,
  first: 5,
  none: 6,
  unknown: 7,
});
export type MonitorTypesName = keyof typeof MonitorTypes.values;

export const BookAddType = new WireEnum({ automatic: 0, manual: 1 });
export type BookAddTypeName = keyof typeof BookAddType.values;

export const ApplyTags = new WireEnum({ add: 0, remove: 1, replace: 2 });
export type ApplyTagsName = keyof typeof ApplyTags.values;

export const MediaCoverTypes = new WireEnum({
  unknown: 0,
  poster: 1,
  banner: 2,
  fanart: 3,
  screenshot: 4,
  headshot: 5,
  cover: 6,
  disc: 7,
  logo: 8,
  clearlogo: 9,
});
export type MediaCoverTypesName = keyof typeof MediaCoverTypes.values;
