import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Failure back-off of one indexer or download client (Readarr's IndexerStatus/DownloadClientStatus). */
@Entity('provider_status')
export class ProviderStatus {
  @PrimaryColumn({ type: 'int' })
  providerId: number;

  @Column({ type: 'timestamptz', nullable: true })
  initialFailure: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  mostRecentFailure: Date | null;

  @Column({ type: 'int', default: 0 })
  escalationLevel: number;

  @Column({ type: 'timestamptz', nullable: true })
  disabledTill: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;
}
