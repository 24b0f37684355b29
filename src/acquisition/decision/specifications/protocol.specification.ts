import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/** The author's delay profile must enable the release's protocol. */
export class ProtocolSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const { protocol } = remote.release;
    if (protocol === 'usenet' && !context.delayProfile.enableUsenet) return 'Usenet is not enabled for this author';
    if (protocol === 'torrent' && !context.delayProfile.enableTorrent) return 'Torrent is not enabled for this author';
    return null;
  }
}
