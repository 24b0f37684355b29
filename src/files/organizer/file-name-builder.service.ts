import { Injectable } from '@nestjs/common';
import { basename, extname, join } from 'node:path';
import { NamingConfigService } from '../../platform/settings/naming/naming-config.service';
import type { NamingConfig } from '../../platform/settings/naming/naming-config';
import { bookFileName, type NamingContext } from './naming-engine';

/**
 * Where a book file belongs: `{author path}/{book folder…}/{file name}{ext}` per the naming config. With
 * `renameBooks` off the file keeps its own name but still goes into the book folder(s) the format names.
 */
@Injectable()
export class FileNameBuilder {
  constructor(private readonly naming: NamingConfigService) {}

  config(): Promise<NamingConfig> {
    return this.naming.load();
  }

  bookFilePath(config: NamingConfig, ctx: NamingContext, authorPath: string, currentPath: string): string {
    const extension = extname(currentPath).toLowerCase();
    const parts = bookFileName(config, ctx);
    const fileName =
      config.renameBooks && parts.length ? `${parts[parts.length - 1]}${extension}` : basename(currentPath);
    return join(authorPath, ...parts.slice(0, -1), fileName);
  }
}
