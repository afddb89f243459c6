/**
 * The team code (teamSessions.ts and the room client under it), loaded the first time a
 * shared session is opened, shared or joined — never before, so a page that shares
 * nothing does not load it. The session modules ask whether it is loaded (a session not
 * shared needs nothing of it) or load it.
 */
type TeamSessions = typeof import('./teamSessions.ts');

let teamSessions: TeamSessions | null = null;

/** The team code if a shared session was opened in this page, else null. */
export function loadedTeamSessions(): TeamSessions | null {
  return teamSessions;
}

/** The team code, loaded now if it was not. */
export async function loadTeamSessions(): Promise<TeamSessions> {
  teamSessions ??= await import('./teamSessions.ts');
  return teamSessions;
}
