/**
 * Text for XML documents (GraphML, SVG). Escapes the five special characters and
 * replaces what XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE,
 * U+FFFF) with U+FFFD, so the output is always well-formed. Everything else — any
 * other Unicode, emoji included — is written as is.
 */

const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Safe both as element text and inside a double- or single-quoted attribute. */
export function escapeXml(s: string): string {
  return s.replace(NOT_XML, '\uFFFD').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
