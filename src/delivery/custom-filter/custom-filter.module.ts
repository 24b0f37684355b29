import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomFilterController } from './custom-filter.controller';
import { CustomFilter } from './custom-filter.entity';
import { CustomFilterService } from './custom-filter.service';

@Module({
  imports: [TypeOrmModule.forFeature([CustomFilter])],
  controllers: [CustomFilterController],
  providers: [CustomFilterService],
  exports: [CustomFilterService],
})
export class CustomFilterModule {}
