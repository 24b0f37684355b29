/** Stored (jsonb) value shapes shared by authors, books and editions. */
export interface MediaCoverValue {
  url?: string | null;
  remoteUrl?: string | null;
  coverType: string;
  extension?: string | null;
}

export interface LinkValue {
  url?: string;
  name?: string;
}

export interface RatingsValue {
  votes: number;
  value: number;
  popularity: number;
}

export interface AddAuthorOptionsValue {
  monitor?: string;
  booksToMonitor?: string[];
  monitored?: boolean;
  searchForMissingBooks?: boolean;
}

export interface AddBookOptionsValue {
  addType?: string;
  searchForNewBook?: boolean;
}

export const EMPTY_RATINGS: RatingsValue = { votes: 0, value: 0, popularity: 0 };
