/**
 * A helper that signs: the validation worker starts it (signerThread.ts) and has it sign
 * half of a long log write, so the write is signed on two cores at once.
 */
import { expose } from 'comlink';
import { signEach } from '../src/core/oplog/bytesSigner.ts';

const api = { signEach };

expose(api);

export type SignerApi = typeof api;
