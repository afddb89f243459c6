"""Real Gaia's review layer on one package, for Warrant's review tests.

usage: /work/shared/tools/gaia-oracle/run.sh's Python, with its PYTHONPATH, run in a
scratch copy of the package:  python gaia-review-oracle.py PKG_DIR OUT.json

Writes the review records Gaia generates for the compiled package
(gaia.engine.lang.review.manifest.generate_review_manifest) and the beliefs Gaia's
lowering gives under a review manifest (lower_local_graph(review_manifest=...)):
  - "default": no manifest (gaia run infer, nothing gated);
  - "unreviewed": the generated manifest (every record unreviewed: only targets
    without an action label are lowered);
  - "accepted": every record accepted;
  - "rejected:<target_id>": that record rejected, every other accepted.
"""
import json
import sys
from pathlib import Path

from gaia.engine.bp import lower_local_graph
from gaia.engine.bp.engine import InferenceEngine
from gaia.engine.ir import ReviewManifest, ReviewStatus
from gaia.engine.lang.review.manifest import generate_review_manifest
from gaia.engine.packaging import apply_package_priors, collect_foreign_node_priors, compile_loaded_package_artifact, load_gaia_package

pkg, out = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
loaded = load_gaia_package(pkg)
apply_package_priors(loaded)
compiled = compile_loaded_package_artifact(loaded)
generated = generate_review_manifest(compiled)
foreign = collect_foreign_node_priors(compiled.graph, loaded.pkg_path) or None
claims = {k.id for k in compiled.graph.knowledges}


def beliefs(manifest):
    fg = lower_local_graph(compiled.graph, node_priors=foreign, review_manifest=manifest)
    r = InferenceEngine().run(fg).result
    return {k: b for k, b in sorted(r.beliefs.items()) if k in claims}


def with_status(status_of):
    return ReviewManifest(reviews=[r.model_copy(update={"status": status_of(r)}) for r in generated.reviews])


scenarios = {
    "default": beliefs(None),
    "unreviewed": beliefs(generated),
    "accepted": beliefs(with_status(lambda r: ReviewStatus.ACCEPTED)),
}
for review in generated.reviews:
    tid = review.target_id
    scenarios[f"rejected:{tid}"] = beliefs(with_status(lambda r, tid=tid: ReviewStatus.REJECTED if r.target_id == tid else ReviewStatus.ACCEPTED))

out.write_text(json.dumps({"reviews": [r.model_dump(mode="json") for r in generated.reviews], "beliefs": scenarios}, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
