// The backend's refusal of a token that sign out everywhere ended (401, `code`): a module of its own, since the API
// client (on every page's critical path) needs only this name, not the revocation rules (revocation.ts).
export const SESSION_REVOKED = 'SESSION_REVOKED';
