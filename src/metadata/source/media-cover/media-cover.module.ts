import { Module } from '@nestjs/common';
import { MetadataHttpModule } from '../http/metadata-http.module';
import { MediaCoverController } from './media-cover.controller';
import { MediaCoverService } from './media-cover.service';

/** Locally stored author/book images (DATA_DIR/MediaCover) and the routes serving them. */
@Module({
  imports: [MetadataHttpModule],
  controllers: [MediaCoverController],
  providers: [MediaCoverService],
  exports: [MediaCoverService],
})
export class MediaCoverModule {}
