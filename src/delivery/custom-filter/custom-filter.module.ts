import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomFilterController } from './custom-filter.controller';
import { CustomFilter } from './custom-filter.entity';
import { CustomFilterRepository } from './custom-filter.repository';
import { CustomFilterService } from './custom-filter.service';

@Module({
  imports: [TypeOrmModule.forFeature([CustomFilter])],
  controllers: [CustomFilterController],
  providers: [CustomFilterRepository, CustomFilterService],
  exports: [CustomFilterService],
})
export class CustomFilterModule {}
