/**
 * The files a Gaia export writes, by format, as path → text: `gaia-ir` (ir.json),
 * `beliefs` (beliefs.json, after inference) and `manifests` (formalization_manifest.json
 * and manifests/*.json). Shared by the command line and the page's export menu.
 * beliefs.json flags each claim on the package's own open contradictions (its
 * contradict/exclusive relations: this export reads no session log).
 */
import { gaiaBeliefsJson } from '../export/gaiaBeliefsJson.ts';
import type { InferenceMethod } from '../infer/inferenceResult.ts';
import type { GaiaIr } from '../infer/irInput.ts';
import { runInference } from '../infer/runInference.ts';
import type { GaiaAnalysis } from './analyzeGaia.ts';
import { isoTimestamp } from './artifacts/compileMetadata.ts';
import { documentReintroduction } from '../contradiction/reintroductionFlag.ts';

export type GaiaExportFormat = 'gaia-ir' | 'beliefs' | 'manifests';

export type GaiaExportResult = { readonly files: ReadonlyMap<string, string> } | { readonly error: string };

export function gaiaExportFiles(gaia: GaiaAnalysis, format: GaiaExportFormat, options: { method?: InferenceMethod; now?: Date } = {}): GaiaExportResult {
  switch (format) {
    case 'gaia-ir':
      return { files: new Map([['ir.json', gaia.irText()]]) };
    case 'beliefs': {
      const ir = gaia.irJson();
      const result = runInference(ir as unknown as GaiaIr, { method: options.method ?? 'auto', fullDiagnostics: true });
      const failure = result.problems.find((p) => p.severity === 'error');
      if (failure) return { error: failure.message };
      return { files: new Map([['beliefs.json', gaiaBeliefsJson(result, { irHash: ir.ir_hash, reintroduction: documentReintroduction(gaia.graph) })]]) };
    }
    case 'manifests': {
      const all = gaia.artifacts({ compiledAt: isoTimestamp(options.now ?? new Date()) });
      const files = new Map<string, string>();
      for (const [path, text] of all) if (path === 'formalization_manifest.json' || path.startsWith('manifests/')) files.set(path, text);
      return { files };
    }
  }
}
