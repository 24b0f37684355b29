import { authorFolderFormatProblem, standardBookFormatProblem } from '../../platform/settings/naming/naming-rules';
import type { NamingConfig } from '../../platform/settings/naming/naming-config';
import type { SampleKind } from '../../platform/settings/naming/naming-config.resource';
import { authorFolderName, bookFileName, sampleContext } from './naming-engine';

export interface NamingExamples {
  singleBookExample?: string;
  multiPartBookExample?: string;
  authorFolderExample?: string;
}

/** `GET /config/naming/examples`: an example is absent when its format is invalid or empty. */
export function namingExamples(config: NamingConfig, kind: SampleKind = 'audiobook'): NamingExamples {
  const bookValid = !standardBookFormatProblem(config.standardBookFormat ?? '');
  const authorValid = !authorFolderFormatProblem(config.authorFolderFormat ?? '');
  const book = (parts: number) => {
    const path = bookFileName(config, sampleContext(parts, kind)).join('/');
    return path ? `${path}${kind === 'ebook' ? '.epub' : '.mp3'}` : undefined;
  };
  return {
    singleBookExample: bookValid ? book(1) : undefined,
    multiPartBookExample: bookValid ? book(2) : undefined,
    authorFolderExample: authorValid ? authorFolderName(config, sampleContext(1, kind)) || undefined : undefined,
  };
}
