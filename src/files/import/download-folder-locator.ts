import { Injectable } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import type { TrackedDownload } from '../../acquisition/queue/tracked-download.entity';
import type { ProviderDefinition } from '../../integrations/core/provider-definition.entity';
import { DownloadClientService } from '../../integrations/download-client/download-client.service';
import { RemotePathMappingService } from '../../integrations/remote-path-mapping/remote-path-mapping.service';

export interface DownloadFolder {
  /** The download client's definition, when it still exists. */
  client: ProviderDefinition | null;
  /** The client's output path as seen from here (remote path mappings applied); null when it reported none. */
  outputPath: string | null;
  /** Whether that folder can be read here. */
  accessible: boolean;
}

/** Where a finished download lies on this machine: the client's output path through the remote path mappings. */
@Injectable()
export class DownloadFolderLocator {
  constructor(
    private readonly downloadClients: DownloadClientService,
    private readonly remotePaths: RemotePathMappingService,
  ) {}

  async locate(download: TrackedDownload): Promise<DownloadFolder> {
    const client = await this.downloadClients.find(download.downloadClientId);
    const host = typeof client?.settings.host === 'string' ? client.settings.host : undefined;
    const outputPath =
      download.outputPath && host
        ? await this.remotePaths.remoteToLocal(host, download.outputPath)
        : download.outputPath;
    const accessible = !!outputPath && !!(await stat(outputPath).catch(() => null));
    return { client, outputPath, accessible };
  }
}
