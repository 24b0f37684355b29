/**
 * A help link the UI may show. The API keeps Readarr's wiki links (its clients expect them), but that wiki documents
 * Readarr, not Quire: those are left out of Quire's pages.
 */
export function ownHelpLink(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\/wiki\.servarr\.com\//i.test(url) ? undefined : url;
}
