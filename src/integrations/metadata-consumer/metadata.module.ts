import { Module } from '@nestjs/common';
import { ProviderRegistry } from '../core/provider';
import { ProviderCoreModule } from '../core/provider-core.module';
import { CalibreOpfMetadata } from './calibre-opf.metadata';
import { MetadataFileRepository } from './metadata-file.repository';
import { MetadataFilesService } from './metadata-files.service';
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
    MetadataFileRepository,
    MetadataFilesService,
  ],
  exports: [MetadataService, MetadataFilesService],
})
export class MetadataModule {}
