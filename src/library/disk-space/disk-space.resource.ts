export class DiskSpaceResource {
  id?: number;
  path: string;
  label: string;
  freeSpace: number;
  totalSpace: number;
}
