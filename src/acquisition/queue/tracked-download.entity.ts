import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { QualityModelValue } from '../parser/quality-model';
import type { GrabbedRelease } from './download.events';

export type TrackedDownloadStateName =
  | 'downloading'
  | 'downloadFailed'
  | 'downloadFailedPending'
  | 'importPending'
  | 'importing'
  | 'importFailed'
  | 'imported'
  | 'ignored';

export type TrackedDownloadStatusName = 'ok' | 'warning' | 'error';

export interface StatusMessageValue {
  title: string;
  messages: string[];
}

/**
 * A download Quire sent to (or found in) a download client. Kept in the database so the queue, and the
 * import that follows a completed download, survive restarts. `id` comes from `queue_item_id_seq`.
 */
@Entity('tracked_download')
export class TrackedDownload {
  @PrimaryColumn({ type: 'integer', default: () => "nextval('queue_item_id_seq')" })
  id!: number;

  @Column({ type: 'integer' })
  downloadClientId!: number;

  @Column({ type: 'varchar', length: 200 })
  downloadId!: string;

  @Column({ type: 'integer', nullable: true })
  authorId!: number | null;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  bookIds!: number[];

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  indexer!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'unknown' })
  protocol!: string;

  @Column({ type: 'jsonb' })
  quality!: QualityModelValue;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  customFormatIds!: number[];

  @Column({ type: 'integer', default: 0 })
  customFormatScore!: number;

  /** The grabbed release (null for downloads found in a client that Quire did not send). */
  @Column({ type: 'jsonb', nullable: true })
  release!: GrabbedRelease | null;

  @Column({ type: 'varchar', length: 30, default: 'downloading' })
  state!: TrackedDownloadStateName;

  @Column({ type: 'varchar', length: 20, default: 'ok' })
  status!: TrackedDownloadStatusName;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  statusMessages!: StatusMessageValue[];

  /** The client's own status: queued, paused, downloading, completed, failed, warning. */
  @Column({ type: 'varchar', length: 30, default: 'queued' })
  clientStatus!: string;

  @Column({ type: 'bigint', default: 0 })
  size!: string;

  @Column({ type: 'bigint', default: 0 })
  sizeLeft!: string;

  /** Seconds. */
  @Column({ type: 'integer', nullable: true })
  timeLeft!: number | null;

  @Column({ type: 'text', nullable: true })
  outputPath!: string | null;

  @Column({ type: 'text', nullable: true })
  errorMessage!: string | null;

  @Column({ type: 'boolean', default: false })
  downloadForced!: boolean;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  added!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated!: Date;
}
