import type { DecisionContext, DecisionSpecification, ReleaseProfileRule, RemoteBook } from '../remote-book';

/** A term matches as a case-insensitive substring, or as a regular expression when written `/…/flags`. */
export function termMatches(term: string, title: string): boolean {
  const regex = /^\/(.+)\/([a-z]*)$/i.exec(term.trim());
  if (regex) {
    try {
      return new RegExp(regex[1], regex[2].includes('i') ? regex[2] : `${regex[2]}i`).test(title);
    } catch {
      return false;
    }
  }
  return !!term.trim() && title.toLowerCase().includes(term.trim().toLowerCase());
}

export function profileApplies(profile: ReleaseProfileRule, indexerId: number, authorTags: number[]): boolean {
  if (!profile.enabled) return false;
  if (profile.indexerId && profile.indexerId !== indexerId) return false;
  return profile.tags.length === 0 || profile.tags.some((tag) => authorTags.includes(tag));
}

/** Release profiles: at least one required term must appear, no ignored term may (per indexer and tags). */
export class ReleaseProfileSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const title = remote.release.title;
    const profiles = context.releaseProfiles.filter((profile) =>
      profileApplies(profile, remote.release.indexerId, remote.author?.tags ?? []),
    );
    for (const profile of profiles) {
      if (profile.required.length > 0 && !profile.required.some((term) => termMatches(term, title)))
        return `Does not contain one of the required terms: ${profile.required.join(', ')}`;
      const ignored = profile.ignored.filter((term) => termMatches(term, title));
      if (ignored.length > 0) return `Contains one or more ignored terms: ${ignored.join(', ')}`;
    }
    return null;
  }
}
