/**
 * Validation of naming formats: token syntax is
 * `{` prefix? Token-words (joined by space . - _) `:format`? suffix? `}`, case-insensitive.
 */
const PREFIX = String.raw`[- ._\[(]*`;
const SUFFIX = String.raw`[- ._)\]]*`;
const FORMAT = String.raw`(?::[^}]*)?`;

function token(words: string): RegExp {
  return new RegExp(String.raw`\{${PREFIX}${words}${FORMAT}${SUFFIX}\}`, 'i');
}

const BOOK_TITLE = token(String.raw`Book[- ._](?:Clean)?Title(?:The)?(?:NoSub)?`);
const PART = token(String.raw`Part[- ._]?(?:Number|Count)`);
const ORIGINAL = token(String.raw`Original[- ._](?:Title|Filename)`);
const AUTHOR_NAME = token(String.raw`Author[- ._](?:Clean|Sort)?Name(?:The|FirstCharacter)?`);
const ANY_TOKEN = /\{[^{}]*\}/g;
// Characters that cannot appear in a file name on the platforms Quire stores books on.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const INVALID_PATH_CHARS = /[<>:"|?*\u0000-\u001f]/;

/** Error message for an invalid standard book format, or undefined when valid. */
export function standardBookFormatProblem(format: string): string | undefined {
  if (!format.trim()) return "'Standard Book Format' must not be empty.";
  if (INVALID_PATH_CHARS.test(format.replace(ANY_TOKEN, ''))) return 'Contains invalid path characters';
  const valid = (BOOK_TITLE.test(format) && PART.test(format)) || ORIGINAL.test(format);
  return valid ? undefined : 'Must contain Book Title AND PartNumber, OR Original Title';
}

/** Error message for an invalid author folder format, or undefined when valid. */
export function authorFolderFormatProblem(format: string): string | undefined {
  if (!format.trim()) return "'Author Folder Format' must not be empty.";
  if (/[\\/]/.test(format.replace(ANY_TOKEN, '')) || INVALID_PATH_CHARS.test(format.replace(ANY_TOKEN, '')))
    return 'Contains invalid path characters';
  return AUTHOR_NAME.test(format) ? undefined : 'Must contain Author name';
}

/** The UI helper fields Readarr derives from the book format. */
export function basicNamingFields(format: string): {
  includeAuthorName: boolean;
  includeBookTitle: boolean;
  includeQuality: boolean;
  replaceSpaces: boolean;
} {
  const tokens = format.match(ANY_TOKEN) ?? [];
  const words = tokens.map((raw) => raw.replace(/^\{[- ._[(]*/, '').replace(/(?::[^}]*)?[- ._)\]]*\}$/, ''));
  return {
    includeAuthorName: words.some((word) => /^author/i.test(word)),
    includeBookTitle: words.some((word) => /^book/i.test(word)),
    includeQuality: words.some((word) => /^quality/i.test(word)),
    replaceSpaces: words.some((word) => /^[a-z]+[._-][a-z]/i.test(word)),
  };
}
