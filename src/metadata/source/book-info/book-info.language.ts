/**
 * BookInfo servers state an edition's language as an ISO 639-3 (terminology) code (`fra`, `deu`) or a name
 * (`French`); Quire's editions carry ISO 639-2/B codes (`fre`, `ger`). Only the codes that differ, and the
 * names servers commonly send, need a table.
 */
const TERMINOLOGY_TO_BIBLIOGRAPHIC: Record<string, string> = {
  fra: 'fre',
  deu: 'ger',
  nld: 'dut',
  zho: 'chi',
  ces: 'cze',
  ell: 'gre',
  isl: 'ice',
  fas: 'per',
  ron: 'rum',
  slk: 'slo',
  sqi: 'alb',
  hye: 'arm',
  eus: 'baq',
  mya: 'bur',
  kat: 'geo',
  mkd: 'mac',
  msa: 'may',
  bod: 'tib',
  cym: 'wel',
};

const NAMES: Record<string, string> = {
  english: 'eng',
  french: 'fre',
  german: 'ger',
  spanish: 'spa',
  italian: 'ita',
  dutch: 'dut',
  portuguese: 'por',
  russian: 'rus',
  japanese: 'jpn',
  chinese: 'chi',
  polish: 'pol',
  swedish: 'swe',
  danish: 'dan',
  norwegian: 'nor',
  finnish: 'fin',
  czech: 'cze',
  greek: 'gre',
  turkish: 'tur',
  hungarian: 'hun',
  korean: 'kor',
  hebrew: 'heb',
  arabic: 'ara',
};

export function languageCode(value: string | undefined): string | undefined {
  const key = value?.trim().toLowerCase();
  if (!key) return undefined;
  if (/^[a-z]{3}$/.test(key)) return TERMINOLOGY_TO_BIBLIOGRAPHIC[key] ?? key;
  return NAMES[key.split(/[;,(]/)[0].trim()];
}
