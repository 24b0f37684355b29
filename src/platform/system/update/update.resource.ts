export class UpdateChanges {
  new: string[];
  fixed: string[];
}

export class UpdateResource {
  id?: number;
  version: string;
  branch: string;
  releaseDate: Date;
  fileName: string;
  url: string;
  installed: boolean;
  installedOn?: Date;
  installable: boolean;
  latest: boolean;
  changes: UpdateChanges;
  hash?: string;
}
