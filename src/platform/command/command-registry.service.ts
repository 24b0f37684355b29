import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { BadRequestError } from '../common/errors/domain-errors';
import { canonicalCommandName, COMMAND_CATALOGUE, COMMAND_NAMES } from './command-catalogue';
import {
  COMMAND_HANDLER,
  CommandFlags,
  CommandHandlerInstance,
  CommandHandlerMetadata,
} from './command-handler.decorator';

export interface RegisteredHandler {
  metadata: CommandHandlerMetadata;
  instance: CommandHandlerInstance<any>;
}

/** The command handlers of this process, found at start-up by their @CommandHandler metadata. */
@Injectable()
export class CommandRegistry implements OnModuleInit {
  private readonly logger = new Logger(CommandRegistry.name);
  private readonly handlers = new Map<string, RegisteredHandler>();
  private readonly extraNames = new Map<string, string>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as CommandHandlerInstance | undefined;
      const type = wrapper.metatype ?? (instance?.constructor as unknown);
      if (!instance || !type || typeof type !== 'function') continue;
      const metadata = Reflect.getMetadata(COMMAND_HANDLER, type) as CommandHandlerMetadata | undefined;
      if (metadata) this.register(metadata, instance);
    }
    this.logger.log(`Command handlers: ${[...this.handlers.keys()].sort().join(', ') || 'none'}`);
  }

  /** Adds a handler by hand (tests, or handlers created outside Nest's container). */
  register(metadata: CommandHandlerMetadata, instance: CommandHandlerInstance<any>): void {
    const name = canonicalCommandName(metadata.name) ?? metadata.name;
    if (!canonicalCommandName(name)) this.extraNames.set(name.toLowerCase(), name);
    if (this.handlers.has(name) && this.handlers.get(name)!.instance !== instance)
      throw new Error(`Two handlers are registered for command '${name}'`);
    if (typeof instance.execute !== 'function') throw new Error(`Command handler for '${name}' has no execute()`);
    this.handlers.set(name, { metadata: { ...metadata, name }, instance });
  }

  get(name: string): RegisteredHandler | undefined {
    return this.handlers.get(name);
  }

  has(name: string): boolean {
    return this.handlers.has(name);
  }

  /** Every name a client may post: Readarr's catalogue plus any Quire-only handler. */
  get validNames(): string[] {
    return [...COMMAND_NAMES, ...this.extraNames.values()];
  }

  /** The canonical name for a posted one (case-insensitive), or a 400 listing the valid names. */
  resolveName(name: string): string {
    const canonical = canonicalCommandName(name) ?? this.extraNames.get(name.trim().toLowerCase());
    if (!canonical)
      throw new BadRequestError(
        `Unknown command name '${name}'. Valid names: ${[...this.validNames].sort().join(', ')}`,
      );
    return canonical;
  }

  /** The handler's flags where it declares them, else the catalogue's. */
  flags(name: string): CommandFlags {
    const catalogue: CommandFlags = COMMAND_CATALOGUE[name] ?? {};
    const declared: CommandFlags = this.handlers.get(name)?.metadata ?? {};
    const pick = <K extends keyof CommandFlags>(key: K) => declared[key] ?? catalogue[key];
    return {
      exclusive: pick('exclusive'),
      typeExclusive: pick('typeExclusive'),
      diskAccess: pick('diskAccess'),
      longRunning: pick('longRunning'),
      sendUpdatesToClient: pick('sendUpdatesToClient'),
    };
  }
}
