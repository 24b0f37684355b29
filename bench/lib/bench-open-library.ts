import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A metadata server for the migration bench that speaks Open Library's search protocol and knows every
 * generated id: `q=id_goodreads:(a OR b …)` answers one work per Goodreads edition id (work OL<n>W by
 * author OL<a>A), so identities resolve locally and the figure measures Quire, not the internet.
 */
export async function startBenchOpenLibrary(
  booksPerAuthor: number,
): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests++;
    const url = new URL(request.url ?? '/', 'http://localhost');
    const q = url.searchParams.get('q') ?? '';
    let docs: object[] = [];
    const ids = /^id_goodreads:\((.*)\)$/.exec(q)?.[1].split(' OR ') ?? [];
    if (url.pathname === '/search.json')
      docs = ids.map((id) => {
        const book = Number(id) - 1000000;
        const author = Math.ceil(book / booksPerAuthor);
        return {
          key: `/works/OL${book}W`,
          title: `Bench Book ${book}`,
          author_key: [`OL${author}A`],
          author_name: [`Bench Author ${author}`],
          edition_count: 1,
          id_goodreads: [id],
        };
      });
    const body = JSON.stringify({ numFound: docs.length, start: 0, docs });
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
