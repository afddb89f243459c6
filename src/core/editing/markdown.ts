/** Text shown inside Markdown (hovers): every character Markdown would read as markup is escaped. */
export function escapeMarkdown(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, (c) => '\\' + c);
}
