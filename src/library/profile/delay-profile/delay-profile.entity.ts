import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const GLOBAL_DELAY_PROFILE_ID = 1;
/** Readarr gives the global profile `int.MaxValue` so it always sorts last. */
export const GLOBAL_DELAY_PROFILE_ORDER = 2_147_483_647;

@Entity('delay_profile')
export class DelayProfile {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'boolean', default: true })
  enableUsenet: boolean;

  @Column({ type: 'boolean', default: true })
  enableTorrent: boolean;

  /** DownloadProtocol wire name: `usenet` or `torrent`. */
  @Column({ type: 'varchar', length: 20, default: 'usenet' })
  preferredProtocol: string;

  /** Minutes. */
  @Column({ type: 'integer', default: 0 })
  usenetDelay: number;

  /** Minutes. */
  @Column({ type: 'integer', default: 0 })
  torrentDelay: number;

  @Column({ type: 'boolean', default: false })
  bypassIfHighestQuality: boolean;

  @Column({ type: 'boolean', default: false })
  bypassIfAboveCustomFormatScore: boolean;

  @Column({ type: 'integer', default: 0 })
  minimumCustomFormatScore: number;

  @Column({ type: 'integer' })
  order: number;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  tags: number[];
}
