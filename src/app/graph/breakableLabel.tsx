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
    // biome-ignore lint/suspicious/noArrayIndexKey: rows of one list rebuilt whole for each version (or the words of one label): the position is the row's identity
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {w}
    </Fragment>
  ));
}
