import { Injectable } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { EnvService } from '../../../platform/env/env.service';
import { ChannelName } from '../notification.types';
import { FALLBACK_TABLE, parseRoutingTable, resolveChannels, ResolutionRule, RoutingTable } from './routing-table';

export interface RoutingState {
  file: string;
  loaded: boolean;
  /** Why the file was not used (missing, unreadable, malformed). */
  error?: string;
  table: RoutingTable;
}

/** Reads the routing file once, at start-up; a change takes effect after a restart. */
@Injectable()
export class RoutingService {
  readonly state: RoutingState;

  constructor(env: EnvService) {
    this.state = RoutingService.load(env.get('HUB_ROUTES_FILE'));
  }

  static load(file: string): RoutingState {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'ENOENT' ? 'file not found' : `cannot read the file (${code ?? String(error)})`;
      return { file, loaded: false, error: reason, table: FALLBACK_TABLE };
    }
    try {
      return { file, loaded: true, table: parseRoutingTable(text) };
    } catch (error) {
      return { file, loaded: false, error: `malformed: ${(error as Error).message}`, table: FALLBACK_TABLE };
    }
  }

  resolve(sourceAgent: string, requested?: readonly ChannelName[]): { channels: ChannelName[]; rule: ResolutionRule } {
    return resolveChannels(this.state.table, sourceAgent, requested);
  }
}
