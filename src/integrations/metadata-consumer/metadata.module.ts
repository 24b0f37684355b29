import { Module } from '@nestjs/common';
import { ProviderRegistry } from '../core/provider';
import { ProviderCoreModule } from '../core/provider-core.module';
import { CalibreOpfMetadata } from './calibre-opf.metadata';
import { MetadataController } from './metadata.controller';
import { METADATA_REGISTRY, MetadataService } from './metadata.service';

@Module({
  imports: [ProviderCoreModule],
  controllers: [MetadataController],
  providers: [
    CalibreOpfMetadata,
    {
      provide: METADATA_REGISTRY,
      inject: [CalibreOpfMetadata],
      useFactory: (opf: CalibreOpfMetadata) => new ProviderRegistry([opf]),
    },
    MetadataService,
  ],
  exports: [MetadataService],
})
export class MetadataModule {}
