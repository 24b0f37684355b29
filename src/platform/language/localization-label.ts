// Words that keep their own spelling inside a sentence-case label.
const SPELLINGS: Record<string, string> = Object.fromEntries(
  [
    'API',
    'ASIN',
    'AZW3',
    'CPU',
    'EPUB',
    'FLAC',
    'GB',
    'HTTP',
    'HTTPS',
    'ID',
    'IDs',
    'IP',
    'ISBN',
    'JSON',
    'KB',
    'M4B',
    'MB',
    'MOBI',
    'MP3',
    'NZB',
    'NZBGet',
    'OS',
    'PDF',
    'RSS',
    'SABnzbd',
    'SMTP',
    'SSL',
    'TLS',
    'TV',
    'UI',
    'URL',
    'URLs',
    'UTC',
    'XML',
    'iCal',
    'qBittorrent',
    'rTorrent',
    'uTorrent',
    'Calibre',
    'Goodreads',
    'Gotify',
    'Kavita',
    'Discord',
    'Telegram',
    'Pushover',
    'Prowlarr',
    'Newznab',
    'Torznab',
    'Docker',
    'Windows',
    'Linux',
    'Plex',
    'Emby',
    'Jellyfin',
    'Transmission',
    'Deluge',
    'Usenet',
    'English',
    'Open',
    'Library',
  ].map((word) => [word.toLowerCase(), word]),
);
// Readarr's name in a key means "this application"; keys spell contractions without the apostrophe.
SPELLINGS.readarr = 'Quire';
for (const word of ['cant', 'dont', 'doesnt', 'isnt', 'wont', 'couldnt', 'didnt', 'arent', 'wasnt'])
  SPELLINGS[word] = `${word.slice(0, -1)}'t`;

const WORDS = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;

/**
 * A readable English label from a PascalCase key, for keys without a hand-written label:
 * "UnmappedFiles" → "Unmapped files", "ApiKeyHelpTextWarning" → "API key help text warning".
 * Readarr's "…Interp" suffix (a label with placeholders) is not a word.
 */
export function labelFromKey(key: string): string {
  const words = key.replace(/Interp$/, '').match(WORDS) ?? [key];
  return words
    .map((word, index) => {
      const known = SPELLINGS[word.toLowerCase()];
      if (known) return known;
      if (word.length > 1 && word === word.toUpperCase()) return word;
      return index === 0 ? word[0].toUpperCase() + word.slice(1).toLowerCase() : word.toLowerCase();
    })
    .join(' ');
}
