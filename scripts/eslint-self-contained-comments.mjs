// A local ESLint plugin with one rule, `quire/self-contained-comments`: a comment must make sense to someone who has
// only this repository. It flags what sends the reader elsewhere instead of saying why:
// - a section mark (§) of a document, unless it is an RFC's (RFC 4287 §4.1.1.1 can be looked up);
// - "the spec", "hub spec", "(spec)", "spec:", "reference:", "the brief": documents that are not in the repository;
// - a Markdown file name that is not a file of the repository (protocols.md, design.md);
// - issue and pull-request numbers ("issue 11", "(#24)", "PR 7").
// Quoted text and code spans are left out, so examples such as "Discworld (#1)" or `#4` stay allowed.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

const CITATIONS = [
  { pattern: /(?<!\bRFC \d+ )§/, what: 'a section (§) of a document that is not in the repository' },
  {
    pattern: /\b(?:the|hub|Quire's) spec\b|\(spec\b|\bspec(?::|'s\b)|(?<!\bby )\breference:|\b(?:the|per|see) brief\b/i,
    what: 'a specification or brief that is not in the repository',
  },
  { pattern: /\b(?:issues?|tickets?|PR|pull request) ?#?\d+|\(#\d+\)|(?:^|\s)#\d+\b/i, what: 'an issue number' },
];

/** Markdown file names in a comment that exist neither from the repository root nor beside the file. */
function missingDocuments(text, filename) {
  return [...text.matchAll(/(?<![\w<>{}$./-])\w[\w./-]*\.md\b/g)]
    .map((match) => match[0])
    .filter((name) => !existsSync(join(root, name)) && !existsSync(join(dirname(filename), name)));
}

const selfContainedComments = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments explain themselves instead of citing documents or issues the reader lacks' },
    schema: [],
    messages: {
      citation: 'This comment cites {{what}}: say why on its own, or drop the citation.',
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.replace(/`[^`]*`/g, '``').replace(/"[^"\n]*"/g, '""');
          const found = CITATIONS.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
          const documents = missingDocuments(text, context.filename);
          if (documents.length) found.push(`${documents.join(', ')}, which the repository does not hold`);
          for (const what of found) context.report({ loc: comment.loc, messageId: 'citation', data: { what } });
        }
      },
    };
  },
};

export default { meta: { name: 'quire' }, rules: { 'self-contained-comments': selfContainedComments } };
