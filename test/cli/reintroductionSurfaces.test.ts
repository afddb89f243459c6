/**
 * Contract §3 on every surface: each command and each export format that presents
 * beliefs is run through the real command line on a document with an open contradiction
 * (a CLAIR belief and its negation; a Gaia contradict), and must flag the contradicted
 * items — `reintroduced_claim: true` with the caveat — and only them.
 *
 * The tables are derived from the real ones: every command of the usage table
 * (src/cli/usage.ts, one entry per command the CLI dispatches) and every row of the
 * exporter table (src/core/export/exporterTable.ts) must be either a surface below or
 * exempt with its reason. A new command or format that is neither fails here.
 */
import { describe, expect, it } from 'vitest';
import { EXPORTERS } from '../../src/core/export/exporterTable.ts';
import { COMMAND_USAGE } from '../../src/cli/usage.ts';
import { runWarrant } from './support/runWarrant.ts';

const CLAIR = 'test/fixtures/contradiction/cache.clair';
const GAIA = 'test/fixtures/contradiction/glass.py';

/** For each fixture: the contradicted items and some that are not. */
const FIXTURES = {
  clair: { file: CLAIR, flagged: ['b2', 'b3'], plain: ['b1', 'b4'], probe: 'b1' },
  gaia: { file: GAIA, flagged: ['clear', 'bubbly'], plain: ['polished', 'even'], probe: 'polished' },
} as const;
type Lang = keyof typeof FIXTURES;

/** Each item's flag and caveat as one surface printed them, by belief id (a Gaia label). */
type Flags = Map<string, { flagged: boolean; caveat: string | null }>;

interface Flagged {
  reintroduced_claim: boolean;
  caveat?: string;
}

const label = (qid: string) => qid.split('::').pop()!;
const fromRecords = (items: readonly (Flagged & Record<string, unknown>)[], key: (i: Record<string, unknown>) => string): Flags =>
  new Map(items.map((i) => [key(i), { flagged: i.reintroduced_claim, caveat: i.caveat ?? null }]));

async function ok(args: string[]): Promise<string> {
  const r = await runWarrant(args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** The surfaces of the command line, each read back into flags by id. */
const COMMAND_SURFACES: Readonly<Record<string, (lang: Lang) => Promise<Flags>>> = {
  infer: async (lang) => {
    const out = JSON.parse(await ok(['infer', FIXTURES[lang].file, '--json'])) as { beliefs: (Flagged & Record<string, unknown>)[] };
    return fromRecords(out.beliefs, (b) => (lang === 'gaia' ? label(b.knowledge_id as string) : (b.id as string)));
  },
  explain: async (lang) => {
    const f = FIXTURES[lang];
    const out: Flags = new Map();
    for (const id of [...f.flagged, ...f.plain]) {
      const r = JSON.parse(await ok(['explain', f.file, id, '--json'])) as Flagged;
      out.set(id, { flagged: r.reintroduced_claim, caveat: r.caveat ?? null });
    }
    return out;
  },
  similar: async (lang) => {
    const f = FIXTURES[lang];
    const out = JSON.parse(await ok(['similar', f.file, f.probe, '--json', '-k', '50'])) as { query: Flagged & { id: string }; results: (Flagged & Record<string, unknown>)[] };
    const flags = fromRecords(out.results, (r) => r.id as string);
    flags.set(out.query.id, { flagged: out.query.reintroduced_claim, caveat: out.query.caveat ?? null });
    return flags;
  },
  cascade: async (lang) => {
    const f = FIXTURES[lang];
    // `reintroduction` lists the flagged beliefs of `states`; every other one is unflagged.
    const out = JSON.parse(await ok(['cascade', f.file, '--refute', f.probe, '--json'])) as { states: Record<string, string>; reintroduction?: Record<string, Flagged> };
    return new Map(Object.keys(out.states).map((id) => [id, { flagged: out.reintroduction?.[id]?.reintroduced_claim ?? false, caveat: out.reintroduction?.[id]?.caveat ?? null }]));
  },
  audit: async (lang) => {
    // The audit lists the contradicted claims an answer uses: one naming every claim's content finds exactly the flagged ones.
    const f = FIXTURES[lang];
    const texts = JSON.parse(await ok(['export', f.file, '--to', 'json'])) as { nodes: { id: string; content: string }[] };
    const answer = texts.nodes
      .filter((n) => (f.flagged as readonly string[]).includes(n.id) || (f.plain as readonly string[]).includes(n.id))
      .map((n) => n.content.replace(/[.!?]*$/, '.'))
      .join('\n');
    const r = await runWarrant(['audit', '-', '--against', f.file, '--json'], { input: answer });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { uses: { claim: string }[] };
    const used = new Set(out.uses.map((u) => u.claim));
    return new Map([...f.flagged, ...f.plain].map((id) => [id, { flagged: used.has(id), caveat: used.has(id) ? 'used' : null }]));
  },
};

/**
 * Surfaces that present claims only of a fixture of their own: `review` lists Gaia's review
 * records, each flagged by the claim it concludes (a derived claim), so its fixture has
 * contradicted claims that are conclusions.
 */
const OWN_FIXTURE_SURFACES: Readonly<Record<string, { file: string; flagged: readonly string[]; plain: readonly string[]; read: (file: string) => Promise<Flags> }>> = {
  review: {
    file: 'test/fixtures/contradiction/reviewed.py',
    flagged: ['clear', 'bubbly'],
    plain: ['even'],
    read: async (file) => {
      const out = JSON.parse(await ok(['review', file, '--json'])) as { items: (Flagged & Record<string, unknown>)[] };
      return fromRecords(
        out.items.filter((i) => i.conclusion !== null),
        (i) => label(i.conclusion as string),
      );
    },
  },
};

/** Commands that present no belief of a document, or present it through a surface above. */
const COMMANDS_EXEMPT: Readonly<Record<string, string>> = {
  check: 'diagnostics only',
  export: 'each format is its own surface (the exporter table below)',
  bench: 'timings',
  lsp: 'the language server: its hover renders the explanation record (explain), flag and caveat included',
  mcp: 'returns the --json of infer, explain, cascade and similar, checked above',
  share: 'a URL holding the document',
  serve: 'relays the document; the page flags it (data-contradicted)',
  token: 'credentials for the team server',
  pull: 'moves a room’s document and log, presents no belief',
  push: 'moves a document into a room, presents no belief',
  prove: 'FormalProposals have no beliefs or contradiction ledger (the solver’s verdict)',
  import: 'Mnema: writes evidence ops',
  derive: 'Mnema: writes derived ops',
  provenance: 'Mnema: op chains of a log (no contradiction source in Mnema logs)',
  calibrate: 'Mnema: band statistics',
  merge: 'CLAIR text out, the document itself',
  world: 'a world log of FormalProposals',
  encode: 'text to a FormalProposal',
  answer: 'a FormalProposal’s verdict worded',
  evaluate: 'FormalProposals of a folder under each solver strategy',
};

/** Export formats, each read back into flags by id. */
const EXPORT_SURFACES: Readonly<Record<string, (text: string, lang: Lang) => Flags>> = {
  json: (text) => fromRecords((JSON.parse(text) as { nodes: (Flagged & Record<string, unknown>)[] }).nodes, (n) => n.id as string),
  dot: (text) => {
    const out: Flags = new Map();
    for (const m of text.matchAll(/^ {2}"([^"]+)" \[(.*)\];$/gm)) {
      const attrs = m[2]!;
      out.set(m[1]!, { flagged: /reintroduced_claim="true"/.test(attrs), caveat: /caveat="([^"]*)"/.exec(attrs)?.[1] ?? null });
    }
    return out;
  },
  graphml: (text) => {
    const out: Flags = new Map();
    for (const m of text.matchAll(/<node id="([^"]+)">([\s\S]*?)<\/node>/g)) {
      const body = m[2]!;
      out.set(m[1]!, { flagged: /<data key="reintroduced_claim">true<\/data>/.test(body), caveat: /<data key="caveat">([^<]*)<\/data>/.exec(body)?.[1] ?? null });
    }
    return out;
  },
  svg: (text) => {
    const out: Flags = new Map();
    for (const m of text.matchAll(/<g class="node" data-id="([^"]+)"[^>]*data-reintroduced-claim="(true|false)"[^>]*>\s*<title>([^<]*)<\/title>/g)) {
      out.set(m[1]!, { flagged: m[2] === 'true', caveat: /⚠ (.*)$/m.exec(m[3]!)?.[1] ?? null });
    }
    return out;
  },
  beliefs: (text) => fromRecords((JSON.parse(text) as { beliefs: (Flagged & Record<string, unknown>)[] }).beliefs, (b) => label(b.knowledge_id as string)),
  explanations: (text) =>
    fromRecords(
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Flagged & Record<string, unknown>)
        .filter((r) => 'claim' in r),
      (r) => (r.claim as { id: string }).id,
    ),
  'clair-debug': (text) => {
    const out: Flags = new Map();
    for (const m of text.matchAll(/^\[debug: (\S+)[^\]]*\](?: {2}⚠ (.*))?$/gm)) out.set(m[1]!, { flagged: m[2] !== undefined, caveat: m[2] ?? null });
    return out;
  },
};

/** Formats that present no belief as held: the document's own text or files, logs, proposals, or pixels. */
const EXPORTS_EXEMPT: Readonly<Record<string, string>> = {
  clair: 'the document’s own text, canonical',
  png: 'the svg picture drawn into pixels, in the page only (the command line refuses it)',
  'gaia-ir': 'Gaia’s ir.json byte for byte: the compiled document, not a presentation of belief',
  manifests: 'Gaia’s manifest files byte for byte',
  package: 'the package’s own files',
  oplog: 'the session’s signed operations, not beliefs',
  smtlib: 'a FormalProposal’s SMT-LIB2 script',
};

function expectFlags(flags: Flags, lang: Lang, surface: string): void {
  const f = FIXTURES[lang];
  for (const id of f.flagged) {
    const got = flags.get(id);
    expect(got?.flagged, `${surface} (${lang}): ${id} is contradicted`).toBe(true);
    expect(got?.caveat, `${surface} (${lang}): ${id} has its caveat`).toBeTruthy();
  }
  for (const id of f.plain) {
    const got = flags.get(id);
    expect(got, `${surface} (${lang}): ${id} is presented`).toBeDefined();
    expect(got?.flagged, `${surface} (${lang}): ${id} is not contradicted`).toBe(false);
    expect(got?.caveat, `${surface} (${lang}): ${id} has no caveat`).toBeNull();
  }
}

describe('the reintroduction flag on every surface (contract §3)', () => {
  it('every command of the command table is a surface or exempt with a reason', () => {
    for (const name of Object.keys(COMMAND_USAGE)) {
      expect(
        name in COMMAND_SURFACES || name in OWN_FIXTURE_SURFACES || name in COMMANDS_EXEMPT,
        `${name}: add it to COMMAND_SURFACES (or OWN_FIXTURE_SURFACES), or to COMMANDS_EXEMPT with a reason`,
      ).toBe(true);
    }
  });

  it('every format of the exporter table is a surface or exempt with a reason', () => {
    for (const row of EXPORTERS) {
      expect(row.id in EXPORT_SURFACES || row.id in EXPORTS_EXEMPT, `${row.id}: add it to EXPORT_SURFACES, or to EXPORTS_EXEMPT with a reason`).toBe(true);
    }
  });

  const commandCases = Object.keys(COMMAND_SURFACES).flatMap((name) => (['clair', 'gaia'] as const).map((lang) => ({ name, lang })));
  it.each(commandCases)('$name ($lang) flags the contradicted beliefs and only them', async ({ name, lang }) => {
    expectFlags(await COMMAND_SURFACES[name]!(lang), lang, name);
  });

  it.each(Object.keys(OWN_FIXTURE_SURFACES))('%s (gaia, its own fixture) flags the records of contradicted claims and only them', async (name) => {
    const surface = OWN_FIXTURE_SURFACES[name]!;
    const flags = await surface.read(surface.file);
    for (const id of surface.flagged) {
      expect(flags.get(id)?.flagged, `${name}: ${id} is contradicted`).toBe(true);
      expect(flags.get(id)?.caveat, `${name}: ${id} has its caveat`).toBeTruthy();
    }
    for (const id of surface.plain) {
      expect(flags.get(id), `${name}: ${id} is presented`).toBeDefined();
      expect(flags.get(id)?.flagged, `${name}: ${id} is not contradicted`).toBe(false);
      expect(flags.get(id)?.caveat, `${name}: ${id} has no caveat`).toBeNull();
    }
  });

  const exportCases = EXPORTERS.filter((row) => row.id in EXPORT_SURFACES).flatMap((row) =>
    (['clair', 'gaia'] as const).filter((lang) => (row.languages as readonly string[]).includes(lang)).map((lang) => ({ format: row.id, lang })),
  );
  it.each(exportCases)('export --to $format ($lang) flags the contradicted beliefs and only them', async ({ format, lang }) => {
    const text = await ok(['export', FIXTURES[lang].file, '--to', format]);
    expectFlags(EXPORT_SURFACES[format]!(text, lang), lang, `export --to ${format}`);
  });
});
