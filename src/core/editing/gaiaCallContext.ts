/**
 * Where the cursor stands in a Gaia module, for completion: inside which verb call's
 * arguments (and after which keyword), or at the start of a statement. Reads a bounded
 * window of text before the cursor, skipping strings and comments, to find the innermost
 * open call; no parse of the document on the page.
 */

export type CallContext =
  | { readonly kind: 'statement' }
  /** Inside `verb(...)`: `keyword` is the keyword argument being written, if any. */
  | { readonly kind: 'arguments'; readonly verb: string; readonly keyword: string | null; readonly usedKeywords: readonly string[] }
  | { readonly kind: 'other' };

const WINDOW = 4000;

export function callContext(textBefore: string): CallContext {
  const text = textBefore.length > WINDOW ? textBefore.slice(-WINDOW) : textBefore;
  // Walk forward, tracking brackets outside strings and comments.
  const stack: { open: string; at: number }[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const triple = text.startsWith(c.repeat(3), i);
      const close = triple ? c.repeat(3) : c;
      i += close.length;
      while (i < text.length && !text.startsWith(close, i)) {
        if (text[i] === '\\') i++;
        else if (!triple && text[i] === '\n') break;
        i++;
      }
      if (i >= text.length) return { kind: 'other' };
      i += close.length;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') stack.push({ open: c, at: i });
    else if ((c === ')' || c === ']' || c === '}') && stack.length > 0) stack.pop();
    i++;
  }
  // The innermost open call, looking through any list brackets inside it.
  for (let k = stack.length - 1; k >= 0; k--) {
    const frame = stack[k]!;
    if (frame.open !== '(') continue;
    const verb = /([A-Za-z_][A-Za-z0-9_.]*)\s*$/.exec(text.slice(Math.max(0, frame.at - 80), frame.at))?.[1];
    if (!verb) return { kind: 'other' };
    const inside = text.slice(frame.at + 1);
    const usedKeywords = [...inside.matchAll(/(?:^|[,(\s])([A-Za-z_]\w*)\s*=(?!=)/g)].map((m) => m[1]!);
    const keyword = k === stack.length - 1 ? null : (/([A-Za-z_]\w*)\s*=\s*[[(]?[^=]*$/.exec(inside)?.[1] ?? null);
    const lastKeyword = /([A-Za-z_]\w*)\s*=\s*[^,=]*$/.exec(inside)?.[1] ?? keyword;
    return { kind: 'arguments', verb: verb.split('.').pop()!, keyword: lastKeyword, usedKeywords };
  }
  const line = text.slice(text.lastIndexOf('\n') + 1);
  if (/^\s*[A-Za-z_]*$/.test(line) || /^\s*[A-Za-z_]\w*\s*=\s*[A-Za-z_]*$/.test(line)) return { kind: 'statement' };
  return { kind: 'other' };
}
