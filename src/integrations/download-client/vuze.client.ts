import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { DownloadClient, DownloadClientProviderBase } from './download-client';
import { TransmissionSettings } from './download-client.settings';
import { TransmissionClient, TransmissionTorrent } from './transmission.client';

/** Vuze's Web Remote plugin speaks Transmission's RPC; Vuze 5 is the first with protocol version 14. */
const MINIMUM_PROTOCOL_VERSION = 14;

/**
 * Vuze through its Transmission-compatible Web Remote plugin, as Readarr drives it: Transmission's settings and
 * calls, its own version check, and its own idea of the download folder.
 */
class VuzeClient extends TransmissionClient {
  protected versionFailure(session: { version: string; 'rpc-version': number }): ValidationFailure | undefined {
    const version = Number(session['rpc-version']);
    if (!Number.isInteger(version) || version < MINIMUM_PROTOCOL_VERSION)
      return providerFailure(
        '',
        'Protocol version not supported, use Vuze 5.0.0.0 or higher with Vuze Web Remote plugin.',
      );
    return undefined;
  }

  /**
   * Vuze reports a multi-file torrent's own folder as its download folder, and a single file's parent folder: the
   * download folder is the output unless it is a single file's parent (the folder is not named after the torrent).
   */
  protected outputPathOf(torrent: TransmissionTorrent): string {
    const directory = torrent.downloadDir.replace(/\/+$/, '');
    if (!directory || directory.split('/').pop() === torrent.name || (torrent.fileCount ?? 0) > 1) return directory;
    return `${directory}/${torrent.name}`;
  }
}

@Injectable()
export class VuzeProvider extends DownloadClientProviderBase<TransmissionSettings> {
  readonly meta: ProviderMeta<TransmissionSettings> = {
    implementation: 'Vuze',
    implementationName: 'Vuze',
    configContract: 'TransmissionSettings',
    settings: TransmissionSettings,
    protocol: 'torrent',
  };
  private readonly sessions = new Map<string, string>();

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: TransmissionSettings): DownloadClient {
    return new VuzeClient(definition, settings, this.sessions);
  }
}
