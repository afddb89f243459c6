/**
 * A Gaia label as text the browser may break between its words only: `medium_model`
 * wraps after `medium_`, never inside `medium` (CSS alone breaks a label with no spaces
 * anywhere or nowhere). A break is offered after each `_`, `.`, `:` and `-`.
 */
import { Fragment } from 'react';
import type { ReactNode } from 'react';

export function breakableLabel(label: string): ReactNode {
  const words = label.split(/(?<=[_.:-])/);
  if (words.length === 1) return label;
  return words.map((w, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {w}
    </Fragment>
  ));
}
