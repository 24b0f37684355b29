/** Readarr's webhook objects (field names as its JSON has them; absent values are left out, as Readarr does). */
export interface WebhookAuthor {
  id: number;
  name: string;
  path: string;
  goodreadsId: string;
}

export interface WebhookEdition {
  title?: string;
  goodreadsId: string;
  asin?: string;
  isbn13?: string;
}

export interface WebhookBook {
  id: number;
  goodreadsId?: string;
  title: string;
  edition?: WebhookEdition;
  releaseDate?: string;
}

export interface WebhookBookFile {
  id: number;
  path: string;
  quality?: string;
  qualityVersion?: number;
  releaseGroup?: string;
  sceneName?: string;
  size?: number;
  dateAdded?: string;
}

/** A payload's fields besides `eventType` and `instanceName`, which the connection adds. */
export type WebhookPayloadFields = Record<string, unknown>;
