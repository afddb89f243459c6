/**
 * A small valid trace whose content needs escaping in every export format: XML and
 * DOT specials, CLAIR escapes, a `;` inside a string, accents, CJK, emoji (with a ZWJ
 * sequence), and invalidation conditions with the same.
 */
export const UNICODE_TRACE = [
  '; escaping and Unicode',
  String.raw`b1 1.0 L0 @user "tags <b> & \"quotes\" 'apostrophes' → naïve 中文 🚀👩‍💻"`,
  String.raw`b2 .9 L0 @file:docs/a&b.md <b1 ?["x < y & \"z\"", "emoji 🎉"] "a backslash \\ and a brace } { ; not a comment"`,
  'b3 .81 L1 @self <b2 "I believe b2 — Ω"',
  '',
].join('\n');

export const UNICODE_CONTENT: Readonly<Record<string, string>> = {
  b1: `tags <b> & "quotes" 'apostrophes' → naïve 中文 🚀👩‍💻`,
  b2: String.raw`a backslash \ and a brace } { ; not a comment`,
  b3: 'I believe b2 — Ω',
};

export const UNICODE_INVALIDATIONS: readonly string[] = ['x < y & "z"', 'emoji 🎉'];
