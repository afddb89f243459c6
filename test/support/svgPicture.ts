/**
 * Reads a picture export back (src/core/export/exportSvg.ts) for tests: each node's
 * group with its kind, state and box, the points of every edge, and the picture's size,
 * so tests can check that nothing overlaps and that the viewBox holds it all.
 */
import type { XmlElement } from '../cli/support/wellFormedXml.ts';
import { allElements, parseXml } from '../cli/support/wellFormedXml.ts';

export interface PictureNode {
  readonly id: string;
  readonly kind: string;
  readonly state: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly group: XmlElement;
  /** Every text drawn in the node, in order. */
  readonly texts: readonly string[];
}

export interface Picture {
  readonly root: XmlElement;
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly PictureNode[];
  /** Every point of every edge curve (start, controls, end). */
  readonly edgePoints: readonly { readonly x: number; readonly y: number }[];
}

export function readPicture(svg: string): Picture {
  const root = parseXml(svg);
  const nodes = allElements(root)
    .filter((e) => e.name === 'g' && e.attributes.class === 'node')
    .map((g) => {
      const [x, y] = /translate\(([-\d.]+),([-\d.]+)\)/
        .exec(g.attributes.transform ?? '')!
        .slice(1)
        .map(Number) as [number, number];
      const frame = g.children.find((c) => c.name === 'rect')!;
      return {
        id: g.attributes['data-id']!,
        kind: g.attributes['data-kind']!,
        state: g.attributes['data-state']!,
        x,
        y,
        width: Number(frame.attributes.width),
        height: Number(frame.attributes.height),
        group: g,
        texts: allElements(g)
          .filter((e) => e.name === 'text')
          .map((t) => [t.text, ...t.children.map((c) => c.text)].join('')),
      };
    });
  const edgePoints = allElements(root)
    .filter((e) => e.name === 'path' && e.attributes['marker-end'] === 'url(#arrow)')
    .flatMap((p) => [...(p.attributes.d ?? '').matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) })));
  return { root, width: Number(root.attributes.width), height: Number(root.attributes.height), nodes, edgePoints };
}

/** Pairs of nodes whose boxes overlap (touching edges do not count). */
export function overlappingNodes(p: Picture): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < p.nodes.length; i++) {
    for (let j = i + 1; j < p.nodes.length; j++) {
      const a = p.nodes[i]!;
      const b = p.nodes[j]!;
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) out.push([a.id, b.id]);
    }
  }
  return out;
}

/** What lies outside the picture, or closer to its edge than `margin`. */
export function outsideThePicture(p: Picture, margin: number): string[] {
  const out: string[] = [];
  const inside = (x: number, y: number) => x >= margin && y >= margin && x <= p.width - margin && y <= p.height - margin;
  for (const n of p.nodes) if (!inside(n.x, n.y) || !inside(n.x + n.width, n.y + n.height)) out.push(`node ${n.id}`);
  for (const pt of p.edgePoints) if (!inside(pt.x, pt.y)) out.push(`edge point ${pt.x},${pt.y}`);
  return out;
}
