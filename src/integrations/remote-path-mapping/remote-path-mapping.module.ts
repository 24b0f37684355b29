import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RemotePathMappingController } from './remote-path-mapping.controller';
import { RemotePathMapping } from './remote-path-mapping.entity';
import { RemotePathMappingRepository } from './remote-path-mapping.repository';
import { RemotePathMappingService } from './remote-path-mapping.service';

@Module({
  imports: [TypeOrmModule.forFeature([RemotePathMapping])],
  controllers: [RemotePathMappingController],
  providers: [RemotePathMappingRepository, RemotePathMappingService],
  exports: [RemotePathMappingService],
})
export class RemotePathMappingModule {}
