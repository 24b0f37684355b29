import { join } from 'node:path';
import { failureException, failureMessage, withoutInstallationDetails } from './failure-text';

const ROOT = '/opt/quire';

describe('the text of a failed command', () => {
  it('drops stack frames and keeps the words', () => {
    const text = [
      'Error: disk on fire',
      `    at Backup.execute (${ROOT}/dist/src/platform/system/backup.js:10:5)`,
      '    at async CommandRunner.run (node:internal/process/task_queues:95:5)',
    ].join('\n');
    expect(withoutInstallationDetails(text, [ROOT])).toBe('Error: disk on fire');
  });

  it('makes paths inside the installation relative to it, whatever the form', () => {
    expect(withoutInstallationDetails(`Cannot read ${ROOT}/dist/main.js or file://${ROOT}/data/x.db`, [ROOT])).toBe(
      'Cannot read dist/main.js or data/x.db',
    );
    expect(withoutInstallationDetails(`Folder '${ROOT}' is read-only`, [ROOT])).toBe("Folder '.' is read-only");
  });

  it('keeps only the package path of anything under node_modules, wherever it is installed', () => {
    expect(
      withoutInstallationDetails("Cannot find module '/usr/lib/node_modules/quire/node_modules/pg/lib/index.js'", []),
    ).toBe("Cannot find module 'pg/lib/index.js'");
    expect(withoutInstallationDetails('C:\\quire\\node_modules\\pg\\index.js failed', [])).toBe('pg\\index.js failed');
  });

  it('leaves paths outside the installation alone, including neighbours sharing its prefix', () => {
    const text = `Root folder '${ROOT}-books/Terry Pratchett' and '/books/Austen' are missing`;
    expect(withoutInstallationDetails(text, [ROOT])).toBe(text);
  });

  it("strips this checkout's own folder by default", () => {
    const here = join(__dirname, 'failure-text.ts');
    expect(withoutInstallationDetails(`failed at ${here}`)).toBe('failed at src/platform/command/failure-text.ts');
  });

  it('gives the message and the kind of error, never the stack', () => {
    const error = new TypeError(`Cannot read properties of undefined (reading 'id') in ${__dirname}/x.ts`);
    expect(error.stack).toContain('    at ');
    expect(failureMessage(error)).toBe(
      "Cannot read properties of undefined (reading 'id') in src/platform/command/x.ts",
    );
    expect(failureException(error)).toBe(
      "TypeError: Cannot read properties of undefined (reading 'id') in src/platform/command/x.ts",
    );
    expect(failureMessage('plain text')).toBe('plain text');
    expect(failureMessage(new Error(''))).toBe('Error');
  });
});
