import type { ParsedBookInfo } from './parsed-book-info';
import type { ParsedBookInfoResource } from './parse.resource';
import { qualityModel } from './quality-model';

export function toParsedBookInfoResource(parsed: ParsedBookInfo): ParsedBookInfoResource {
  return {
    bookTitle: parsed.bookTitle,
    authorName: parsed.authorName,
    authorTitleInfo: parsed.authorTitleInfo,
    quality: qualityModel(parsed.qualityId, parsed.revision),
    releaseDate: parsed.releaseDate,
    discography: parsed.discography,
    discographyStart: parsed.discographyStart,
    discographyEnd: parsed.discographyEnd,
    releaseGroup: parsed.releaseGroup,
    releaseHash: parsed.releaseHash,
    releaseVersion: parsed.releaseVersion,
    releaseTitle: parsed.releaseTitle,
  };
}
