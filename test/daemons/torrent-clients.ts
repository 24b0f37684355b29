import { join } from 'node:path';
import { until } from './daemon';
import { QBittorrentDaemon } from './qbittorrent.daemon';
import { RTorrentDaemon } from './rtorrent.daemon';
import { TransmissionDaemon } from './transmission.daemon';

/**
 * One real torrent daemon as the e2e specs drive it: how Quire is configured for it, where a download of Quire's
 * category lands, and the few things a user (or the daemon itself) does that the specs need: pausing a torrent,
 * giving it a reached seed goal, reading its category. A new daemon is a new entry here.
 */
export interface RealTorrentClient {
  readonly label: string;
  readonly implementation: 'QBittorrent' | 'Transmission' | 'RTorrent';
  /** Starts the daemon. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The settings fields of a Quire client for the daemon, with the given password. */
  fields(password: string, category?: string): { name: string; value: unknown }[];
  readonly password: string;
  /** The folder a download of Quire's category is saved in (seeded data goes there). */
  categoryDir(category?: string): string;
  /** Progress 0..1 and whether the daemon has it at all. */
  progress(hash: string): Promise<number | undefined>;
  /** Stops seeding, the goal not reached (a user's pause). */
  pause(hash: string): Promise<void>;
  /** The torrent's own seed goal: ratio and minutes (Transmission's idle limit stands in for the time). */
  seedGoal(hash: string): Promise<{ ratio: number; minutes: number } | undefined>;
  /** Switches the daemon's download queue on (qBittorrent keeps none by default; Transmission always has one). */
  useQueue(): Promise<void>;
  /** The given torrents in the daemon's download-queue order, first first. */
  queueOrder(hashes: string[]): Promise<string[]>;
  /** Gives the torrent a goal it has reached (ratio 0) and stops it, as the daemon does when the goal is met. */
  reachSeedGoal(hash: string): Promise<void>;
  /** The Quire setting that adds torrents stopped: qBittorrent's initial state Pause, Transmission's Add Paused. */
  readonly addStopped: { name: string; value: unknown };
  /** Whether the daemon holds the torrent stopped. */
  stopped(hash: string): Promise<boolean>;
  /** How Readarr's test() reports a wrong password, when not as an authentication failure on Username. */
  readonly wrongPassword?: { propertyName: string; errorMessage: string; detailedDescription: RegExp };
}

export const CATEGORY = 'readarr';

/** How Quire reaches a daemon on loopback: the same five fields for every torrent client. */
function connectionFields(daemon: { port: number; username: string }, password: string, category: string) {
  return [
    { name: 'host', value: '127.0.0.1' },
    { name: 'port', value: daemon.port },
    { name: 'username', value: daemon.username },
    { name: 'password', value: password },
    { name: 'musicCategory', value: category },
  ];
}

export function qbittorrentClient(): RealTorrentClient & { daemon: QBittorrentDaemon } {
  const daemon = new QBittorrentDaemon();
  return {
    daemon,
    label: 'qBittorrent',
    implementation: 'QBittorrent',
    password: daemon.password,
    start: async () => {
      await daemon.start();
    },
    stop: () => daemon.stop(),
    fields: (password, category = CATEGORY) => connectionFields(daemon, password, category),
    // Without automatic torrent management a category has no folder of its own: the default save path.
    categoryDir: () => daemon.downloadDir,
    addStopped: { name: 'initialState', value: 2 },
    // qBittorrent 4 names a stopped torrent paused…, 5 names it stopped….
    stopped: async (hash) => /^(paused|stopped)/.test((await daemon.torrent(hash))?.state ?? ''),
    progress: async (hash) => (await daemon.torrent(hash))?.progress,
    pause: async (hash) => {
      await daemon.api('torrents/pause', { hashes: hash.toLowerCase() });
      await until(async () => (await daemon.torrent(hash))?.state === 'pausedUP', 'the torrent to pause');
    },
    seedGoal: async (hash) => {
      const torrent = await daemon.torrent(hash);
      return torrent && { ratio: torrent.ratio_limit, minutes: torrent.seeding_time_limit };
    },
    useQueue: async () => {
      await daemon.api('app/setPreferences', { json: JSON.stringify({ queueing_enabled: true }) });
    },
    queueOrder: async (hashes) => {
      const wanted = hashes.map((hash) => hash.toUpperCase());
      const torrents = (await daemon.torrents()).filter((torrent) => wanted.includes(torrent.hash.toUpperCase()));
      return torrents.sort((a, b) => a.priority - b.priority).map((torrent) => torrent.hash.toUpperCase());
    },
    reachSeedGoal: async (hash) => {
      await daemon.api('torrents/setShareLimits', {
        hashes: hash.toLowerCase(),
        ratioLimit: '0',
        seedingTimeLimit: '-2',
        inactiveSeedingTimeLimit: '-2',
      });
      await daemon.api('torrents/pause', { hashes: hash.toLowerCase() });
      await until(async () => (await daemon.torrent(hash))?.state === 'pausedUP', 'the torrent to pause');
    },
  };
}

export function transmissionClient(): RealTorrentClient & { daemon: TransmissionDaemon } {
  const daemon = new TransmissionDaemon();
  return {
    daemon,
    label: 'Transmission',
    implementation: 'Transmission',
    password: daemon.password,
    start: async () => {
      await daemon.start();
    },
    stop: () => daemon.stop(),
    fields: (password, category = CATEGORY) => connectionFields(daemon, password, category),
    // Quire (as Readarr) saves a category's downloads in a sub-folder of that name.
    categoryDir: (category = CATEGORY) => join(daemon.downloadDir, category),
    addStopped: { name: 'addPaused', value: true },
    // Transmission's status 0 is "stopped".
    stopped: async (hash) => (await daemon.torrent(hash))?.status === 0,
    progress: async (hash) => (await daemon.torrent(hash))?.percentDone,
    pause: async (hash) => {
      await daemon.rpc('torrent-stop', { ids: [hash.toLowerCase()] });
      await until(async () => (await daemon.torrent(hash))?.status === 0, 'the torrent to stop');
    },
    seedGoal: async (hash) => {
      const torrent = await daemon.torrent(hash);
      if (!torrent || torrent.seedRatioMode !== 1 || torrent.seedIdleMode !== 1) return undefined;
      return { ratio: torrent.seedRatioLimit, minutes: torrent.seedIdleLimit };
    },
    useQueue: () => Promise.resolve(),
    queueOrder: async (hashes) => {
      const wanted = hashes.map((hash) => hash.toUpperCase());
      const torrents = (await daemon.torrents()).filter((torrent) => wanted.includes(torrent.hashString.toUpperCase()));
      return torrents
        .sort((a, b) => a.queuePosition - b.queuePosition)
        .map((torrent) => torrent.hashString.toUpperCase());
    },
    reachSeedGoal: async (hash) => {
      await daemon.rpc('torrent-set', { ids: [hash.toLowerCase()], seedRatioMode: 1, seedRatioLimit: 0 });
      await daemon.rpc('torrent-stop', { ids: [hash.toLowerCase()] });
      await until(async () => (await daemon.torrent(hash))?.status === 0, 'the torrent to stop');
    },
  };
}

/**
 * rTorrent behind an HTTP front at `/RPC2` (what nginx or ruTorrent give it). It has no seed goal and never stops at
 * one: as Readarr, Quire judges the indexer's goal itself, a complete torrent at its ratio or seeded for its time may
 * go, stopped or not. The goal Quire set at grab lives in the torrent's custom values, so giving it a reached goal is
 * lowering that ratio to 0. It keeps no download queue (a download's `d.priority` is bandwidth, not order).
 */
export function rtorrentClient(): RealTorrentClient & { daemon: RTorrentDaemon } {
  const daemon = new RTorrentDaemon();
  const download = (hash: string) => daemon.download(hash);
  return {
    daemon,
    label: 'rTorrent',
    implementation: 'RTorrent',
    password: daemon.password,
    start: async () => {
      await daemon.start();
    },
    stop: () => daemon.stop(),
    fields: (password, category = CATEGORY) => connectionFields(daemon, password, category),
    // A label is no folder: without a Directory set every download lands in rTorrent's default directory.
    categoryDir: () => daemon.downloadDir,
    addStopped: { name: 'addStopped', value: true },
    stopped: async (hash) => (await download(hash))?.state === 0,
    progress: async (hash) => {
      const found = await download(hash);
      return found && (found.sizeBytes > 0 ? found.completedBytes / found.sizeBytes : 0);
    },
    pause: async (hash) => {
      await daemon.call('d.stop', hash.toLowerCase());
      await until(async () => (await download(hash))?.state === 0, 'the torrent to stop');
    },
    seedGoal: async (hash) => {
      const found = await download(hash);
      if (!found?.seedRatio || !found.seedTime) return undefined;
      return { ratio: Number(found.seedRatio), minutes: Number(found.seedTime) };
    },
    useQueue: () => Promise.resolve(),
    queueOrder: (hashes) => Promise.resolve(hashes),
    reachSeedGoal: async (hash) => {
      await daemon.call('d.custom.set', hash.toLowerCase(), 'quire_seed_ratio', '0');
    },
    // Readarr's rTorrent test() knows no authentication failure: the web server's 401 is a failed connection.
    wrongPassword: {
      propertyName: 'Host',
      errorMessage: 'Unable to connect to rTorrent',
      detailedDescription: /^rTorrent answered HTTP 401/,
    },
  };
}
