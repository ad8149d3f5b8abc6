/**
 * The operator commands' argument parsing: `--help` (or `-h`) prints the usage and exits 0, an
 * unknown or malformed option prints what is wrong and the usage and exits 2, never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseCommandLine<T extends Options>(usage: string, options: T, args: readonly string[] = process.argv.slice(2)) {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}
