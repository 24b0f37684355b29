import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookModule } from '../book/book.module';
import { SeriesController } from './series.controller';
import { Series, SeriesBookLink } from './series.entity';
import { SeriesLinkSync } from './series-link-sync';
import { SeriesRepository } from './series.repository';
import { SeriesService } from './series.service';

@Module({
  imports: [TypeOrmModule.forFeature([Series, SeriesBookLink]), BookModule],
  controllers: [SeriesController],
  providers: [SeriesRepository, SeriesService, SeriesLinkSync],
  exports: [SeriesService, SeriesLinkSync],
})
export class SeriesModule {}
