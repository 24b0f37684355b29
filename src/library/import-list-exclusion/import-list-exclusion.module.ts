import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImportListExclusionController } from './import-list-exclusion.controller';
import { ImportListExclusion } from './import-list-exclusion.entity';
import { ImportListExclusionRepository } from './import-list-exclusion.repository';
import { ImportListExclusionService } from './import-list-exclusion.service';

@Module({
  imports: [TypeOrmModule.forFeature([ImportListExclusion])],
  controllers: [ImportListExclusionController],
  providers: [ImportListExclusionRepository, ImportListExclusionService],
  exports: [ImportListExclusionService],
})
export class ImportListExclusionModule {}
