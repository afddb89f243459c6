/** A glyph per Gaia reasoning verb, so the kind of step reads at a glance: the graph's factor nodes and the picture exports draw these. */
export const FACTOR_GLYPHS: Readonly<Record<string, string>> = {
  derive: '⇒',
  observe: '◉',
  compute: 'ƒ',
  infer: 'P',
  associate: '~',
  equal: '≡',
  contradict: '⊥',
  exclusive: '⊕',
  decompose: '∧',
};

/** The glyph of a verb; a dot for a verb without one. */
export function factorGlyph(verb: string): string {
  return FACTOR_GLYPHS[verb] ?? '•';
}
