/**
 * Reads the few `pyproject.toml` fields Gaia takes a package's identity from —
 * `[project] name`, `[project] version`, `[tool.gaia] namespace` and `type` — from the
 * file's text. A small reader of TOML's table headers and `key = "string"` lines; other
 * values (arrays, inline tables, multi-line strings) are skipped.
 */
export interface PyprojectFields {
  readonly projectName: string | null;
  readonly version: string | null;
  readonly namespace: string | null;
  readonly gaiaType: string | null;
}

const ESCAPES: Readonly<Record<string, string>> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

/** A TOML string at the start of `s` (basic or literal), or null. */
function tomlString(s: string): string | null {
  const literal = /^'([^']*)'/.exec(s);
  if (literal) return literal[1]!;
  const basic = /^"((?:[^"\\]|\\.)*)"/.exec(s);
  if (!basic) return null;
  return basic[1]!.replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (_, e: string) =>
    e.length > 1 ? String.fromCodePoint(parseInt(e.slice(1), 16)) : ESCAPES[e] ?? e,
  );
}

function headerPath(inner: string): string {
  return inner
    .split('.')
    .map((p) => tomlString(p.trim()) ?? p.trim())
    .join('.');
}

export function readPyprojectToml(text: string): PyprojectFields {
  const values = new Map<string, string>();
  let table = '';
  let depth = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (depth > 0) {
      // Inside a multi-line array: only track brackets until it closes.
      depth += (line.match(/\[/g) ?? []).length - (line.match(/]/g) ?? []).length;
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[\[?([^\]]+)]]?/.exec(line);
    if (header) {
      table = line.startsWith('[[') ? '\u0000' : headerPath(header[1]!);
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const key = headerPath(line.slice(0, eq).trim());
    const rest = line.slice(eq + 1).trim();
    const s = tomlString(rest);
    if (s !== null) values.set(table ? `${table}.${key}` : key, s);
    else if (rest.startsWith('[')) depth = (rest.match(/\[/g) ?? []).length - (rest.match(/]/g) ?? []).length;
  }
  return {
    projectName: values.get('project.name') ?? null,
    version: values.get('project.version') ?? null,
    namespace: values.get('tool.gaia.namespace') ?? null,
    gaiaType: values.get('tool.gaia.type') ?? null,
  };
}
