/**
 * A claim's formula as people read it, from the IR Gaia and Warrant write: the formula
 * graph whose `source_claim` is the claim (quantifiers, connectives, atoms, terms) written
 * out as `∀x∈Particles. Stable(x) → Decays(x)`, and the claims its grounding made — one
 * per member of a finite domain, each with the values its variables took
 * (`metadata.formula_bindings`). Read from the IR, so the inspector, the hover and the
 * command line say the same.
 */

type Json = unknown;
type Obj = Readonly<Record<string, Json>>;

const isObj = (x: Json): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: Json): string => (typeof x === 'string' ? x : x === undefined || x === null ? '?' : JSON.stringify(x));

/** A claim the grounding of a quantified formula made, or a claim whose variables are bound. */
export interface GroundedClaim {
  readonly qid: string;
  readonly label: string | null;
  /** `x = 'p1', y = 2`. */
  readonly bindings: string;
}

export interface FormulaReading {
  /** The formula written out; null when the claim has no formula graph (only bindings). */
  readonly text: string | null;
  /** The claims its grounding made, in the IR's order. */
  readonly grounding: readonly GroundedClaim[];
  /** The claim's own bindings (a grounded instance, a parameter claim), `x = 'p1'`; null when none. */
  readonly bindings: string | null;
}

const COMPARISONS: Readonly<Record<string, string>> = {
  equals: '=',
  not_equals: '≠',
  less: '<',
  less_equal: '≤',
  greater: '>',
  greater_equal: '≥',
};

const CONNECTIVES: Readonly<Record<string, string>> = {
  conjunction: ' ∧ ',
  disjunction: ' ∨ ',
  implication: ' → ',
  equivalence: ' ↔ ',
};

/** A value as Python shows it in a repr: strings quoted, booleans capitalised. */
function valueText(v: Json): string {
  if (typeof v === 'string') return `'${v}'`;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  return str(v);
}

/** The name a claim reference is read by: its label, else the last part of its QID. */
const claimName = (qid: string): string => qid.slice(qid.lastIndexOf('::') + 2) || qid;

/** An atom or term descriptor (self-contained: its arguments are nested descriptors). */
function descriptorText(d: Json): string {
  if (!isObj(d)) return '?';
  const kind = d.kind;
  if (kind === 'variable') return str(d.symbol);
  if (kind === 'constant') return valueText(d.value);
  if (kind === 'claim') return claimName(str(d.qid));
  if (kind === 'predicate') {
    const name = isObj(d.symbol) ? str(d.symbol.name) : str(d.symbol);
    return `${name}(${(Array.isArray(d.args) ? d.args : []).map(descriptorText).join(', ')})`;
  }
  if (kind === 'function') return `${str(d.symbol)}(${(Array.isArray(d.args) ? d.args : []).map(descriptorText).join(', ')})`;
  if (kind === 'arith') return `(${descriptorText(d.left)} ${str(d.op)} ${descriptorText(d.right)})`;
  if (typeof kind === 'string' && kind in COMPARISONS) return `${descriptorText(d.left)} ${COMPARISONS[kind]} ${descriptorText(d.right)}`;
  return '?';
}

/** The formula graph rooted at `root`, written out. */
function graphText(nodes: ReadonlyMap<string, Obj>, root: string): string {
  const seen = new Set<string>();
  const walk = (id: string, nested: boolean): string => {
    const node = nodes.get(id);
    // A graph that loops or names a node it lacks is shown, not followed.
    if (!node || seen.has(id)) return '?';
    seen.add(id);
    try {
      const d = isObj(node.descriptor) ? node.descriptor : {};
      if (node.kind === 'quantifier') {
        const body = walk(str(d.body), false);
        const text = `${d.quantifier === 'exists' ? '∃' : '∀'}${str(d.variable)}∈${str(d.domain)}. ${body}`;
        return nested ? `(${text})` : text;
      }
      if (node.kind === 'op') {
        const children = Array.isArray(d.children) ? d.children.map(String) : [];
        if (d.operator === 'negation') {
          // ¬(r = 1), not ¬r = 1: a comparison under a negation is bracketed.
          const child = nodes.get(children[0] ?? '');
          const operand = walk(children[0] ?? '', true);
          const compared = child && isObj(child.descriptor) && typeof child.descriptor.kind === 'string' && child.descriptor.kind in COMPARISONS;
          return compared ? `¬(${operand})` : `¬${operand}`;
        }
        const joined = children.map((c) => walk(c, true)).join(CONNECTIVES[str(d.operator)] ?? ` ${str(d.operator)} `);
        return nested && children.length > 1 ? `(${joined})` : joined;
      }
      return descriptorText(d);
    } finally {
      seen.delete(id);
    }
  };
  return walk(root, false);
}

/** `x = 'p1', y = 2` from a list of bindings. */
function bindingsText(bindings: Json): string | null {
  if (!Array.isArray(bindings) || bindings.length === 0) return null;
  return bindings.map((b) => (isObj(b) ? `${str(b.symbol)} = ${valueText(b.value)}` : '?')).join(', ');
}

/** What the IR says of the formula of the claim `qid`; null when it has neither a formula nor bindings. */
export function formulaOfClaim(ir: Json, qid: string): FormulaReading | null {
  if (!isObj(ir)) return null;
  const graphs = Array.isArray(ir.formula_graphs) ? ir.formula_graphs.filter(isObj) : [];
  const graph = graphs.find((g) => g.source_claim === qid);
  let text: string | null = null;
  if (graph && Array.isArray(graph.nodes)) {
    const nodes = new Map<string, Obj>();
    for (const n of graph.nodes) if (isObj(n)) nodes.set(str(n.id), n);
    text = graphText(nodes, str(graph.root));
  }
  const knowledges = Array.isArray(ir.knowledges) ? ir.knowledges.filter(isObj) : [];
  const grounding: GroundedClaim[] = [];
  let own: string | null = null;
  for (const k of knowledges) {
    const meta = isObj(k.metadata) ? k.metadata : {};
    if (k.id === qid) own = bindingsText(meta.formula_bindings);
    else if (meta.source_claim === qid && meta.formula_bindings !== undefined) {
      grounding.push({ qid: str(k.id), label: typeof k.label === 'string' ? k.label : null, bindings: bindingsText(meta.formula_bindings) ?? '' });
    }
  }
  return text === null && own === null && grounding.length === 0 ? null : { text, grounding, bindings: own };
}
