import { Module } from '@nestjs/common';
import { ProviderRegistry } from '../core/provider';
import { ProviderCoreModule } from '../core/provider-core.module';
import { RemotePathMappingModule } from '../remote-path-mapping/remote-path-mapping.module';
import { Aria2Provider } from './aria2.client';
import { TorrentBlackholeProvider, UsenetBlackholeProvider } from './blackhole.client';
import { DownloadClientFactory } from './download-client-factory.service';
import { DownloadClientController } from './download-client.controller';
import { HadoukenProvider } from './hadouken.client';
import { DOWNLOAD_CLIENT_REGISTRY, DownloadClientService } from './download-client.service';
import { NzbVortexProvider } from './nzbvortex.client';
import { PneumaticProvider } from './pneumatic.client';
import { NzbgetProvider } from './nzbget.client';
import { DelugeProvider } from './deluge.client';
import { QBittorrentProvider } from './qbittorrent.client';
import { RTorrentProvider } from './rtorrent.client';
import { SabnzbdProvider } from './sabnzbd.client';
import { TorrentDownloadStationProvider } from './torrent-download-station.client';
import { TransmissionProvider } from './transmission.client';
import { UsenetDownloadStationProvider } from './usenet-download-station.client';
import { UTorrentProvider } from './utorrent.client';
import { VuzeProvider } from './vuze.client';
import { WatchFolderScanner } from './watch-folder-scanner';

const IMPLEMENTATIONS = [
  NzbgetProvider,
  DelugeProvider,
  QBittorrentProvider,
  RTorrentProvider,
  SabnzbdProvider,
  TransmissionProvider,
  TorrentBlackholeProvider,
  UsenetBlackholeProvider,
  TorrentDownloadStationProvider,
  UsenetDownloadStationProvider,
  NzbVortexProvider,
  PneumaticProvider,
  Aria2Provider,
  VuzeProvider,
  UTorrentProvider,
  HadoukenProvider,
];

@Module({
  imports: [ProviderCoreModule, RemotePathMappingModule],
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
