import sanitizeHtml from 'sanitize-html';
import { markedLib, Token, Tokens } from './marked';
import { truncateChars } from './utf8';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A private marked instance: raw HTML in the markdown is shown as text, never passed through. */
const emailMarked = new markedLib.Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
  },
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    code: ['class'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
};

/**
 * The HTML part of an email: markdown through marked (GFM), raw HTML escaped, then sanitised with an
 * allowlist (no script, style, iframe or event handler; links http, https and mailto only).
 */
export function markdownToHtml(markdown: string): string {
  const rendered = emailMarked.parse(markdown, { async: false });
  return sanitizeHtml(rendered, SANITIZE).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

type Mode = 'text' | 'speech';

function inline(tokens: Token[] | undefined, mode: Mode): string {
  return (tokens ?? []).map((token) => inlineToken(token, mode)).join('');
}

function inlineToken(token: Token, mode: Mode): string {
  const t = token as Tokens.Generic;
  switch (t.type) {
    case 'text':
      return t.tokens ? inline(t.tokens, mode) : decodeEntities(t.text as string);
    case 'escape':
    case 'codespan':
      return decodeEntities(t.text as string);
    case 'strong':
    case 'em':
    case 'del':
      return inline(t.tokens, mode);
    case 'link': {
      const text = inline(t.tokens, mode);
      const href = t.href as string;
      if (mode === 'speech' || !href || text === href || `mailto:${text}` === href) return text;
      return `${text} (${href})`;
    }
    case 'image':
      return decodeEntities(t.text as string);
    case 'br':
      return mode === 'speech' ? ' ' : '\n';
    case 'checkbox':
      return mode === 'speech' ? '' : t.checked ? '[x] ' : '[ ] ';
    case 'html':
      return mode === 'speech' ? '' : (t.text as string);
    default:
      return t.tokens ? inline(t.tokens, mode) : typeof t.text === 'string' ? decodeEntities(t.text) : '';
  }
}

function indent(text: string, by: string): string {
  return text.replace(/\n(?!$)/g, `\n${by}`);
}

function blocks(tokens: Token[], mode: Mode): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    const text = block(token, mode);
    if (text.trim()) out.push(text);
  }
  return out;
}

function block(token: Token, mode: Mode): string {
  const t = token as Tokens.Generic;
  switch (t.type) {
    case 'space':
    case 'def':
      return '';
    case 'hr':
      return mode === 'speech' ? '' : '---';
    case 'heading':
    case 'paragraph':
      return inline(t.tokens, mode);
    case 'text':
      return t.tokens ? inline(t.tokens, mode) : decodeEntities(t.text as string);
    case 'code':
      // Code is not read aloud; in the plain-text part it stays verbatim.
      return mode === 'speech' ? '' : (t.text as string);
    case 'html':
      return mode === 'speech' ? '' : (t.text as string).trim();
    case 'blockquote': {
      const inner = joinBlocks(blocks(t.tokens ?? [], mode), mode);
      return mode === 'speech' ? inner : inner.replace(/^/gm, '> ');
    }
    case 'list': {
      const list = t as Tokens.List;
      const start = typeof list.start === 'number' ? list.start : 1;
      const items = list.items.map((item, index) => {
        const content = joinBlocks(blocks(item.tokens, mode), mode, list.loose ? '\n\n' : '\n');
        if (mode === 'speech') return content;
        const marker = list.ordered ? `${start + index}. ` : '- ';
        const task =
          item.task && !item.tokens.some((child) => child.type === 'checkbox') ? (item.checked ? '[x] ' : '[ ] ') : '';
        return marker + task + indent(content, ' '.repeat(marker.length));
      });
      return mode === 'speech' ? joinSpoken(items) : items.join(list.loose ? '\n\n' : '\n');
    }
    case 'table': {
      const table = t as Tokens.Table;
      const row = (cells: Tokens.TableCell[]) =>
        cells.map((cell) => inline(cell.tokens, mode)).join(mode === 'speech' ? ', ' : ' | ');
      const rows = [row(table.header), ...table.rows.map(row)];
      return mode === 'speech' ? joinSpoken(rows) : rows.join('\n');
    }
    default:
      return t.tokens ? inline(t.tokens, mode) : typeof t.text === 'string' ? t.text : '';
  }
}

/** Joins spoken fragments into sentences: a full stop is added where a fragment has no ending punctuation. */
function joinSpoken(parts: string[]): string {
  return parts
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((part, index, all) => (index < all.length - 1 && !/[.!?:;…]$/.test(part) ? `${part}.` : part))
    .join(' ');
}

function joinBlocks(parts: string[], mode: Mode, separator = '\n\n'): string {
  return mode === 'speech' ? joinSpoken(parts) : parts.join(separator);
}

/** The plain-text alternative of an email, rendered from marked's tokens (not by stripping tags). */
export function markdownToText(markdown: string): string {
  return joinBlocks(blocks(markedLib.lexer(markdown, { gfm: true }), 'text'), 'text').trim();
}

/** Markdown as one line of speakable text: symbols, code blocks, raw HTML and link targets left out. */
export function markdownToSpeech(markdown: string): string {
  return joinBlocks(blocks(markedLib.lexer(markdown, { gfm: true }), 'speech'), 'speech')
    .replace(/\s+/g, ' ')
    .trim();
}

export const TTS_MAX_CHARS = 300;

/** Spoken text for Home Assistant: "title: excerpt", markdown stripped, at most 300 characters. */
export function ttsText(title: string, body: string, maxChars = TTS_MAX_CHARS): string {
  // The title is read as inline markdown only, so "2024. A year" is not taken for a list.
  const spokenTitle = inline(markedLib.Lexer.lexInline(title), 'speech')
    .replace(/\s+/g, ' ')
    .replace(/[:\s]+$/, '')
    .trim();
  const excerpt = markdownToSpeech(body);
  const text = excerpt ? `${spokenTitle}: ${excerpt}` : spokenTitle;
  return truncateChars(text, maxChars);
}
