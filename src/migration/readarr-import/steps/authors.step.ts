import { Injectable } from '@nestjs/common';
import { authorNames } from '../../../library/author/author-names';
import { AuthorRepository } from '../../../library/author/author.repository';
import { cleanName } from '../../../platform/common/text/clean-name';
import { TransactionRunner } from '../../../platform/database/transaction';
import type { AuthorMatch } from '../identity/identity-resolver';
import type { MigrationContext } from '../migration-context';
import type { RAuthor } from '../readarr/readarr-library';
import { LibraryOverlay } from './library-overlay';

/**
 * A chunk's authors: merged onto the author of the same foreign id (monitored wins, profiles, path and tags of
 * the existing author kept) or created under a free path, with their metadata rows, in one transaction.
 */
@Injectable()
export class AuthorsStep {
  constructor(
    private readonly authors: AuthorRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Returns Readarr author id → Quire author-metadata id. */
  async run(
    ctx: MigrationContext,
    authors: RAuthor[],
    matches: Map<number, AuthorMatch | undefined>,
    overlay: LibraryOverlay,
  ): Promise<Map<number, number>> {
    const ids = ctx.idMap('authors');
    const foreignId = (author: RAuthor) =>
      matches.get(author.id)?.foreignAuthorId ?? ctx.foreignPrefix + author.foreignAuthorId;
    const existing = await LibraryOverlay.merge(
      overlay.authors,
      authors.map(foreignId),
      (missing) => this.authors.findByForeignIds(missing),
      (row) => row.foreignAuthorId,
    );
    const takenPaths = await this.authors.takenPaths(authors.map((author) => author.path));
    for (const path of overlay.authorPaths) takenPaths.add(path);
    const metadataIds = new Map<number, number>();
    const created: { placeholder: number; author: RAuthor; foreignAuthorId: string; path: string }[] = [];
    const toMonitor: number[] = [];
    ctx.report.found('authors', authors.length);
    for (const author of authors) {
      const fid = foreignId(author);
      if (!matches.get(author.id))
        ctx.report.unmatched('authors', {
          kind: 'author',
          readarrId: author.id,
          title: author.name,
          foreignId: author.foreignAuthorId,
          reason: 'No author of that name or of its books in the metadata source',
        });
      const found = existing.get(fid);
      if (found) {
        ctx.report.count('authors', 'merged');
        ids.set(author.id, found.id);
        metadataIds.set(author.id, found.authorMetadataId);
        if (author.monitored !== found.monitored) {
          ctx.report.conflict({
            kind: 'authors',
            readarrId: author.id,
            title: author.name,
            field: 'monitored',
            existing: found.monitored,
            incoming: author.monitored,
            resolution: 'monitored wins',
          });
          if (author.monitored && found.id > 0) toMonitor.push(found.id);
          found.monitored = true;
        }
        continue;
      }
      ctx.report.count('authors', 'imported');
      const placeholder = ctx.placeholder();
      let path = author.path;
      for (let n = 2; takenPaths.has(path); n++) path = `${author.path} (${n})`;
      takenPaths.add(path);
      overlay.authorPaths.add(path);
      created.push({ placeholder, author, foreignAuthorId: fid, path });
      ids.set(author.id, placeholder);
      metadataIds.set(author.id, placeholder);
      existing.set(fid, {
        id: placeholder,
        authorMetadataId: placeholder,
        foreignAuthorId: fid,
        monitored: author.monitored,
        path,
      });
    }
    for (const [fid, row] of existing) overlay.authors.set(fid, row);
    if (ctx.dryRun || (!created.length && !toMonitor.length)) return metadataIds;
    const rootFolders = ctx.source.all('RootFolders').map((row) => String(row.Path).replace(/[\\/]+$/, ''));
    const real = new Map<number, number>();
    const realMetadata = new Map<number, number>();
    await this.transactions.run(async (tx) => {
      const metadata = await this.authors.insertManyMetadata(
        tx,
        created.map(({ author, foreignAuthorId }) => {
          const names = authorNames(author.name);
          return {
            foreignAuthorId,
            titleSlug: foreignAuthorId,
            name: names.name,
            sortName: author.sortName ?? names.sortName,
            nameLastFirst: author.nameLastFirst ?? names.nameLastFirst,
            sortNameLastFirst: author.sortNameLastFirst ?? names.sortNameLastFirst,
            aliases: author.aliases,
            overview: author.overview,
            disambiguation: author.disambiguation,
            status: author.status,
            images: [],
            links: author.links,
            genres: author.genres,
            ratings: author.ratings,
          };
        }),
      );
      const authorIds = await this.authors.insertMany(
        tx,
        created.map(({ author, path }, index) => ({
          authorMetadataId: metadata[index],
          cleanName: cleanName(author.name),
          monitored: author.monitored,
          monitorNewItems: author.monitorNewItems,
          path,
          rootFolderPath: rootFolders.find((root) => path.startsWith(root + '/')) ?? null,
          qualityProfileId: ctx.idMap('qualityProfiles').get(author.qualityProfileId) ?? 1,
          metadataProfileId: ctx.idMap('metadataProfiles').get(author.metadataProfileId) ?? 1,
          tags: ctx.idMap('tags').many(author.tags),
          added: author.added ?? new Date(),
          addOptions: null,
        })),
      );
      created.forEach(({ placeholder }, index) => {
        real.set(placeholder, authorIds[index]);
        realMetadata.set(placeholder, metadata[index]);
      });
      await this.authors.markMonitored(tx, toMonitor);
    });
    ids.remap(real);
    for (const [key, value] of metadataIds) if (realMetadata.has(value)) metadataIds.set(key, realMetadata.get(value)!);
    return metadataIds;
  }
}
