import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TagModule } from '../tag/tag.module';
import { CustomFormatController } from './custom-format/custom-format.controller';
import { CustomFormat } from './custom-format/custom-format.entity';
import { CustomFormatRepository } from './custom-format/custom-format.repository';
import { CustomFormatService } from './custom-format/custom-format.service';
import { DelayProfileRepository } from './delay-profile/delay-profile.repository';
import { DelayProfileController } from './delay-profile/delay-profile.controller';
import { DelayProfile } from './delay-profile/delay-profile.entity';
import { DelayProfileService } from './delay-profile/delay-profile.service';
import { MetadataProfileController } from './metadata-profile/metadata-profile.controller';
import { MetadataProfile } from './metadata-profile/metadata-profile.entity';
import { MetadataProfileRepository } from './metadata-profile/metadata-profile.repository';
import { MetadataProfileService } from './metadata-profile/metadata-profile.service';
import { ProfileSeeder } from './profile-seeder.service';
import { QualityDefinitionController } from './quality/quality-definition.controller';
import { QualityDefinition } from './quality/quality-definition.entity';
import { QualityDefinitionRepository } from './quality/quality-definition.repository';
import { QualityDefinitionService } from './quality/quality-definition.service';
import { ResetQualityDefinitionsHandler } from './quality/reset-quality-definitions.handler';
import { QualityProfileController } from './quality-profile/quality-profile.controller';
import { QualityProfile } from './quality-profile/quality-profile.entity';
import { QualityProfileRepository } from './quality-profile/quality-profile.repository';
import { QualityProfileService } from './quality-profile/quality-profile.service';

/** Quality definitions and profiles, metadata and delay profiles, custom formats; seeds Readarr's defaults. */
@Module({
  imports: [
    TypeOrmModule.forFeature([QualityDefinition, QualityProfile, MetadataProfile, DelayProfile, CustomFormat]),
    TagModule,
  ],
  controllers: [
    QualityDefinitionController,
    QualityProfileController,
    MetadataProfileController,
    DelayProfileController,
    CustomFormatController,
  ],
  providers: [
    QualityDefinitionRepository,
    QualityProfileRepository,
    MetadataProfileRepository,
    DelayProfileRepository,
    CustomFormatRepository,
    QualityDefinitionService,
    QualityProfileService,
    MetadataProfileService,
    DelayProfileService,
    CustomFormatService,
    ProfileSeeder,
    ResetQualityDefinitionsHandler,
  ],
  exports: [
    QualityDefinitionService,
    QualityProfileService,
    MetadataProfileService,
    DelayProfileService,
    CustomFormatService,
  ],
})
export class ProfileModule {}
