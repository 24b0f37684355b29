export class IndexerFlagResource {
  id: number;
  name: string;
  nameLower: string;
}
