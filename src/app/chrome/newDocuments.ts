/** The text a new document starts with, per language. */
export const NEW_CLAIR = '; a new CLAIR trace: one belief per line\n';

export const NEW_GAIA = [
  '"""A new Gaia package."""',
  '',
  'from gaia.engine.lang import claim, derive',
  '',
  'premise = claim("State what you take as given.", prior=0.8)',
  '',
  'conclusion = derive(',
  '    "State what follows from it.",',
  '    given=[premise],',
  '    rationale="Say why it follows.",',
  ')',
  '',
].join('\n');
