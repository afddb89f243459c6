/**
 * How Python writes a bound method, `<bound method C.m of INSTANCE>`, for the compute a
 * lifted claim holds. The instance is written as its repr is when the text is made (a
 * dataclass's fields as they are then; a class's own `__repr__`, run then), so this
 * gives a function to call at that time. An instance with neither is written
 * `<module.C object at 0x…>`, its address counted as functions' are (functionAddresses.ts).
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import { callFunction } from '../executeStatements.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { knowledgeRepr } from '../operandRepr.ts';
import { classOrder, recordRepr } from '../pyClasses.ts';
import { pyStr } from '../pythonSemantics.ts';

export function boundMethodRepr(rt: GaiaRuntime, qualname: string, self: GValue, range: SourceRange): () => string | null {
  const instance = instanceRepr(rt, self, range);
  return () => {
    const text = instance();
    return text === null ? null : `<bound method ${qualname} of ${text}>`;
  };
}

function instanceRepr(rt: GaiaRuntime, self: GValue, range: SourceRange): () => string | null {
  // A method of a package's Claim subclass: the claim as its dataclass writes it.
  if (self.t === 'knowledge') return () => knowledgeRepr(self.k);
  if (self.t !== 'instance') return () => null;
  const cls = self.o.cls;
  const own = classOrder(cls)
    .map((k) => k.namespace.get('__repr__'))
    .find((v) => v !== undefined);
  if (own !== undefined) {
    if (own.t !== 'function') return () => null;
    return () => {
      const text = callFunction(rt, own, [{ value: self, range }], [], range);
      return text.t === 'str' ? text.v : null;
    };
  }
  if (cls.dataclass) return () => recordRepr(self, (x) => pyStr(x, true)) ?? null;
  // object.__repr__: the class's module and qualname, and where the instance lives.
  const name = `${cls.module}.${cls.qualname}`;
  const text = `<${name} object at ${rt.pkg.addressOf(self.o, name)}>`;
  return () => text;
}
