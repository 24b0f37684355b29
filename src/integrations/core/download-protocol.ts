import { WireEnum } from '../../platform/common/wire/wire-enum';

export const DownloadProtocol = new WireEnum({ unknown: 0, usenet: 1, torrent: 2 });
export type DownloadProtocolName = 'unknown' | 'usenet' | 'torrent';
