/**
 * Splits a command's arguments into positionals and options against a small table of
 * what the command accepts. `--name value`, `--name=value` and `-k N` are accepted;
 * a lone `-` is a positional (standard input); `--` ends the options.
 */
import { usageFailure } from '../node/cliFailure.ts';
import { pushAll } from '../core/largeArrays.ts';

export interface OptionSpec {
  /** Options that are switches (`--json`). */
  readonly flags?: readonly string[];
  /** Options that take a value, with the values allowed when there is a fixed set. */
  readonly values?: Readonly<Record<string, readonly string[] | null>>;
  /** Short spellings: `k` → `k` (for `-k N`), `h` → `help`. */
  readonly short?: Readonly<Record<string, string>>;
}

export interface CommandLine {
  readonly positionals: readonly string[];
  readonly flags: ReadonlySet<string>;
  readonly values: ReadonlyMap<string, string>;
}

export function parseCommandLine(command: string, args: readonly string[], spec: OptionSpec): CommandLine {
  const flagNames = new Set([...(spec.flags ?? []), 'help']);
  const valueNames = spec.values ?? {};
  const positionals: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();

  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      pushAll(positionals, args.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    let name: string;
    let inline: string | null = null;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      if (eq >= 0) inline = arg.slice(eq + 1);
    } else {
      const short = spec.short?.[arg.slice(1)] ?? (arg === '-h' ? 'help' : undefined);
      if (short === undefined) throw usageFailure(`unknown option ${arg} for ${command}`, command);
      name = short;
    }
    if (flagNames.has(name)) {
      if (inline !== null) throw usageFailure(`--${name} takes no value`, command);
      flags.add(name);
      continue;
    }
    if (!Object.hasOwn(valueNames, name)) throw usageFailure(`unknown option --${name} for ${command}`, command);
    const value = inline ?? args[++i];
    if (value === undefined) throw usageFailure(`--${name} needs a value`, command);
    const allowed = valueNames[name];
    if (allowed && !allowed.includes(value)) {
      throw usageFailure(`--${name} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`, command);
    }
    if (values.has(name)) throw usageFailure(`--${name} is given more than once`, command);
    values.set(name, value);
  }
  return { positionals, flags, values };
}
