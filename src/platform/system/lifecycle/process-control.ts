import { Injectable } from '@nestjs/common';

/**
 * The process-level side effects of shutdown/restart, in one injectable so tests can replace them
 * (`jest.spyOn(app.get(ProcessControl), 'signal')`) without ending the test runner.
 */
@Injectable()
export class ProcessControl {
  /** Raises a signal on this process; main.ts answers SIGTERM with a graceful `app.close()` and exit 0. */
  signal(signal: NodeJS.Signals): void {
    process.kill(process.pid, signal);
  }

  /** Makes the coming exit end with `code`, whatever code the exit call itself passes. */
  exitWith(code: number): void {
    process.once('exit', () => {
      process.exitCode = code;
    });
  }
}
