// @vitest-environment jsdom
// My Designs' own states (SPEC 2), over the real designs store: the loading state while the answer is on its way,
// the count and cards after it. The journey across the real backend is tests/e2e/designs.spec.ts.
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/auth/firebase', async () => (await import('../../support/fake-auth')).fakeAuth);
vi.mock('../../../../src/api/unity', async () => (await import('../../support/fake-api')).fakeApi.unity);
vi.mock('../../../../src/api/cloud-save', async () => (await import('../../support/fake-api')).fakeApi.cloudSave);
const designsApi = vi.hoisted(() => ({ fetchDesigns: vi.fn(), fetchDesignsRaw: vi.fn() }));
vi.mock('../../../../src/api/designs', () => designsApi);

import type { Design } from '../../../../src/domain/entities';
import { applyTranslation } from '../../../../src/messages/catalogue';
import { resetDesigns } from '../../../../src/state/designs';
import { resetPlayer } from '../../../../src/state/player';
import { MyDesignsPage } from '../../../../src/ui/pages/MyDesignsPage';
import { deferred } from '../../support/deferred';
import { resetFakeApi } from '../../support/fake-api';
import { signedInUser } from '../../support/fake-auth';
import { session } from '../../../../src/state/session';

const design = (key: string, name: string | null, lastModified: string): Design => ({
  key,
  uid: key,
  name,
  modelName: 'Lake_House',
  lastModified,
});

beforeEach(() => {
  resetFakeApi();
  resetPlayer();
  resetDesigns();
  session.user = { ...signedInUser };
  session.status = 'signedIn';
});

describe('My Designs page', () => {
  it('shows "Loading designs..." as a status, and no count, until the designs come; then the count and a card each', async () => {
    const answer = deferred<Design[]>();
    designsApi.fetchDesigns.mockReturnValue(answer.promise);
    const { container } = render(<MyDesignsPage />);
    const { loadDesigns } = await import('../../../../src/state/designs');
    const loading = loadDesigns();

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Loading designs...');
    expect(container.querySelector('section')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(/designs?$/)).toBeNull();

    answer.resolve([design('a', 'Lake house', '2026-01-02T10:00:00Z'), design('b', 'Loft', '2026-01-01T10:00:00Z')]);
    await loading;
    expect(await screen.findByText('2 designs')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('section')?.hasAttribute('aria-busy')).toBe(false);
    const list = screen.getByRole('list', { name: 'My Designs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it("words a design the server sent without a name in the page's language, not the decoder's", async () => {
    designsApi.fetchDesigns.mockResolvedValue([design('a', null, '2026-01-02T10:00:00Z')]);
    const { loadDesigns } = await import('../../../../src/state/designs');
    await loadDesigns();
    const { unmount } = render(<MyDesignsPage />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Untitled design');
    unmount();
    applyTranslation('de', { untitledDesign: 'Unbenannter Entwurf' });
    try {
      render(<MyDesignsPage />);
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Unbenannter Entwurf');
    } finally {
      applyTranslation(null);
    }
  });
});
