/**
 * The names a Gaia v0.5 package module uses, for colouring and completion: the verbs
 * of gaia.engine.lang with their keyword arguments and a one-line description each.
 */

export interface GaiaVerb {
  readonly name: string;
  readonly signature: string;
  readonly keywords: readonly string[];
  readonly summary: string;
  readonly deprecated?: string;
}

export const GAIA_VERBS: readonly GaiaVerb[] = [
  {
    name: 'claim',
    signature: 'claim(content, proposition=None, *, title=None, format="markdown", background=None, parameters=None, provenance=None, prior=None, formula=None, kind=ClaimKind.GENERAL, **metadata)',
    keywords: ['prior', 'background', 'parameters', 'formula', 'title', 'format', 'provenance', 'kind'],
    summary: 'A proposition that can be true or false; the only knowledge with a prior.',
  },
  { name: 'note', signature: 'note(content, *, title=None, format="markdown", **metadata)', keywords: ['title', 'format'], summary: 'Background context; takes no part in inference.' },
  {
    name: 'question',
    signature: 'question(content, *, title=None, format="markdown", targets=[], **metadata)',
    keywords: ['title', 'format', 'targets'],
    summary: 'An open question the package investigates; takes no part in inference.',
  },
  {
    name: 'derive',
    signature: 'derive(conclusion, *, given=(), background=None, rationale="", label=None)',
    keywords: ['given', 'background', 'rationale', 'label'],
    summary: 'A logical derivation: the conclusion follows from the premises.',
  },
  {
    name: 'observe',
    signature: 'observe(conclusion, *, given=(), background=None, rationale="", label=None)',
    keywords: ['given', 'background', 'rationale', 'label'],
    summary: 'An empirical observation; with no premises it grounds the claim.',
  },
  {
    name: 'compute',
    signature: 'compute(ResultClaim, *, fn=None, given=(), background=None, rationale="", label=None)',
    keywords: ['fn', 'given', 'background', 'rationale', 'label'],
    summary: 'A deterministic computation; the function is recorded, not run.',
  },
  {
    name: 'infer',
    signature: 'infer(evidence, *, hypothesis, given=(), background=None, p_e_given_h, p_e_given_not_h=0.5, rationale="", label=None)',
    keywords: ['hypothesis', 'given', 'p_e_given_h', 'p_e_given_not_h', 'background', 'rationale', 'label'],
    summary: 'A Bayesian update of the hypothesis by the evidence, with explicit likelihoods.',
  },
  {
    name: 'associate',
    signature: 'associate(a, b, *, p_a_given_b, p_b_given_a, pattern=None, background=None, rationale="", label=None)',
    keywords: ['p_a_given_b', 'p_b_given_a', 'pattern', 'background', 'rationale', 'label'],
    summary: 'A symmetric probabilistic association between two claims.',
  },
  { name: 'equal', signature: 'equal(a, b, *, background=None, rationale="", label=None)', keywords: ['background', 'rationale', 'label'], summary: 'The two claims have the same truth value.' },
  { name: 'contradict', signature: 'contradict(a, b, *, background=None, rationale="", label=None)', keywords: ['background', 'rationale', 'label'], summary: 'The two claims are not both true.' },
  { name: 'exclusive', signature: 'exclusive(a, b, *, background=None, rationale="", label=None)', keywords: ['background', 'rationale', 'label'], summary: 'Exactly one of the two claims is true.' },
  {
    name: 'decompose',
    signature: 'decompose(whole, *, parts, formula, background=None, rationale="", label=None, metadata=None)',
    keywords: ['parts', 'formula', 'background', 'rationale', 'label', 'metadata'],
    summary: 'The whole claim is a propositional formula (~ & |) of its parts.',
  },
  {
    name: 'depends_on',
    signature: 'depends_on(conclusion, *, given, background=None, rationale="", label=None, metadata=None)',
    keywords: ['given', 'background', 'rationale', 'label', 'metadata'],
    summary: 'An unformalised dependency, kept as a note for later.',
  },
  {
    name: 'candidate_relation',
    signature: 'candidate_relation(*, claims, pattern=None, background=None, rationale="", label=None, metadata=None)',
    keywords: ['claims', 'pattern', 'background', 'rationale', 'label', 'metadata'],
    summary: 'A relation suspected but not yet formalised.',
  },
  {
    name: 'materialize',
    signature: 'materialize(scaffold, *, by, rationale="", label=None, metadata=None)',
    keywords: ['by', 'rationale', 'label', 'metadata'],
    summary: 'Records that a scaffold has been formalised by these records.',
  },
  {
    name: 'compose',
    signature: '@compose(*, name, version, background=None, warrants=None, rationale="", label=None)',
    keywords: ['name', 'version', 'background', 'warrants', 'rationale', 'label'],
    summary: 'Decorates a function: each call groups the actions it makes into one reviewable composition concluding the claim it returns.',
  },
  {
    name: 'register_prior',
    signature: 'register_prior(claim, value, *, justification, source_id="user_priors")',
    keywords: ['justification', 'source_id'],
    summary: 'Gives a claim a prior, with its justification; wins over prior=.',
  },
  {
    name: 'figure',
    signature: 'figure(*, source=None, locator=None, path=None, caption=None, description=None, media_type=None, content=None, title=None)',
    keywords: ['source', 'locator', 'path', 'caption', 'description', 'media_type', 'content', 'title'],
    summary: 'A figure, as a note: from a source of references.json (with a locator) or a file in the package; cite it as [@label].',
  },
  {
    name: 'artifact',
    signature: 'artifact(*, kind, source=None, locator=None, path=None, caption=None, description=None, media_type=None, content=None, title=None)',
    keywords: ['kind', 'source', 'locator', 'path', 'caption', 'description', 'media_type', 'content', 'title'],
    summary: 'A figure, table, dataset, notebook or attachment, as a note: from a source of references.json or a file in the package; cite it as [@label].',
  },
  { name: 'setting', signature: 'setting(content, *, title=None, format="markdown")', keywords: ['title', 'format'], summary: 'A note (deprecated name).', deprecated: 'use note(...)' },
  { name: 'context', signature: 'context(content, *, title=None, format="markdown")', keywords: ['title', 'format'], summary: 'A note (deprecated name).', deprecated: 'use note(...)' },
  {
    name: 'support',
    signature: 'support(premises, conclusion, *, background=None, reason="", prior=None)',
    keywords: ['background', 'reason', 'prior'],
    summary: 'Legacy v5 verb.',
    deprecated: 'use derive(...) or infer(...)',
  },
  {
    name: 'deduction',
    signature: 'deduction(premises, conclusion, *, background=None, reason="", prior=None)',
    keywords: ['background', 'reason', 'prior'],
    summary: 'Legacy v5 verb.',
    deprecated: 'use derive(...)',
  },
  {
    name: 'fills',
    signature: 'fills(source, target, *, mode=None, strength="exact", background=None, reason="")',
    keywords: ['mode', 'strength', 'background', 'reason'],
    summary: 'A claim filling an open premise (a hole) of a package this one depends on: a v5 deduction or infer, and a bridge in bridges.json.',
  },
  { name: 'contradiction', signature: 'contradiction(a, b, *, reason="", prior=None)', keywords: ['reason', 'prior'], summary: 'Legacy v5 verb.', deprecated: 'use contradict(...)' },
  { name: 'equivalence', signature: 'equivalence(a, b, *, reason="", prior=None)', keywords: ['reason', 'prior'], summary: 'Legacy v5 verb.', deprecated: 'use equal(...)' },
  { name: 'complement', signature: 'complement(a, b, *, reason="", prior=None)', keywords: ['reason', 'prior'], summary: 'Legacy v5 verb.', deprecated: 'use exclusive(...)' },
  // Typed predicate logic: terms, domains and formulas (a claim's formula=...).
  {
    name: 'Variable',
    signature: 'Variable(*, symbol, domain, value=None, unit=None, content=None, format="markdown")',
    keywords: ['symbol', 'domain', 'value', 'unit', 'content'],
    summary: 'A typed variable of formulas: over a primitive type (Bool, Nat, Real, Probability) or a finite Domain.',
  },
  { name: 'Domain', signature: 'Domain(content, *, members, format="markdown")', keywords: ['members'], summary: 'A finite, enumerable sort; quantifiers over it are grounded member by member.' },
  { name: 'forall', signature: 'forall(variable, body)', keywords: [], summary: 'Universal quantifier over the variable’s finite domain (∀x∈D. body).' },
  { name: 'exists', signature: 'exists(variable, body)', keywords: [], summary: 'Existential quantifier over the variable’s finite domain (∃x∈D. body).' },
  { name: 'land', signature: 'land(*operands)', keywords: [], summary: 'Conjunction of formulas or claims.' },
  { name: 'lor', signature: 'lor(*operands)', keywords: [], summary: 'Disjunction of formulas or claims.' },
  { name: 'lnot', signature: 'lnot(operand)', keywords: [], summary: 'Negation of a formula or claim.' },
  { name: 'implies', signature: 'implies(antecedent, consequent)', keywords: [], summary: 'Material implication between formulas or claims.' },
  { name: 'iff', signature: 'iff(left, right)', keywords: [], summary: 'Equivalence of two formulas or claims.' },
  { name: 'equals', signature: 'equals(left, right)', keywords: [], summary: 'Equality of two terms.' },
  {
    name: 'parameter',
    signature: 'parameter(variable, value, *, content=None, describe=None, title=None, format="markdown", background=None, provenance=None, prior=None, label=None, metadata=None)',
    keywords: ['content', 'describe', 'title', 'background', 'provenance', 'prior', 'label', 'metadata'],
    summary: 'A PARAMETER claim: the variable takes this value (its formula is variable = value).',
  },
  // Role projection over authored actions (a claim's from_actions is such a graph).
  {
    name: 'roles_for_claim',
    signature: 'roles_for_claim(claim, graph, *, include_background=True, include_warrants=True)',
    keywords: ['include_background', 'include_warrants'],
    summary: 'The roles a claim plays in the given actions, as RoleOccurrence records.',
  },
  {
    name: 'roles_for_package',
    signature: 'roles_for_package(graph, *, include_background=True, include_warrants=True)',
    keywords: ['include_background', 'include_warrants'],
    summary: 'Every claim of the given actions mapped to the RoleOccurrence records of its roles.',
  },
  // The bayes module's distributions (observable quantities with a name).
  { name: 'Normal', signature: 'Normal(content, *, mu, sigma)', keywords: ['mu', 'sigma'], summary: 'A normally distributed quantity.' },
  { name: 'LogNormal', signature: 'LogNormal(content, *, mu, sigma)', keywords: ['mu', 'sigma'], summary: 'A log-normally distributed quantity.' },
  { name: 'Beta', signature: 'Beta(content, *, alpha, beta)', keywords: ['alpha', 'beta'], summary: 'A Beta-distributed quantity on [0, 1].' },
  { name: 'Exponential', signature: 'Exponential(content, *, rate)', keywords: ['rate'], summary: 'An exponentially distributed quantity.' },
  { name: 'Gamma', signature: 'Gamma(content, *, alpha, rate)', keywords: ['alpha', 'rate'], summary: 'A Gamma-distributed quantity.' },
  { name: 'StudentT', signature: 'StudentT(content, *, df, mu, sigma)', keywords: ['df', 'mu', 'sigma'], summary: 'A Student-t distributed quantity.' },
  { name: 'Cauchy', signature: 'Cauchy(content, *, mu, gamma)', keywords: ['mu', 'gamma'], summary: 'A Cauchy-distributed quantity.' },
  { name: 'ChiSquared', signature: 'ChiSquared(content, *, df)', keywords: ['df'], summary: 'A chi-squared distributed quantity.' },
  { name: 'Binomial', signature: 'Binomial(content, *, n, p)', keywords: ['n', 'p'], summary: 'A binomially distributed count.' },
  { name: 'BetaBinomial', signature: 'BetaBinomial(content, *, n, alpha, beta)', keywords: ['n', 'alpha', 'beta'], summary: 'A beta-binomially distributed count.' },
  { name: 'Poisson', signature: 'Poisson(content, *, rate)', keywords: ['rate'], summary: 'A Poisson-distributed count.' },
];

export const GAIA_VERB_NAMES: readonly string[] = GAIA_VERBS.map((v) => v.name);

export function verbNamed(name: string): GaiaVerb | undefined {
  return GAIA_VERBS.find((v) => v.name === name);
}
