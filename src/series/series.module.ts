import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SeriesController } from './series.controller';
import { Series, SeriesBookLink } from './series.entity';
import { SeriesRepository } from './series.repository';
import { SeriesService } from './series.service';

@Module({
  imports: [TypeOrmModule.forFeature([Series, SeriesBookLink])],
  controllers: [SeriesController],
  providers: [SeriesRepository, SeriesService],
  exports: [SeriesService],
})
export class SeriesModule {}
