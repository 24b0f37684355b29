export * from './download-client';
export { DownloadClientFactory } from './download-client-factory.service';
export { DownloadClientModule } from './download-client.module';
export { DownloadClientService } from './download-client.service';
