// comlink ships types for its node adapter as node-adapter.d.ts, which TypeScript does
// not pair with the .mjs file we import; this restates them for that path.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { Endpoint } from 'comlink';

  export interface NodeEndpoint {
    postMessage(message: unknown, transfer?: never[]): void;
    // biome-ignore lint/suspicious/noExplicitAny: comlink's own declaration: any listener a Node port takes
    on(type: string, listener: (value: any) => void, options?: object): void;
    // biome-ignore lint/suspicious/noExplicitAny: as above
    off(type: string, listener: (value: any) => void, options?: object): void;
    start?: () => void;
  }

  export default function nodeEndpoint(endpoint: NodeEndpoint): Endpoint;
}
