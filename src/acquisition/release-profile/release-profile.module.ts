import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReleaseProfileController } from './release-profile.controller';
import { ReleaseProfile } from './release-profile.entity';
import { ReleaseProfileRepository } from './release-profile.repository';
import { ReleaseProfileService } from './release-profile.service';

/** Release profiles (required/ignored terms per indexer and tags). */
@Module({
  imports: [TypeOrmModule.forFeature([ReleaseProfile])],
  controllers: [ReleaseProfileController],
  providers: [ReleaseProfileRepository, ReleaseProfileService],
  exports: [ReleaseProfileService],
})
export class ReleaseProfileModule {}
