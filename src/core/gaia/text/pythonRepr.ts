/**
 * Python's `repr()` of strings and of lists of strings and tuples, which Gaia pastes
 * into the text it hashes (`['a', 'b']`, `[('name', 'type')]`).
 */

// Characters Python's str.isprintable() rejects, other than the ones with short escapes.
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

// Anything that may need an escape: most strings have none, and are their own repr.
const MAY_ESCAPE = /['"\\\n\r\t]|(?! )[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

export function pythonStrRepr(s: string): string {
  if (!MAY_ESCAPE.test(s)) return "'" + s + "'";
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = q;
  for (const ch of s) {
    if (ch === q || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch !== ' ' && NON_PRINTABLE.test(ch)) {
      const code = ch.codePointAt(0)!;
      out += code < 0x100 ? '\\x' + code.toString(16).padStart(2, '0') : code < 0x10000 ? '\\u' + code.toString(16).padStart(4, '0') : '\\U' + code.toString(16).padStart(8, '0');
    } else out += ch;
  }
  return out + q;
}

/** `repr(list_of_str)`. */
export function pythonStrListRepr(items: readonly string[]): string {
  return '[' + items.map(pythonStrRepr).join(', ') + ']';
}

/** `repr(list_of_tuples_of_str)`, as in `[('n', 't')]`. */
export function pythonTupleListRepr(items: readonly (readonly string[])[]): string {
  return '[' + items.map((t) => '(' + t.map(pythonStrRepr).join(', ') + (t.length === 1 ? ',' : '') + ')').join(', ') + ']';
}
