// The hand-off floor (docs/performance.md "Performance"): the floor bundle plus the service calls of a hand-off in
// sequence, nothing else.
// ?handoff=returning: a signed-in user (Firebase's account lookup at start-up), the cloud save with the stored Unity
//   auth, then {redirect}/login?{token}.
// ?handoff=email&email=..&password=..: on "Sign In", the sign-in (sign-in and lookup), /auth/unity, the cloud save,
//   then {redirect}/login?{token}.
import { signInWithEmailAndPassword, type User } from 'firebase/auth';
import { auth, config, startFloor } from './floor';

const query = new URLSearchParams(location.search);
const redirect = query.get('redirect')!;

async function handoff(user: User, unity: { playerId: string; accessToken: string }) {
  const idToken = await user.getIdToken();
  const save = await fetch(`${config.backendUrl}/cloud-save/${encodeURIComponent(unity.playerId)}?_t=${Date.now()}`, {
    headers: { Authorization: `Bearer ${idToken}`, 'X-Unity-Token': unity.accessToken, Accept: 'application/json' },
  });
  await save.json();
  location.assign(`${redirect}/login?${idToken}`);
}

async function signInAndHandoff() {
  const { user } = await signInWithEmailAndPassword(auth, query.get('email')!, query.get('password')!);
  const idToken = await user.getIdToken();
  const exchange = await fetch(`${config.backendUrl}/auth/unity`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}`, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  await handoff(user, (await exchange.json()) as { playerId: string; accessToken: string });
}

let started = false;
startFloor(
  (user) => {
    // The portal's stored Unity auth (same origin): the returning user's hand-off reuses it, as the portal does.
    const stored = localStorage.getItem('unityAuthData');
    if (started || !user || !stored || query.get('handoff') !== 'returning') return;
    started = true;
    void handoff(user, JSON.parse(stored) as { playerId: string; accessToken: string });
  },
  () => (
    <button type="button" onClick={() => void signInAndHandoff()}>
      Sign In
    </button>
  ),
);
