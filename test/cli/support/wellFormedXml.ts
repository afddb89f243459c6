/**
 * A small, strict XML 1.0 reader for tests: throws on anything that is not well-formed
 * (unbalanced tags, bad or unknown entity references, raw `<` or `&`, duplicate
 * attributes, characters XML cannot hold, text outside the root) and returns the tree
 * with entities decoded, so tests can compare what a reader would get back.
 */

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Decoded character data directly inside this element, pieces joined. */
  readonly text: string;
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const BAD_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function parseXml(source: string): XmlElement {
  if (BAD_CHAR.test(source)) throw new Error('character not allowed in XML 1.0');
  let i = 0;
  const fail = (msg: string): never => {
    throw new Error(`${msg} at offset ${i}: ${JSON.stringify(source.slice(i, i + 40))}`);
  };
  const skipMisc = () => {
    for (;;) {
      const m = /^\s*/.exec(source.slice(i))!;
      i += m[0].length;
      if (source.startsWith('<?', i)) {
        const end = source.indexOf('?>', i);
        if (end < 0) fail('unterminated processing instruction');
        i = end + 2;
      } else if (source.startsWith('<!--', i)) {
        const end = source.indexOf('-->', i);
        if (end < 0) fail('unterminated comment');
        i = end + 3;
      } else return;
    }
  };
  const decode = (raw: string, inAttribute: boolean): string => {
    if (inAttribute && raw.includes('<')) fail('< in attribute value');
    return raw.replace(/&([^;]*);?/g, (whole, body: string) => {
      if (!whole.endsWith(';')) fail('& without ;');
      if (body === 'amp') return '&';
      if (body === 'lt') return '<';
      if (body === 'gt') return '>';
      if (body === 'quot') return '"';
      if (body === 'apos') return "'";
      const m = /^#(x[0-9A-Fa-f]+|[0-9]+)$/.exec(body);
      if (!m) return fail(`unknown entity &${body};`);
      const code = m[1]!.startsWith('x') ? parseInt(m[1]!.slice(1), 16) : parseInt(m[1]!, 10);
      const ch = String.fromCodePoint(code);
      if (BAD_CHAR.test(ch)) fail('character reference to a character XML cannot hold');
      return ch;
    });
  };

  const element = (): XmlElement => {
    if (source[i] !== '<') fail('expected an element');
    i++;
    const name = NAME.exec(source.slice(i))?.[0] ?? fail('expected an element name');
    i += name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      const ws = /^\s*/.exec(source.slice(i))![0];
      i += ws.length;
      if (source.startsWith('/>', i)) {
        i += 2;
        return { name, attributes, children: [], text: '' };
      }
      if (source[i] === '>') {
        i++;
        break;
      }
      if (ws === '') fail('expected whitespace before an attribute');
      const attr = NAME.exec(source.slice(i))?.[0] ?? fail('expected an attribute name');
      i += attr.length;
      const eq = /^\s*=\s*/.exec(source.slice(i))?.[0] ?? fail('expected =');
      i += eq.length;
      const quote = source[i];
      if (quote !== '"' && quote !== "'") fail('attribute value must be quoted');
      const end = source.indexOf(quote!, i + 1);
      if (end < 0) fail('unterminated attribute value');
      if (Object.hasOwn(attributes, attr)) fail(`duplicate attribute ${attr}`);
      attributes[attr] = decode(source.slice(i + 1, end), true);
      i = end + 1;
    }
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      if (i >= source.length) fail(`unclosed <${name}>`);
      if (source.startsWith('</', i)) {
        i += 2;
        const close = NAME.exec(source.slice(i))?.[0];
        if (close !== name) fail(`</${close}> closes <${name}>`);
        i += name.length;
        const rest = /^\s*>/.exec(source.slice(i))?.[0] ?? fail('expected >');
        i += rest.length;
        return { name, attributes, children, text };
      }
      if (source.startsWith('<!--', i)) {
        const end = source.indexOf('-->', i);
        if (end < 0) fail('unterminated comment');
        i = end + 3;
      } else if (source.startsWith('<![CDATA[', i)) {
        const end = source.indexOf(']]>', i);
        if (end < 0) fail('unterminated CDATA');
        text += source.slice(i + 9, end);
        i = end + 3;
      } else if (source[i] === '<') children.push(element());
      else {
        const next = source.indexOf('<', i);
        const raw = source.slice(i, next < 0 ? source.length : next);
        if (raw.includes(']]>')) fail(']]> in text');
        text += decode(raw, false);
        i += raw.length;
      }
    }
  };

  skipMisc();
  const root = element();
  skipMisc();
  if (i !== source.length) fail('content after the root element');
  return root;
}

/** Every element of the tree, depth first. */
export function allElements(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [root];
  for (const c of root.children) out.push(...allElements(c));
  return out;
}
