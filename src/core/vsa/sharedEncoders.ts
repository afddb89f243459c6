/**
 * One encoder per strategy and dimension for the whole thread: an encoder's item memory
 * is a cache of a pure function, so sharing it only saves drawing the same word vectors
 * again. (Encoders keep scratch buffers; JavaScript runs one call at a time.)
 */
import { HdcEncoder } from './hdcEncoder.ts';
import { HrrEncoder } from './hrrEncoder.ts';

const hrrEncoders = new Map<number, HrrEncoder>();
const hdcEncoders = new Map<number, HdcEncoder>();

/** A shared HRR encoder of one dimension (its item memory is a cache of a pure function). */
export function sharedHrrEncoder(dim: number): HrrEncoder {
  let e = hrrEncoders.get(dim);
  if (!e) hrrEncoders.set(dim, (e = new HrrEncoder(dim)));
  return e;
}

/** A shared HDC encoder of one dimension. */
export function sharedHdcEncoder(dim: number): HdcEncoder {
  let e = hdcEncoders.get(dim);
  if (!e) hdcEncoders.set(dim, (e = new HdcEncoder(dim)));
  return e;
}
