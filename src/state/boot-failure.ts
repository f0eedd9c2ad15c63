// The portal's own chunk (src/app.tsx) did not arrive at the first load (docs/reliability.md "A page's code that does
// not arrive"). Nothing of React or the texts is here yet, so the page says so with the sentence its HTML carries
// (in English, #boot-failed): offline, the portal loads by itself when the connection is back; online, the tab
// reloads once into the newest release, and a second failure stays on the sentence, with a reload there to try.
import { siteAnswers } from '../api/reachability';
import { SESSION_KEYS, sessionStore } from './storage';

function showFailure(): void {
  const notice = document.getElementById('boot-failed');
  if (notice) notice.hidden = false;
}

/** After the portal's chunk failed: `retry` loads it again. */
export async function startAfterFailure(retry: () => Promise<unknown>): Promise<void> {
  if (!(await siteAnswers())) {
    showFailure();
    window.addEventListener(
      'online',
      () => {
        void retry().then(
          () => document.getElementById('boot-failed')?.setAttribute('hidden', ''),
          () => startAfterFailure(retry),
        );
      },
      { once: true },
    );
    return;
  }
  if (sessionStore.get(SESSION_KEYS.bootReload) === null) {
    sessionStore.set(SESSION_KEYS.bootReload, 'true');
    window.location.reload();
    return;
  }
  sessionStore.remove(SESSION_KEYS.bootReload);
  showFailure();
}
