/**
 * What the page's review panel lists (src/app/review/ReviewPanel.tsx): a compiled Gaia
 * package's review records (reviewItems.ts), each with its status under the session's
 * decisions (reviewGate.ts `reviewStatuses`), and the count of each status. Worked out in
 * the validation worker beside the package's analysis, so the page only draws it.
 */
import type { GaiaIr } from '../../infer/irInput.ts';
import type { OperationBody } from '../../oplog/operation.ts';
import { decisionsOfLog } from './reviewDecisionOps.ts';
import type { ReviewStatus } from './reviewGate.ts';
import { reviewStatuses } from './reviewGate.ts';
import type { ReviewItem } from './reviewItems.ts';
import { reviewItems } from './reviewItems.ts';

export interface ReviewRecordView {
  readonly item: ReviewItem;
  readonly status: ReviewStatus;
}

export interface ReviewPanelView {
  /** Whether there is a compiled package to review (else the panel says what it is for). */
  readonly compiled: boolean;
  readonly records: readonly ReviewRecordView[];
  readonly counts: Readonly<Record<ReviewStatus, number>>;
}

export function reviewPanelView(ir: GaiaIr | null, ops: readonly { readonly body: OperationBody | { readonly kind: string } }[]): ReviewPanelView {
  const items = ir ? reviewItems(ir) : [];
  const status = reviewStatuses(items, decisionsOfLog(ops));
  const counts: Record<ReviewStatus, number> = { unreviewed: 0, accepted: 0, rejected: 0, needs_inputs: 0 };
  const records = items.map((item) => {
    const s = status.get(item.target_id) ?? 'unreviewed';
    counts[s] += 1;
    return { item, status: s };
  });
  return { compiled: ir !== null, records, counts };
}
