import { Module } from '@nestjs/common';
import { ProviderRegistry } from '../core/provider';
import { ProviderCoreModule } from '../core/provider-core.module';
import { Aria2Provider } from './aria2.client';
import { TorrentBlackholeProvider, UsenetBlackholeProvider } from './blackhole.client';
import { DownloadClientFactory } from './download-client-factory.service';
import { DownloadClientController } from './download-client.controller';
import { HadoukenProvider } from './hadouken.client';
import { DOWNLOAD_CLIENT_REGISTRY, DownloadClientService } from './download-client.service';
import { QBittorrentProvider } from './qbittorrent.client';
import { SabnzbdProvider } from './sabnzbd.client';
import { TransmissionProvider } from './transmission.client';
import { UTorrentProvider } from './utorrent.client';
import { VuzeProvider } from './vuze.client';
import { WatchFolderScanner } from './watch-folder-scanner';

const IMPLEMENTATIONS = [
  QBittorrentProvider,
  SabnzbdProvider,
  TransmissionProvider,
  TorrentBlackholeProvider,
  UsenetBlackholeProvider,
  Aria2Provider,
  VuzeProvider,
  UTorrentProvider,
  HadoukenProvider,
];

@Module({
  imports: [ProviderCoreModule],
  controllers: [DownloadClientController],
  providers: [
    WatchFolderScanner,
    ...IMPLEMENTATIONS,
    {
      provide: DOWNLOAD_CLIENT_REGISTRY,
      inject: IMPLEMENTATIONS,
      useFactory: (...providers: InstanceType<(typeof IMPLEMENTATIONS)[number]>[]) => new ProviderRegistry(providers),
    },
    DownloadClientService,
    DownloadClientFactory,
  ],
  exports: [DownloadClientService, DownloadClientFactory, WatchFolderScanner],
})
export class DownloadClientModule {}
