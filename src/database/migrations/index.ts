import { Foundation1763880000000 } from './1763880000000-foundation';

/** Every migration, in order. New migrations are appended here (never edited after they land). */
export const migrations = [Foundation1763880000000];
