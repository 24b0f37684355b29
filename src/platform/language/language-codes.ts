/**
 * ISO 639 language codes and English names, for the metadata profile's `allowedLanguages` and the language of
 * an edition. Sources write languages differently (Open Library `eng`/`fre`, others `en`, `fra` or `English`);
 * every form maps to one canonical code, ISO 639-2/B (what Open Library and Readarr profiles store).
 *
 * Each row: canonical 639-2/B, then the other codes (639-1, 639-2/T, 639-3 individual codes) and names.
 */
const LANGUAGE_ROWS: readonly (readonly string[])[] = [
  ['eng', 'en', 'English'],
  ['fre', 'fr', 'fra', 'French', 'Français', 'Francais'],
  ['ger', 'de', 'deu', 'German', 'Deutsch'],
  ['spa', 'es', 'Spanish', 'Castilian', 'Español', 'Espanol'],
  ['ita', 'it', 'Italian'],
  ['por', 'pt', 'Portuguese'],
  ['dut', 'nl', 'nld', 'Dutch', 'Flemish'],
  ['swe', 'sv', 'Swedish'],
  ['nor', 'no', 'nb', 'nob', 'nn', 'nno', 'Norwegian', 'Norwegian Bokmål', 'Norwegian Nynorsk'],
  ['dan', 'da', 'Danish'],
  ['fin', 'fi', 'Finnish'],
  ['ice', 'is', 'isl', 'Icelandic'],
  ['pol', 'pl', 'Polish'],
  ['cze', 'cs', 'ces', 'Czech'],
  ['slo', 'sk', 'slk', 'Slovak'],
  ['hun', 'hu', 'Hungarian'],
  ['rum', 'ro', 'ron', 'Romanian'],
  ['bul', 'bg', 'Bulgarian'],
  ['gre', 'el', 'ell', 'Greek', 'Modern Greek'],
  ['tur', 'tr', 'Turkish'],
  ['rus', 'ru', 'Russian'],
  ['ukr', 'uk', 'Ukrainian'],
  ['bel', 'be', 'Belarusian'],
  ['srp', 'sr', 'Serbian'],
  ['hrv', 'hr', 'Croatian'],
  ['slv', 'sl', 'Slovenian', 'Slovene'],
  ['lit', 'lt', 'Lithuanian'],
  ['lav', 'lv', 'lvs', 'Latvian'],
  ['est', 'et', 'ekk', 'Estonian'],
  ['gle', 'ga', 'Irish'],
  ['wel', 'cy', 'cym', 'Welsh'],
  ['baq', 'eu', 'eus', 'Basque'],
  ['cat', 'ca', 'Catalan'],
  ['glg', 'gl', 'Galician'],
  ['lat', 'la', 'Latin'],
  ['heb', 'he', 'Hebrew'],
  ['ara', 'ar', 'arb', 'Arabic'],
  ['per', 'fa', 'fas', 'pes', 'Persian', 'Farsi'],
  ['hin', 'hi', 'Hindi'],
  ['ben', 'bn', 'Bengali'],
  ['urd', 'ur', 'Urdu'],
  ['tam', 'ta', 'Tamil'],
  ['tha', 'th', 'Thai'],
  ['vie', 'vi', 'Vietnamese'],
  ['ind', 'id', 'Indonesian'],
  ['may', 'ms', 'msa', 'zsm', 'Malay'],
  ['tgl', 'tl', 'fil', 'Tagalog', 'Filipino'],
  ['chi', 'zh', 'zho', 'cmn', 'yue', 'Chinese', 'Mandarin', 'Cantonese'],
  ['jpn', 'ja', 'Japanese'],
  ['kor', 'ko', 'Korean'],
  ['alb', 'sq', 'sqi', 'Albanian'],
  ['arm', 'hy', 'hye', 'Armenian'],
  ['geo', 'ka', 'kat', 'Georgian'],
  ['mac', 'mk', 'mkd', 'Macedonian'],
  ['afr', 'af', 'Afrikaans'],
  ['swa', 'sw', 'swh', 'Swahili'],
  ['epo', 'eo', 'Esperanto'],
  ['mul', 'Multiple languages'],
];

const fold = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

const CANONICAL = new Map<string, string>(
  LANGUAGE_ROWS.flatMap((row) => row.map((alias) => [fold(alias), row[0]] as const)),
);

/**
 * The canonical ISO 639-2/B code of a language written as an ISO 639-1/2/3 code, a locale tag (`en-US`) or an
 * English name (`French`); undefined when it is none of those known here.
 */
export function languageCode(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const folded = fold(value);
  return CANONICAL.get(folded) ?? CANONICAL.get(folded.split(/[-_]/)[0]);
}

/** Whether the text names a language this table knows (a code or a name). */
export function isKnownLanguage(value: string): boolean {
  return languageCode(value) !== undefined;
}
