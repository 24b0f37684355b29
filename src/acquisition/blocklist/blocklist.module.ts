import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthorModule } from '../../library/author/author.module';
import { ProfileModule } from '../../library/profile/profile.module';
import { BlocklistController } from './blocklist.controller';
import { BlocklistEntry } from './blocklist.entity';
import { BlocklistRepository } from './blocklist.repository';
import { BlocklistService } from './blocklist.service';
import { ClearBlocklistHandler } from './clear-blocklist.handler';

/** `/api/v1/blocklist`, the `ClearBlocklist` command, and blocklisting of failed downloads. */
@Module({
  imports: [TypeOrmModule.forFeature([BlocklistEntry]), AuthorModule, ProfileModule],
  controllers: [BlocklistController],
  providers: [BlocklistRepository, BlocklistService, ClearBlocklistHandler],
  exports: [BlocklistRepository, BlocklistService],
})
export class BlocklistModule {}
