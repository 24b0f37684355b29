import { join } from 'node:path';
import { Aria2Daemon } from './aria2.daemon';
import { until } from './daemon';
import { DelugeDaemon } from './deluge.daemon';
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
  readonly implementation: 'QBittorrent' | 'Transmission' | 'Deluge' | 'RTorrent' | 'Vuze' | 'Aria2';
  /** Readarr's config contract of the implementation (Vuze shares Transmission's). */
  readonly configContract: string;
  /**
   * What Readarr's client for the daemon does at all: `categories` (each Quire client sees only its category's
   * downloads), `seedGoals` (the indexer's seed goal is set on the torrent at grab), `magnetsBeforeMetadata` (a magnet
   * still waiting for its metadata is listed). A flow the client lacks is not run against it.
   */
  readonly capabilities: { categories: boolean; seedGoals: boolean; magnetsBeforeMetadata: boolean };
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
  /** Whether the daemon says the torrent is finished (Deluge says so a moment after its progress reaches 100 %). */
  finished(hash: string): Promise<boolean>;
  /** Stops seeding, the goal not reached (a user's pause). */
  pause(hash: string): Promise<void>;
  /** The torrent's own seed goal: ratio and minutes (Transmission's idle limit stands in for the time). */
  seedGoal(hash: string): Promise<{ ratio: number; minutes?: number } | undefined>;
  /** Whether the daemon keeps a seed time per torrent (Deluge 2 has none: Readarr sets only its ratio). */
  readonly seedsByTime: boolean;
  /** Readarr's test() failure for a wrong password. */
  readonly authFailure: { propertyName: string; errorMessage: string; detailedDescription?: RegExp };
  /** Switches the daemon's download queue on (qBittorrent keeps none by default; Transmission always has one). */
  useQueue(): Promise<void>;
  /** The given torrents in the daemon's download-queue order, first first. */
  queueOrder(hashes: string[]): Promise<string[]>;
  /** Gives the torrent a goal it has reached (ratio 0) and stops it, as the daemon does when the goal is met. */
  reachSeedGoal(hash: string): Promise<void>;
  /**
   * The Quire setting that adds torrents stopped: qBittorrent's initial state Pause, Transmission's and Deluge's Add
   * Paused; none for a client without one.
   */
  readonly addStopped?: { name: string; value: unknown };
  /** Whether the daemon holds the torrent stopped. */
  stopped(hash: string): Promise<boolean>;
}

export const CATEGORY = 'readarr';

const TORRENT_CLIENT_CAPABILITIES = { categories: true, seedGoals: true, magnetsBeforeMetadata: true };

const USERNAME_FAILURE = {
  propertyName: 'Username',
  errorMessage: 'Authentication failure',
  detailedDescription: /^Please verify your username and password\./,
};

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
    configContract: 'QBittorrentSettings',
    capabilities: TORRENT_CLIENT_CAPABILITIES,
    password: daemon.password,
    seedsByTime: true,
    authFailure: USERNAME_FAILURE,
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
    finished: async (hash) => (await daemon.torrent(hash))?.progress === 1,
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
    configContract: 'TransmissionSettings',
    capabilities: TORRENT_CLIENT_CAPABILITIES,
    password: daemon.password,
    seedsByTime: true,
    authFailure: USERNAME_FAILURE,
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
    finished: async (hash) => (await daemon.torrent(hash))?.percentDone === 1,
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

export function delugeClient(): RealTorrentClient & { daemon: DelugeDaemon } {
  const daemon = new DelugeDaemon();
  const state = async (hash: string) => (await daemon.torrent(hash))?.state;
  const pauseAndWait = async (hash: string) => {
    await daemon.rpc('core.pause_torrent', [hash.toLowerCase()]);
    await until(async () => (await state(hash)) === 'Paused', 'the torrent to pause');
  };
  return {
    daemon,
    label: 'Deluge',
    implementation: 'Deluge',
    configContract: 'DelugeSettings',
    capabilities: TORRENT_CLIENT_CAPABILITIES,
    password: daemon.password,
    seedsByTime: false,
    authFailure: { propertyName: 'Password', errorMessage: 'Authentication failed' },
    start: async () => {
      await daemon.start();
    },
    stop: () => daemon.stop(),
    // deluge-web has no user name: host, port, the web password and the label.
    fields: (password, category = CATEGORY) => [
      { name: 'host', value: '127.0.0.1' },
      { name: 'port', value: daemon.port },
      { name: 'password', value: password },
      { name: 'musicCategory', value: category },
    ],
    // A label has no folder of its own: every download lands in the daemon's download location.
    categoryDir: () => daemon.downloadDir,
    addStopped: { name: 'addPaused', value: true },
    stopped: async (hash) => (await state(hash)) === 'Paused',
    progress: async (hash) => {
      const torrent = await daemon.torrent(hash);
      return torrent && torrent.progress / 100;
    },
    // Quire (as Readarr) reads Deluge's own is_finished, which it sets on libtorrent's finished alert.
    finished: async (hash) => (await daemon.torrent(hash))?.is_finished === true,
    pause: pauseAndWait,
    seedGoal: async (hash) => {
      const torrent = await daemon.torrent(hash);
      return torrent?.stop_at_ratio ? { ratio: torrent.stop_ratio } : undefined;
    },
    // Deluge always keeps a queue; the harness only lifts its active limits.
    useQueue: () => Promise.resolve(),
    // One fresh status each: the list Deluge answers for many torrents keeps positions from before the last move.
    queueOrder: async (hashes) => {
      const positions = await Promise.all(
        hashes.map(async (hash) => ({
          hash: hash.toUpperCase(),
          queue: (await daemon.rpc<{ queue?: number }>('core.get_torrent_status', hash.toLowerCase(), ['queue'])).queue,
        })),
      );
      return positions
        .filter((torrent) => torrent.queue !== undefined)
        .sort((a, b) => a.queue! - b.queue!)
        .map((torrent) => torrent.hash);
    },
    reachSeedGoal: async (hash) => {
      await daemon.rpc('core.set_torrent_options', [hash.toLowerCase()], { stop_at_ratio: true, stop_ratio: 0 });
      await pauseAndWait(hash);
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
    configContract: 'RTorrentSettings',
    capabilities: TORRENT_CLIENT_CAPABILITIES,
    password: daemon.password,
    seedsByTime: true,
    start: async () => {
      await daemon.start();
    },
    stop: () => daemon.stop(),
    fields: (password, category = CATEGORY) => connectionFields(daemon, password, category),
    // A label is no folder: without a Directory set every download lands in rTorrent's default directory.
    categoryDir: () => daemon.downloadDir,
    addStopped: { name: 'addStopped', value: true },
    stopped: async (hash) => (await download(hash))?.state === 0,
    finished: async (hash) => {
      const found = await download(hash);
      return !!found && found.sizeBytes > 0 && found.completedBytes === found.sizeBytes;
    },
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
    authFailure: {
      propertyName: 'Host',
      errorMessage: 'Unable to connect to rTorrent',
      detailedDescription: /^rTorrent answered HTTP 401/,
    },
  };
}

/**
 * Quire's Vuze client against the real transmission-daemon: Vuze's Web Remote plugin speaks Transmission's RPC, so
 * the same daemon stands in for it. Transmission 3 reports no file count, so Vuze's reading of the download folder
 * gives the torrent's own folder, as for Transmission.
 */
export function vuzeClient(): RealTorrentClient & { daemon: TransmissionDaemon } {
  return { ...transmissionClient(), label: 'Vuze', implementation: 'Vuze' };
}

export function aria2Client(): RealTorrentClient & { daemon: Aria2Daemon } {
  const daemon = new Aria2Daemon();
  const gidOf = async (hash: string) => {
    const download = await daemon.download(hash);
    if (!download) throw new Error(`aria2 has no download ${hash}`);
    return download.gid;
  };
  const status = async (hash: string) => (await daemon.download(hash))?.status;
  return {
    daemon,
    label: 'Aria2',
    implementation: 'Aria2',
    configContract: 'Aria2Settings',
    // Readarr's Aria2 lists every download aria2 has, sets no seed goal, and skips magnets' metadata downloads.
    capabilities: { categories: false, seedGoals: false, magnetsBeforeMetadata: false },
    authFailure: {
      propertyName: 'Host',
      errorMessage: 'Unable to connect to Aria2',
      detailedDescription: /Unauthorized/,
    },
    seedsByTime: false,
    password: daemon.secret,
    start: async () => {
      await daemon.start();
    },
    stop: () => daemon.stop(),
    fields: (secret) => [
      { name: 'host', value: '127.0.0.1' },
      { name: 'port', value: daemon.port },
      { name: 'rpcPath', value: '/rpc' },
      { name: 'secretToken', value: secret },
    ],
    // aria2 has no categories: every download lands in its one folder.
    categoryDir: () => daemon.downloadDir,
    stopped: async (hash) => ['paused', 'complete'].includes((await status(hash)) ?? ''),
    finished: async (hash) => {
      const download = await daemon.download(hash);
      return !!download && Number(download.totalLength) > 0 && download.completedLength === download.totalLength;
    },
    progress: async (hash) => {
      const download = await daemon.download(hash);
      if (!download) return undefined;
      const total = Number(download.totalLength);
      return total > 0 ? Number(download.completedLength) / total : 0;
    },
    pause: async (hash) => {
      await daemon.rpc('aria2.forcePause', await gidOf(hash));
      await until(async () => (await status(hash)) === 'paused', 'the download to pause');
    },
    seedGoal: () => Promise.resolve(undefined),
    useQueue: () => Promise.resolve(),
    queueOrder: () => Promise.resolve([]),
    // A seed time of 0 ends seeding at once: aria2 then stops the torrent as complete, as when its goal is met.
    reachSeedGoal: async (hash) => {
      const gid = await gidOf(hash);
      if ((await status(hash)) !== 'paused') {
        await daemon.rpc('aria2.forcePause', gid);
        await until(async () => (await status(hash)) === 'paused', 'the download to pause');
      }
      await daemon.rpc('aria2.changeOption', gid, { 'seed-time': '0' });
      await daemon.rpc('aria2.unpause', gid);
      await until(async () => (await status(hash)) === 'complete', 'aria2 to finish seeding');
    },
  };
}
