/** `--key=value` (or a bare `--flag`, read as 'true') command-line options of the bench scripts. */
export function benchArgs(argv: string[] = process.argv.slice(2)): Record<string, string> {
  return Object.fromEntries(
    argv.map((arg) => {
      const [key, ...value] = arg.replace(/^--/, '').split('=');
      return [key, value.length > 0 ? value.join('=') : 'true'];
    }),
  );
}
