/**
 * Knowledge a package uses but another package declared (a claim imported from a Gaia
 * package it depends on), in the order Gaia's compiler meets it: after every node of the
 * package itself, through its strategies, operators and actions. Such a node enters the
 * IR with its owner's QID, its label prefixed by the owner's name (`lenses__sharp`), its
 * own module and declaration index, its metadata unresolved (the owner's priors.py is
 * not the consumer's), and never exported.
 */
import type { Action, LegacyStrategy } from '../runtime/gaiaObjects.ts';
import { Knowledge } from '../runtime/gaiaObjects.ts';
import type { PackageCollector } from '../runtime/packageCollector.ts';
import { pythonJsonDumps } from '../text/pythonJson.ts';
import { sha256Hex } from '../text/sha256Hex.ts';

export function foreignKnowledge(pkg: PackageCollector): Knowledge[] {
  const seen = new Set<Knowledge>(pkg.knowledge);
  const out: Knowledge[] = [];
  const meet = (k: Knowledge | null | undefined): void => {
    if (!k || seen.has(k)) return;
    seen.add(k);
    if (k.owner !== null && k.owner !== pkg) out.push(k);
  };
  const strategy = (s: LegacyStrategy): void => {
    s.premises.forEach(meet);
    s.background.forEach(meet);
    meet(s.conclusion);
    s.subStrategies?.forEach(strategy);
  };
  pkg.strategies.forEach(strategy);
  for (const o of pkg.operators) {
    o.variables.forEach(meet);
    meet(o.conclusion);
  }
  for (const a of pkg.actions) meetAction(a, meet);
  return out;
}

function meetAction(a: Action, meet: (k: Knowledge | null | undefined) => void): void {
  a.background.forEach(meet);
  a.warrants.forEach(meet);
  switch (a.kind) {
    case 'derive':
    case 'observe':
    case 'compute':
    case 'depends_on':
      a.given.forEach(meet);
      meet(a.conclusion);
      return;
    case 'candidate_relation':
      a.claims.forEach(meet);
      return;
    case 'equal':
    case 'contradict':
    case 'exclusive':
    case 'associate':
      meet(a.a);
      meet(a.b);
      meet(a.helper);
      return;
    case 'decompose':
      meet(a.whole);
      a.parts.forEach(meet);
      return;
    case 'compose':
      a.inputs.forEach(meet);
      meet(a.conclusion);
      return;
    case 'infer':
      meet(a.hypothesis);
      meet(a.evidence);
      meet(a.helper);
      a.given.forEach(meet);
      if (a.pEGivenH instanceof Knowledge) meet(a.pEGivenH);
      if (a.pEGivenNotH instanceof Knowledge) meet(a.pEGivenNotH);
      return;
  }
}

/** The label Gaia gives an unlabelled node of another package: `_anon_` + 8 hex of its content. */
export function foreignAnonymousLabel(k: Knowledge): string {
  const params = [...k.options.parameters].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0)).map((p) => ({ name: p.name, type: p.type, value: p.value }));
  return `_anon_${sha256Hex(`${k.type}|${k.options.format}|${k.content}|${pythonJsonDumps(params as never, { sortKeys: true })}`).slice(0, 8)}`;
}
