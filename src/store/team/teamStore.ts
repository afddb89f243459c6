/** What the page shows of a shared session: its room, connection, rights, people and refusals. */
import { create } from 'zustand';
import type { RefusedOperation } from '../../core/team/roomLog.ts';
import type { RoomAddress } from '../../team/roomConnection.ts';

export type TeamStatus = 'off' | 'connecting' | 'connected' | 'offline' | 'refused';

export interface TeamPeer {
  readonly clientId: number;
  readonly name: string;
  readonly color: string;
}

export interface TeamState {
  /** The room of the open session (null: not shared). */
  readonly address: RoomAddress | null;
  readonly status: TeamStatus;
  /** What the token allows: null until the server has said. */
  readonly rights: 'write' | 'read' | null;
  /** Whether this device's key is a member of the session (may sign its ops). */
  readonly member: boolean;
  /** Everyone else in the room now. */
  readonly peers: readonly TeamPeer[];
  /** Ops in the room that this page refused, with why. */
  readonly refused: readonly RefusedOperation[];
  /**
   * What is wrong with the room's history as this page reads it: a log shorter than a
   * member signed (ops removed), another session in the room. This page then keeps its
   * own copy of the log and puts back what the room lost.
   */
  readonly history: readonly string[];
  /** Edits or ops not yet acknowledged by the server (offline work waiting to go). */
  readonly unsynced: boolean;
  /** Invite links of the room (made by the server for a write token). */
  readonly invites: { readonly write: string; readonly read: string } | null;
  /** The last thing to tell the user (an error, a refusal, a join). */
  readonly message: string | null;
}

export const NO_TEAM: TeamState = { address: null, status: 'off', rights: null, member: false, peers: [], refused: [], history: [], unsynced: false, invites: null, message: null };

export const useTeamStore = create<TeamState>(() => NO_TEAM);
