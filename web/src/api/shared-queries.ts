import { useQuery } from '@tanstack/react-query';
import { api, type CustomFilter, type MetadataProfile, type QualityProfile, type RootFolder, type Tag } from './client';
import { keys } from './keys';

export const useQualityProfiles = () =>
  useQuery({
    queryKey: keys.qualityProfiles,
    queryFn: () => api<QualityProfile[]>('qualityprofile'),
    staleTime: 300_000,
  });

export const useMetadataProfiles = () =>
  useQuery({
    queryKey: keys.metadataProfiles,
    queryFn: () => api<MetadataProfile[]>('metadataprofile'),
    staleTime: 300_000,
  });

export const useRootFolders = () =>
  useQuery({ queryKey: keys.rootFolders, queryFn: () => api<RootFolder[]>('rootfolder'), staleTime: 300_000 });

export const useTags = () => useQuery({ queryKey: keys.tags, queryFn: () => api<Tag[]>('tag'), staleTime: 300_000 });

export const useCustomFilters = () =>
  useQuery({ queryKey: keys.customFilters, queryFn: () => api<CustomFilter[]>('customfilter'), staleTime: 300_000 });

/** Select options from any resource with id + name/label/path. */
export function options<T extends { id?: number }>(items: T[] | undefined, label: (item: T) => string) {
  return (items ?? []).map((item) => ({ value: String(item.id), label: label(item) }));
}
