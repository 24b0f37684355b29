import { Injectable } from '@nestjs/common';

/**
 * Confirms that a posted foreign id names something the metadata source knows, before POST /author or
 * POST /book creates anything (Readarr: 400 `ForeignAuthorId` "An author with this ID was not found").
 * Implementations throw `ValidationError` for an unknown id and `ServiceUnavailableError` when the source
 * cannot be reached; ids that are not the source's own (imported or test ids) pass unchecked.
 */
export interface CatalogueIdentityCheck {
  assertAuthorExists(foreignAuthorId: string): Promise<void>;
  assertBookExists(foreignBookId: string): Promise<void>;
}

/**
 * The hook the catalogue calls; the metadata-source module plugs its check in at start-up (`use`), so the
 * catalogue does not depend on a metadata source. Without one, every id passes (no-op).
 */
@Injectable()
export class CatalogueIdentityCheckHook implements CatalogueIdentityCheck {
  private check: CatalogueIdentityCheck | undefined;

  use(check: CatalogueIdentityCheck): void {
    this.check = check;
  }

  async assertAuthorExists(foreignAuthorId: string): Promise<void> {
    await this.check?.assertAuthorExists(foreignAuthorId);
  }

  async assertBookExists(foreignBookId: string): Promise<void> {
    await this.check?.assertBookExists(foreignBookId);
  }
}
