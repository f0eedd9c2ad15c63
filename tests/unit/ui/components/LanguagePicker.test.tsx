// @vitest-environment jsdom
// The language picker: the first screen lays out only the chosen language's name; every offered language follows in a
// task after the first paint.
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/auth/firebase', async () => (await import('../../support/fake-auth')).fakeAuth);
vi.mock('@home-design/portal-bridge', async () => (await import('../../support/fake-bridge')).fakeBridgeModule());
// A build with three languages (the unit tests' own has no language files).
vi.mock('../../../../src/state/language-early', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/state/language-early')>()),
  offeredLanguages: ['en', 'de', 'ar'],
}));

import { LanguagePicker } from '../../../../src/ui/components/LanguagePicker';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const options = () => within(screen.getByRole('combobox', { name: 'Language' })).getAllByRole('option');

describe('LanguagePicker', () => {
  it('shows the chosen language first, and every offered one after the first paint', async () => {
    render(<LanguagePicker />);
    expect(options().map((o) => o.textContent)).toEqual(['English']);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Language' }).value).toBe('en');
    // A frame, then a task: the paint is over before the other names are laid out.
    await act(async () => {
      vi.advanceTimersToNextFrame();
    });
    expect(options()).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(options().map((o) => o.getAttribute('value'))).toEqual(['en', 'de', 'ar']);
    expect(screen.getByRole('option', { name: 'Deutsch' }).getAttribute('lang')).toBe('de');
  });
});
