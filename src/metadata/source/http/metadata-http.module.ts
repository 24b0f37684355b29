import { Module } from '@nestjs/common';
import { MetadataSourceSettingsService } from '../metadata-source-settings.service';
import { MetadataHttpClient, metadataHttpMetricProviders } from './metadata-http.client';

/**
 * The one HTTP client towards the metadata source and its cover host (one rate limiter and one cache per
 * process), shared by the metadata-source and media-cover features.
 */
@Module({
  providers: [...metadataHttpMetricProviders, MetadataHttpClient, MetadataSourceSettingsService],
  exports: [MetadataHttpClient, MetadataSourceSettingsService],
})
export class MetadataHttpModule {}
