import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { lockTransaction } from '../../platform/database/advisory-lock';
import { TransactionRunner } from '../../platform/database/transaction';
import { DelayProfileService } from './delay-profile/delay-profile.service';
import { MetadataProfileService } from './metadata-profile/metadata-profile.service';
import { QualityDefinitionService } from './quality/quality-definition.service';
import { QualityProfileService } from './quality-profile/quality-profile.service';

// Arbitrary constant: serialises default seeding when several Quire processes start on one database.
const SEED_LOCK_ID = 727_003;

/**
 * Seeds Readarr's defaults at start-up (quality definitions, "eBook"/"Spoken", "Standard"/"None",
 * the global delay profile) into empty tables, in one transaction under an advisory lock.
 */
@Injectable()
export class ProfileSeeder implements OnModuleInit {
  private readonly logger = new Logger(ProfileSeeder.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly definitions: QualityDefinitionService,
    private readonly qualityProfiles: QualityProfileService,
    private readonly metadataProfiles: MetadataProfileService,
    private readonly delayProfiles: DelayProfileService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.transactions.run(async (tx) => {
      await lockTransaction(tx, SEED_LOCK_ID);
      await this.definitions.seed(tx);
      await this.qualityProfiles.seed(tx);
      await this.metadataProfiles.seed(tx);
      await this.delayProfiles.seed(tx);
    });
    this.logger.debug('Default profiles present');
  }
}
