import { Injectable, Logger } from '@nestjs/common';
import { basename, dirname, extname, relative, sep } from 'node:path';
import { AddAuthorService } from '../../library/author/add-author.service';
import { MediaFileReader } from '../../library/media-file/media-file-reader.service';
import type { RootFolder } from '../../library/root-folder/root-folder.entity';
import { RootFolderRepository } from '../../library/root-folder/root-folder.repository';
import { AuthorIdentificationHook } from '../../library/author/author-identification';
import { ServiceUnavailableError, ValidationError } from '../../platform/common/errors/domain-errors';
import { similarity } from '../../platform/common/text/similarity';

/** Folders looked up per scan: each is one or two calls to the metadata source. */
export const MAX_LOOKUPS = 200;
/** How alike a folder's name must be to the author's to become the author's folder. */
const SAME = 0.8;

/** The names a folder of loose files gives for its book: from the file's own tags, else from the path. */
export interface LooseBook {
  path: string;
  rootFolder: RootFolder;
  author?: string;
  title?: string;
  isbn?: string;
  /** The first folder under the root, when the files sit inside one: the author's folder to be. */
  authorFolder?: string;
}

/**
 * Readarr's `addNewAuthors` of a root-folder rescan: new files outside every author's folder name their book and
 * author (tags first, then `Author/Title/` folders or an `Author - Title` file name); the metadata source is asked
 * for that book (by ISBN when the file has one), and an author it knows that the library does not is added with the
 * root folder's defaults — quality and metadata profile, monitoring of its books and of new ones, tags. The
 * author's refresh and the rescan after it then match the files in its folder, as for any added author.
 */
@Injectable()
export class NewAuthorDetector {
  private readonly logger = new Logger(NewAuthorDetector.name);

  constructor(
    private readonly identification: AuthorIdentificationHook,
    private readonly reader: MediaFileReader,
    private readonly addAuthor: AddAuthorService,
    private readonly rootFolders: RootFolderRepository,
  ) {}

  /** Collects one file per folder of new files outside every author folder; bounded by MAX_LOOKUPS folders. */
  async collector(authorPaths: string[]): Promise<LooseFileCollector> {
    return new LooseFileCollector(await this.rootFolders.findAll(), authorPaths);
  }

  /** Looks each collected folder up and adds the authors found; answers their names. */
  async addAuthors(collected: LooseFileCollector): Promise<string[]> {
    const added: string[] = [];
    const tried = new Set<string>();
    for (const loose of collected.files()) {
      const book = await this.describe(loose);
      const key = `${book.isbn ?? ''}\u0000${book.author ?? ''}\u0000${book.title ?? ''}`;
      if (!book.title || tried.has(key)) continue;
      tried.add(key);
      let found: { foreignAuthorId: string; name: string } | undefined;
      try {
        found = await this.identification.identifyAuthor(book);
      } catch (error) {
        // One unreachable source answer is enough: the next scan's new files will be looked up again.
        if (error instanceof ServiceUnavailableError) {
          this.logger.warn(`Not looking up new authors: ${error.message}`);
          break;
        }
        throw error;
      }
      if (!found || added.includes(found.name)) continue;
      if (await this.add(book, found)) added.push(found.name);
    }
    if (collected.overflow > 0)
      this.logger.warn(`${collected.overflow} more folders of new files were not looked up (at most ${MAX_LOOKUPS})`);
    return added;
  }

  private async describe(loose: { path: string; rootFolder: RootFolder }): Promise<LooseBook> {
    const info = await this.reader.read(loose.path);
    const segments = relative(loose.rootFolder.path, loose.path).split(sep);
    const fromName = /^(.+?)\s+-\s+(.+)$/.exec(basename(loose.path, extname(loose.path)));
    const authorFolder = segments.length >= 2 ? segments[0] : undefined;
    return {
      ...loose,
      author: info.tags?.authors[0] ?? (segments.length >= 3 ? segments[0] : fromName?.[1]),
      title:
        info.tags?.bookTitle ?? info.tags?.title ?? (segments.length >= 3 ? segments[1] : (fromName?.[2] ?? undefined)),
      isbn: info.tags?.isbn,
      authorFolder,
    };
  }

  private async add(book: LooseBook, found: { foreignAuthorId: string; name: string }): Promise<boolean> {
    const root = book.rootFolder;
    const monitor = root.defaultMonitorOption;
    // Files already inside a folder named like the author keep living there: it becomes the author's folder.
    const path =
      book.authorFolder && similarity(book.authorFolder, found.name) >= SAME
        ? `${root.path.replace(/\/+$/, '')}/${book.authorFolder}`
        : undefined;
    try {
      await this.addAuthor.add({
        foreignAuthorId: found.foreignAuthorId,
        authorName: found.name,
        rootFolderPath: root.path,
        path,
        qualityProfileId: root.defaultQualityProfileId,
        metadataProfileId: root.defaultMetadataProfileId,
        monitored: monitor !== 'none',
        monitorNewItems: root.defaultNewItemMonitorOption as 'all' | 'none' | 'new',
        tags: root.defaultTags,
        addOptions: { monitor, monitored: monitor !== 'none', searchForMissingBooks: false },
      });
      this.logger.log(`Added author ${found.name}, found in the files of ${dirname(book.path)}`);
      return true;
    } catch (error) {
      // Already in the library (its files sit elsewhere), or refused: the files stay unmapped, as before.
      if (error instanceof ValidationError) return false;
      throw error;
    }
  }
}

/** One file per folder of new files outside every author folder and inside a root folder, at most MAX_LOOKUPS. */
export class LooseFileCollector {
  private readonly byFolder = new Map<string, { path: string; rootFolder: RootFolder }>();
  overflow = 0;

  constructor(
    private readonly roots: RootFolder[],
    private readonly authorPaths: string[],
  ) {}

  add(paths: string[]): void {
    for (const path of paths) {
      if (this.authorPaths.some((author) => path.startsWith(`${author.replace(/\/+$/, '')}/`))) continue;
      const folder = dirname(path);
      if (this.byFolder.has(folder)) continue;
      const rootFolder = this.rootOf(path);
      if (!rootFolder) continue;
      if (this.byFolder.size >= MAX_LOOKUPS) {
        this.overflow++;
        continue;
      }
      this.byFolder.set(folder, { path, rootFolder });
    }
  }

  files(): { path: string; rootFolder: RootFolder }[] {
    return [...this.byFolder.values()];
  }

  /** The deepest root folder holding `path`. */
  private rootOf(path: string): RootFolder | undefined {
    return this.roots
      .filter((root) => path.startsWith(`${root.path.replace(/\/+$/, '')}/`))
      .sort((a, b) => b.path.length - a.path.length)[0];
  }
}
