import { markdownToHtml, markdownToSpeech, markdownToText, ttsText } from './markdown';

describe('markdownToHtml', () => {
  it('converts bold, italic, headings, code blocks and lists', () => {
    const html = markdownToHtml(
      '# Title\n\n**bold** and *italic*\n\n- one\n- two\n\n1. first\n\n```ts\nconst x = 1 < 2;\n```',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>\s*<\/ol>/);
    expect(html).toContain('<pre><code class="language-ts">const x = 1 &lt; 2;');
  });

  it.each([
    ['a script block', '<script>alert(1)</script>'],
    ['an inline event handler', 'hi <img src="x" onerror="alert(1)"> there'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['a style attribute', '<p style="color:red" onclick="x()">p</p>'],
  ])('never lets %s through as markup', (_name, markdown) => {
    const html = markdownToHtml(markdown);
    // No element with an event handler or a style, no script/iframe/img element: the markup is shown as text.
    expect(html).not.toMatch(/<(script|iframe|img)\b/i);
    expect(html).not.toMatch(/<[^>]*\s(on\w+|style)=/i);
    expect(html).toContain('&lt;');
  });

  it('drops javascript: and data: links but keeps http, https and mailto', () => {
    const html = markdownToHtml(
      '[a](javascript:alert(1)) [b](data:text/html,x) [c](https://example.org) [d](mailto:me@example.org)',
    );
    expect(html).not.toMatch(/javascript:|data:/);
    expect(html).toContain('<a href="https://example.org">c</a>');
    expect(html).toContain('<a href="mailto:me@example.org">d</a>');
  });
});

describe('markdownToText', () => {
  it('renders the plain-text part from the tokens', () => {
    const text = markdownToText(
      '# Report\n\nThe **import** of *Dune* finished &amp; [details](https://example.org/x).\n\n- one\n- two\n\n3. three\n4. four\n\n> quoted\n\n```\ncode  stays\n```',
    );
    expect(text).toBe(
      [
        'Report',
        'The import of Dune finished & details (https://example.org/x).',
        '- one\n- two',
        '3. three\n4. four',
        '> quoted',
        'code  stays',
      ].join('\n\n'),
    );
  });

  it('keeps raw HTML as typed text rather than interpreting it', () => {
    expect(markdownToText('a <b>b</b>')).toBe('a <b>b</b>');
  });
});

describe('markdownToSpeech and ttsText', () => {
  it('strips markdown symbols, code blocks and link targets', () => {
    expect(markdownToSpeech('## Done\n\n**3** books _imported_, see [log](https://x.org).\n\n```\nrm -rf\n```')).toBe(
      'Done. 3 books imported, see log.',
    );
  });

  it('speaks "title: excerpt"', () => {
    expect(ttsText('Download finished', 'The book **Dune** is *ready*.')).toBe(
      'Download finished: The book Dune is ready.',
    );
    expect(ttsText('2024. A year', '')).toBe('2024. A year');
  });

  it('is at most 300 characters', () => {
    const text = ttsText('Library report', `# Big\n\n${'The quick brown **fox** jumps. '.repeat(40)}`);
    expect(Array.from(text).length).toBeLessThanOrEqual(300);
    expect(text.startsWith('Library report: Big. The quick brown fox jumps.')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toMatch(/[*#_`]/);
  });
});
