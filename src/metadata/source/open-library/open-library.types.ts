/** The parts of Open Library's JSON answers Quire reads (field names exactly as Open Library sends them). */

export type OlText = string | { type?: string; value?: string };

export interface OlKeyRef {
  key: string;
}

export interface OlAuthorSearchDoc {
  key: string;
  name?: string;
  alternate_names?: string[];
  birth_date?: string;
  death_date?: string;
  top_work?: string;
  work_count?: number;
  top_subjects?: string[];
  ratings_average?: number;
  ratings_count?: number;
  want_to_read_count?: number;
  already_read_count?: number;
  currently_reading_count?: number;
  readinglog_count?: number;
}

export interface OlWorkSearchDoc {
  key: string;
  title?: string;
  subtitle?: string;
  author_key?: string[];
  author_name?: string[];
  first_publish_year?: number;
  edition_count?: number;
  cover_i?: number;
  cover_edition_key?: string;
  isbn?: string[];
  id_goodreads?: string[];
  id_amazon?: string[];
  language?: string[];
  subject?: string[];
  ratings_average?: number;
  ratings_count?: number;
  want_to_read_count?: number;
  already_read_count?: number;
  currently_reading_count?: number;
  readinglog_count?: number;
}

export interface OlSearchResponse<Doc> {
  numFound?: number;
  num_found?: number;
  start?: number;
  docs?: Doc[];
}

export interface OlAuthor {
  key: string;
  name?: string;
  personal_name?: string;
  fuller_name?: string;
  alternate_names?: string[];
  bio?: OlText;
  birth_date?: string;
  death_date?: string;
  photos?: number[];
  links?: { title?: string; url?: string }[];
  wikipedia?: string;
  remote_ids?: Record<string, string>;
  type?: OlKeyRef;
  location?: string;
}

export interface OlWork {
  key: string;
  title?: string;
  subtitle?: string;
  description?: OlText;
  covers?: number[];
  subjects?: string[];
  first_publish_date?: string;
  authors?: { author?: OlKeyRef; type?: OlKeyRef }[];
  links?: { title?: string; url?: string }[];
  /** Rare on works; the same free-text statements as editions' `series`. */
  series?: string[];
  type?: OlKeyRef;
  location?: string;
}

export interface OlWorksPage {
  size?: number;
  entries?: OlWork[];
  links?: { next?: string };
}

export interface OlEdition {
  key: string;
  title?: string;
  subtitle?: string;
  works?: OlKeyRef[];
  publishers?: string[];
  publish_date?: string;
  number_of_pages?: number;
  pagination?: string;
  isbn_10?: string[];
  isbn_13?: string[];
  identifiers?: Record<string, string[]>;
  languages?: OlKeyRef[];
  physical_format?: string;
  covers?: number[];
  description?: OlText;
  by_statement?: string;
  edition_name?: string;
  /** Free-text series statements: "Discworld ; 1", "The Expanse #3". */
  series?: string[];
  type?: OlKeyRef;
}

export interface OlEditionsPage {
  size?: number;
  entries?: OlEdition[];
  links?: { next?: string };
}
