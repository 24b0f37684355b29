import { SetMetadata } from '@nestjs/common';

export const COMMAND_HANDLER = 'quire:commandHandler';

/** Readarr's command flags. */
export interface CommandFlags {
  /** Waits for every running command to finish and blocks all others while it runs. */
  exclusive?: boolean;
  /** Never runs beside another command of the same name. */
  typeExclusive?: boolean;
  /** Never runs beside another disk-access command. */
  diskAccess?: boolean;
  /** While it runs, exclusive commands are held back. */
  longRunning?: boolean;
  /** Default for `sendUpdatesToClient` in the command body. */
  sendUpdatesToClient?: boolean;
}

export interface CommandHandlerMetadata extends CommandFlags {
  name: string;
}

/** Reports progress of a running command; the text becomes the command's `message`. */
export interface CommandContext {
  readonly commandId: number;
  readonly trigger: 'manual' | 'scheduled' | 'unspecified';
  progress(message: string): Promise<void>;
}

/**
 * A class that runs one command. `execute` returns the completion message (default "Completed")
 * and throws to fail the command; the error message becomes the command's `exception`.
 */
export interface CommandHandlerInstance<Body extends object = Record<string, unknown>> {
  execute(body: Body, context: CommandContext): Promise<string | void>;
}

/** Marks a provider as the handler of the named command; the executor discovers it at start-up. */
export const CommandHandler = (name: string, flags: CommandFlags = {}) =>
  SetMetadata<string, CommandHandlerMetadata>(COMMAND_HANDLER, { name, ...flags });
