/**
 * The numeral convention of HoloProof's proposals: the IR has no number node, so a
 * number is written as a constant `val_<digits>` (`val_540` is 540). Such a name is a
 * numeral only when the proposal does not declare it; a declaration always wins.
 */

const NUMERAL_NAME = /^val_([0-9]{1,40})$/;

/** The SMT-LIB numeral `name` stands for (leading zeros dropped), or null. */
export function numeralOf(name: string): string | null {
  const m = NUMERAL_NAME.exec(name);
  if (!m) return null;
  const digits = m[1]!.replace(/^0+(?=.)/, '');
  return digits;
}
